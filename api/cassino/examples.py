"""Cassino's example requests in the spec (api/examples.py): a fixed mid-game position
that has a capture, a build and a trail to choose from, and every operation's request on
it."""

from __future__ import annotations

import functools
from typing import Any

from engine.cassino import State, advance, first_dealer_of, new_game, record_of

__all__ = ["GAME", "HINT_OPTIONS", "position", "requests"]

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


def _capture(state: State) -> Any:
    return next(m for m in state.legal_moves() if m.type == "capture")


@functools.cache
def requests() -> dict[str, dict[str, Any]]:
    """Each operation's example request body (api.examples.OPERATIONS, and ``hintsAsync``)."""
    state = position()
    full = state.to_dict()
    asking = {"state": full, "player": state.to_move, **HINT_OPTIONS}
    capture = _capture(state)
    return {
        "newGame": dict(GAME),
        "legalMoves": {"state": full},
        "apply": {"state": full, "move": capture.id},
        "view": {"state": full, "player": 1 - state.to_move},
        "score": {"state": full},
        "hints": asking,
        "hintsAsync": {**asking, "async": True},
        "evaluate": asking,
        **_record_requests(state),
        "botMove": {"state": full, "player": state.to_move, "level": "club", "seed": 0},
        "why": {"state": full, "card": capture.id.split("x")[0],
                "table": list(capture.to_dict()["targets"])},
    }


def _record_requests(state: State) -> dict[str, dict[str, Any]]:
    """The examples of api/records.py: the record of the example position's game so far
    (its first deal), the replay of its first two moves (short: each position is a full
    state) and a review of the seat that moved first."""
    dealer = first_dealer_of(state)
    record = record_of(state.seed, state.variant, dealer, state.history).to_dict()
    opening = record_of(state.seed, state.variant, dealer, state.history[:2]).to_dict()
    first = state.history[0].player
    return {"record": {"state": state.to_dict()}, "replay": {"record": opening},
            "review": {"record": record, "player": first, **HINT_OPTIONS}}
