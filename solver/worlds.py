"""The solver's worlds: which random source draws world ``i`` of a search.

The hidden cards themselves are drawn by the engine (:mod:`engine.cassino.worlds`: the other
hand uniformly among those consistent with the view, R23, and in ``draw`` the stock's
order, W8); the solver only fixes each world's random source, so that the same seed and
world index always give the same world.
"""

from __future__ import annotations

import random

__all__ = ["world_rng"]


def world_rng(seed: int, index: int) -> random.Random:
    """The random source of world ``index`` for ``seed``: worlds are independent of one
    another, so any range of them can be computed anywhere and merged."""
    return random.Random(f"cassino-solver/{seed}/{index}")
