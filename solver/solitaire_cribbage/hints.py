"""Solitaire Cribbage's hints (docs/solver.md "Solitaire Cribbage"): every way to lay away
valued exactly, from the seat's view alone (SC24).

Each of the fifteen discards has an exact distribution of the deal's points over the crib's
and the starter's unseen cards (:mod:`solver.solitaire_cribbage.scoring`).  The value a
hint ranks by is the game's (result kind ``win``, SCD11): for the solitaire the chance of
reaching 91 in the pass, the deal's points then :mod:`solver.solitaire_cribbage.odds`'s
table for the deals to come; in a competition the chance of winning under a model in which
every seat's points to come are the greedy discard's marginal distributions, independent
seat by seat (the stop at 91 left out, SCD5).  The objective ``points`` ranks by the
deal's expected points instead (the greedy bot).  No world is drawn: one exact row."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.solitaire_cribbage import DEALS, GAME_HOLE, PARTNERS, TEAMS, Move, View
from solver.games import Progress
from solver.ranking import POSITION, Tally, answer, rank, ranked_answer, solver_meta
from solver.solitaire_cribbage.odds import odds
from solver.solitaire_cribbage.scoring import Discard, discards, last_deal
from solver.value import value_at

__all__ = ["ALGORITHM", "DEFAULT", "OBJECTIVES", "Options", "finish", "options_of",
           "ranked", "solve", "valued"]

ALGORITHM = "exact-discard"
OBJECTIVES = ("odds", "points")
TIE = 1e-5
"""The solitaire's chance of 91 breaks its near ties by the deal's expected points: a
point more is worth this much chance (far below the table's own noise)."""


@dataclass(frozen=True)
class Options:
    """What a hint ranks by; the search is exact, so the budget changes nothing."""

    samples: int = 1
    min_samples: int = 1
    nodes: int | None = None
    time_ms: float | None = None
    z: float = 3.0
    tolerance: float = 0.0
    objective: str = "odds"
    """``odds``: the game's value (the chance of 91, of winning); ``points``: the deal's
    expected points."""

    def with_budget(self, samples: int | None = None, time_ms: float | None = None) -> Options:
        del samples, time_ms  # one exact row serves every budget
        return self


DEFAULT = Options()


def options_of(objective: str) -> Options:
    if objective not in OBJECTIVES:
        raise ValueError(f"objective: one of {', '.join(OBJECTIVES)}")
    return replace(DEFAULT, objective=objective)


@functools.lru_cache(maxsize=64)
def _discards(hand: tuple[int, ...], unseen: tuple[int, ...]) -> tuple[Discard, ...]:
    return tuple(discards(hand, unseen))


def ranked(view: View) -> tuple[Discard, ...]:
    """Every discard of the view's six, in the engine's order of its legal moves."""
    return _discards(tuple(sorted((*view.hand, *view.laid))), tuple(view.unseen()))


def _convolve(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    out: dict[int, float] = {}
    for i, p in a.items():
        for j, q in b.items():
            out[i + j] = out.get(i + j, 0.0) + p * q
    return out


@functools.cache
def _to_come(first: int) -> dict[int, float]:
    """The points of deals ``first`` to 6 and of the last hand, under the greedy discard
    (the table's marginals, independent)."""
    table = odds()
    out = {0: 1.0}
    for deal in range(first, DEALS + 2):
        out = _convolve(out, table.deal_points[deal])
    return out


def _below(dist: dict[int, float]) -> Callable[[int], float]:
    """``y`` -> the chance that a total of ``dist`` is below ``y``."""
    top = max(dist) + 1
    cum = [0.0] * (top + 1)
    for y in range(1, top + 1):
        cum[y] = cum[y - 1] + dist.get(y - 1, 0.0)
    return lambda y: 0.0 if y <= 0 else cum[min(y, top)]


@functools.cache
def _margin(deal: int) -> dict[int, float]:
    """The partners' model (SC23): a seat's points after deal ``deal`` with its partner's
    from deal ``deal`` on, less both adversaries' from deal ``deal`` on."""
    theirs = _to_come(deal)
    against = {-k: p for k, p in _convolve(theirs, theirs).items()}
    return _convolve(_convolve(_to_come(deal + 1), theirs), against)


@functools.lru_cache(maxsize=64)
def _win_after(variant: str, player: int, holes: tuple[int, ...], deal: int
               ) -> Callable[[int], float]:
    """``k`` -> a competition's chance of winning when the seat scores ``k`` in this deal
    (SC20-SC23 as the model has them: the most holes at the end of the pass win, a tie
    none), everything else drawn from the greedy discard's marginals."""
    if variant == PARTNERS:
        side = next(t for t in TEAMS if player in t)
        ahead = sum(holes[s] for s in side) - sum(holes[s] for s in range(len(holes))
                                                   if s not in side)
        margin = sorted(_margin(deal).items())
        return functools.cache(lambda k: sum(p for z, p in margin if ahead + k + z > 0))
    below = _below(_to_come(deal))
    rest = sorted(_to_come(deal + 1).items())
    others = [holes[s] for s in range(len(holes)) if s != player]

    def chance(k: int) -> float:
        total = 0.0
        for z, p in rest:
            y = holes[player] + k + z
            won = p
            for h in others:
                won *= below(y - h)
            total += won
        return total

    return functools.cache(chance)


def _win(view: View, hist: dict[int, float]) -> float:
    """A competition's chance of winning with this deal's points ``hist``."""
    after = _win_after(view.variant, view.player, view.holes, view.deal)
    return sum(p * after(k) for k, p in hist.items())


def valued(view: View, discard: Discard, objective: str) -> float:
    """The value of ``discard`` for the view's seat under ``objective``."""
    if objective == "points":
        return discard.expected
    if view.seats == 1:
        table, holes, after = odds(), view.holes[0], view.deal + 1
        if view.deal == DEALS:  # the last hand's four are among the six unseen: exact
            rest = last_deal(discard.laid, discard.kept, view.unseen())
            chance = sum(p for k, p in rest.items() if holes + k >= GAME_HOLE)
        else:
            chance = sum(p * table.reach(after, holes + k)
                         for k, p in discard.histogram.items())
        return chance + TIE * discard.expected
    return _win(view, discard.histogram)


def solve(view: View, options: Options = DEFAULT, seed: int = 0, start: int = 0,
          stop: int | None = None, early: bool = True, progress: Progress = None) -> Tally:
    """One exact row: each legal discard's value (the position's, once laid away)."""
    del seed, early
    if not isinstance(view, View):
        raise TypeError(f"the solver takes a seat's View, not {type(view).__name__} (SC24)")
    began = time.perf_counter()
    if view.game_over:
        return Tally([])
    moves = view.legal_moves()
    tally = Tally([m.id for m in moves] or [POSITION])
    if start > 0 or (stop is not None and stop <= start):
        return tally
    options_ = options if isinstance(options, Options) else DEFAULT
    every = ranked(view)
    if moves:
        row = [valued(view, d, options_.objective) for d in every]
    else:
        laid = next(d for d in every if d.laid == view.laid)
        row = [valued(view, laid, options_.objective)]
    tally.add(0, row)
    tally.nodes = len(every)
    tally.elapsed_ms = (time.perf_counter() - began) * 1000
    if progress is not None:
        progress(1, 1)
    return tally


def move_entry(view: View, move: Move) -> dict[str, Any]:
    """A ranked move as a hint shows it: the move, its deal's expected points and chance
    of each total (``deal_points``)."""
    discard = next(d for d in ranked(view) if d.laid == move.cards)
    return {**move.to_dict(), "description": move.text(),
            "deal_points": round(discard.expected, 3)}


def finish(view: View, tally: Tally, seed: int = 0, top: int | None = None,
           with_moves: bool = True, options: Any = None) -> dict[str, Any]:
    """The answer (docs/api.md "Hints"): the discards ranked by the chance of 91 (of
    winning), each with its ``deal_points``; ``solver.exact`` true."""
    del options
    meta = solver_meta(ALGORITHM, tally, seed)
    meta["exact"] = True
    value = value_at(view)
    if not tally.samples:
        equity = value.of_result(view.result, view.player)
        return answer(view.player, [], {"equity": equity, "stderr": 0.0,
                                        "expected_points": value.expected(equity, view.player)},
                      meta, with_moves=with_moves)
    return ranked_answer(view.player, tally, rank(tally), view.legal_moves,
                         lambda move: move_entry(view, move),
                         lambda equity: value.expected(equity, view.player), meta, top=top,
                         with_moves=with_moves)


def best(view: View, objective: str) -> Move:
    """The discard ``objective`` ranks first (the engine's first among equals)."""
    moves = view.legal_moves()
    row = [valued(view, d, objective) for d in ranked(view)]
    top = max(range(len(row)), key=lambda i: (row[i], -i))
    return moves[top]


def deal_points(view: View, moves: Sequence[Move]) -> dict[Move, float]:
    """Each of ``moves``' expected points in this deal."""
    by = {d.laid: d.expected for d in ranked(view)}
    return {m: by[m.cards] for m in moves}
