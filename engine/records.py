"""Records of a game of one deal, through the game protocol (docs/api.md "Game records").

A game whose whole game is one deal (the rummy games' hand, War's) keeps its record with
:class:`DealRecords`: the game's name and variant, the seed (which fixes the deal), the
dealer, the number of seats and the moves in order, each ``{player, move}``, and once the
hand is over its result.  That is all a replay needs: it deals the hand again
(``Game.new_game``) and plays every move through the rules, refusing the first one they
refuse, naming its number (1 for the first move), its place in the record and the rule.
The record has the form every game's has (``deals[i].moves[j]``, engine.games.Records),
here with one deal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Generic, NamedTuple, TypeVar

from engine.errors import GameError, StateError
from engine.games import Game, Played, Records, Step
from engine.protocols import GameState

__all__ = ["RECORD_VERSION", "DealRecord", "DealRecords", "Move", "Position", "RecordError"]

RECORD_VERSION = 1
"""The version of every game's record form; a reader refuses any other."""
RECORD_FIELDS = frozenset(("format", "version", "game", "variant", "seed", "dealer", "players",
                           "deals", "result"))
DEAL_FIELDS = frozenset(("deal", "dealer", "moves"))
TURN_FIELDS = frozenset(("player", "move"))

S = TypeVar("S", bound=GameState)


class RecordError(GameError):
    """A record whose moves the rules refuse, or that contradicts its own result; ``field``
    is the path of the offending entry (``deals[0].moves[4]``)."""


class Move(NamedTuple):
    """A move of a record: who played it, and the move."""

    player: int
    move: Any


class Position(NamedTuple):
    """One step of a replay (engine.games.Step), with the state its move was played from
    (a move's words may name the table it met)."""

    ply: int
    state: Any
    player: int | None
    move: Any
    events: tuple[Any, ...]
    before: Any = None


class DealRecord(NamedTuple):
    """A game of one deal: its variant, seed, dealer, seats and moves in order."""

    variant: str
    seed: int
    dealer: int
    players: int
    moves: tuple[Move, ...]
    result: dict[str, Any] | None = None
    """The result the record states (``over``, ``winners``, ``points``), checked on replay."""


