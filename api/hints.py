"""Hints, evaluations and jobs (docs/api.md "Hints"): the solver behind one protocol.

Without ``REDIS_URL`` jobs run in process; with it, on RQ workers (:mod:`workers`).
"""

from __future__ import annotations

import threading
from typing import Any

from flask import current_app
from flask import request as flask_request
from flask.views import MethodView
from flask_smorest import abort

from api.after import after_answer
from api.errors import BODY_ERRORS, about, document_errors
from api.examples import request_example, response_example
from api.game_responses import ANSWERS, JobSchema
from api.games import sealer
from api.jsonio import Blueprint, respond
from api.rules import note_variant
from api.schemas import (
    EvaluateResponse,
    HintsRequest,
    JobAcceptedResponse,
)
from api.sealed import UNAVAILABLE_RETRY, sealed_scope
from api.served import game_of, served
from solver.games import hint_game
from workers import ClientBusy, HintService, JobFailed, Overloaded, QueueUnavailable
from workers.requests import HintRequest, open_scope

blp = Blueprint("hints", __name__, url_prefix="/v1",
                description="Ranked best-move hints and position evaluations from one "
                            "player's view, and the jobs that compute them.")


def service() -> HintService:
    return current_app.extensions["cardgames_hints"]  # type: ignore[no-any-return]


def read_request(kind: str, body: dict[str, Any]) -> HintRequest:
    """The request: its view (given, or derived from a state and a player, or from a
    sealed game and a credential), its options and its scope: a state and a player prove
    the whole game, a sealed game's credential proves that seat (their requests may share
    jobs and cache entries); a bare view proves nothing and shares nothing."""
    if ("view" in body) + ("state" in body) + ("game" in body) != 1:
        abort(422, message="send a view, a state and a player, or a sealed game's game and "
                           "credential", field="view")
    if "credential" in body and "game" not in body:
        abort(422, message="credential goes with game", field="credential")
    scope = None
    if "game" in body:
        if "credential" not in body:
            abort(422, message="credential: required with game", field="credential")
        game, seat = sealer().seat(body["game"], body["credential"], body.get("player"))
        note_variant(game.state.variant)
        entry, field = served(game.state.game), "game"
        if entry.over(game.state):
            raise entry.over_error(game.state, "game", "there is nothing to hint")
        view = game.state.view(seat)
        scope = sealed_scope(game, seat)
    elif "view" in body:
        if "player" in body:
            abort(422, message="player goes with state, not with view", field="player")
        field = "view"
        with about("view"):
            entry = served(game_of(body["view"], "view"))
            view = entry.read_view(body["view"])
    else:
        if "player" not in body:
            abort(422, message="player: required with state", field="player")
        field = "state"
        with about("state"):
            entry = served(game_of(body["state"]))
            state = entry.read_state(body["state"])
        with about("player"):
            view = state.view(body["player"])
        if entry.over(state):
            raise entry.over_error(state, "state", "there is nothing to hint")
        scope = open_scope(state.to_dict(), body["player"])
    if entry.over(view):
        raise entry.over_error(view, "view", "there is nothing to hint")
    entry.refuse_unless(kind, field, "a hint" if kind == "hints" else "an evaluation")
    assert entry.solver is not None
    with about(field):
        entry.solver.check(view)  # what the search would list (Cassino's D16)
    return _budgeted(kind, body, view, scope)


def opponent_model(body: dict[str, Any], game: str, players: int) -> float | None:
    """The request's ``opponent_model`` (docs/api.md "Hints"), or ``None`` when not sent:
    a 422 naming it in a game whose search has no model, and above 0 with N seats (V6,
    V7: the N-seat search has none)."""
    model = body.get("opponent_model")
    if model is None:
        return None
    if hint_game(game).model is None:
        abort(422, message=f"opponent_model: the {game} search has no opponent model",
              field="opponent_model")
    if model and players > 2:
        abort(422, message=f"opponent_model: the {players}-seat search has no opponent "
                           "model; send 0 or leave it out", field="opponent_model")
    return float(model)


def _budgeted(kind: str, body: dict[str, Any], view: Any, scope: str | None) -> HintRequest:
    """The request with the asked budget, within the deployment's caps, and its opponent
    model."""
    model = opponent_model(body, view.game, hint_game(view.game).seats(view))
    samples, time_ms = body.get("samples"), body.get("time_ms")
    config = current_app.config
    if samples is not None:  # the deployment's caps: one hint costs a few CPU-seconds at most
        samples = min(samples, config["HINT_MAX_SAMPLES"])
    if time_ms is not None:
        time_ms = min(time_ms, config["HINT_MAX_TIME_MS"])
    return HintRequest(kind, view, samples, time_ms, body["seed"], body.get("top"), scope,
                       model)


def capped(body: dict[str, Any]) -> dict[str, int]:
    """The budget fields of ``body`` that the deployment's caps cut, each with the cap it
    was cut to (``HINT_MAX_SAMPLES``, ``HINT_MAX_TIME_MS``): the answer says so, as
    ``solver.capped`` (``capped`` of a 202)."""
    config = current_app.config
    caps = {"samples": config["HINT_MAX_SAMPLES"], "time_ms": config["HINT_MAX_TIME_MS"]}
    return {name: cap for name, cap in caps.items()
            if body.get(name) is not None and body[name] > cap}


