"""The answers of every game in the spec (docs/api.md "Other games"): each endpoint whose
answer differs by game documents it as ``oneOf`` (or ``anyOf`` where the forms overlap)
each registered game's answer (its wire, api/served.py), so a client typed from the spec
gets the right type for a Conquian or rummy answer.

A game's answer components are built here from its wire forms (``api/<game>/schemas.py``),
named by its prefix (``ConquianApplyResponse``), unless it writes its own: Cassino's keep
the names and forms they had when it was the only game (``ApplyResponse``, ``Breakdown``,
...; api/cassino/schemas.py), so a client typed by them compiles unchanged.  Documentation
only: answers are written by :func:`api.jsonio.respond`, never through these schemas.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from apispec import APISpec
from marshmallow import Schema, fields

from api import schemas
from api.examples import game_example
from api.game_schemas import Either, Int
from api.schemas import (
    EvaluateResponse,
    EvaluationSchema,
    ReviewResponse,
    SolverMetaSchema,
    token_field,
)
from api.served import Wire, unnamed_form, wires

__all__ = ["ANSWERS", "COMPONENTS", "JobSchema", "answer_schema", "register"]

WIRES: dict[str, Wire] = {wire.prefix: wire for wire in wires()}
"""The games with their own wire forms, by their components' prefix (the first game's
components have none)."""
SHARED: dict[str, type[Schema]] = {"EvaluateResponse": EvaluateResponse,
                                   "ReviewResponse": ReviewResponse}
"""The answer components every game shares (an evaluation, a review)."""


def _meta(description: str, example: Any = None) -> dict[str, Any]:
    return {"description": description} if example is None else {
        "description": description, "example": example}


def _recorded(game: str, operation: str, key: str, index: int | None = None) -> Any:
    """Field ``key`` of the recorded answer of ``operation`` in ``game`` (of its first
    ranked move with ``index``); ``None`` before the answers are recorded."""
    answer = game_example(f"{WIRES[game].example}.{operation}") or {}
    if index is not None:
        answer = (answer.get("moves") or [{}])[index]
    return answer.get(key)


def _state_response(name: str, game: str, state: type[Schema]) -> type[Schema]:
    return type(name, (Schema,), {
        "state": fields.Nested(state, metadata=_meta("The first hand dealt (open games).",
                                                     _recorded(game, "newGame", "state"))),
        "game": token_field(),
        "credentials": fields.List(fields.String(allow_none=True), metadata=_meta(
            "Sealed games: each seat's credential, by seat (`null` for a house seat).",
            ["0.Zk3b2mD0cXq0p7n1uJmH0Q", None])),
        "__doc__": "`POST /v1/games` of this game: its state, or a sealed game's token."})


def _legal_moves_response(name: str, game: str, move: type[Schema]) -> type[Schema]:
    return type(name, (Schema,), {
        "player": Int(required=True, metadata=_meta("The seat whose moves are listed.",
                                                    _recorded(game, "legalMoves", "player"))),
        "count": Int(required=True, metadata=_meta(
            "How many legal moves the seat has in all (what `offset` and `limit` page "
            "through).", _recorded(game, "legalMoves", "count"))),
        "moves": fields.List(fields.Nested(move), required=True, metadata=_meta(
            "Every legal move once, each with its `id` (from `offset`, at most `limit`).",
            _recorded(game, "legalMoves", "moves"))),
        "risks": fields.List(fields.Nested(schemas.DiscardRiskSchema), metadata=_meta(
            "With `risks` (a game offering them, GET /v1/catalog): one per move, in the "
            "order of `moves`: the chance its discard lets the next player meld.",
            [{"move": "KC", "player": 1, "probability": 0.1301, "how": "meld",
              "method": "exact"}])),
        "__doc__": "`POST /v1/legal-moves` of this game."})


def _apply_response(name: str, game: str, state: type[Schema], view: type[Schema],
                    event: fields.Field[Any]) -> type[Schema]:
    seen = _recorded(game, "view", "view")
    return type(name, (Schema,), {
        "state": fields.Nested(state, metadata=_meta("The next state (open games).",
                                                     _recorded(game, "apply", "state"))),
        "game": token_field(),
        "view": fields.Nested(view, metadata=_meta(
            "Sealed games: the mover's view of the next position.", seen)),
        "view_before_house": fields.Nested(view, metadata=_meta(
            "Sealed games where the house answered: the mover's view right after its own "
            "move, before the house's moves.", seen)),
        "events": fields.List(event, required=True, metadata=_meta(
            "What happened, in order, as the asking seat may see it.",
            _recorded(game, "apply", "events"))),
        "__doc__": "`POST /v1/apply` of this game: open, the next state; sealed, the next "
                   "token and the mover's view."})


def _view_response(name: str, game: str, view: type[Schema],
                   event: fields.Field[Any]) -> type[Schema]:
    return type(name, (Schema,), {
        "view": fields.Nested(view, required=True, metadata=_meta(
            "The view.", _recorded(game, "view", "view"))),
        "events": fields.List(event, metadata=_meta(
            "Sealed games: what the last apply did, as this seat may see it.",
            _recorded(game, "apply", "events"))),
        "__doc__": "`POST /v1/view` of this game."})


def _ranked_move(name: str, game: str, move: type[Schema]) -> type[Schema]:
    def best(key: str) -> Any:
        return _recorded(game, "hints", key, 0)

    return type(name, (Schema,), {
        "rank": Int(required=True, metadata=_meta("1 for the best move.", 1)),
        "move": fields.Nested(move, required=True, metadata=_meta("The move, with its id.",
                                                                  best("move"))),
        "equity": fields.Float(required=True, metadata=_meta("Mean equity of the move.",
                                                             best("equity"))),
        "stderr": fields.Float(required=True, metadata=_meta("Its standard error.",
                                                             best("stderr"))),
        "stderr_diff": fields.Float(metadata=_meta(
            "Paired standard error of its difference from the best move, the move of "
            "highest equity (0 for that move itself).", 0.0)),
        "prior": fields.Boolean(metadata=_meta(
            "Present, and true, on a move the game's prior ranked first although a later "
            "move has a higher equity: the search's evidence against the prior (the "
            "equities' difference, `stderr_diff`) was under its threshold (the rummy "
            "games: docs/api.md \"Hints\").", True)),
        "alternatives": fields.List(fields.String(), metadata=_meta(
            "Readable hints: the ids of the moves alike to this one (the rummy games: the "
            "same but for which pack's copy of a card they play), best first; on the best "
            "of them only.", ["7H'"])),
        "alternative_of": fields.String(metadata=_meta(
            "Readable hints: this move is an alternative of the move with this id, ranked "
            "above it.", "7H")),
        "__doc__": "One ranked move of a hint of this game."})


def _hints_response(name: str, game: str, ranked: type[Schema]) -> type[Schema]:
    return type(name, (Schema,), {
        "player": Int(required=True, metadata=_meta("The asking seat.",
                                                    _recorded(game, "hints", "player"))),
        "evaluation": fields.Nested(EvaluationSchema, required=True, metadata=_meta(
            "The position's value for the asking player (counters or points of the hand).",
            _recorded(game, "hints", "evaluation"))),
        "solver": fields.Nested(SolverMetaSchema, required=True, metadata=_meta(
            "How the answer was found; `exact` says every world was searched to the "
            "hand's end.", _recorded(game, "hints", "solver"))),
        "moves": fields.List(fields.Nested(ranked), required=True, metadata=_meta(
            "Legal moves best first.", _recorded(game, "hints", "moves"))),
        "__doc__": "`POST /v1/hints` of this game: its solver's answer from the asking "
                   "seat's view."})


def _events(wire: Wire) -> fields.Field[Any]:
    """A field of the game's events: its schema nested, or its own field."""
    event = wire.event
    return fields.Nested(event) if issubclass(event, Schema) else event()


