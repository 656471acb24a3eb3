"""Game records: a whole game as one JSON object, and its replay through the rules
(docs/api.md "Game records").

A record names the variant, the seed (which fixes every deal, R5), the first dealer (R3)
and every deal's moves in order (a void deal, R25, has its own entry), and, once the
game is over, its result.  That is enough to replay it: :func:`replay` plays every move
through the engine from :func:`engine.cassino.play.new_game` and refuses a record whose
moves are illegal or do not match its deals, naming the move's number (1 for the first
move of the game) and the rule it breaks.  A record reveals every hand: the API exports a
sealed game's only once it is over.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from engine.cassino.events import Event
from engine.cassino.game import CASSINO
from engine.cassino.moves import CLAIM, Move, parse_move
from engine.cassino.play import State, new_game, round_dealt
from engine.cassino.rules import Rules
from engine.cassino.state import (
    GAME_OVER,
    MAX_COUNT,
    MAX_SEED,
    PLAYING,
    Played,
    Reader,
    read_rules,
)
from engine.cassino.words import move_text
from engine.errors import GameError, IllegalMoveError, StateError

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "DealRecord", "Position", "Record",
           "RecordError", "first_dealer_of", "record_of", "record_of_state", "replay"]

RECORD_FORMAT = "cassino-record"
RECORD_VERSION = 1
"""The version of the record's form; a reader refuses any other."""

RECORD_FIELDS = frozenset(("format", "version", "game", "variant", "seed", "dealer", "deals",
                           "result"))
DEAL_FIELDS = frozenset(("round", "deal", "dealer", "moves"))
TURN_FIELDS = frozenset(("player", "move"))
RESULT_FIELDS = frozenset(("status", "scores", "winner", "game_value"))


class RecordError(IllegalMoveError):
    """A record whose moves the rules refuse or that contradicts its own deals or result;
    ``field`` is the path of the offending entry (``deals[1].moves[4]``)."""


class DealRecord(NamedTuple):
    """One deal of a record: its round, deal number and dealer, and its moves in order."""

    round: int
    deal: int
    dealer: int
    moves: tuple[Played, ...]


class Position(NamedTuple):
    """One step of a replay: the state after move number ``ply`` (0: the deal of the
    first round), the move that led to it and who played it, and what happened."""

    ply: int
    state: State
    player: int | None
    move: Move | None
    events: tuple[Event, ...]


