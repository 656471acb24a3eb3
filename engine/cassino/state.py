"""What a full state is made of, its lossless JSON form and its validation (docs/api.md).

The value type itself, :class:`engine.cassino.play.State`, sits above this module with the moves
that change it; this module knows only the fields, through :class:`Full` and
:class:`Public` (the part a :class:`~engine.cassino.play.View` shares), so that ``state`` <
``view``, ``referee`` < ``play`` is a DAG.  Card sets are bitmasks (:mod:`engine.cards`);
the stock is a tuple in dealing order.  :func:`read_state` and :func:`validate_state`
check everything docs/api.md "Full state" lists and raise
:class:`~engine.errors.StateError` naming the field, card or rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

from engine.cards import FULL_DECK, card_name, cards_of, format_cards, parse_card
from engine.cassino.count_out import check_history, ended_by_claim
from engine.cassino.counting import Game, counting_of
from engine.cassino.game import CASSINO, side_of, sides
from engine.cassino.moves import Move, parse_move
from engine.cassino.rules import Rules, get_rules
from engine.cassino.scoring import Breakdown
from engine.cassino.table import Build
from engine.cassino.words import move_text
from engine.errors import CardError, GameError, StateError
from engine.games import get_game
from engine.result import Result

__all__ = [
    "GAME_OVER", "MAX_SAFE_SEED", "MAX_SEED", "PLAYING", "Full", "Played", "Public", "read_state",
    "state_to_dict", "validate_state",
]

PUBLIC_FIELDS = frozenset((
    "game", "variant", "round", "deal", "dealer", "to_move", "table", "captured", "sweeps",
    "last_capturer", "last_batch", "scores", "status", "winner", "history", "previous_round",
    "target", "game_value", "result"))
STATE_FIELDS = PUBLIC_FIELDS | {"seed", "hands", "stock"}
TABLE_FIELDS = frozenset(("loose", "builds"))
BUILD_FIELDS = frozenset(("value", "owner", "groups"))
PLAYED_FIELDS = frozenset(("player", "move"))

PLAYING = "playing"
GAME_OVER = "game_over"
MAX_SEED = 2**63 - 1
"""The largest seed a state may carry (older clients were given seeds this large)."""
MAX_SAFE_SEED = 2**53 - 1
"""The largest seed the service draws: every integer it generates reads exactly in
JavaScript (``Number.MAX_SAFE_INTEGER``)."""
MAX_COUNT = 1_000_000  # rounds, deals and scores: far beyond any real game


class Played(NamedTuple):
    """One entry of the round's history: who played which move."""

    player: int
    move: Move


def state_to_dict(state: Full) -> dict[str, Any]:
    """The docs/api.md "Full state" object, canonical (cards upper case, sets ascending)."""
    public = public_to_dict(state)
    return {
        "game": public.pop("game"),
        "variant": public.pop("variant"),
        "seed": state.seed,
        "round": public.pop("round"),
        "deal": public.pop("deal"),
        "dealer": public.pop("dealer"),
        "to_move": public.pop("to_move"),
        "hands": [format_cards(h) for h in state.hands],
        "stock": [card_name(c) for c in state.stock],
        **public,
    }


def read_state(data: Any) -> dict[str, Any]:
    """The fields of a full state read from JSON and checked for form, by name; the caller
    builds the state and then checks its consistency (:func:`validate_state`)."""
    reader = Reader(data, "state", STATE_FIELDS)
    rules = read_rules(reader)
    return {"rules": rules, "seed": reader.integer("seed", 0, MAX_SEED),
            "hands": reader.card_sets("hands", rules.players),
            "stock": reader.card_list("stock"), **read_public(reader, rules)}


def validate_state(state: Full) -> None:
    """Check the consistency docs/api.md and R23 require; :class:`StateError` if broken."""
    _check_cards(state)
    _check_sizes(state)
    _check_builds(state)
    check_progress(state)


# --- reading JSON ---------------------------------------------------------------------


def table_to_dict(loose: int, builds: tuple[Build, ...]) -> dict[str, Any]:
    """The docs/api.md table object."""
    return {
        "loose": format_cards(loose),
        "builds": [
            {"value": b.value, "owner": b.owner, "groups": [format_cards(g) for g in b.groups]}
            for b in builds
        ],
    }


