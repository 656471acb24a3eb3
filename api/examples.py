"""The examples of the spec: request bodies that work as sent, and their real answers.

Every operation's example request is the unnamed game's (its API part builds them from
its engine: Cassino's, api/cassino/examples.py, a fixed mid-game position).  The 2xx example
answers are recorded by sending those requests to the app (:mod:`api.recording`, run by
``make openapi``) into ``openapi/examples.json``, which the spec then shows; a
test sends every example again and compares (``tests/api/test_examples.py``).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

__all__ = ["EXAMPLES_FILE", "game_example", "request_example", "response_example"]

EXAMPLES_FILE = Path(__file__).resolve().parents[1] / "openapi" / "examples.json"


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
    ``hintsAsync``): the unnamed game's (api.served.ServedGame.operation_examples)."""
    from api.served import served  # the games' entries import the endpoints' helpers
    from engine.games import unnamed_game

    return dict(served(unnamed_game().name).operation_examples()[name])


@functools.cache
def _recorded() -> dict[str, Any]:
    if not EXAMPLES_FILE.is_file():
        return {}
    return json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def response_example(name: str) -> Any:
    """The recorded answer of example ``name`` (``None`` before the first recording)."""
    return _recorded().get(name)


# --- the other games (docs/api.md "Other games") -----------------------------------------

def game_example(name: str) -> Any:
    """The recorded answer of the other games' example ``name`` (``None`` before the
    first recording)."""
    return _recorded().get("games", {}).get(name)
