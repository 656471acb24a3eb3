"""Conquian hints and evaluations from one player's view (docs/solver.md "Conquian"):
the worlds' search values ranked, with the same answer shapes as Cassino's
(:func:`solver.finish`), so the API and the workers dispatch on the game alone.

Only a :class:`engine.conquian.View` comes in, so nothing depends on the cards the player
cannot see (Q23).  Values are expected counters for the viewer (Q21, QD11): the winner of
the hand gets ``1 + pool``, a tableau 0 (Q20).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from engine.conquian import OVER, Move, View, move_json
from solver.conquian.search import UNBOUNDED
from solver.conquian.worlds import Worlds
from solver.hints import Budget, search
from solver.ranking import POSITION, Tally, answer, rank, ranked_answer, solver_meta
from solver.value import value_at

__all__ = ["ALGORITHM", "DEFAULT", "POSITION", "Options", "evaluate", "finish", "hint",
           "solve"]

ALGORITHM = "pimc-alphabeta-horizon"


@dataclass(frozen=True)
class Options:
    """The budget, the horizon and the stopping rule.  The defaults meet the latency
    target (docs/solver.md "Conquian")."""

    samples: int = 32
    """Most worlds to search."""
    min_samples: int = 6
    """Fewest worlds before stopping early (a lone legal move stops here)."""
    nodes: int | None = 3_000
    """Search-node budget, checked between worlds (no world starts that would likely
    overrun it): deterministic, unlike ``time_ms``."""
    time_ms: float | None = None
    """Wall-clock budget, checked between worlds (answers then depend on the machine)."""
    depth: int = 3
    """The horizon, in decisions (a position with one legal move and a lay are free)."""
    endgame: int = 3
    """With at most this many cards in the stock, search to the hand's end (no horizon):
    the answer is then exact in every world (a few hundred nodes at most, as a rule)."""
    z: float = 3.0
    """Stop early when every other move is this many paired standard errors below the best
    or practically equal to it."""
    tolerance: float = 0.02
    """Counters under which two moves count as practically equal."""

    def with_budget(self, samples: int | None = None, time_ms: float | None = None) -> Options:
        """These options with a request's ``samples`` and ``time_ms``: an explicit budget
        replaces the default node budget."""
        if samples is None and time_ms is None:
            return self
        return replace(self, samples=self.samples if samples is None else max(1, samples),
                       min_samples=min(self.min_samples, samples or self.min_samples),
                       nodes=None, time_ms=time_ms)


DEFAULT = Options()


def _columns(view: View) -> tuple[list[Move], list[str]]:
    if view.phase == OVER:
        return [], []
    moves = view.legal_moves()
    if moves:
        return moves, [m.id for m in moves]
    return [], [POSITION]


def solve(view: View, options: Options = DEFAULT, seed: int = 0, start: int = 0,
          stop: int | None = None, *, early: bool = True,
          progress: Callable[[int, int], None] | None = None) -> Tally:
    """Search worlds ``start`` .. ``stop - 1`` (``options.samples`` by default) of ``view``.

    ``progress(done, total)`` is called after each world.  With ``early`` the search ends
    as soon as the budget is spent or the best move is clearly separated; without it every
    world of the range is searched, so that ranges searched apart merge
    (:func:`solver.ranking.merge`) into the single-process tally.
    """
    if not isinstance(view, View):
        raise TypeError(f"the solver takes a player's View, not {type(view).__name__} (Q23)")
    began = time.perf_counter()
    moves, columns = _columns(view)
    tally = Tally(columns)
    if not columns:
        return tally
    stop = options.samples if stop is None else stop
    depth = options.depth if view.stock_size > options.endgame else UNBOUNDED
    worlds = Worlds(view, depth)
    if worlds.exact:
        stop = min(stop, start + 1)
    return search(tally, lambda index: worlds.values(worlds.draw(seed, index), moves),
                  start, stop, Budget(options.nodes, options.time_ms, options.min_samples,
                                      options.z, options.tolerance),
                  early=early, progress=progress, began=began)


def finish(view: View, tally: Tally, *, seed: int = 0, top: int | None = None,
           elapsed_ms: float | None = None, with_moves: bool = True) -> dict[str, Any]:
    """The hint answer from a (possibly merged) tally, shaped as Cassino's
    (docs/api.md "Hints"): ``player``, ranked ``moves`` with ``equity`` (expected
    counters), ``stderr`` and ``stderr_diff``, the ``evaluation`` and the ``solver``'s
    budget.  ``solver.exact`` says every world was searched to the hand's end."""
    player = view.player
    meta = solver_meta(ALGORITHM, tally, seed, elapsed_ms)
    meta["exact"] = tally.estimated == 0
    value = value_at(view)  # the counters settled (Q21, QD11: they sum to zero)
    if not tally.samples:  # the hand is over
        equity = value.of_result(view.result, player)
        return answer(player, [], {"equity": equity, "stderr": 0.0,
                                   "expected_points": value.expected(equity, player)}, meta,
                      with_moves=with_moves)
    return ranked_answer(player, tally, rank(tally), view.legal_moves,
                         lambda move: move_json(move, view.up),
                         lambda equity: value.expected(equity, player), meta, top=top,
                         with_moves=with_moves)


def _options(options: Options | None, samples: int | None, time_ms: float | None) -> Options:
    return (options or DEFAULT).with_budget(samples, time_ms)


def hint(view: View, *, samples: int | None = None, time_ms: float | None = None, seed: int = 0,
         top: int | None = None, options: Options | None = None) -> dict[str, Any]:
    """Ranked moves for the viewer, best first; ``equity`` is his expected counters from
    the hand (QD11).  With the viewer not to move, ``moves`` is empty and the evaluation
    values the position.  The same view, seed and options give the same answer (unless a
    ``time_ms`` budget cuts the search)."""
    opts = _options(options, samples, time_ms)
    return finish(view, solve(view, opts, seed), seed=seed, top=top)


def evaluate(view: View, *, samples: int | None = None, time_ms: float | None = None,
             seed: int = 0, options: Options | None = None) -> dict[str, Any]:
    """The position's evaluation for the viewer without the move list."""
    opts = _options(options, samples, time_ms)
    return finish(view, solve(view, opts, seed), seed=seed, with_moves=False)