class Record(NamedTuple):
    """A whole game, or the part of it played so far."""

    rules: Rules
    seed: int
    dealer: int
    """The first dealer (R3)."""
    deals: tuple[DealRecord, ...]
    result: dict[str, Any] | None = None
    """``status``, ``scores``, ``winner``, ``game_value`` once the game is over."""

    @property
    def moves(self) -> list[Played]:
        """Every move of the game in order."""
        return [played for deal in self.deals for played in deal.moves]

    def to_dict(self) -> dict[str, Any]:
        """The docs/api.md record object."""
        out: dict[str, Any] = {
            "format": RECORD_FORMAT, "version": RECORD_VERSION, "game": CASSINO.name,
            "variant": self.rules.name, "seed": self.seed, "dealer": self.dealer,
            "deals": [{"round": d.round, "deal": d.deal, "dealer": d.dealer,
                       "moves": [{"player": p.player,
                                  "move": {**p.move.to_dict(), "id": p.move.id,
                                           "description": move_text(p.move)}}
                                 for p in d.moves]} for d in self.deals],
        }
        if self.result is not None:
            out["result"] = self.result
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Read a record's form (:class:`StateError` naming the field); :func:`replay`
        checks its moves."""
        reader = Reader(data, "record", RECORD_FIELDS)
        if reader.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise StateError(f"format must be {RECORD_FORMAT!r}", field="format")
        if reader.require("version") != RECORD_VERSION:
            raise StateError(f"version {reader.get('version')!r} is not one this server "
                             f"reads (it reads {RECORD_VERSION})", field="version")
        rules = read_rules(reader)
        seed = reader.integer("seed", 0, MAX_SEED)
        dealer = reader.seat("dealer", rules.players)
        deals = reader.require("deals")
        if not isinstance(deals, list):
            raise StateError("deals must be a list", field="deals")
        out = []
        for i, item in enumerate(deals):
            where = f"deals[{i}]"
            deal = Reader(item, where, DEAL_FIELDS)
            moves = item.get("moves")
            if not isinstance(moves, list):
                raise StateError(f"{where}.moves must be a list", field=f"{where}.moves")
            out.append(DealRecord(
                _integer(deal, "round", where, 1, MAX_COUNT),
                _integer(deal, "deal", where, 1, MAX_COUNT),
                _integer(deal, "dealer", where, 0, rules.players - 1),
                tuple(_turn(entry, f"{where}.moves[{j}]", rules) for j, entry in
                      enumerate(moves))))
        result = reader.get("result")
        if result is not None:
            Reader(result, "result", RESULT_FIELDS)
        return cls(rules, seed, dealer, tuple(out), result)


def _integer(reader: Reader, key: str, where: str, low: int, high: int) -> int:
    try:
        return reader.integer(key, low, high)
    except StateError as exc:
        raise StateError(f"{where}.{exc.message}", field=f"{where}.{key}") from exc


def _turn(entry: Any, where: str, rules: Rules) -> Played:
    reader = Reader(entry, where, TURN_FIELDS)
    player = _integer(reader, "player", where, 0, rules.players - 1)
    try:
        move = parse_move(reader.require("move"))
    except GameError as exc:
        raise StateError(f"{where}.move: {exc.message}", field=f"{where}.move",
                         rule=exc.rule) from exc
    return Played(player, move)


def _result(state: State) -> dict[str, Any] | None:
    if state.status != GAME_OVER:
        return None
    return {"status": state.status, "scores": list(state.scores), "winner": state.winner,
            "game_value": state.game_value}


def record_of(seed: int, variant: str, dealer: int, moves: Iterable[Played]) -> Record:
    """The record of the game of ``seed`` and ``variant`` first dealt by ``dealer`` after
    ``moves`` in order; its deals are found by playing them (:class:`RecordError` for a
    move the rules refuse)."""
    state = new_game(seed, variant, dealer)
    flat = Record(state.rules, seed, dealer, (DealRecord(1, 1, dealer, tuple(moves)),))
    deals: list[DealRecord] = []
    current: list[Played] = []
    for position in _play(flat, check_deals=False):
        if position.move is None:
            continue
        before = state
        state = position.state
        current.append(Played(int(position.player or 0), position.move))
        if state.deal != before.deal or state.status != PLAYING:
            deals.append(DealRecord(before.round, before.deal, before.dealer, tuple(current)))
            current = []
    if state.status == PLAYING:
        deals.append(DealRecord(state.round, state.deal, state.dealer, tuple(current)))
    return Record(state.rules, seed, dealer, tuple(deals), _result(state))


def first_dealer_of(state: State) -> int:
    """The first dealer of ``state``'s game: the deal passes to the left each round (R25,
    V6.1, V7.1) and stays with a void deal's dealer."""
    return (state.dealer - (state.round - 1)) % state.rules.players


def record_of_state(state: State, earlier: Record | None) -> Record:
    """The record of an open ``state``'s game: ``earlier`` (the record of the deals before
    the state's, or ``None`` in its first deal) then the state's history, which must lead
    to the state itself (R24, R25); :class:`StateError` naming ``record`` or ``state``."""
    if earlier is None:
        if state.deal != 1:
            raise StateError(f"record: the state is at deal {state.deal}, and its history "
                             "holds that deal's moves only: send the record of the earlier "
                             "deals as record", field="record")
        moves = list(state.history)
    else:
        ended = replay(earlier)[-1].state
        if (earlier.seed, earlier.rules.name) != (state.seed, state.variant):
            raise StateError("record: its seed and variant are not the state's",
                             field="record")
        done = earlier.moves
        if ended.deal != state.deal:  # the record stops before the state's deal
            moves = [*done, *state.history]
        else:  # it reaches into the state's deal: the history must extend it
            start = len(done) - len(ended.history)
            if list(state.history[:len(ended.history)]) != list(ended.history):
                raise StateError("record: its last deal's moves are not the state's "
                                 "history", field="record")
            moves = [*done[:start], *state.history]
    try:
        record = record_of(state.seed, state.variant, first_dealer_of(state), moves)
    except GameError as exc:
        where = "record" if earlier is not None else "state.history"
        raise type(exc)(exc.message, field=_within(where, exc.field), rule=exc.rule) from exc
    if replay(record)[-1].state != state:
        raise StateError("state: the record and the state's history do not lead to this "
                         "state", field="state")
    return record


