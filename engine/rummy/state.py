"""What a state is made of, its JSON form and its checks (RM1-RM27): the public record of
play (:class:`Played`), the cards each seat is known to hold, and readers that name the
offending field."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.errors import CardError, MoveFormatError, StateError
from engine.rummy.cards import card_name, format_cards, parse_card, parse_cards
from engine.rummy.moves import DISCARD, DRAW, LAY_OUT, TAKE, Move, parse_move
from engine.rummy.rules import VARIANTS, Rules
from engine.rummy.table import RUN, SET, Laid, laid_problem

__all__ = [
    "DRAWN",
    "OUT",
    "OVER",
    "PHASES",
    "PLAYING",
    "SHOWDOWN",
    "Played",
    "known_cards",
    "read_bool",
    "read_card_list",
    "read_cards",
    "read_history",
    "read_int",
    "read_rules",
    "read_seat",
    "read_table",
    "splash",
    "table_json",
    "taken_card",
]

PLAYING = "playing"
SHOWDOWN = "showdown"
OUT = "out"
"""Double-pack rum: a player went out (DP9)."""
DRAWN = "drawn"
OVER = "over"
PHASES = (DRAW, DISCARD, OVER)
"""What the seat to move does next: draw (or take), discard; ``over`` when the hand is."""


class Played(NamedTuple):
    """One public action (RM27): the seat, ``draw`` (the card is not public), ``take`` or
    ``discard`` with its card, whether the discard called, and the hand a false call showed
    (RM24; 0 otherwise); a lay-out, addition or shift (DP3-DP7) with its move's fields."""

    seat: int
    type: str
    card: int | None = None
    call: bool = False
    shown: int = 0
    cards: tuple[int, ...] = ()
    target: int | None = None
    low: int = 0
    fill: int | None = None
    extend: int | None = None

    @property
    def move(self) -> Move:
        return Move(self.type, self.card, self.call, self.cards, self.target, self.low,
                    self.fill, self.extend)

    @property
    def player(self) -> int:
        """The seat that acted (a record's ``player``, engine.games.Played)."""
        return self.seat

    @property
    def laid(self) -> int:
        """The cards this action put on the table (DP3-DP7)."""
        out = 0
        for card in (*self.cards, self.fill, self.extend):
            if card is not None:
                out |= 1 << card
        return out

    def to_dict(self) -> dict[str, Any]:
        if self.type in LAY_OUT:
            return {"seat": self.seat, **self.move.to_dict()}
        out: dict[str, Any] = {"seat": self.seat, "type": self.type}
        if self.card is not None:
            out["card"] = card_name(self.card)
        if self.type == DISCARD:
            out["call"] = self.call
        if self.shown:
            out["shown"] = format_cards(self.shown)
        return out


def known_cards(history: Sequence[Played], players: int) -> tuple[int, ...]:
    """The cards each seat is known by all to hold (RM27): taken from the pile, drawn from
    a turned stock (DP12), or shown by a false call (RM24), and not let go since."""
    known = [0] * players
    for played in history:
        if played.type in (TAKE, DRAW) and played.card is not None:
            known[played.seat] |= 1 << played.card
        elif played.type == DISCARD and played.card is not None:
            known[played.seat] &= ~(1 << played.card)
            if played.shown:
                known[played.seat] = played.shown
        elif played.type in LAY_OUT:
            known[played.seat] &= ~played.laid
    return tuple(known)


def taken_card(phase: str, history: Sequence[Played]) -> int | None:
    """The card the seat to move took from the pile this turn (RM8), if any."""
    if phase != DISCARD:
        return None
    for played in reversed(history):  # DP3: lay-outs may follow the take
        if played.type not in LAY_OUT:
            return played.card if played.type == TAKE else None
    return None


def splash(history: Sequence[Played], winner: int) -> bool:
    """Whether ``winner`` laid out nothing before his last turn (DP9)."""
    start = max((i for i, p in enumerate(history) if p.seat == winner
                 and p.type in (DRAW, TAKE)), default=0)
    return not any(p.seat == winner and p.type in LAY_OUT for p in history[:start])


