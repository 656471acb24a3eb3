"""Every error is JSON: ``{"code", "status", "message", ...}`` (docs/api.md "Errors").

400 malformed JSON, 413 oversized body, 415 a body that is not sent as JSON, 422 schema
or rule violations (the message names the field, card or rule, and ``rule_url`` links
to the rule), 409 a game that is over, 404 unknown paths and jobs, 503 queue
unreachable, 429 past a rate limit (:mod:`api.limits`).  Nothing a client sends may
produce a 500; a refused request changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, Response, current_app
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from api.error_examples import error_example
from api.jsonio import respond, too_large
from api.rules import rule_url
from api.schemas import ErrorSchema
from engine.errors import GameError, GameOverError

ERROR_TEXT = {
    400: "The body is not valid JSON.",
    403: "The credential is not one of this sealed game's seats (or not the player named).",
    404: "No such job.",
    409: "The game is over (R27): no move can follow; or, for a sealed game, the token is "
         "not the game's newest.",
    410: "The sealed game's token expired, or the server lost the game's ledger (it can "
         "no longer tell the newest token from an earlier one): the game cannot go on.",
    413: "The body is too large.",
    415: "The body is not sent as JSON (Content-Type: application/json).",
    422: "The body breaks the schema or the rules: the message names the field, card or rule.",
    429: "Too many requests from this client (address): over a rate limit (its requests; "
         "its hints, evaluations and the searches of costly requests, counted by their "
         "cost; its new sealed games), as many costly requests running in one server "
         "process as it may, or (hints) as many hints computing as it may; wait "
         "`Retry-After` seconds.",
    503: "The job queue is unreachable, full or overloaded: try again (`Retry-After`).",
}
BODY_ERRORS = (400, 413, 415, 422)
"""What any request with a JSON body may be answered."""
ANY_ERRORS = (429,)
"""What any API request may be answered, past its client's rate limits (api/limits.py)."""
ERROR_HEADERS: dict[int, dict[str, Any]] = {429: {
    "Retry-After": {"description": "Seconds to wait before trying again.",
                    "schema": {"type": "integer", "minimum": 1}},
    "X-RateLimit-Limit": {"description": "What the tightest rate limit allows in its "
                                         "window: requests, searches or new sealed games "
                                         "(on every limited answer, 200s too).",
                          "schema": {"type": "integer", "minimum": 0}},
    "X-RateLimit-Remaining": {"description": "What is left in that window.",
                              "schema": {"type": "integer", "minimum": 0}},
    "X-RateLimit-Reset": {"description": "When that window ends, in UNIX seconds.",
                          "schema": {"type": "integer", "minimum": 0}},
}}
"""Headers documented with an error answer."""


def document_errors(blp: Any, *codes: int) -> Callable[[Any], Any]:
    """A decorator documenting error answers of a view, each with an example; and
    ``ANY_ERRORS``.

    flask-smorest's ``alt_response`` wraps the view once per documented answer, a call
    layer on every request; here only the documentation is kept, on the view itself.
    """

    def decorate(view: Any) -> Any:
        documented = view
        for code in (*codes, *(c for c in ANY_ERRORS if c not in codes)):
            documented = blp.alt_response(code, schema=ErrorSchema, description=ERROR_TEXT[code],
                                          example=error_example(code),
                                          headers=ERROR_HEADERS.get(code))(documented)
        view._apidoc = documented._apidoc
        return view

    return decorate


def first_error(errors: Any, path: str = "") -> tuple[str, str]:
    """The first (field path, message) of a nested marshmallow error dict."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            if key == "json" and not path:
                return first_error(value, "")
            if isinstance(key, int):
                step = f"{path}[{key}]"
            elif key == "_schema":
                step = path
            else:
                step = f"{path}.{key}" if path else str(key)
            return first_error(value, step)
    if isinstance(errors, list) and errors:
        if all(isinstance(e, str) for e in errors):
            return path, errors[0]
        return first_error(errors[0], path)
    return path, str(errors)


class CardGamesApi(Api):  # type: ignore[misc]
    """flask-smorest's Api with error bodies that say what is wrong in one message."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error: HTTPException) -> Response:
        payload: dict[str, Any] = {"code": error.code, "status": error.name}
        data = getattr(error, "data", None) or {}
        errors = data.get("errors", data.get("messages"))
        if errors:
            payload["errors"] = errors
            field, message = first_error(errors)
            if field:
                payload["field"] = field
            if message == "Invalid JSON body.":
                message = "the body is not valid JSON"
            payload["message"] = f"{field}: {message}" if field else message
        elif "message" in data:
            payload["message"] = data["message"]
        elif error.code == 413:
            payload["message"] = too_large(current_app.config.get("MAX_CONTENT_LENGTH"))
        elif error.description:
            payload["message"] = error.description
        for key in ("rule", "token", "field"):
            if key in data:
                payload[key] = data[key]
        if "rule" in payload:
            payload["rule_url"] = rule_url(payload["rule"])
        response = respond(payload, error.code or 500)
        for name, value in error.get_headers():  # e.g. Allow on a 405
            if name.lower() != "content-type":
                response.headers[name] = value
        for name, value in (data.get("headers") or {}).items():
            response.headers[name] = value
        return response


CassinoApi = CardGamesApi
"""The old name of :class:`CardGamesApi`, kept for callers."""


def game_error(exc: GameError, *, prefix: str = "") -> Response:
    """422 for an engine error (409 for a game that is over), its field given as a path
    in the request body and its rule linked."""
    if isinstance(exc, GameOverError):
        payload: dict[str, Any] = {"code": 409, "status": "Conflict", **exc.to_dict()}
    else:
        payload = {"code": 422, "status": "Unprocessable Entity", **exc.to_dict()}
    if exc.rule:
        payload["rule_url"] = rule_url(exc.rule)
    field = exc.field
    if prefix and field and not field.startswith(prefix):
        payload["field"] = f"{prefix}.{field}" if field != prefix else prefix
    elif prefix and not field:
        payload["field"] = prefix
    if isinstance(exc, GameOverError):
        payload["field"] = exc.field
    return respond(payload, payload["code"])


class Refused(Exception):  # noqa: N818 - it is a refusal, not a bug
    """An engine error on the way out of a view, with the body path it concerns."""

    def __init__(self, error: GameError, prefix: str) -> None:
        super().__init__(error.message)
        self.error = error
        self.prefix = prefix


@contextmanager
def about(prefix: str) -> Iterator[None]:
    """Turn engine errors raised inside into 422 answers naming ``prefix.field``."""
    try:
        yield
    except GameError as exc:
        raise Refused(exc, prefix) from exc


def register(app: Flask) -> None:
    """Error handlers beyond flask-smorest's HTTP ones."""

    @app.errorhandler(Refused)
    def _refused(exc: Refused) -> Response:
        return game_error(exc.error, prefix=exc.prefix)

    @app.errorhandler(GameError)
    def _engine(exc: GameError) -> Response:
        return game_error(exc)

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response:  # a bug: still JSON, and logged
        app.logger.exception("unexpected error")
        return respond({"code": 500, "status": "Internal Server Error",
                        "message": "internal error"}, 500)