def _within(prefix: str, field: str | None) -> str:
    return prefix if not field else f"{prefix}.{field}"


def replay(record: Record) -> list[Position]:
    """Every position of ``record``'s game in order, each hand revealed: the first deal,
    then the state after each move.  :class:`RecordError` names the first move the rules
    refuse or that does not belong where the record puts it."""
    return list(_play(record, check_deals=True))


def _play(record: Record, *, check_deals: bool) -> Iterable[Position]:
    state = new_game(record.seed, record.rules.name, record.dealer)
    yield Position(0, state, None, None, (round_dealt(state),))
    ply = 0
    for i, deal in enumerate(record.deals):
        where = f"deals[{i}]"
        if check_deals:
            _check_deal(state, deal, where, ply)
        for j, played in enumerate(deal.moves):
            ply += 1
            field = f"{where}.moves[{j}]"
            if check_deals and j and state.deal != deal.deal:
                raise RecordError(f"move {ply} ({field}): deal {deal.deal} ended with move "
                                  f"{ply - 1}, so this move belongs to the next deal's entry "
                                  "(R5, R24)", field=field, rule="R24")
            state, move, events = _move(state, played, ply, field)
            yield Position(ply, state, played.player, move, tuple(events))
        if check_deals and state.deal == deal.deal and \
                state.status == PLAYING and i + 1 < len(record.deals):
            raise RecordError(f"{where}: deal {deal.deal} is not over after move {ply}, but "
                              f"the record goes on with deals[{i + 1}] (R5, R24)",
                              field=where, rule="R24")
    if check_deals and record.result is not None:
        _check_result(state, record.result)


def _check_deal(state: State, deal: DealRecord, where: str, ply: int) -> None:
    if state.status != PLAYING:
        raise RecordError(f"{where}: the game ended with move {ply}, yet the record goes on "
                          "(R27)", field=where, rule="R27")
    for key, want in (("round", state.round), ("deal", state.deal), ("dealer", state.dealer)):
        got = getattr(deal, key)
        if got != want:
            raise RecordError(f"{where}.{key} is {got}, but after move {ply} the game is at "
                              f"round {state.round}, deal {state.deal}, dealt by player "
                              f"{state.dealer} (R5, R25)", field=f"{where}.{key}", rule="R25")


def _move(state: State, played: Played, ply: int,
          field: str) -> tuple[State, Move, list[Event]]:
    """``played`` from ``state``: the next state, the move (a claim names its seat, T5)
    and its events; :class:`RecordError` naming move number ``ply`` and the rule."""
    move = played.move
    text = f"move {ply} ({field}, player {played.player} {move.id})"
    if state.status != PLAYING:
        raise RecordError(f"{text}: the game is already over (R27)", field=field, rule="R27")
    if move.type == CLAIM:
        if move.player is None:
            move = move._replace(value=played.player)
        if move.player != played.player:
            raise RecordError(f"{text}: the claim names player {move.player} (T5)",
                              field=f"{field}.move", rule="T5")
    elif played.player != state.to_move:
        raise RecordError(f"{text}: it is player {state.to_move}'s turn, not player "
                          f"{played.player}'s (R4)", field=f"{field}.player", rule="R4")
    try:
        step = state.apply(move)
    except GameError as exc:
        raise RecordError(f"{text}: {exc.message}", field=f"{field}.move",
                          rule=exc.rule) from exc
    return step.state, move, step.events


def _check_result(state: State, result: dict[str, Any]) -> None:
    actual = _result(state)
    if actual is None:
        raise RecordError("result: the record gives a result, but its moves leave the game "
                          "in play (R27)", field="result", rule="R27")
    for key, value in result.items():
        if actual.get(key) != value:
            raise RecordError(f"result.{key} is {value!r}, but the moves give "
                              f"{actual.get(key)!r} (R26, R27)", field=f"result.{key}",
                              rule="R27")