def direct_ms(config: Any) -> float:
    """``HINT_DIRECT_MS``: searches expected within it run in the request's process
    (docs/workers.md "The direct path"), in both deployments (with ``REDIS_URL`` the rest
    go to the RQ workers, and every answer is cached in Redis); 0: every search a job."""
    value = config.get("HINT_DIRECT_MS")
    if value is None or value == "":
        return DIRECT_MS
    return float(value)


DIRECT_MS = 15.0
"""The default ``HINT_DIRECT_MS`` (milliseconds of CPU a search of the class took lately)."""

RETRY_AFTER = 1
"""Seconds a client should wait before polling an unfinished job (``Retry-After``)."""


def job_answers(view: Any) -> Any:
    """Document the answers besides 200 that a hints or evaluation request may give."""
    documented = blp.alt_response(
        202, schema=JobAcceptedResponse, example=response_example("hintsAccepted"),
        headers={"Location": {"description": "The job to poll (`GET /v1/jobs/<id>`).",
                              "schema": {"type": "string"}},
                 "Retry-After": {"description": "Seconds to wait before polling.",
                                 "schema": {"type": "integer", "minimum": 0}}},
        description="Still computing (or `async` asked): poll the job at `Location`.")(view)
    view._apidoc = document_errors(blp, *BODY_ERRORS, 403, 409, 410, 429, 503)(
        documented)._apidoc
    return view


def answer(kind: str, body: dict[str, Any]) -> Any:
    request = read_request(kind, body)
    config = current_app.config
    client = flask_request.remote_addr or "-"
    hints = service()
    waits: threading.BoundedSemaphore = current_app.extensions["cardgames_waits"]
    waiting = False
    try:
        # The cache, or a search small enough to run here (docs/workers.md "The direct
        # path"); else a job, which a request waits for only within HINT_SYNC_WAITS per
        # process: past that it answers 202 at once, since a request thread waiting on a
        # search is a thread cheap requests cannot have.
        limit = direct_ms(config)
        result = None if body["async_"] else hints.quick(request, client=client,
                                                          direct_ms=limit,
                                                          defer=after_answer)
        if result is None:
            waiting = not body["async_"] and waits.acquire(blocking=False)
            result = hints.submit(request, force_async=not waiting, client=client,
                                  per_client=config["HINT_PER_CLIENT"],
                                  backlog=config["HINT_BACKLOG"], cached=body["async_"],
                                  direct_ms=limit)
    except ClientBusy as exc:
        abort(429, message=str(exc), headers={"Retry-After": str(RETRY_AFTER)})
    except Overloaded as exc:
        abort(503, message=str(exc), headers={"Retry-After": str(RETRY_AFTER)})
    except QueueUnavailable as exc:
        abort(503, message=str(exc), headers={"Retry-After": str(UNAVAILABLE_RETRY)})
    except JobFailed as exc:
        served(request.view.game).search_failed(request.view, exc)
    finally:
        if waiting:
            waits.release()
    assert result is not None  # every refusal above raised
    cut = capped(body)
    if cut and result.status == 200:  # the request's own: never part of a shared answer
        result = result._replace(body={**result.body,
                                       "solver": {**result.body["solver"], "capped": cut}})
    elif cut:
        result = result._replace(body={**result.body, "capped": cut})
    response = respond(result.body, result.status)
    if result.status == 202:
        response.headers["Location"] = result.body["job"]["url"]
        response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


@blp.route("/hints")
class Hints(MethodView):
    @blp.arguments(HintsRequest, example=request_example("hints"))
    @blp.response(200, ANSWERS["hints"], example=response_example("hints"))
    @job_answers
    def post(self, body: dict[str, Any]) -> Any:
        """Rank the asking player's legal moves by equity: expected round points of the
        asking seat's side less the mean of the other sides' (two seats: the difference).

        Only the player's view is used: the other hands and the stock never count (R29).
        The same view, seed and options give the same answer.
        """
        return answer("hints", body)


@blp.route("/evaluate")
class Evaluate(MethodView):
    @blp.arguments(HintsRequest, example=request_example("evaluate"))
    @blp.response(200, EvaluateResponse, example=response_example("evaluate"))
    @job_answers
    def post(self, body: dict[str, Any]) -> Any:
        """The position's equity and expected points for the asking player, without moves."""
        return answer("evaluate", body)


@blp.route("/jobs/<string:job_id>")
class Jobs(MethodView):
    @blp.response(200, JobSchema, example=response_example("job"), headers={
        "Retry-After": {"description": "While the job is queued or started: seconds to wait "
                                       "before polling again.",
                        "schema": {"type": "integer", "minimum": 0}}})
    @document_errors(blp, 404, 503)
    def get(self, job_id: str) -> Any:
        """A job's status (queued, started, finished, failed), progress and result."""
        try:  # a review (api/records.py), or else a hint
            job = current_app.extensions["cardgames_reviews"].job(job_id) or \
                service().job(job_id)
        except QueueUnavailable as exc:
            abort(503, message=str(exc), headers={"Retry-After": str(UNAVAILABLE_RETRY)})
        if job is None:
            abort(404, message=f"no job {job_id}", field="job_id")
        assert job is not None  # abort raised
        response = respond(job)
        if job["status"] in ("queued", "started"):
            response.headers["Retry-After"] = str(RETRY_AFTER)
        return response