class Reader:
    """Field access on a JSON object with errors that name the field.

    With ``allowed`` given, any other key is an error: a misspelt field never passes.
    """

    def __init__(self, data: Any, name: str, allowed: frozenset[str] | None = None) -> None:
        if not isinstance(data, dict):
            raise StateError(f"{name} must be a JSON object", field=name)
        if allowed is not None:
            unknown = [key for key in data if key not in allowed]
            if unknown:
                where = f"{name}.{unknown[0]}" if name not in ("state", "view") else unknown[0]
                raise StateError(f"{where} is not a known field", field=where)
        self.data = data

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def require(self, key: str) -> Any:
        if key not in self.data:
            raise StateError(f"{key} is required", field=key)
        return self.data[key]

    def obj(self, key: str) -> dict[str, Any]:
        value = self.require(key)
        if not isinstance(value, dict):
            raise StateError(f"{key} must be an object", field=key)
        return value

    def integer(self, key: str, low: int, high: int | None = None) -> int:
        return read_integer(self.require(key), key, low, high)

    def seat(self, key: str, players: int, *, nullable: bool = False) -> Any:
        value = self.get(key) if nullable else self.require(key)
        if value is None and nullable:
            return None
        return read_integer(value, key, 0, players - 1)

    def choice(self, key: str, options: tuple[str, ...]) -> str:
        value = self.require(key)
        if value not in options:
            raise StateError(f"{key} must be one of {', '.join(options)}", field=key)
        return str(value)

    def card_sets(self, key: str, players: int) -> tuple[int, ...]:
        value = self.require(key)
        if not isinstance(value, list) or len(value) != players:
            raise StateError(f"{key} must be a list of {players} card lists", field=key)
        return tuple(read_cards(v, f"{key}[{i}]") for i, v in enumerate(value))

    def card_list(self, key: str) -> tuple[int, ...]:
        value = self.require(key)
        if not isinstance(value, list):
            raise StateError(f"{key} must be a list of cards", field=key)
        read_cards(value, key)  # every token a card, no card twice
        return tuple(parse_card(token) for token in value)

    def counts(self, key: str, players: int, high: int) -> tuple[int, ...]:
        value = self.require(key)
        if not isinstance(value, list) or len(value) != players:
            raise StateError(f"{key} must be a list of {players} integers", field=key)
        return tuple(read_integer(v, f"{key}[{i}]", 0, high) for i, v in enumerate(value))


