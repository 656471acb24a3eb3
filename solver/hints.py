"""The hint core every game shares: search worlds one after another under a budget and a
stopping rule, tallying every root move's value in each (docs/solver.md).

A game provides only its worlds (``value(index)``: the row of root-move values in world
``index``, the nodes it took, whether it was searched to the end), its columns and its
answer (:mod:`solver.cassino.core` for Cassino, :mod:`solver.conquian.hints`,
:mod:`solver.rummy.core`); the loop, the budget and the early stop are written here once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from solver.ranking import Tally, separated

__all__ = ["Budget", "search"]


@dataclass(frozen=True, slots=True)
class Budget:
    """When a search stops: node and time budgets, checked between worlds, and the rule
    that ends it early once the best move stands apart."""

    nodes: int | None
    """Stop before a world that would likely overrun this many nodes (deterministic)."""
    time_ms: float | None
    """Stop once this many milliseconds have passed (answers then depend on the machine)."""
    min_samples: int
    """Fewest worlds before stopping early (a lone column stops here)."""
    z: float
    """Every other move this many paired standard errors below the best ..."""
    tolerance: float
    """... or within this much of it: the best stands apart."""


Value = Callable[[int], tuple[list[float], int, bool]]
"""World ``index`` -> (its row of values, the nodes it took, whether it is exact)."""


def search(tally: Tally, value: Value, start: int, stop: int, budget: Budget, *,
           early: bool = True, progress: Callable[[int, int], None] | None = None,
           began: float | None = None) -> Tally:
    """Add worlds ``start`` .. ``stop - 1`` to ``tally`` (its columns already set).

    ``progress(done, total)`` is called after each world.  With ``early`` the search ends
    as soon as the budget is spent or the best move is clearly separated; without it
    every world of the range is searched, so that ranges searched apart merge
    (:func:`solver.ranking.merge`) into the single-process tally.  ``began`` is when the
    search started (``perf_counter``), for its time budget and ``elapsed_ms``.
    """
    if began is None:
        began = time.perf_counter()
    for index in range(start, stop):
        row, nodes, exact = value(index)
        tally.add(index, row)
        tally.nodes += nodes
        tally.estimated += not exact
        if progress is not None:
            progress(tally.samples, stop - start)
        if not early:
            continue
        n = tally.samples
        if budget.nodes is not None and tally.nodes * (n + 1) >= budget.nodes * n:
            break  # the next world would likely overrun the node budget
        if budget.time_ms is not None and \
                (time.perf_counter() - began) * 1000 >= budget.time_ms:
            break
        if n >= budget.min_samples and (len(tally.moves) == 1 or separated(
                tally, budget.z, budget.tolerance)):
            break
    tally.elapsed_ms = (time.perf_counter() - began) * 1000
    return tally
