"""What a full state and a view are made of (Q4-Q23), their JSON form and their
validation: every error names the field (``melds[1][0]``), the card and the rule."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.cards import card_name, cards_of, format_cards, parse_card
from engine.conquian.deal import MAX_SEED
from engine.conquian.melds import layout
from engine.conquian.movegen import SOURCES
from engine.conquian.moves import Played, parse_move
from engine.conquian.rules import Rules, get_rules
from engine.errors import CardError, GameError, StateError
from engine.result import Result

__all__ = ["GAME", "MELD", "OFFER", "OVER", "PHASES", "Deal", "Seen", "all_cards",
           "cards_down", "deal_json", "read_deal", "read_seen", "seats_of", "seen_json"]

GAME = "conquian"
OFFER = "offer"
"""A face-up card is offered to ``to_move`` (Q5-Q8, Q10)."""
MELD = "meld"
"""``to_move`` has used a card or been forced one: he lays or discards (QD4, Q9, Q17)."""
OVER = "over"
"""The hand is over: won (Q18) or a tableau (Q20)."""
PHASES = (OFFER, MELD, OVER)


class Deal(NamedTuple):
    """Every field of a full state (the class with its moves is ``play.State``)."""

    variant: str
    seed: int
    dealer: int
    to_move: int
    phase: str
    hands: tuple[int, ...]
    """Each seat's hand, a card set."""
    melds: tuple[tuple[int, ...], ...]
    """Each seat's melds on the table, in the order laid (Q13)."""
    stock: tuple[int, ...]
    """The stock, top card first (Q4)."""
    dead: tuple[int, ...]
    """The dead cards, in the order they died (Q8, QD3)."""
    up: int
    """The face-up card offered to ``to_move``, -1 for none."""
    source: str
    """Where ``up`` comes from (``turned``, ``passed``, ``discarded``); "" for none."""
    pool: int
    """Counters each player has in the pool from earlier tableaux (Q21, QD11)."""
    winner: int
    """The seat with eleven down (Q18), -1 while playing or after a tableau."""
    history: tuple[Played, ...] = ()
    """The hand's moves so far, in order (public, Q23): what its record holds."""


class Seen(NamedTuple):
    """Every field of one seat's view (Q23; the class with ``resample`` is ``play.View``)."""

    variant: str
    player: int
    dealer: int
    to_move: int
    phase: str
    hand: int
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[int, ...], ...]
    stock_size: int
    dead: tuple[int, ...]
    up: int
    source: str
    pool: int
    winner: int


def _card_or_none(card: int) -> str | None:
    return card_name(card) if card >= 0 else None


def deal_json(deal: Deal) -> dict[str, Any]:
    """A full state as JSON."""
    return {
        "game": GAME, "variant": deal.variant, "seed": deal.seed, "dealer": deal.dealer,
        "to_move": deal.to_move, "phase": deal.phase,
        "hands": [format_cards(h) for h in deal.hands],
        "melds": [[format_cards(m) for m in seat] for seat in deal.melds],
        "stock": [card_name(c) for c in deal.stock],
        "dead": [card_name(c) for c in deal.dead],
        "up": _card_or_none(deal.up), "source": deal.source or None, "pool": deal.pool,
        "winner": deal.winner if deal.winner >= 0 else None,
        "history": [played.to_dict() for played in deal.history],
        "result": result_of(deal).to_dict(),
    }


def seen_json(seen: Seen) -> dict[str, Any]:
    """A view as JSON."""
    return {
        "game": GAME, "variant": seen.variant, "player": seen.player, "dealer": seen.dealer,
        "to_move": seen.to_move, "phase": seen.phase, "hand": format_cards(seen.hand),
        "hand_sizes": list(seen.hand_sizes),
        "melds": [[format_cards(m) for m in seat] for seat in seen.melds],
        "stock_size": seen.stock_size, "dead": [card_name(c) for c in seen.dead],
        "up": _card_or_none(seen.up), "source": seen.source or None, "pool": seen.pool,
        "winner": seen.winner if seen.winner >= 0 else None,
        "result": result_of(seen).to_dict(),
    }


