"""Hi-Lo's solver (a solitaire of the tests): a world is an order of the stock, each root
call valued by playing the game out with the greedy call, as the game's value says
(solver.value: the final score in ``hilo``, 1 for a win or 0 in ``hilo-eight``).  Where
the stock's orders are no more than the worlds asked for, world ``i`` is the ``i``-th order
and every order is searched once: the hint is then the expectation itself."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace
from math import factorial
from typing import Any

from engine.games import engine_of
from solver.bots import RandomBot
from solver.games import META, POSITION, HintGame, House, Progress
from solver.hints import Budget, search
from solver.ranking import Tally, answer, rank, ranked_answer, solver_meta
from solver.value import value_at
from tests.games.hilo.engine import PACK, Move, State, View
from tests.games.hilo.engine import rank as card_rank

__all__ = ["SOLVER", "Greedy", "Options", "greedy_call", "make_bot"]

ALGORITHM = "pimc-greedy-playout"
BOTS = ("greedy", "random")


@dataclass(frozen=True)
class Options:
    samples: int = 24
    min_samples: int = 4
    nodes: int | None = None
    time_ms: float | None = None
    z: float = 3.0
    tolerance: float = 0.01

    def with_budget(self, samples: int | None = None, time_ms: float | None = None) -> Options:
        if samples is None and time_ms is None:
            return self
        return replace(self, samples=samples or self.samples, time_ms=time_ms)


def greedy_call(view: View) -> Move:
    """High when at least as many unseen cards are higher than the current as lower."""
    current = card_rank(view.turned[-1])
    ranks = [card_rank(c) for c in view.unseen]
    higher = sum(r > current for r in ranks)
    return Move("high" if higher >= sum(r < current for r in ranks) else "low")


class Greedy:
    name = "greedy"

    def choose(self, view: View) -> Move:
        return greedy_call(view)


def make_bot(spec: str, seed: int) -> Greedy | RandomBot:
    if spec not in BOTS:
        raise ValueError(f"unknown bot {spec!r}: {', '.join(BOTS)}")
    return Greedy() if spec == "greedy" else RandomBot(seed, "hilo-random-bot")


def _playout(state: State) -> tuple[float, int]:
    """The game's value of ``state`` played to its end by the greedy call; the calls."""
    calls = 0
    while not state.game_over:
        state = state.apply(greedy_call(state.view(0)))[0]
        calls += 1
    return value_at(state).of_result(state.result, 0), calls


def _orders(view: View) -> int:
    return factorial(view.stock_size)


def solve(view: View, options: Options, seed: int, start: int = 0, stop: int | None = None,
          early: bool = True, progress: Progress = None) -> Tally:
    moves = view.legal_moves()
    tally = Tally([] if view.game_over else [m.id for m in moves] or [POSITION])
    if not tally.moves:
        return tally
    stop = options.samples if stop is None else stop
    every = _orders(view) <= stop  # each order once: the expectation itself
    if every:
        stop, early = min(stop, _orders(view)), False
        orders = list(itertools.permutations(view.unseen))

    def value(index: int) -> tuple[list[float], int, bool]:
        world = (view.with_stock(orders[index]) if every
                 else view.resample(random.Random(f"hilo/{seed}/{index}")))
        played = [_playout(world.apply(m)[0]) for m in moves]
        return [v for v, _ in played], sum(n for _, n in played), True  # to the end

    return search(tally, value, start, stop, Budget(options.nodes, options.time_ms,
                                                    options.min_samples, options.z,
                                                    options.tolerance),
                  early=early, progress=progress)


def finish(view: View, tally: Tally, seed: int, top: int | None, with_moves: bool,
           options: Any) -> dict[str, Any]:
    """The answer: equity is the expected final score, or the chance of eight (H5)."""
    del options
    meta = solver_meta(ALGORITHM, tally, seed)
    value = value_at(view)
    if not tally.samples:
        equity = value.of_result(view.result, 0)
        return answer(0, [], {"equity": equity, "stderr": 0.0,
                              "expected_points": value.expected(equity, 0)}, meta,
                      with_moves=with_moves)
    return ranked_answer(0, tally, rank(tally), view.legal_moves,
                         lambda move: ENGINE.move_json(view, move),
                         lambda equity: value.expected(equity, 0), meta, top=top,
                         with_moves=with_moves)


ENGINE = engine_of("hilo")
SOLVER: HintGame[View] = HintGame(
    name="hilo", algorithm=ALGORITHM, default=Options(), read_view=ENGINE.read_view,
    moves=lambda view: view.legal_moves(), over=lambda view: view.game_over,
    move_json=ENGINE.move_json, solve=solve, finish=finish,
    exact=lambda view: view.stock_size <= 1,
    bound=lambda view: 1.0 if view.variant != "hilo" else float(len(PACK) - 1),
    seats=lambda view: 1, house=House(bots=lambda variant: BOTS, make=make_bot), meta=META,
    stderr_when_over=True)
