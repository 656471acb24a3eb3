"""Game endpoints: new games, legal moves, moves, views and scores (docs/api.md)."""

from __future__ import annotations

import secrets
from typing import Any

from flask.views import MethodView
from flask_smorest import abort

from api.errors import BODY_ERRORS, about, document_errors
from api.examples import request_example, response_example
from api.jsonio import Blueprint, respond
from api.schemas import (
    ApplyRequest,
    ApplyResponse,
    BreakdownSchema,
    LegalMovesResponse,
    NewGameRequest,
    ScoreRequest,
    StateRequest,
    StateResponse,
    ViewRequest,
    ViewResponse,
)
from engine import Move, State, new_game, parse_move
from engine.errors import IllegalMoveError
from engine.play import move_json
from engine.referee import game_over
from engine.state import MAX_SAFE_SEED, PLAYING
from engine.view import View

blp = Blueprint("games", __name__, url_prefix="/v1",
                description="Play: new games, legal moves, moves, views and scores. The server "
                            "stores nothing: every request carries the state.")

def playing(state: State) -> State:
    """``state``, refused with a 409 once the game is over (R27)."""
    if state.status != PLAYING:
        raise game_over(state)
    return state


def read_state(data: dict[str, Any]) -> State:
    with about("state"):
        return State.from_dict(data)


def move_out(state: State, move: Move) -> dict[str, Any]:
    """A move as the server returns it: with ``id``, and ``kind`` and ``groups`` for builds."""
    return move_json(state.loose, state.builds, state.to_move, move, state.rules)


@blp.route("/games")
class Games(MethodView):
    @blp.arguments(NewGameRequest, required=False, example=request_example("newGame"))
    @blp.response(200, StateResponse, example=response_example("newGame"))
    @document_errors(blp, *BODY_ERRORS)
    def post(self, body: dict[str, Any]) -> Any:
        """Start a new game with round 1 dealt (R3, R4).

        The seed fixes every deal of the game (R5); without one the server draws one.
        """
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(MAX_SAFE_SEED + 1)  # exact in JavaScript
        with about("variant"):
            state = new_game(seed, body["variant"], body.get("dealer"))
        return respond({"state": state.to_dict()})


@blp.route("/legal-moves")
class LegalMoves(MethodView):
    @blp.arguments(StateRequest, example=request_example("legalMoves"))
    @blp.response(200, LegalMovesResponse, example=response_example("legalMoves"))
    @document_errors(blp, *BODY_ERRORS, 409)
    def post(self, body: dict[str, Any]) -> Any:
        """Every legal move of the player to move, each once (R9-R22).

        Every move has an ``id``, a ``description`` in words, whether it sweeps and the
        point cards it takes; builds carry their kind and resulting groups.  A game that
        is over answers 409.
        """
        state = playing(read_state(body["state"]))
        moves = [move_out(state, m) for m in state.legal_moves()]
        return respond({"player": state.to_move, "moves": moves})


@blp.route("/apply")
class Apply(MethodView):
    @blp.arguments(ApplyRequest, example=request_example("apply"))
    @blp.response(200, ApplyResponse, example=response_example("apply"))
    @document_errors(blp, *BODY_ERRORS, 409)
    def post(self, body: dict[str, Any]) -> Any:
        """Play a move and return the next state with what happened.

        The round's last card also collects the residue (R24), scores the round (R26)
        and ends the game (R27) or deals the next round.  An illegal move is a 422 that
        names the rule it breaks (out of turn: whose turn it is), and changes nothing; a
        game that is over answers 409.  With ``player``, the move must be that seat's
        and the events are told as that seat may see them (a deal shows its hand only).
        """
        state = playing(read_state(body["state"]))
        seat = body.get("player")
        if seat is not None and seat != state.to_move:
            raise IllegalMoveError(f"it is player {state.to_move}'s turn, not player {seat}'s "
                                   "(R4)", field="player", rule="R4")
        with about("move"):
            move = parse_move(body["move"])
            step = state.apply(move)
        return respond({"state": step.state.to_dict(),
                        "events": [event.to_dict(seat) for event in step.events]})


@blp.route("/view")
class ViewOf(MethodView):
    @blp.arguments(ViewRequest, example=request_example("view"))
    @blp.response(200, ViewResponse, example=response_example("view"))
    @document_errors(blp, *BODY_ERRORS)
    def post(self, body: dict[str, Any]) -> Any:
        """What one player may see (R28, R29): never the other hand, the stock or the seed."""
        state = read_state(body["state"])
        return respond({"view": state.view(body["player"]).to_dict()})


@blp.route("/score")
class Score(MethodView):
    @blp.arguments(ScoreRequest, example=request_example("score"))
    @blp.response(200, BreakdownSchema, example=response_example("score"))
    @document_errors(blp, *BODY_ERRORS)
    def post(self, body: dict[str, Any]) -> Any:
        """The score breakdown of the capture piles as they stand (R26).

        Send a ``state`` or a ``view`` (capture piles are public, R28), not both.
        """
        if ("state" in body) == ("view" in body):
            abort(422, message="send exactly one of state or view", field="state")
        if "state" in body:
            breakdown = read_state(body["state"]).score()
        else:
            with about("view"):
                breakdown = View.from_dict(body["view"]).score()
        return respond(breakdown.to_dict())