def read_integer(value: Any, field: str, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateError(f"{field} must be an integer", field=field)
    if value < low or (high is not None and value > high):
        bound = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise StateError(f"{field} must be {bound}, not {value}", field=field)
    return value


def read_cards(value: Any, field: str) -> int:
    if value is None:
        raise StateError(f"{field} is required", field=field)
    if not isinstance(value, list):
        raise StateError(f"{field} must be a list of cards", field=field)
    mask = 0
    for i, token in enumerate(value):
        try:
            card = parse_card(token)
        except CardError as exc:
            raise StateError(f"{field}[{i}]: {exc.message}", field=f"{field}[{i}]",
                             token=exc.token) from exc
        if mask >> card & 1:
            raise StateError(f"{field}[{i}]: card {card_name(card)} is named twice",
                             field=f"{field}[{i}]", token=token)
        mask |= 1 << card
    return mask


def read_public(reader: Reader, rules: Rules) -> dict[str, Any]:
    """The public fields of a state or view (R28), read and checked for form."""
    players = rules.players
    table = Reader(reader.obj("table"), "table", TABLE_FIELDS).data
    previous = reader.get("previous_round")
    return {
        "round": reader.integer("round", 1, MAX_COUNT),
        "deal": reader.integer("deal", 1, MAX_COUNT),
        "dealer": reader.seat("dealer", players),
        "to_move": reader.seat("to_move", players),
        "loose": read_cards(table.get("loose"), "table.loose"),
        "builds": read_builds(table.get("builds"), players),
        "captured": reader.card_sets("captured", players),
        "sweeps": reader.counts("sweeps", players, 52),
        "last_capturer": reader.seat("last_capturer", players, nullable=True),
        "scores": reader.counts("scores", sides(rules), MAX_COUNT),  # per side (V6.2)
        "status": reader.choice("status", (PLAYING, GAME_OVER)),
        "winner": reader.seat("winner", sides(rules), nullable=True),
        "history": read_history(reader.get("history", []), players),
        "previous_round": None if previous is None else Breakdown.from_dict(previous, rules),
        "target": reader.integer("target", rules.target_score, MAX_COUNT)
        if reader.get("target") is not None else rules.target_score,
        "game_value": reader.integer("game_value", 0, MAX_COUNT)
        if reader.get("game_value") is not None
        else 1 if reader.get("status") == GAME_OVER else None,
    }


def public_to_dict(state: Public) -> dict[str, Any]:
    """The public fields of a state or view in docs/api.md order (from ``table`` on)."""
    return {
        "game": CASSINO.name,
        "variant": state.rules.name,
        "round": state.round,
        "deal": state.deal,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "table": table_to_dict(state.loose, state.builds),
        "captured": [format_cards(p) for p in state.captured],
        "sweeps": list(state.sweeps),
        "last_capturer": state.last_capturer,
        "last_batch": state.last_batch,
        "scores": list(state.scores),
        "status": state.status,
        "winner": state.winner,
        "history": [{"player": p.player, "move": {**p.move.to_dict(),
                                                   "description": move_text(p.move)}}
                    for p in state.history],
        "previous_round": None if state.previous_round is None
        else state.previous_round.to_dict(),
        **extra_public(state),
        "result": result_of(state).to_dict(),
    }


def result_of(game: Public) -> Result:
    """The game's result (R27, V6.2): over once its status says so; the seats of the
    winning side; each seat's game total, its side's (``result`` in JSON, derived: a
    request's is not read)."""
    side = side_of(game.rules)
    winners = () if game.winner is None else tuple(
        seat for seat, s in enumerate(side) if s == game.winner)
    return Result(game.status == GAME_OVER, winners, tuple(game.scores[s] for s in side))


def extra_public(state: Public) -> dict[str, Any]:
    """The fields only some variants need, present only where they say something: the
    ``target`` once it differs from the variant's (V2.3), the ``game_value`` of a finished
    game where it can differ from 1 (V1.4)."""
    out: dict[str, Any] = {}
    if state.target != state.rules.target_score:
        out["target"] = state.target
    if state.game_value is not None and state.game_value != 1:
        out["game_value"] = state.game_value
    return out


def read_rules(reader: Reader) -> Rules:
    """The rules of the ``variant`` named (``standard`` when absent), after checking the
    optional ``game``: a registered game, and the one the variant belongs to."""
    game = reader.get("game")
    if game is not None:
        if not isinstance(game, str):
            raise StateError("game must be a string", field="game")
        try:
            get_game(game)
        except GameError as exc:
            raise StateError(exc.message, field="game") from exc
    variant = reader.get("variant", "standard")
    if not isinstance(variant, str):
        raise StateError("variant must be a string", field="variant")
    if game is not None and game != CASSINO.name:
        raise StateError(f"game is {game!r}, but variant {variant!r} is a variant of "
                         f"{CASSINO.name!r}", field="game")
    try:
        return get_rules(variant)
    except GameError as exc:
        raise StateError(exc.message, field="variant") from exc


def read_builds(value: Any, players: int, field: str = "table.builds") -> tuple[Build, ...]:
    """Builds from JSON, checked for form (their consistency is :func:`validate_state`'s)."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise StateError(f"{field} must be a list", field=field)
    builds = []
    for i, item in enumerate(value):
        where = f"{field}[{i}]"
        Reader(item, where, BUILD_FIELDS)
        value_ = read_integer(item.get("value"), f"{where}.value", 1)
        owner = read_integer(item.get("owner"), f"{where}.owner", 0, players - 1)
        groups = item.get("groups")
        if not isinstance(groups, list) or not groups:
            raise StateError(f"{where}.groups must be a non-empty list of card lists",
                             field=f"{where}.groups")
        masks = [read_cards(g, f"{where}.groups[{j}]") for j, g in enumerate(groups)]
        if any(not m for m in masks):
            raise StateError(f"{where}.groups: a group holds at least one card (R7)",
                             field=f"{where}.groups", rule="R7")
        builds.append(Build.of(value_, owner, masks))
    return tuple(sorted(builds, key=lambda b: b.cards))


def read_history(value: Any, players: int) -> tuple[Played, ...]:
    if not isinstance(value, list):
        raise StateError("history must be a list", field="history")
    out = []
    for i, entry in enumerate(value):
        where = f"history[{i}]"
        Reader(entry, where, PLAYED_FIELDS)
        player = read_integer(entry.get("player"), f"{where}.player", 0, players - 1)
        try:
            move = parse_move(entry.get("move"))
        except GameError as exc:
            raise StateError(f"{where}: {exc.message}", field=f"{where}.move") from exc
        out.append(Played(player, move))
    return tuple(out)


# --- consistency (shared with the views in engine.cassino.play) --------------------------------


class Public(Game, Protocol):
    """The public fields that a full state and a view share (R28): what a counting reads
    (:class:`engine.cassino.counting.Game`) and the table, turn and history."""

    @property
    def deal(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def to_move(self) -> int: ...
    @property
    def loose(self) -> int: ...
    @property
    def builds(self) -> tuple[Build, ...]: ...
    @property
    def last_batch(self) -> bool: ...
    @property
    def history(self) -> tuple[Played, ...]: ...


class Full(Public, Protocol):
    """A full state: the public fields and the hidden ones (:class:`engine.cassino.play.State`)."""

    @property
    def seed(self) -> int: ...
    @property
    def hands(self) -> tuple[int, ...]: ...
    @property
    def stock(self) -> tuple[int, ...]: ...
    @property
    def table_cards(self) -> int: ...


def _check_cards(state: Full) -> None:
    """All 52 cards exactly once across hands, stock, table and capture piles."""
    zones = [(f"hands[{i}]", h) for i, h in enumerate(state.hands)]
    zones.append(("stock", sum(1 << c for c in state.stock)))
    seen = check_disjoint([*zones, *public_zones(state)])
    missing = FULL_DECK & ~seen
    if missing:
        raise StateError(f"cards missing from the state: {' '.join(format_cards(missing))} "
                         "(all 52 cards must appear exactly once)", field="state",
                         token=card_name(next(cards_of(missing))))


def public_zones(state: Public) -> list[tuple[str, int]]:
    """The named card sets everybody sees: table and capture piles (R28)."""
    zones = [("table.loose", state.loose)]
    zones += [(f"table.builds[{i}]", b.cards) for i, b in enumerate(state.builds)]
    zones += [(f"captured[{i}]", p) for i, p in enumerate(state.captured)]
    return zones


def check_disjoint(zones: list[tuple[str, int]]) -> int:
    """No card in two zones; returns their union."""
    seen = 0
    for name, mask in zones:
        both = seen & mask
        if both:
            card = next(cards_of(both))
            first = next(n for n, m in zones if m >> card & 1)
            raise StateError(f"card {card_name(card)} is in both {first} and {name}",
                             field=name, token=card_name(card))
        seen |= mask
    return seen


def _check_sizes(state: Full) -> None:
    check_sizes(state, [h.bit_count() for h in state.hands], len(state.stock), "hands")


def check_sizes(state: Public, sizes: list[int], stock: int, field: str) -> None:
    """Hand and stock sizes that play can reach (R4, R5, R23; in ``draw`` V5.3, W6)."""
    rules = state.rules
    per_batch = rules.hand_size * rules.players
    full_stock = 52 - rules.table_size - per_batch
    if rules.draw_after_play:
        if stock > full_stock:
            raise StateError(f"the stock holds {stock} cards, more than the {full_stock} left "
                             "by the deal (R4, W6)", field="stock", rule="W6")
    elif stock % per_batch or stock > full_stock:
        raise StateError(f"the stock holds {stock} cards; it must be a multiple of {per_batch} "
                         f"up to {full_stock} (R5)", field="stock", rule="R5")
    if state.status == GAME_OVER:
        if not (any(sizes) or stock or state.loose or state.builds):
            return
        if not counting_of(rules).ends_mid_hand and ended_by_claim(state) is None:
            raise StateError("a finished game has empty hands, stock and table (R24, R27)",
                             field="status", rule="R27")
        # V4.3: the game ended in the middle of a hand, which stays as it was
    ended = state.status == GAME_OVER  # ... possibly with the batch's last card
    for i, n in enumerate(sizes):
        if n > rules.hand_size:
            raise StateError(f"{field}[{i}] holds {n} cards, more than {rules.hand_size} (R4)",
                             field=f"{field}[{i}]", rule="R4")
    if rules.draw_after_play and stock:
        _check_drawing(state, sizes, stock, full_stock, field)
        return
    n = rules.players
    first = (state.dealer + 1) % n  # R5, V6.1, V7.1: the dealer's left plays first
    played = (state.to_move - first) % n  # the seats that have played since the mover last did
    size = sizes[state.to_move]
    ok = all(sizes[(first + i) % n] == size - (i < played) for i in range(n)) and \
        (size > 0 or ended)
    if not ok:
        if n == 2:
            expect = "equal, non-empty hands when the nondealer is to move" if not played else \
                "the dealer one card more than the nondealer when the dealer is to move"
        else:
            expect = ("one card fewer in each hand that has played since the mover's last "
                      "turn, in turn order from the dealer's left (V6.1, V7.1)")
        raise StateError(f"hand sizes {' and '.join(map(str, sizes))} are impossible: expected "
                         f"{expect} (R4, R23)", field=field, rule="R23")


def _check_drawing(state: Public, sizes: list[int], stock: int, full_stock: int,
                   field: str) -> None:
    """W6: while the stock lasts in ``draw``, both hands hold ``hand_size`` cards and the
    turn follows from the cards drawn: the nondealer moves after an even number of plays."""
    rules = state.rules
    for i, n in enumerate(sizes):
        if n != rules.hand_size:
            raise StateError(f"{field}[{i}] holds {n} cards; while the stock lasts every hand "
                             f"holds {rules.hand_size} (V5, W6)", field=f"{field}[{i}]",
                             rule="W6")
    plays = full_stock - stock
    mover = (state.dealer + 1 + plays) % rules.players
    if state.to_move != mover:
        raise StateError(f"to_move is {state.to_move}, but after {plays} plays (the stock "
                         f"holds {stock}) it is player {mover}'s turn (R4, W6)",
                         field="to_move", rule="W6")


def _check_builds(state: Full) -> None:
    values = state.rules.values
    check_builds(state, [h.bit_count() for h in state.hands], lambda owner, value: any(
        values[c] == value for c in cards_of(state.hands[owner])))


def check_builds(state: Public, sizes: list[int], can_take: Callable[[int, int], bool]) -> None:
    """Well-formed builds (R7, R8, R17) whose owners have played this batch (not in
    ``draw``, W4) and can take them (R23).  ``sizes`` are the hand sizes;
    ``can_take(owner, value)`` says whether the owner may hold a numeral of ``value``.
    """
    rules = state.rules
    values = rules.values
    for i, build in enumerate(state.builds):
        where = f"table.builds[{i}]"
        if not 1 <= build.value <= rules.max_build:
            raise StateError(f"{where}.value {build.value} is outside 1..{rules.max_build} "
                             "(R14, R17)", field=f"{where}.value", rule="R17")
        for group in build.groups:
            cards = list(cards_of(group))
            if any(not values[c] for c in cards):
                raise StateError(f"{where}: court cards cannot be in a build (R1, R14)",
                                 field=f"{where}.groups", rule="R14")
            if sum(values[c] for c in cards) != build.value:
                raise StateError(
                    f"{where}: group {' '.join(format_cards(group))} is not worth {build.value} "
                    "(R7)", field=f"{where}.groups", rule="R7")
        if build.cards.bit_count() < 2:
            raise StateError(f"{where}: a build holds at least two cards (R14, R16)",
                             field=f"{where}.groups", rule="R16")
        if state.status == PLAYING and sizes[build.owner] >= rules.hand_size and \
                not rules.draw_after_play:  # W4: in draw, builds outlive any number of turns
            raise StateError(
                f"{where}: its owner, player {build.owner}, has not played in this batch, so "
                "the build would have survived from an earlier batch (R23)",
                field=f"{where}.owner", rule="R23")
        if state.status == PLAYING and not can_take(build.owner, build.value):
            raise StateError(
                f"{where}: its owner, player {build.owner}, holds no {build.value} to take it "
                "(R22, R23)", field=f"{where}.owner", rule="R23")


def check_progress(state: Public) -> None:
    """Capturer, sweeps, status and winner agree with the rest (R12, R13; the totals and
    the result as the variant counts them, :mod:`engine.cassino.counting`)."""
    captured = state.captured
    if state.last_capturer is None:
        if any(captured):
            raise StateError("last_capturer is null but a capture pile holds cards (R12)",
                             field="last_capturer", rule="R12")
    elif not captured[state.last_capturer]:
        raise StateError(f"last_capturer is {state.last_capturer} whose capture pile is empty "
                         "(R12)", field="last_capturer", rule="R12")
    for i, n in enumerate(state.sweeps):
        if n and not captured[i]:
            raise StateError(f"sweeps[{i}] is {n} but captured[{i}] is empty (R13)",
                             field=f"sweeps[{i}]", rule="R13")
    check_history(state)
    if state.deal < state.round:
        raise StateError(f"deal {state.deal} is below round {state.round}: every round takes a "
                         "deal (R25)", field="deal")
    for i, pile in enumerate(captured):
        if state.status == PLAYING and pile.bit_count() == 1:
            raise StateError(f"captured[{i}] holds a single card, but a capture takes the card "
                             "played and at least one more (R12)", field=f"captured[{i}]",
                             rule="R12")
    counting_of(state.rules).check(state)  # totals, status, winner, game value (R27, V1, V4)
