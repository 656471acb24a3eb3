"""I Doubt It's phases (docs/solver.md "I Doubt It"): the last rounds before the claims'
limit (IDD10), where solver.i_doubt_it.endgame plays the moves out and players claim
differently, so that the claim model keeps a table of its own for them."""

from __future__ import annotations

from engine.i_doubt_it.rules import MAX_CLAIMS

__all__ = ["HORIZON_CLAIMS", "HORIZON_ROUNDS", "late"]

HORIZON_ROUNDS, HORIZON_CLAIMS = 8, 48
"""The last rounds: within ``HORIZON_ROUNDS * seats`` claims of the limit, at most
``HORIZON_CLAIMS``."""


def late(claims: int, seats: int) -> int:
    """1 when a claim made after ``claims`` claims at ``seats`` seats is in the last
    rounds, else 0 (the phase of solver.i_doubt_it.model.TABLE)."""
    return int(MAX_CLAIMS - claims <= min(HORIZON_ROUNDS * seats, HORIZON_CLAIMS))