class DealRecords(Records[S, DealRecord], Generic[S]):
    """The records of ``game``, a game of one deal.  ``history(state)`` lists the moves an
    open state keeps, each ``(player, move)`` (``None``: its states keep none, and only a
    sealed game's record can be made, from the moves its token keeps)."""

    def __init__(self, game: Game[S, Any, Any],
                 history: Callable[[S], Sequence[tuple[int, Any]]] | None = None,
                 dealt: Callable[[S], tuple[int, int]] = lambda state: (
                     state.seed, state.dealer)) -> None:  # type: ignore[attr-defined]
        self.game = game
        self.history = history
        self.dealt = dealt
        """A state's seed and dealer: what its hand was dealt from."""

    @property
    def format(self) -> str:
        return f"{self.game.name}-record"

    # --- reading ---------------------------------------------------------------------------

    def read(self, data: Any) -> DealRecord:
        """The record's form (:class:`StateError` naming the field); :meth:`replay` checks
        its moves."""
        _object(data, "record", RECORD_FIELDS)
        if data.get("format", self.format) != self.format:
            raise StateError(f"format must be {self.format!r}", field="format")
        if data.get("version") != RECORD_VERSION:
            raise StateError(f"version {data.get('version')!r} is not one this server reads "
                             f"(it reads {RECORD_VERSION})", field="version")
        if data.get("game", self.game.name) != self.game.name:
            raise StateError(f"game must be {self.game.name!r}", field="game")
        variant = data.get("variant", self.game.type.default_variant)
        if not isinstance(variant, str):
            raise StateError("variant must be a string", field="variant")
        self.game.type.variant(variant)  # a variant of the game, or the refusal naming it
        seed = _integer(data, "seed", 0, self.game.max_seed)
        players = _integer(data, "players", 1, 64)
        dealer = _integer(data, "dealer", 0, players - 1)
        deals = data.get("deals")
        if not isinstance(deals, list) or len(deals) != 1:
            raise StateError("deals must be a list of one deal (the game is one deal)",
                             field="deals")
        deal = deals[0]
        _object(deal, "deals[0]", DEAL_FIELDS)
        if deal.get("dealer", dealer) != dealer:
            raise StateError("deals[0].dealer must be the record's dealer",
                             field="deals[0].dealer")
        moves = deal.get("moves")
        if not isinstance(moves, list):
            raise StateError("deals[0].moves must be a list", field="deals[0].moves")
        out = tuple(self._turn(entry, f"deals[0].moves[{j}]", players)
                    for j, entry in enumerate(moves))
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise StateError("result must be an object", field="result")
        return DealRecord(variant, seed, dealer, players, out, result)

    def _turn(self, entry: Any, where: str, players: int) -> Move:
        _object(entry, where, TURN_FIELDS)
        player = _integer(entry, "player", 0, players - 1, where)
        if "move" not in entry:
            raise StateError(f"{where}.move is required", field=f"{where}.move")
        try:
            move = self.game.parse_move(entry["move"])
        except GameError as exc:
            raise StateError(f"{where}.{exc.message}", field=f"{where}.move",
                             rule=exc.rule) from exc
        return Move(player, move)

    # --- writing ---------------------------------------------------------------------------

    def to_dict(self, record: DealRecord) -> dict[str, Any]:
        """The record's JSON: each move as the game writes it at its position (its ``id``
        and ``description`` too), and the result once the hand is over."""
        positions = self.replay(record)
        moves = [{"player": p.player, "move": self.game.move_json(p.before, p.move)}
                 for p in positions[1:]]
        out: dict[str, Any] = {
            "format": self.format, "version": RECORD_VERSION, "game": self.game.name,
            "variant": record.variant, "seed": record.seed, "dealer": record.dealer,
            "players": record.players,
            "deals": [{"deal": 1, "dealer": record.dealer, "moves": moves}]}
        final = positions[-1].state
        if final.game_over:
            out["result"] = final.result.to_dict()
        return out

    def step_json(self, step: Step) -> dict[str, Any]:
        """A position of the replay: the move as it was listed, every hand shown."""
        return {"ply": step.ply, "player": step.player,
                "move": None if step.move is None else self._written(step),
                "state": step.state.to_dict(),
                "events": [self.game.event_json(event, None) for event in step.events]}

    def _written(self, step: Step) -> dict[str, Any]:
        before = getattr(step, "before", None)  # a Position's; another Step's: the after
        return self.game.move_json(step.state if before is None else before, step.move)

    # --- replaying -------------------------------------------------------------------------

    def replay(self, record: DealRecord) -> list[Position]:
        """Every position in order, from the deal; :class:`RecordError` names the first
        move the rules refuse (or that a seat plays out of turn) and a result the moves do
        not give."""
        state: Any
        with _named("dealer"):
            state = self.game.new_game(record.seed, record.variant, record.dealer,
                                       record.players)
        out = [Position(0, state, None, None, ())]
        for ply, played in enumerate(record.moves, start=1):
            field = f"deals[0].moves[{ply - 1}]"
            text = f"move {ply} ({field}, player {played.player})"
            if state.game_over:
                raise RecordError(f"{text}: the hand is already over ({self.game.over_rule})",
                                  field=field, rule=self.game.over_rule)
            if played.player not in state.acting:
                raise RecordError(f"{text}: player {played.player} may not act now "
                                  f"({self.game.turn_rule})", field=f"{field}.player",
                                  rule=self.game.turn_rule)
            try:
                refusal = state.view(played.player).refusal(played.move)
                if refusal is not None:
                    raise refusal
                after, events = state.apply(played.move)
            except GameError as exc:
                raise RecordError(f"{text}: {exc.message}", field=f"{field}.move",
                                  rule=exc.rule) from exc
            out.append(Position(ply, after, played.player, played.move, tuple(events), state))
            state = after
        if record.result is not None:
            actual = state.result.to_dict() if state.game_over else None
            if actual != record.result:
                raise RecordError(f"result: the record gives {record.result!r}, but its moves "
                                  f"give {actual!r} ({self.game.over_rule})", field="result",
                                  rule=self.game.over_rule)
        return out

    # --- made from a game ------------------------------------------------------------------

    def of_game(self, state: S, moves: Sequence[Played]) -> DealRecord:
        """The record of ``state``'s hand, given every move played to reach it."""
        seed, dealer = self.dealt(state)
        record = DealRecord(state.variant, seed, dealer, state.seats,
                            tuple(Move(p.player, p.move) for p in moves))
        self.replay(record)  # the moves lead somewhere the rules allow
        return record

    def of_state(self, state: S, earlier: DealRecord | None) -> DealRecord:
        """An open state's record, from the moves it keeps (a game of one deal has no
        earlier deals)."""
        if earlier is not None:
            raise StateError("record: a game of one deal has no earlier deals; send the "
                             "state alone", field="record")
        if self.history is None:
            raise StateError(f"state: a {self.game.type.title} state keeps no history of its "
                             "moves; a sealed game's record is made from its token",
                             field="state")
        try:
            record = self.of_game(state, [Move(p, m) for p, m in self.history(state)])
        except GameError as exc:
            raise StateError(f"state.history: {exc.message}", field="state.history",
                             rule=exc.rule) from exc
        if self.replay(record)[-1].state != state:
            raise StateError("state: its history does not lead to this state", field="state")
        return record

    def seats(self, record: DealRecord) -> int:
        return record.players

    def variant(self, record: DealRecord) -> str:
        return record.variant


def _object(data: Any, name: str, allowed: frozenset[str]) -> None:
    if not isinstance(data, dict):
        raise StateError(f"{name} must be a JSON object", field=name)
    unknown = [key for key in data if key not in allowed]
    if unknown:
        where = unknown[0] if name == "record" else f"{name}.{unknown[0]}"
        raise StateError(f"{where} is not a field of a record", field=where)


def _integer(data: dict[str, Any], key: str, low: int, high: int, where: str = "") -> int:
    field = f"{where}.{key}" if where else key
    value = data.get(key)
    if value is None:
        raise StateError(f"{field} is required", field=field)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StateError(f"{field} must be an integer {low}..{high}", field=field)
    return value


@contextmanager
def _named(field: str) -> Iterator[None]:
    """An engine error about a new game, as a record error naming its field."""
    try:
        yield
    except GameError as exc:
        raise StateError(exc.message, field=exc.field or field, rule=exc.rule) from exc
