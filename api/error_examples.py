"""The spec's example error bodies (api/errors.py documents every endpoint's errors with
them), one per HTTP status, as the server writes them."""

from __future__ import annotations

from typing import Any

from api.jsonio import MAX_BODY, too_large

__all__ = ["error_example"]

_ERRORS: dict[int, dict[str, Any]] = {
    400: {"message": "the body is not valid JSON"},
    403: {"message": "credential: not the credential of a seat of this game",
          "field": "credential"},
    404: {"message": "no job j5f1c0e2a9b7d4c3e8f6a1b2c3d4e5f60", "field": "job_id"},
    409: {"message": "the game is over: player 0 won 22 to 13; start a new game (R27)",
          "field": "state.status", "rule": "R27", "rule_url": "/rules/standard#R27"},
    410: {"message": "game: this token expired (tokens last 604800 s after the move that "
                     "made them)", "field": "game"},
    413: {"message": too_large(MAX_BODY)},
    415: {"message": "send the body as JSON with the header Content-Type: application/json "
                     "(not 'text/plain')", "field": "Content-Type"},
    422: {"message": "to build 7 you must keep a 7 in hand (R14)", "field": "move.value",
          "rule": "R14", "rule_url": "/rules/standard#R14"},
    429: {"message": "too many requests from this address: 50 per second at most; "
                     "retry after 1 s"},
    503: {"message": "the job queue is unreachable: try again later"},
}
_STATUS = {400: "Bad Request", 403: "Forbidden", 404: "Not Found", 409: "Conflict", 410: "Gone",
           413: "Request Entity Too Large",
           415: "Unsupported Media Type", 422: "Unprocessable Entity", 429: "Too Many Requests",
           503: "Service Unavailable"}


def error_example(code: int) -> dict[str, Any]:
    """A typical error body of HTTP status ``code``, as the server writes it."""
    return {"code": code, "status": _STATUS[code], **_ERRORS[code]}
