"""States and views read from their JSON and checked (SC1-SC24): every error names the
field (``counts[1][2].crib``), the card and the rule."""

from __future__ import annotations

from typing import Any

from engine.cards import card_name, parse_card
from engine.errors import CardError, GameError, StateError
from engine.solitaire_cribbage.moves import parse_move
from engine.solitaire_cribbage.rules import (
    CRIB,
    DEALS,
    GAME,
    HAND,
    LAID,
    LAST_HAND,
    MAX_SEED,
    NAME,
    PACK,
)
from engine.solitaire_cribbage.state import State, View
from engine.solitaire_cribbage.table import Counted, Table, counted, last_counted

__all__ = ["read_state", "read_view"]

DERIVED_STATE = ("deal", "hands", "laid", "acting", "counts", "holes", "games", "result")
DERIVED_VIEW = ("deal", "holes", "games", "result")


def _object(data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise StateError(f"a Solitaire Cribbage {what} is a JSON object", field=what)
    if data.get("game", NAME) != NAME:
        raise StateError(f"game: {data.get('game')!r} is not {NAME!r}", field="game")
    variant = data.get("variant", NAME)
    if not isinstance(variant, str):
        raise StateError("variant: a variant's name", field="variant")
    GAME.variant(variant)
    return data


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StateError(f"{key}: an integer from {low} to {high}", field=key)
    return value


def _card(token: Any, field: str) -> int:
    if not isinstance(token, str):
        raise StateError(f"{field}: a card's name (5H, 10S, KD)", field=field, rule="SC1")
    try:
        return parse_card(token)
    except CardError as error:
        raise StateError(f"{field}: {error.message}", field=field, rule="SC1",
                         token=token) from None


def _cards(data: Any, field: str, size: int | None = None) -> tuple[int, ...]:
    if not isinstance(data, list) or (size is not None and len(data) != size):
        what = f"{size} cards" if size is not None else "a list of cards"
        raise StateError(f"{field}: {what}", field=field)
    out = tuple(_card(t, f"{field}[{i}]") for i, t in enumerate(data))
    if len(set(out)) != len(out):
        raise StateError(f"{field}: a card twice (SC1)", field=field, rule="SC1")
    return out


def _seats(variant: str, count: Any, field: str) -> int:
    low, high = GAME.variant(variant).seat_range
    if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
        raise StateError(f"{field}: {variant} is played by {low} to {high} seats (SC2)"
                         if low != high else f"{field}: {variant} is played by {low} seats "
                         "(SC2)", field=field, rule="SC2")
    return count


def _derived(data: dict[str, Any], made: dict[str, Any], keys: tuple[str, ...]) -> None:
    """A field told by the others (the counts, the holes...) must say what they say."""
    for key in keys:
        if key in data and data[key] != made[key]:
            raise StateError(f"{key}: {data[key]!r} is not what the packs and moves give "
                             f"({made[key]!r})", field=key)


def read_state(data: Any) -> State:
    """A whole state: its packs and its moves replayed through the rules."""
    data = _object(data, "state")
    variant = data.get("variant", NAME)
    seed = _int(data, "seed", 0, MAX_SEED)
    packs_data = data.get("packs")
    if not isinstance(packs_data, list):
        raise StateError("packs: one pack of 52 cards per seat (SC1)", field="packs",
                         rule="SC1")
    _seats(variant, len(packs_data), "packs")
    packs = tuple(_cards(p, f"packs[{s}]", PACK) for s, p in enumerate(packs_data))
    history = data.get("history", [])
    if not isinstance(history, list):
        raise StateError("history: a list of moves", field="history")
    state = State(variant, seed, packs)
    for i, entry in enumerate(history):
        where = f"history[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"player", "move"}:
            raise StateError(f"{where}: an object of player and move", field=where)
        try:
            move = parse_move(entry["move"])
        except GameError as error:
            raise StateError(f"{where}.{error.message}", field=f"{where}.move",
                             rule=error.rule) from None
        if move.player != entry["player"]:
            raise StateError(f"{where}.player: the move is seat {move.player}'s",
                             field=f"{where}.player")
        try:
            state = state.apply(move)[0]
        except GameError as error:
            raise StateError(f"{where}: {error.message}", field=f"{where}.move",
                             rule=error.rule) from None
    _derived(data, state.to_dict(), DERIVED_STATE)
    return state


def _count(entry: Any, where: str, deal: int) -> Counted:
    if not isinstance(entry, dict):
        raise StateError(f"{where}: a deal's count", field=where)
    if entry.get("deal") != deal:
        raise StateError(f"{where}.deal: {deal} (the deals are counted in order, SC9)",
                         field=f"{where}.deal", rule="SC9")
    if deal > DEALS:
        made = last_counted(_cards(entry.get("hand"), f"{where}.hand", LAST_HAND))
    else:
        hand = _cards(entry.get("hand"), f"{where}.hand", HAND - LAID)
        laid = _cards(entry.get("laid"), f"{where}.laid", LAID)
        crib = _cards(entry.get("crib"), f"{where}.crib", CRIB)
        if not set(laid) <= set(crib):
            raise StateError(f"{where}.crib: holds the two laid away (SC5)",
                             field=f"{where}.crib", rule="SC5")
        starter = _card(entry.get("starter"), f"{where}.starter")
        made = counted(deal, hand, laid, tuple(c for c in crib if c not in laid), starter)
    wrote = made.to_dict()
    for key in ("laid", "crib", "starter", "hand_points", "crib_points", "heels", "points"):
        if key in entry and entry[key] != wrote[key] and not (
                key in ("laid", "crib") and sorted(entry[key]) == sorted(wrote[key])):
            raise StateError(f"{where}.{key}: {entry[key]!r} is not what the cards count "
                             f"({wrote[key]!r}, SC13-SC19)", field=f"{where}.{key}",
                             rule="SC13-SC19")
    return made


def _seat_counts(data: Any, where: str) -> tuple[Counted, ...]:
    if not isinstance(data, list) or len(data) > DEALS + 1:
        raise StateError(f"{where}: the seat's counts, deal by deal", field=where)
    out = tuple(_count(e, f"{where}[{i}]", i + 1) for i, e in enumerate(data))
    seen: set[int] = set()
    for i, done in enumerate(out):
        cards = set(done.hand) | set(done.crib)
        if i:  # SC8: the last starter is the first card of this deal
            before = out[i - 1].starter
            if before not in cards:
                raise StateError(f"{where}[{i}].hand: deal {done.deal} holds the starter "
                                 f"{card_name(before or 0)} of the deal before (SC8)",
                                 field=f"{where}[{i}].hand", rule="SC8")
            cards.discard(before or 0)
        if done.starter is not None:
            cards.add(done.starter)
        if cards & seen or (done.starter is not None and done.starter in done.hand + done.crib):
            raise StateError(f"{where}[{i}]: a card of the seat's pack twice (SC1)",
                             field=f"{where}[{i}]", rule="SC1")
        seen |= cards
    return out


def read_view(data: Any) -> View:
    """One seat's view, checked as far as it can be from what that seat sees."""
    data = _object(data, "view")
    variant = data.get("variant", NAME)
    counts_data = data.get("counts")
    if not isinstance(counts_data, list):
        raise StateError("counts: each seat's counted deals (SC24)", field="counts")
    seats = _seats(variant, len(counts_data), "counts")
    if "seats" in data and data["seats"] != seats:
        raise StateError(f"seats: the counts are of {seats} seats", field="seats")
    player = _int(data, "player", 0, seats - 1)
    counts = tuple(_seat_counts(c, f"counts[{s}]") for s, c in enumerate(counts_data))
    deals = {sum(c.deal <= DEALS for c in seat) for seat in counts}
    lasts = {any(c.deal > DEALS for c in seat) for seat in counts}
    if len(deals) != 1 or len(lasts) != 1:
        raise StateError("counts: the seats keep level, deal by deal (SC12)", field="counts",
                         rule="SC12")
    for j in range(1, max(deals) + (1 if lasts == {True} else 0)):
        if Table(variant, tuple(seat[:j] for seat in counts)).reached:
            raise StateError(f"counts: a seat reached 91 at deal {j}; the game ended there "
                             "(SC20)", field="counts", rule="SC20")
    table = Table(variant, counts)
    waiting_data = data.get("waiting", [])
    if not isinstance(waiting_data, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < seats
            for s in waiting_data):
        raise StateError("waiting: the seats yet to lay away (SC12)", field="waiting")
    waiting = frozenset(waiting_data)
    hand = _cards(data.get("hand", []), "hand")
    laid = _cards(data.get("laid", []), "laid")
    if table.over:
        if hand or laid or waiting:
            raise StateError("hand: the game is over; nobody holds a card (SC10, SC20)",
                             field="hand", rule="SC10")
    else:
        if not waiting:
            raise StateError("waiting: some seat is yet to lay away (SC12)", field="waiting",
                             rule="SC12")
        want = (HAND, 0) if player in waiting else (HAND - LAID, LAID)
        if (len(hand), len(laid)) != want:
            raise StateError(f"hand: {want[0]} cards in hand and {want[1]} laid away "
                             "(SC4, SC5)", field="hand", rule="SC4, SC5")
        mine = counts[player]
        own = set(hand) | set(laid)
        if own & set(laid) & set(hand):
            raise StateError("laid: a card both held and laid away", field="laid")
        seen = {c for done in mine for c in (*done.hand, *done.crib)}
        seen |= {done.starter for done in mine[:-1] if done.starter is not None}
        if mine:
            starter = mine[-1].starter
            if starter not in own:
                raise StateError(f"hand: holds the last starter {card_name(starter or 0)} "
                                 "(SC8)", field="hand", rule="SC8")
        if own & seen:
            raise StateError("hand: a card of the seat's pack already counted (SC1)",
                             field="hand", rule="SC1")
    view = View(variant, player, table, tuple(sorted(hand)), tuple(sorted(laid)), waiting)
    _derived(data, view.to_dict(), DERIVED_VIEW)
    return view
