"""The examples of the spec: request bodies that work as sent, and their real answers.

Every operation's example request is built here from the engine (a fixed mid-game
position that has a capture, a build and a trail to choose from).  The 2xx example
answers are recorded by sending those requests to the app (:mod:`api.recording`, run by
``make openapi``) into ``openapi/examples.json``, which the spec then shows; a
test sends every example again and compares (``tests/api/test_examples.py``).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from api.jsonio import MAX_BODY, too_large
from engine import State, new_game
from engine.cassino import advance

__all__ = ["EXAMPLES_FILE", "error_example", "game_example", "position",
           "request_example", "response_example"]

EXAMPLES_FILE = Path(__file__).resolve().parents[1] / "openapi" / "examples.json"
GAME = {"seed": 12345, "dealer": 0}
HINT_OPTIONS = {"samples": 16, "seed": 0}


@functools.cache
def position() -> State:
    """The first position of a fixed game where captures, builds and trails are all legal
    and a capture pile is not empty: a deterministic search over early plies."""
    for seed in range(1, 10_000):
        state = new_game(seed, dealer=0)
        for _ply in range(12):
            moves = state.legal_moves()
            if {m.type for m in moves} == {"trail", "capture", "build"} and any(
                    state.captured):
                return state
            captures = [m for m in moves if m.type == "capture"]
            state = advance(state, (captures or moves)[0])
    raise RuntimeError("no example position")  # pragma: no cover - found at seed 1..10


def _capture_id(state: State) -> str:
    return next(m.id for m in state.legal_moves() if m.type == "capture")


def _capture_card(state: State) -> str:
    return _capture_id(state).split("x")[0]


def _capture_targets(state: State) -> list[str]:
    move = next(m for m in state.legal_moves() if m.type == "capture")
    return list(move.to_dict()["targets"])


@functools.cache
def _requests() -> dict[str, dict[str, Any]]:
    state = position()
    full = state.to_dict()
    asking = {"state": full, "player": state.to_move, **HINT_OPTIONS}
    return {
        "newGame": dict(GAME),
        "legalMoves": {"state": full},
        "apply": {"state": full, "move": _capture_id(state)},
        "view": {"state": full, "player": 1 - state.to_move},
        "score": {"state": full},
        "hints": asking,
        "hintsAsync": {**asking, "async": True},
        "evaluate": asking,
        **_record_requests(state),
        "botMove": {"state": full, "player": state.to_move, "level": "club", "seed": 0},
        "why": {"state": full, "card": _capture_card(state), "table": _capture_targets(state)},
    }


def _record_requests(state: State) -> dict[str, dict[str, Any]]:
    """The examples of api/records.py: the record of the example position's game so far
    (its first deal), the replay of its first two moves (short: each position is a full
    state) and a review of the seat that moved first."""
    from engine.cassino import first_dealer_of, record_of

    dealer = first_dealer_of(state)
    record = record_of(state.seed, state.variant, dealer, state.history).to_dict()
    opening = record_of(state.seed, state.variant, dealer, state.history[:2]).to_dict()
    first = state.history[0].player
    return {"record": {"state": state.to_dict()}, "replay": {"record": opening},
            "review": {"record": record, "player": first, **HINT_OPTIONS}}


OPERATIONS = {  # example name: (method, path)
    "catalog": ("GET", "/v1/catalog"),
    "variants": ("GET", "/v1/variants"),
    "newGame": ("POST", "/v1/games"),
    "legalMoves": ("POST", "/v1/legal-moves"),
    "apply": ("POST", "/v1/apply"),
    "view": ("POST", "/v1/view"),
    "score": ("POST", "/v1/score"),
    "hints": ("POST", "/v1/hints"),
    "evaluate": ("POST", "/v1/evaluate"),
    "record": ("POST", "/v1/records"),
    "replay": ("POST", "/v1/records/replay"),
    "review": ("POST", "/v1/reviews"),
    "botMove": ("POST", "/v1/bot-move"),
    "why": ("POST", "/v1/why"),
}


def request_example(name: str) -> dict[str, Any]:
    """The example body of operation ``name`` (a key of :data:`OPERATIONS`, or
    ``hintsAsync``)."""
    return _requests()[name]


@functools.cache
def _recorded() -> dict[str, Any]:
    if not EXAMPLES_FILE.is_file():
        return {}
    return json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def response_example(name: str) -> Any:
    """The recorded answer of example ``name`` (``None`` before the first recording)."""
    return _recorded().get(name)


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


# --- the other games (docs/api.md "Other games") -----------------------------------------

def game_example(name: str) -> Any:
    """The recorded answer of the other games' example ``name`` (``None`` before the
    first recording)."""
    return _recorded().get("games", {}).get(name)
