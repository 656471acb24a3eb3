"""The games the API serves besides Cassino (docs/api.md "Other games"): for each, how a
request reads its state, view and move, how an answer writes its moves, events and score,
and which bots may play a house seat.

Cassino keeps its own path in :mod:`api.games` (its answers are unchanged); a state or a
view whose ``game`` is another game's, or a sealed game's token holding one, goes through
the :class:`Served` entry of that game here.  The wire forms are the engines' own
(``to_dict``; a move also by its id), documented in :mod:`api.game_schemas`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from marshmallow import Schema

import solver.conquian as conquian_solver
import solver.rummy as rummy_solver
from api.game_schemas import (
    ConquianStateSchema,
    ConquianViewSchema,
    RummyStateSchema,
    RummyViewSchema,
)
from engine import conquian, rummy
from engine.errors import MoveFormatError, StateError, UnsupportedVariantError
from engine.games import GAME_NAMES

__all__ = ["CASSINO", "OTHER_GAMES", "SERVED", "Served", "game_of", "served"]

BOTS = ("solver", "greedy", "random")
"""The bots of the other games (solver/conquian/bots.py, solver/rummy/bots.py)."""
CASSINO = GAME_NAMES[0]
"""The game of a state or view that names none (every request before the other games)."""


class MoveJson(Protocol):
    def __call__(self, move: Any, position: Any = None) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Served:
    """What the API needs of one game besides Cassino."""

    name: str
    read_state: Callable[[Any], Any]
    """A state from its JSON, checked (the engine's errors name the field)."""
    read_view: Callable[[Any], Any]
    new_game: Callable[[int, str, int | None, int | None], Any]
    """``(seed, variant, dealer, players)``: a new game, its first hand dealt."""
    parse_move: Callable[[Any], Any]
    """A move from its id or its JSON (the engine's errors name ``move``)."""
    move_json: MoveJson
    """A move as answers list it: its JSON with its ``id`` and its ``description`` in words;
    ``position``, the state or view it is a move of, gives a pass or a rummy take its
    card and a joker what it stands for (public cards; the engines' ``words`` modules)."""
    event_json: Callable[[Any, int | None], dict[str, Any]]
    """An event as seat ``seat`` may see it (``None``: an open game's, all of it)."""
    scores: Callable[[Any], list[int]]
    """The points per seat of a state or view as they stand (zeros mid-hand where the
    game settles only at its end)."""
    make_bot: Callable[[str, int], Any]
    bots: Callable[[str], tuple[str, ...]]
    """The bots that may play a house seat of a variant, each from its own view."""
    max_seed: int
    players: Callable[[str], tuple[int, int]]
    """The fewest and most seats of a variant."""
    turn_rule: str
    """The rule that says who acts when (a move out of turn is refused naming it)."""
    over_rule: str
    """The rule that ends a hand (a question about a finished one is refused naming it)."""


def _fields_of(reader: Callable[[Any], Any], schema: type[Schema],
               what: str) -> Callable[[Any], Any]:
    """``reader``, refusing first a field the wire form does not have (a misspelt field
    never passes silently): its schema (:mod:`api.game_schemas`) lists them."""
    allowed = frozenset(schema._declared_fields)

    def read(data: Any) -> Any:
        if isinstance(data, dict):
            extra = sorted(str(key) for key in data if key not in allowed)
            if extra:
                raise StateError(f"{extra[0]}: not a field of {what}", field=extra[0])
        return reader(data)

    return read


def _conquian_players(variant: str) -> tuple[int, int]:
    seats = conquian.get_rules(variant).players
    return seats, seats


def _conquian_new(seed: int, variant: str, dealer: int | None, players: int | None) -> Any:
    if players is not None and players != conquian.get_rules(variant).players:
        raise StateError(f"players: {variant} is for {conquian.get_rules(variant).players} "
                         "players (Q3)", field="players", rule="Q3")
    return conquian.new_game(seed, variant, dealer)


def _conquian_scores(position: Any) -> list[int]:
    """Counters won (Q21, QD11): the winner ``stake * (1 + pool)`` and the loser as much
    less, once the hand is won; zeros at a tableau and while in play."""
    seats = len(position.hand_sizes) if hasattr(position, "hand_sizes") else position.seats
    if position.winner < 0:
        return [0] * seats
    gain = conquian.get_rules(position.variant).stake * (1 + position.pool)
    return [gain if seat == position.winner else -gain for seat in range(seats)]


def _rummy_players(variant: str) -> tuple[int, int]:
    rummy.get_rules(variant)  # a rummy variant, or its refusal naming it
    return rummy.GAME.variant(variant).seat_range


def _rummy_bots(variant: str) -> tuple[str, ...]:
    """Every rummy variant's house: the solver, the greedy rule or random moves (solver/rummy;
    double-pack rum has its own greedy rule, solver/rummy/double_pack_policy)."""
    del variant
    return BOTS


def _conquian_move(move: Any, position: Any = None) -> dict[str, Any]:
    return conquian.move_json(move, -1 if position is None else position.up)


def _rummy_move(move: Any, position: Any = None) -> dict[str, Any]:
    if position is None:
        return rummy.move_json(move)
    return rummy.move_json(move, position.table, position.pile)


def _rummy_parse(data: Any) -> Any:
    """A rummy move from its id or its JSON, which may carry its ``id`` as legal-moves
    lists it (the id must then name the same move)."""
    if isinstance(data, dict) and not isinstance(data.get("type", ""), str):
        raise MoveFormatError("move.type: a move's type is a string", field="move.type")
    if not isinstance(data, dict) or "id" not in data:
        return rummy.parse_move(data)
    named = rummy.parse_move(data["id"], field="move.id") if isinstance(
        data["id"], str) else None
    if named is None:
        raise MoveFormatError("move.id: a move id is a string", field="move.id")
    rest = {key: value for key, value in data.items() if key not in ("id", "description")}
    if rest and rummy.parse_move(rest) != named:
        raise MoveFormatError(f"move.id: {data['id']!r} is not the move the other fields "
                              "name", field="move.id", token=str(data["id"]))
    return named


SERVED: Mapping[str, Served] = {
    "conquian": Served(
        name="conquian",
        read_state=_fields_of(conquian.State.from_dict, ConquianStateSchema, "a Conquian state"),
        read_view=_fields_of(conquian.View.from_dict, ConquianViewSchema, "a Conquian view"),
        new_game=_conquian_new, parse_move=conquian.parse_move,
        move_json=_conquian_move,
        event_json=lambda event, seat: event.to_dict(),  # every card in one is public (Q23)
        scores=_conquian_scores, make_bot=conquian_solver.make_bot,
        bots=lambda variant: BOTS, max_seed=conquian.MAX_SEED,
        players=_conquian_players, turn_rule="Q24", over_rule="Q18, Q20"),
    "rummy": Served(
        name="rummy",
        read_state=_fields_of(rummy.State.from_dict, RummyStateSchema, "a rummy state"),
        read_view=_fields_of(rummy.View.from_dict, RummyViewSchema, "a rummy view"),
        new_game=lambda seed, variant, dealer, players: rummy.new_game(
            seed, variant, players, dealer),
        parse_move=_rummy_parse, move_json=_rummy_move,
        event_json=lambda event, seat: event.to_dict(seat),  # a draw is the drawer's (RM27)
        scores=lambda position: list(position.scores), make_bot=rummy_solver.make_bot,
        bots=_rummy_bots, max_seed=rummy.MAX_SEED, players=_rummy_players,
        turn_rule="RM7", over_rule="RM26"),
}
OTHER_GAMES: tuple[str, ...] = tuple(SERVED)


def game_of(data: Any, field: str = "state") -> str:
    """The game a state or view's JSON is of: its ``game``, Cassino when it names none."""
    if not isinstance(data, dict):
        return CASSINO
    name = data.get("game", CASSINO)
    if not isinstance(name, str) or (name != CASSINO and name not in SERVED):
        raise UnsupportedVariantError(
            f"{field}.game: unknown game {name!r}; known: {', '.join(GAME_NAMES)}",
            field=f"{field}.game")
    return str(name)


def served(name: str) -> Served:
    """The entry of game ``name`` (not Cassino)."""
    return SERVED[name]
