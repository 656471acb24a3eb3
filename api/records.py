"""Game records, replays and reviews (docs/api.md "Game records", "Game review").

``POST /v1/records`` exports a whole game as one record (engine/cassino/record.py): from an
open state (its deal's history, after the record of the earlier deals when there are
some) or from a sealed game, once it is over only, since a record reveals every hand.
``POST /v1/records/replay`` replays a record through the rules, position by position with
every hand shown, and refuses one whose moves the rules refuse (naming the move number and
the rule).  ``POST /v1/reviews`` rates one seat's moves (solver/cassino/review.py) as a job
(workers/reviews.py), polled at ``/v1/jobs/<id>`` like the hints'.
"""

from __future__ import annotations

import threading
from typing import Any

from flask import current_app
from flask.views import MethodView
from flask_smorest import abort

from api.costs import record_moves, records, review
from api.errors import BODY_ERRORS, about, document_errors
from api.examples import request_example, response_example
from api.games import read_state, sealer
from api.hints import RETRY_AFTER, opponent_model
from api.jsonio import Blueprint, respond
from api.limits import charge_search
from api.rules import note_variant
from api.schemas import (
    JobAcceptedResponse,
    RecordRequest,
    RecordResponse,
    ReplayRequest,
    ReplayResponse,
    ReviewRequest,
    ReviewResponse,
)
from api.sealed import UNAVAILABLE_RETRY, SealedGame
from api.served import served
from engine.cassino import (
    GAME_OVER,
    Position,
    Record,
    State,
    first_dealer_of,
    move_text,
    record_of,
    replay,
)
from workers import JobFailed, Overloaded, QueueUnavailable
from workers.reviews import ReviewJob, ReviewService
from workers.service import job_summary

blp = Blueprint("records", __name__, url_prefix="/v1",
                description="Game records: a whole game as one JSON record, its replay with "
                            "every hand revealed, and the review of a seat's moves.")

REVIEW_WAIT = 5.0
"""Seconds a review request waits for its job before answering 202."""
REVIEW_SCOPE_TEXT = ("a record and a player, or a sealed game that is over (its game and a "
                     "seat's credential)")


def reviews() -> ReviewService:
    return current_app.extensions["cardgames_reviews"]  # type: ignore[no-any-return]


def replayed(data: Any, field: str = "record") -> tuple[Record, list[Position]]:
    """A record read and replayed, and its positions: a 422 naming the field, or the move
    and its rule."""
    with about(field):
        record = Record.from_dict(data)
        positions = replay(record)
    note_variant(record.rules.name)
    return record, positions


def read_record(data: Any, field: str = "record") -> Record:
    """A record read and checked by replaying it (:func:`replayed`)."""
    return replayed(data, field)[0]


def sealed_record(body: dict[str, Any], reviewed: bool = False) -> tuple[Record, int]:
    """The record of a sealed game and the credential's seat: 409 while the game is in
    play (the record shows every hand).  Charged as a record, or as the review of one
    (``reviewed``: a job, which takes none of the client's costly slots)."""
    if "credential" not in body:
        abort(422, message="credential: required with game", field="credential")
    game, seat = sealer().seat(body["game"], body["credential"])
    note_variant(game.state.variant)
    served(game.state.game).refuse_unless("records", "game", "a record")
    if game.state.status != GAME_OVER:
        abort(409, message="game: the game is in play, and a record shows every hand: a "
                           "sealed game's record is given once the game is over",
              field="game")
    moves = len(game.moves or ())  # the record is made by playing them
    charge_search(*(review(moves) if reviewed else records(moves)), in_thread=not reviewed)
    return game_record(game), seat


def game_record(game: SealedGame) -> Record:
    moves = game.moves
    if moves is None:
        abort(422, message="game: this token was sealed before tokens kept the earlier "
                           "deals' moves, so its record cannot be made", field="game")
    assert moves is not None
    state = game.state
    return record_of(state.seed, state.variant, first_dealer_of(state), moves)


def open_record(state: State, earlier: Any) -> Record:
    """The record of an open ``state``'s game: ``earlier`` (a record, or ``None``) then
    the state's history, which must lead to the state itself."""
    if earlier is None:
        if state.deal != 1:
            abort(422, message=f"record: the state is at deal {state.deal}, and its history "
                               "holds that deal's moves only: send the record of the "
                               "earlier deals as record", field="record")
        moves = list(state.history)
    else:
        before, positions = replayed(earlier)
        if (before.seed, before.rules.name) != (state.seed, state.variant):
            abort(422, message="record: its seed and variant are not the state's",
                  field="record")
        done = before.moves
        ended = positions[-1].state
        if ended.deal != state.deal:  # the record stops before the state's deal
            moves = [*done, *state.history]
        else:  # it reaches into the state's deal: the history must extend it
            start = len(done) - len(ended.history)
            if list(state.history[:len(ended.history)]) != list(ended.history):
                abort(422, message="record: its last deal's moves are not the state's "
                                   "history", field="record")
            moves = [*done[:start], *state.history]
    with about("record" if earlier is not None else "state.history"):
        record = record_of(state.seed, state.variant, first_dealer_of(state), moves)
    if replay(record)[-1].state != state:
        abort(422, message="state: the record and the state's history do not lead to this "
                           "state", field="state")
    return record


