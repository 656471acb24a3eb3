"""The rummy solver's entry points: ranked hints and hand evaluations from one player's
view (docs/solver.md "Rummy").

Determinized search: world ``i`` is the view resampled from ``world_rng(seed, i)``
(:mod:`solver.rummy.worlds`); in it every root move is played and the hand played out by
the careful rule for every seat, exactly settled at the show-down (RM16-RM23).  A move's
value is the viewer's points at the end of the hand (RM26); :mod:`solver.ranking` ranks
the moves by their mean over the worlds with paired standard errors.  Only a
:class:`engine.rummy.View` comes in, so nothing depends on the cards the player cannot see
(RM27).  The shapes of :func:`hint`, :func:`evaluate`, :func:`solve` and :func:`finish`
are Cassino's (:mod:`solver.cassino.core`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from engine.rummy import PLAYING, Move, View
from engine.rummy import move_json as rummy_json
from solver.hints import Budget, search
from solver.ranking import (
    POSITION,
    MoveStats,
    Tally,
    answer,
    rank,
    ranked_answer,
    solver_meta,
)
from solver.rummy.careful import careful_move
from solver.rummy.double_pack_policy import splash_move
from solver.rummy.worlds import Worlds
from solver.value import value_at

__all__ = ["ALGORITHM", "DEFAULT", "POSITION", "Options", "evaluate", "finish", "hint",
           "hint_moves", "move_json", "solve"]

ALGORITHM = "pimc-greedy-playout"


@dataclass(frozen=True)
class Options:
    """The solver's budget and stopping rule.  The defaults meet the latency target
    (docs/solver.md "Rummy")."""

    samples: int = 64
    """Most worlds to search."""
    min_samples: int = 8
    """Fewest worlds before stopping early (a lone legal move stops here)."""
    nodes: int | None = 1_200
    """Budget in turns played out (each root move counts one more), checked between
    worlds (no world starts that would likely overrun it): deterministic, unlike
    ``time_ms``."""
    time_ms: float | None = None
    """Wall-clock budget, checked between worlds (answers then depend on the machine)."""
    z: float = 3.0
    """Stop early when every other move is this many paired standard errors below the best
    or practically equal to it."""
    tolerance: float = 0.5
    """Points under which two moves count as practically equal."""
    horizon: int | None = 6
    """Turns played out after a root move before the hand is valued by the fit of
    :mod:`solver.rummy.evaluation` (``None``: to the end of the hand)."""
    played: bool = True
    """The others' hands in each world drawn as hands played
    (:func:`solver.rummy.worlds.played_hands`); ``False``: uniformly from the unseen
    cards."""
    prior_z: float = 2.0
    """The careful rule's move (:func:`solver.rummy.careful.careful_move`) ranks first unless
    the best mean beats it by more than this many paired standard errors (0: rank by
    mean alone)."""

    def with_budget(self, samples: int | None = None, time_ms: float | None = None) -> Options:
        """These options with a request's ``samples`` and ``time_ms``: an explicit budget
        replaces the default node budget."""
        if samples is None and time_ms is None:
            return self
        return replace(self, samples=self.samples if samples is None else max(1, samples),
                       min_samples=min(self.min_samples, samples or self.min_samples),
                       nodes=None, time_ms=time_ms)


DEFAULT = Options()


def hint_moves(view: View) -> list[Move]:
    """The moves a hint ranks: every legal move of the viewer when he is to move (RM7,
    RM8, RM14, RM24)."""
    if view.status != PLAYING or view.to_move != view.player:
        return []
    return view.legal_moves()


def move_json(move: Move, view: View | None = None) -> dict[str, Any]:
    """A move as a hint lists it: its JSON form, its ``id`` and its ``description`` (RM7,
    RM14), as legal-moves lists it: the pile's top card a take takes and what a joker
    stands for on the table read from the view (DP4-DP7)."""
    if view is None:
        return rummy_json(move)
    return rummy_json(move, view.table, view.pile)


def _columns(view: View) -> tuple[list[Move], list[str]]:
    if view.status != PLAYING:
        return [], []
    moves = hint_moves(view)
    if moves:
        return moves, [m.id for m in moves]
    return [], [POSITION]


def solve(view: View, options: Options = DEFAULT, seed: int = 0, start: int = 0,
          stop: int | None = None, *, early: bool = True,
          progress: Callable[[int, int], None] | None = None) -> Tally:
    """Search worlds ``start`` .. ``stop - 1`` (``options.samples`` by default) of ``view``.

    With ``early`` the search ends as soon as the budget is spent or the best move is
    clearly separated; without it every world of the range is searched, so that ranges
    searched apart merge (:func:`solver.ranking.merge`) into the single-process tally.
    """
    if not isinstance(view, View):
        raise TypeError(f"the solver takes a player's View, not {type(view).__name__} "
                        "(RM27)")
    began = time.perf_counter()
    moves, columns = _columns(view)
    tally = Tally(columns)
    if not columns:
        return tally
    stop = options.samples if stop is None else stop
    worlds = Worlds(view, options.horizon, options.played)

    def value(index: int) -> tuple[list[float], int, bool]:
        return (*worlds.values(worlds.draw(seed, index), moves), True)

    return search(tally, value, start, stop, Budget(options.nodes, options.time_ms,
                                                    options.min_samples, options.z,
                                                    options.tolerance),
                  early=early, progress=progress, began=began)


def ranked(view: View, tally: Tally, prior_z: float = DEFAULT.prior_z) -> list[MoveStats]:
    """The moves best first: by mean (:func:`solver.ranking.rank`), except that the careful
    rule's move comes first, marked ``prior``, while no move beats it by more than
    ``prior_z`` paired standard errors (it is the playouts' own choice: a noisy mean over
    few worlds does not overturn it).  In Double-Pack Rum the prior is the greedy rule held
    back for a splash (:func:`solver.rummy.double_pack_policy.splash_move`, DP9)."""
    stats = rank(tally)
    if prior_z <= 0 or tally.moves == [POSITION] or view.to_move != view.player:
        return stats
    default = (splash_move(view) if view.rules.lay_out else careful_move(view)).id
    for i, s in enumerate(stats):
        if tally.moves[s.index] == default:
            if i and stats[0].mean - s.mean <= prior_z * s.stderr_diff:
                return [replace(s, prior=True), *stats[:i], *stats[i + 1:]]
            break
    return stats


def finish(view: View, tally: Tally, *, seed: int = 0, top: int | None = None,
           elapsed_ms: float | None = None, with_moves: bool = True,
           prior_z: float = DEFAULT.prior_z) -> dict[str, Any]:
    """The hint answer from a (possibly merged) tally, in the shape of Cassino's
    :func:`solver.cassino.core.finish`: ``player``, ranked ``moves`` (``rank``, ``move``,
    ``equity``, ``stderr``, ``stderr_diff``), the ``evaluation`` and ``solver`` metadata
    (the budget used: ``samples``, ``nodes``, ``elapsed_ms``; ``exact`` when one world
    said everything: the hand is over)."""
    player = view.player
    meta = solver_meta(ALGORITHM, tally, seed, elapsed_ms)
    meta["exact"] = not tally.samples
    value = value_at(view)  # the points settled (RM26: they add up to zero)
    if not tally.samples:  # the hand is over: its points are known (RM26)
        return answer(player, [], {"equity": value.of_result(view.result, player),
                                   "stderr": 0.0,
                                   "expected_points": [float(s) for s in view.scores]}, meta,
                      with_moves=with_moves)
    return ranked_answer(player, tally, ranked(view, tally, prior_z),
                         lambda: hint_moves(view), lambda move: move_json(move, view),
                         lambda equity: value.expected(equity, player), meta, top=top,
                         with_moves=with_moves)


def _options(options: Options | None, samples: int | None, time_ms: float | None) -> Options:
    return (options or DEFAULT).with_budget(samples, time_ms)


def hint(view: View, *, samples: int | None = None, time_ms: float | None = None, seed: int = 0,
         top: int | None = None, options: Options | None = None) -> dict[str, Any]:
    """Ranked moves for the viewer, best first.  ``equity`` is the viewer's expected
    points at the end of the hand (RM26).  With the viewer not to move, ``moves`` is empty
    and the evaluation values the position.  The same view, seed and options give the
    same answer (unless a ``time_ms`` budget cuts the search)."""
    opts = _options(options, samples, time_ms)
    return finish(view, solve(view, opts, seed), seed=seed, top=top, prior_z=opts.prior_z)


def evaluate(view: View, *, samples: int | None = None, time_ms: float | None = None,
             seed: int = 0, options: Options | None = None) -> dict[str, Any]:
    """The position's evaluation for the viewer without the move list: ``player``,
    ``evaluation`` (``equity``, ``expected_points``) and ``solver`` metadata."""
    opts = _options(options, samples, time_ms)
    return finish(view, solve(view, opts, seed), seed=seed, with_moves=False,
                  prior_z=opts.prior_z)
