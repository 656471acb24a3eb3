"""Game records, replays and reviews (docs/api.md "Game records", "Game review"), for
every game that keeps records (its engine's ``records``, engine.games.Records).

``POST /v1/records`` exports a whole game as one record: from an open state (its deal's
history, after the record of the earlier deals when there are some) or from a sealed
game, once it is over only, since a record reveals every hand.  ``POST /v1/records/replay``
replays a record through the rules, position by position with every hand shown, and
refuses one whose moves the rules refuse (naming the move number and the rule).
``POST /v1/reviews`` rates one seat's moves (the game's solver's ``review``) as a job
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
    ReviewRequest,
    ReviewResponse,
)
from api.sealed import UNAVAILABLE_RETRY, SealedGame
from api.served import ServedGame, game_of, served, unnamed_form
from engine.games import Records as Keeper
from engine.games import Step
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


def keeper(entry: ServedGame, feature: str, field: str, what: str) -> Keeper[Any, Any]:
    """The records of ``entry``'s game: a 422 naming ``field`` when it offers ``feature``
    (records, replay, review) not."""
    entry.refuse_unless(feature, field, what)
    found = entry.engine.records
    if found is None:
        entry.refuse_unless("", field, what)  # declared, yet its engine keeps none
    assert found is not None
    return found


class Read:
    """A record of the request, read and replayed (a 422 naming the field, or the move and
    its rule): its game's entry, its records, the record and its positions."""

    def __init__(self, data: Any, feature: str, what: str, field: str = "record") -> None:
        self.entry = served(game_of(data, field))
        self.keeper = keeper(self.entry, feature, field, what)
        with about(field):
            self.record = self.keeper.read(data)
            self.positions: list[Step] = list(self.keeper.replay(self.record))
        note_variant(self.keeper.variant(self.record))

    def to_dict(self) -> dict[str, Any]:
        return self.keeper.to_dict(self.record)


def sealed_record(body: dict[str, Any], reviewed: bool = False
                  ) -> tuple[ServedGame, dict[str, Any], int, int]:
    """The record (its game's entry, its JSON and seats) of a sealed game and the
    credential's seat: 409 while the game is in play (the record shows every hand).
    Charged as a record, or as the review of one (``reviewed``: a job, which takes none of
    the client's costly slots)."""
    if "credential" not in body:
        abort(422, message="credential: required with game", field="credential")
    game, seat = sealer().seat(body["game"], body["credential"])
    note_variant(game.state.variant)
    entry = served(game.state.game)
    found = keeper(entry, "review" if reviewed else "records", "game",
                   "a review" if reviewed else "a record")
    if not entry.over(game.state):
        abort(409, message="game: the game is in play, and a record shows every hand: a "
                      "sealed game's record is given once the game is over", field="game")
    moves = len(game.moves or ())  # the record is made by playing them
    charge_search(*(review(moves) if reviewed else records(moves)), in_thread=not reviewed)
    record = game_record(found, game)
    return entry, found.to_dict(record), found.seats(record), seat


def game_record(found: Keeper[Any, Any], game: SealedGame) -> Any:
    moves = game.moves
    if moves is None:
        abort(422, message="game: this token was sealed before tokens kept the earlier "
                           "deals' moves, so its record cannot be made", field="game")
    assert moves is not None
    return found.of_game(game.state, moves)


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
            record = sealed_record(body)[1]
        else:
            if "credential" in body:
                abort(422, message="credential goes with game, not with state",
                      field="credential")
            state = read_state(body["state"])
            entry = served(state.game)
            found = keeper(entry, "records", "state", "a record")
            earlier = record_moves(body.get("record"))  # played twice: checked, then joined
            charge_search(*records(2 * earlier + len(state.history)))
            before = None
            if body.get("record") is not None:
                read = Read(body["record"], "records", "a record")
                if read.entry is not entry:
                    abort(422, message=f"record: a {read.entry.name} record does not lead "
                                       f"to a {entry.name} state", field="record")
                before = read.record
            record = found.to_dict(found.of_state(state, before))
        return respond({"record": record})


@blp.route("/records/replay")
class Replay(MethodView):
    @blp.arguments(ReplayRequest, example=request_example("replay"))
    @blp.response(200, unnamed_form("ReplayResponse"), example=response_example("replay"))
    @document_errors(blp, *BODY_ERRORS)
    def post(self, body: dict[str, Any]) -> Any:
        """Replay a record through the rules: every position, move by move, with every
        hand revealed.

        A move the rules refuse, or one that does not belong to the deal the record puts
        it in, is a 422 naming its number (1 for the game's first move), its place in the
        record and the rule.
        """
        charge_search(*records(record_moves(body["record"]), "a replay"))
        read = Read(body["record"], "replay", "a replay")
        return respond({"record": read.to_dict(),
                        "positions": [read.keeper.step_json(p) for p in read.positions]})


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
            entry, record, seats, seat = sealed_record(body, reviewed=True)
            player = body.get("player", seat)
        else:
            if "credential" in body:
                abort(422, message="credential goes with game", field="credential")
            if "player" not in body:
                abort(422, message="player: required with record", field="player")
            entry = served(game_of(body["record"], "record"))
            keeper(entry, "review", "record", "a review")
            charge_search(*review(record_moves(body["record"])), in_thread=False)  # a job
            read = Read(body["record"], "review", "a review")
            record, seats = read.to_dict(), read.keeper.seats(read.record)
            player = body["player"]
        if player >= seats:
            abort(422, message=f"player: {record['variant']} has seats 0..{seats - 1}",
                  field="player")
        model = opponent_model(body, entry.name, seats)
        samples = body.get("samples")
        if samples is not None:
            samples = min(samples, current_app.config["HINT_MAX_SAMPLES"])
        job = ReviewJob(record, player, body["seed"], samples, model,
                        None if entry.engine.type.unnamed else entry.name)
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