def _answers(wire: Wire) -> Mapping[str, type[Schema]]:
    """A game's answer components: its own, or those built from its forms."""
    if wire.answers is not None:
        return wire.answers
    game, state, view, move = wire.prefix, wire.state, wire.view, wire.move
    ranked = _ranked_move(f"{game}RankedMove", game, move)
    return {
        f"{game}StateResponse": _state_response(f"{game}StateResponse", game, state),
        f"{game}LegalMovesResponse": _legal_moves_response(f"{game}LegalMovesResponse",
                                                           game, move),
        f"{game}ApplyResponse": _apply_response(f"{game}ApplyResponse", game, state, view,
                                                _events(wire)),
        f"{game}ViewResponse": _view_response(f"{game}ViewResponse", game, view,
                                              _events(wire)),
        f"{game}RankedMove": ranked,
        f"{game}HintsResponse": _hints_response(f"{game}HintsResponse", game, ranked)}


def _components() -> dict[str, type[Schema]]:
    """Every answer component, in the spec's order (as before the games were peers): the
    first game's, those every game shares, then each other game's."""
    first, *others = (_answers(wire) for wire in WIRES.values())
    out = {**first, **SHARED}
    for answers in others:
        out.update(answers)
    return out


COMPONENTS = _components()


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def answer_schema(*names: str, combinator: str = "oneOf") -> dict[str, Any]:
    """The 200 schema of an endpoint: one of the games' answers ``names``."""
    return {combinator: [_ref(name) for name in names]}