def read_int(data: dict[str, Any], key: str, lo: int, hi: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise StateError(f"{key} must be an integer {lo}..{hi}", field=key)
    return value


def read_seat(data: dict[str, Any], key: str, players: int, *, optional: bool = False
              ) -> int | None:
    if optional and data.get(key) is None:
        return None
    return read_int(data, key, 0, players - 1)


def read_bool(data: dict[str, Any], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise StateError(f"{key} must be true or false", field=key)
    return value


def read_rules(data: dict[str, Any]) -> Rules:
    if data.get("game", "rummy") != "rummy":
        raise StateError("game must be 'rummy'", field="game")
    name = data.get("variant")
    if not isinstance(name, str) or name not in VARIANTS:
        raise StateError(f"variant must be one of {', '.join(VARIANTS)}", field="variant")
    return VARIANTS[name]


def _state_error(error: CardError) -> StateError:
    return StateError(error.message, field=error.field, token=error.token)


def read_cards(value: Any, field: str) -> int:
    """A set of cards from a list of names; errors name the field and the card."""
    try:
        return parse_cards(value, field=field)
    except CardError as error:
        raise _state_error(error) from None


def read_card_list(value: Any, field: str) -> tuple[int, ...]:
    """An ordered list of distinct cards (the stock, the pile)."""
    mask = read_cards(value, field)
    cards = tuple(parse_card(token) for token in value)
    assert len(cards) == mask.bit_count()
    return cards


def read_history(value: Any, players: int, public_draws: bool = False) -> tuple[Played, ...]:
    """The record of play; with ``public_draws`` (double-pack rum) a draw may name its
    card, as one from a turned stock does (DP12: checked against the state's
    ``turned_at``)."""
    if not isinstance(value, list):
        raise StateError("history must be a list", field="history")
    out = []
    for i, item in enumerate(value):
        field = f"history[{i}]"
        if not isinstance(item, dict):
            raise StateError(f"{field} must be an object", field=field)
        seat = item.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise StateError(f"{field}.seat must be a seat 0..{players - 1}",
                             field=f"{field}.seat")
        kind = item.get("type")
        if kind == DRAW:
            if "card" not in item:
                out.append(Played(seat, DRAW))
                continue
            if not public_draws:
                raise StateError("a draw from the stock is not public (RM27)",
                                 field=f"{field}.card", rule="RM27")
            try:
                drawn = parse_card(item["card"])
            except CardError as error:
                raise StateError(error.message, field=f"{field}.card",
                                 token=error.token) from None
            out.append(Played(seat, DRAW, drawn))
            continue
        if kind in LAY_OUT:
            try:
                move = parse_move({k: v for k, v in item.items() if k != "seat"}, field=field)
            except MoveFormatError as error:
                raise StateError(error.message, field=error.field, token=error.token) from None
            out.append(Played(seat, move.type, move.card, False, 0, move.cards, move.target,
                              move.low, move.fill, move.extend))
            continue
        if kind not in (TAKE, DISCARD):
            raise StateError(f"{field}.type must be draw, take, discard, meld, add or shift",
                             field=f"{field}.type")
        try:
            card = parse_card(item.get("card"))  # type: ignore[arg-type]
        except CardError as error:
            raise StateError(error.message, field=f"{field}.card", token=error.token) from None
        call = item.get("call", False)
        if not isinstance(call, bool) or (call and kind != DISCARD):
            raise StateError(f"{field}.call must be true or false, on a discard only",
                             field=f"{field}.call")
        shown = read_cards(item["shown"], f"{field}.shown") if "shown" in item else 0
        out.append(Played(seat, kind, card, call, shown))
    return tuple(out)


_SUITS = "SHDC"
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def table_json(table: Sequence[Laid]) -> list[dict[str, Any]]:
    """The melds on the table (DP3): owner, kind, rank (a set) or suit and first place (a
    run), cards in order, jokers moved."""
    out = []
    for laid in table:
        item: dict[str, Any] = {"owner": laid.owner, "kind": laid.kind}
        if laid.kind == SET:
            item["rank"] = _RANKS[laid.key - 1]
        else:
            item["suit"] = _SUITS[laid.key]
            item["low"] = laid.low
        item["cards"] = [card_name(c) for c in laid.cards]
        item["moved"] = format_cards(laid.moved)
        out.append(item)
    return out


def read_table(value: Any, players: int, rules: Rules) -> tuple[Laid, ...]:
    """The table's melds, each checked (DP4-DP7); errors name ``table[i]``."""
    if value is None:
        value = []
    if not isinstance(value, list) or (value and not rules.lay_out):
        raise StateError("table must be a list of melds (double-pack rum only, RM15)",
                         field="table", rule="RM15")
    out = []
    for i, item in enumerate(value):
        field = f"table[{i}]"
        if not isinstance(item, dict):
            raise StateError(f"{field} must be an object", field=field)
        owner = item.get("owner")
        if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < players:
            raise StateError(f"{field}.owner must be a seat 0..{players - 1}",
                             field=f"{field}.owner")
        kind = item.get("kind")
        if kind == SET and item.get("rank") in _RANKS:
            key, low = _RANKS.index(item["rank"]) + 1, 0
        elif kind == RUN and item.get("suit") in tuple(_SUITS) and isinstance(
                item.get("low"), int) and not isinstance(item.get("low"), bool):
            key, low = _SUITS.index(item["suit"]), item["low"]
        else:
            raise StateError(f"{field} must be a set with its rank or a run with its suit "
                             "and low place", field=f"{field}.kind")
        cards = read_card_list(item.get("cards"), f"{field}.cards")
        moved = read_cards(item.get("moved", []), f"{field}.moved")
        laid = Laid(owner, kind, key, low, cards, moved)
        problem = laid_problem(laid)
        if problem is not None:
            raise StateError(f"{field}: {problem}", field=field, rule="DP4")
        out.append(laid)
    return tuple(out)