def position_json(ply: int, state: State, player: int | None, move: Any,
                  events: Any) -> dict[str, Any]:
    return {"ply": ply, "player": player,
            "move": None if move is None else {**move.to_dict(), "id": move.id,
                                               "description": move_text(move)},
            "state": state.to_dict(), "events": [event.to_dict() for event in events]}


@blp.route("/records")
class Records(MethodView):
    @blp.arguments(RecordRequest, example=request_example("record"))
    @blp.response(200, RecordResponse, example=response_example("record"))
    @document_errors(blp, *BODY_ERRORS, 403, 409, 410, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """Export a whole game as one record: variant, seed, first dealer and every deal's
        moves in order (and the result once the game is over).

        From an open state (with the record of the earlier deals past the first), or from
        a sealed game and a seat's credential once the game is over: before that, a 409,
        for a record shows every hand.
        """
        if ("state" in body) == ("game" in body):
            abort(422, message="send a state, or a sealed game's game and credential",
                  field="state")
        if "game" in body:
            if "record" in body:
                abort(422, message="record goes with state, not with game", field="record")
            record = sealed_record(body)[0]
        else:
            if "credential" in body:
                abort(422, message="credential goes with game, not with state",
                      field="credential")
            state = read_state(body["state"])
            served(state.game).refuse_unless("records", "state", "a record")
            earlier = record_moves(body.get("record"))  # played twice: checked, then joined
            charge_search(*records(2 * earlier + len(state.history)))
            record = open_record(state, body.get("record"))
        return respond({"record": record.to_dict()})


@blp.route("/records/replay")
class Replay(MethodView):
    @blp.arguments(ReplayRequest, example=request_example("replay"))
    @blp.response(200, ReplayResponse, example=response_example("replay"))
    @document_errors(blp, *BODY_ERRORS)
    def post(self, body: dict[str, Any]) -> Any:
        """Replay a record through the rules: every position, move by move, with every
        hand revealed.

        A move the rules refuse, or one that does not belong to the deal the record puts
        it in, is a 422 naming its number (1 for the game's first move), its place in the
        record and the rule.
        """
        charge_search(*records(record_moves(body["record"]), "a replay"))
        record, replay_ = replayed(body["record"])
        positions = [position_json(p.ply, p.state, p.player, p.move, p.events)
                     for p in replay_]
        return respond({"record": record.to_dict(), "positions": positions})


@blp.route("/reviews")
class Reviews(MethodView):
    @blp.arguments(ReviewRequest, example=request_example("review"))
    @blp.response(200, ReviewResponse, example=response_example("review"))
    @blp.alt_response(202, schema=JobAcceptedResponse, description=(
        "Still rating (or `async` asked): poll the job at `Location`, whose `result` is "
        "the review once finished and whose `progress` counts moves."))
    @document_errors(blp, *BODY_ERRORS, 403, 409, 410, 429, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """Rate each move of one seat: the round points it lost against the best move from
        what that seat could see then (the seat's view before the move, through the
        default hint at a fixed seed), with a verdict and a summary.

        Send a record, or a sealed game that is over.  A whole game takes a while: the
        answer is a job (202) unless it finishes within a few seconds.
        """
        if ("record" in body) == ("game" in body):
            abort(422, message=f"send {REVIEW_SCOPE_TEXT}", field="record")
        if "game" in body:
            record, seat = sealed_record(body, reviewed=True)
            player = body.get("player", seat)
        else:
            if "credential" in body:
                abort(422, message="credential goes with game", field="credential")
            if "player" not in body:
                abort(422, message="player: required with record", field="player")
            charge_search(*review(record_moves(body["record"])), in_thread=False)  # a job
            record = read_record(body["record"])
            player = body["player"]
        if player >= record.rules.players:
            abort(422, message=f"player: {record.rules.name} has seats 0.."
                               f"{record.rules.players - 1}", field="player")
        model = opponent_model(body, record.to_dict()["game"], record.rules.players)
        samples = body.get("samples")
        if samples is not None:
            samples = min(samples, current_app.config["HINT_MAX_SAMPLES"])
        job = ReviewJob(record.to_dict(), player, body["seed"], samples, model)
        # Past HINT_SYNC_WAITS requests of this process waiting for a search, a 202 at once:
        # a thread waiting for a review is a thread other requests cannot have.
        waits: threading.BoundedSemaphore = current_app.extensions["cardgames_waits"]
        waiting = not body["async_"] and waits.acquire(blocking=False)
        try:
            job_id = reviews().start(job)
            result = reviews().wait(job_id, REVIEW_WAIT) if waiting else None
        except (QueueUnavailable, Overloaded) as exc:
            abort(503, message=str(exc), headers={"Retry-After": str(UNAVAILABLE_RETRY)})
        except JobFailed as exc:
            abort(500, message=f"the review failed: {exc}")
        finally:
            if waiting:
                waits.release()
        if result is not None:
            return respond(result)
        summary = job_summary(job_id, "queued")
        response = respond({"job": summary}, 202)
        response.headers["Location"] = summary["url"]
        response.headers["Retry-After"] = str(RETRY_AFTER)
        return response