def seats_of(position: Deal | Seen) -> int:
    """The seats at the table of a state or a view: two, or three (QD12)."""
    return len(position.hands) if isinstance(position, Deal) else len(position.hand_sizes)


def result_of(position: Deal | Seen) -> Result:
    """The hand's result (Q18, Q20, Q21): over in phase ``over``; the seat out with eleven
    down, none at a tableau; the counters each seat won (the winner takes a stake from
    the loser and the pool, QD11, QD16; zeros at a tableau and while in play).  Everything
    in it is public (Q23)."""
    rules = get_rules(position.variant)
    seats = seats_of(position)
    if position.winner < 0:
        return Result(position.phase == OVER, (), (0,) * seats)
    return Result(position.phase == OVER, (position.winner,),
                  rules.settle(position.winner, position.dealer, position.pool, seats))


# --- reading ------------------------------------------------------------------------------


class _Reader:
    """Reads cards of one state or view, each card once across every field (Q1)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.where: dict[int, str] = {}

    def card(self, token: Any, field: str) -> int:
        try:
            card = parse_card(token)
        except CardError as error:
            raise StateError(f"{field}: {error.message}", field=field, rule="Q1",
                             token=str(token)) from None
        if not self.rules.pack >> card & 1:
            rule = self.rules.pack_rule
            raise StateError(f"{field}: {card_name(card)} is not in {self.rules.pack_words} "
                             f"({rule})", field=field, rule=rule, token=str(token))
        if card in self.where:
            raise StateError(f"{field}: card {card_name(card)} is also in "
                             f"{self.where[card]}", field=field, rule="Q1", token=str(token))
        self.where[card] = field
        return card

    def cards(self, data: Any, field: str) -> list[int]:
        if not isinstance(data, list):
            raise StateError(f"{field}: a list of cards", field=field)
        return [self.card(token, f"{field}[{i}]") for i, token in enumerate(data)]

    def mask(self, data: Any, field: str) -> int:
        out = 0
        for card in self.cards(data, field):
            out |= 1 << card
        return out

    def melds(self, data: Any, field: str, seats: int) -> tuple[tuple[int, ...], ...]:
        if not isinstance(data, list) or len(data) != seats:
            raise StateError(f"{field}: one list of melds per seat ({seats})", field=field)
        lay = layout(self.rules)
        out = []
        for seat, melds in enumerate(data):
            if not isinstance(melds, list):
                raise StateError(f"{field}[{seat}]: a list of melds", field=f"{field}[{seat}]")
            row = []
            for i, meld in enumerate(melds):
                where = f"{field}[{seat}][{i}]"
                mask = self.mask(meld, where)
                if lay.kind(mask) is None:
                    raise StateError(f"{where}: {' '.join(format_cards(mask))} is neither a set "
                                     "nor a run (Q11, Q12)", field=where, rule="Q11, Q12")
                row.append(mask)
            out.append(tuple(row))
        return tuple(out)


def _object(data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise StateError(f"a {what} is a JSON object", field=what)
    game = data.get("game", GAME)
    if game != GAME:
        raise StateError(f"game: {game!r} is not {GAME!r}", field="game")
    return data


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise StateError(f"{key}: an integer from {low} to {high}", field=key)
    return value


def _choice(data: dict[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = data.get(key)
    if value not in choices:
        raise StateError(f"{key}: one of {', '.join(choices)}", field=key)
    return str(value)


def _rules(data: dict[str, Any]) -> Rules:
    name = data.get("variant", GAME)
    try:
        return get_rules(name if isinstance(name, str) else "")
    except ValueError:
        raise StateError(f"variant: unknown conquian variant {name!r}",
                         field="variant") from None


def _seats(data: dict[str, Any], key: str, rules: Rules) -> int:
    """The seats at the table, told by the length of the list ``key`` (Q3, QD12)."""
    value = data.get(key)
    if not isinstance(value, list) or len(value) not in rules.seat_range:
        counts = " or ".join(str(n) for n in rules.seat_range)
        raise StateError(f"{key}: one entry per seat, {counts} seats (Q3, QD12)",
                         field=key, rule="Q3, QD12")
    return len(value)


def _common(data: dict[str, Any], reader: _Reader, seats: int) -> dict[str, Any]:
    """The fields a state and a view share, read and checked one by one."""
    rules = reader.rules
    out: dict[str, Any] = {
        "variant": rules.name,
        "dealer": _int(data, "dealer", 0, seats - 1),
        "to_move": _int(data, "to_move", 0, seats - 1),
        "phase": _choice(data, "phase", PHASES),
        "pool": _int(data, "pool", 0, MAX_SEED),
    }
    up = data.get("up")
    out["up"] = -1 if up is None else reader.card(up, "up")
    source = data.get("source")
    out["source"] = "" if source is None else _choice(data, "source", SOURCES)
    winner = data.get("winner")
    out["winner"] = -1 if winner is None else _int(data, "winner", 0, seats - 1)
    out["melds"] = reader.melds(data.get("melds"), "melds", seats)
    out["dead"] = tuple(reader.cards(data.get("dead", []), "dead"))
    return out


def _check(fields: dict[str, Any], sizes: tuple[int, ...], stock: int, rules: Rules) -> None:
    """What the phase says about the face-up card, the winner and each seat's cards:
    ``sizes`` are the hand sizes, ``stock`` the stock size; at three, the dealer sits out
    (QD12)."""
    phase, up, source, winner = fields["phase"], fields["up"], fields["source"], fields["winner"]
    to_move = fields["to_move"]
    out = rules.sitting_out(fields["dealer"], len(sizes))
    for key in ("to_move", "winner"):
        if out >= 0 and fields[key] == out:
            raise StateError(f"{key}: seat {out} deals and sits this hand out (QD12)",
                             field=key, rule="QD12")
    if (up >= 0) != (phase == OFFER):
        raise StateError(f"up: a face-up card {'is' if phase == OFFER else 'is not'} offered "
                         f"in phase {phase} (Q5, Q9)", field="up", rule="Q5")
    if bool(source) != (up >= 0):
        raise StateError("source: says where the face-up card comes from, with it only",
                         field="source")
    if (winner >= 0) and phase != OVER:
        raise StateError(f"winner: none in phase {phase}", field="winner", rule="Q18")
    for seat, size in enumerate(sizes):
        down = sum(m.bit_count() for m in fields["melds"][seat])
        used = (phase == MELD and seat == to_move) or (phase == OVER and seat == winner)
        want = rules.out if used else rules.hand_size  # eleven just after a use (Q9)
        if seat == out:  # no cards for the dealer at three (QD12)
            want = 0
        if size + down != want:
            raise StateError(f"hands[{seat}]: {size} in hand and {down} down make "
                             f"{size + down}, not {want} (Q4, Q9)", field=f"hands[{seat}]",
                             rule="Q9")
        if seat == winner and size:
            raise StateError(f"hands[{seat}]: the winner has laid every card (Q18)",
                             field=f"hands[{seat}]", rule="Q18")
        if phase == MELD and seat == to_move and not size:
            raise StateError(f"hands[{seat}]: an empty hand after a use is out (Q19)",
                             field=f"hands[{seat}]", rule="Q19")
    if phase == OVER and winner < 0 and stock:
        raise StateError("stock: a tableau comes only with the stock exhausted (Q20)",
                         field="stock", rule="Q20")


def read_deal(data: Any) -> Deal:
    """A full state from JSON, checked; :class:`StateError` naming the field."""
    data = _object(data, "state")
    rules = _rules(data)
    reader = _Reader(rules)
    seats = _seats(data, "hands", rules)
    fields = _common(data, reader, seats)
    hands_data = data["hands"]
    hands = tuple(reader.mask(h, f"hands[{s}]") for s, h in enumerate(hands_data))
    stock = tuple(reader.cards(data.get("stock"), "stock"))
    missing = rules.pack & ~sum(1 << c for c in reader.where)
    if missing:
        raise StateError(f"stock: cards missing from the state: "
                         f"{' '.join(format_cards(missing))} (Q1)", field="stock", rule="Q1")
    _check(fields, tuple(h.bit_count() for h in hands), len(stock), rules)
    seed = _int(data, "seed", 0, MAX_SEED)
    return Deal(fields["variant"], seed, fields["dealer"], fields["to_move"], fields["phase"],
                hands, fields["melds"], stock, fields["dead"], fields["up"], fields["source"],
                fields["pool"], fields["winner"], _history(data.get("history", []), seats))


def _history(data: Any, seats: int) -> tuple[Played, ...]:
    """A state's ``history``: each move ``{player, move}`` (its id or its JSON); checked for
    its form here, and against the hand by replaying it where a record is made."""
    if not isinstance(data, list):
        raise StateError("history must be a list of moves", field="history")
    out = []
    for i, entry in enumerate(data):
        where = f"history[{i}]"
        if not isinstance(entry, dict) or set(entry) - {"player", "move"} or \
                not {"player", "move"} <= set(entry):
            raise StateError(f"{where} must be an object of player and move", field=where)
        player = entry["player"]
        if isinstance(player, bool) or not isinstance(player, int) or \
                not 0 <= player < seats:
            raise StateError(f"{where}.player must be a seat 0..{seats - 1}",
                             field=f"{where}.player")
        try:
            move = parse_move(entry["move"])
        except GameError as exc:
            raise StateError(f"{where}.{exc.message}", field=f"{where}.move") from exc
        out.append(Played(player, move))
    return tuple(out)


def read_seen(data: Any) -> Seen:
    """A view from JSON, checked; :class:`StateError` naming the field."""
    data = _object(data, "view")
    rules = _rules(data)
    reader = _Reader(rules)
    seats = _seats(data, "hand_sizes", rules)
    fields = _common(data, reader, seats)
    player = _int(data, "player", 0, seats - 1)
    hand = reader.mask(data.get("hand"), "hand")
    sizes_data = data["hand_sizes"]
    if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= rules.out
               for n in sizes_data):
        raise StateError(f"hand_sizes: one count per seat ({seats})", field="hand_sizes")
    sizes = tuple(int(n) for n in sizes_data)
    if sizes[player] != hand.bit_count():
        raise StateError(f"hand_sizes[{player}]: the hand holds {hand.bit_count()}",
                         field=f"hand_sizes[{player}]")
    stock_size = _int(data, "stock_size", 0, rules.pack_size)
    hidden = rules.pack_size - len(reader.where)
    other = sum(sizes) - sizes[player]
    if hidden != other + stock_size:
        raise StateError(f"stock_size: {hidden} cards are unseen, not {other} in hand and "
                         f"{stock_size} in the stock (Q1)", field="stock_size", rule="Q1")
    _check(fields, sizes, stock_size, rules)
    return Seen(fields["variant"], player, fields["dealer"], fields["to_move"],
                fields["phase"], hand, sizes, fields["melds"], stock_size, fields["dead"],
                fields["up"], fields["source"], fields["pool"], fields["winner"])


def cards_down(melds: tuple[int, ...]) -> int:
    """The number of cards in ``melds``."""
    return sum(m.bit_count() for m in melds)


def all_cards(deal: Deal) -> list[int]:
    """Every card of a full state, each once (for checks and tests)."""
    out = [c for hand in deal.hands for c in cards_of(hand)]
    out += [c for seat in deal.melds for m in seat for c in cards_of(m)]
    out += list(deal.stock) + list(deal.dead) + ([deal.up] if deal.up >= 0 else [])
    return out