def _per_game(name: str, combinator: str) -> dict[str, Any]:
    return answer_schema(*(game + name for game in WIRES), combinator=combinator)


ANSWERS: dict[str, dict[str, Any]] = {
    # a sealed game's answer ({game, credentials}) is the same in every game
    "newGame": _per_game("StateResponse", "anyOf"),
    # Conquian's and rummy's move kinds overlap (take, discard), and a list may be empty
    "legalMoves": _per_game("LegalMovesResponse", "anyOf"),
    "apply": _per_game("ApplyResponse", "oneOf"),  # the state or view names its game
    "view": _per_game("ViewResponse", "oneOf"),
    "score": answer_schema(*dict.fromkeys(wire.score for wire in WIRES.values())),
    "hints": _per_game("HintsResponse", "anyOf"),
    # Cassino's pick (a card and table cards) or a meld game's kinds of move
    "why": answer_schema("WhyResponse", "KindsWhyResponse"),
}
"""The 200 schema of each endpoint whose answer differs by game (``evaluate`` answers the
same form in every game)."""

RESULTS = [*(COMPONENTS[game + "HintsResponse"] for game in WIRES), *SHARED.values()]
"""What a finished job's ``result`` is: a hint of any game, an evaluation or a review."""


class JobSchema(schemas.JobSchema):
    """A job: its ``result`` documented by game (the same dict as the shared schema's)."""

    result = Either(RESULTS, combinator="anyOf", metadata={  # type: ignore[assignment]
        "description": "The hints (or evaluation, or review) answer when finished.",
        "example": None})


def register(spec: APISpec) -> None:
    """Add the answer components to the spec (before the blueprints refer to them)."""
    for prefix, wire in WIRES.items():  # each game's event schema, named once
        if issubclass(wire.event, Schema):
            spec.components.schema(f"{prefix}Event", schema=wire.event)
    why = {"WhyResponse": unnamed_form("WhyResponse"),  # the unnamed game's pick
           "KindsWhyResponse": schemas.KindsWhyResponse}  # the meld games' kinds of move
    for name, schema in {**COMPONENTS, **why}.items():
        if name not in spec.components.schemas:  # some may be there already (nested)
            spec.components.schema(name, schema=schema)
