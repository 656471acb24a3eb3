"""Conquian solver benchmark: hint latency at the default budget on random mid-hand views.

Run with ``python bench/conquian_solver_bench.py [--positions N] [--seed K] [--depth D]
[--nodes N]``.  One process, one core.  Positions are views of the seat to move with a
choice to make, taken from hands played by the greedy bot against itself with a random
move one time in four (so that positions stray from greedy play), with 2 to 18 cards left
in the stock.  Each is timed once with ``solver.conquian.hint`` at the default options
(docs/solver.md "Conquian").  Targets: p50 <= 100 ms, p95 <= 300 ms.

Both the wall-clock time and the process's CPU time are reported: on a machine shared with
other jobs the CPU time is what one dedicated core would take.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from engine.conquian import State, View, new_game
from solver.conquian import DEFAULT, GreedyBot, hint


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def mid_hand_views(count: int, seed: int) -> list[View]:
    """Views of the seat to move, with a choice, from greedy hands with random slips."""
    rng = random.Random(seed)
    greedy = GreedyBot()
    candidates: list[View] = []
    game = seed * 10_000
    while len(candidates) < 4 * count:
        state: State = new_game(game)
        game += 1
        while not state.game_over:
            view = state.view(state.to_move)
            moves = view.legal_moves()
            if len(moves) > 1 and 2 <= view.stock_size <= 18:
                candidates.append(view)
            move = rng.choice(moves) if rng.random() < 0.25 else greedy.choose(view)
            state = state.apply(move).state
    return rng.sample(candidates, count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=None, help="override the horizon")
    parser.add_argument("--nodes", type=int, default=None, help="override the node budget")
    args = parser.parse_args()
    options = DEFAULT
    if args.depth is not None:
        options = replace(options, depth=args.depth)
    if args.nodes is not None:
        options = replace(options, nodes=args.nodes or None)
    views = mid_hand_views(args.positions, args.seed)
    latencies: list[float] = []
    cpu: list[float] = []
    by_phase: dict[str, list[float]] = defaultdict(list)
    samples: list[int] = []
    nodes: list[int] = []
    for i, view in enumerate(views):
        began, began_cpu = time.perf_counter(), time.process_time()
        answer = hint(view, seed=i, options=options)
        ms = (time.perf_counter() - began) * 1000
        cpu.append((time.process_time() - began_cpu) * 1000)
        latencies.append(ms)
        by_phase[view.phase].append(cpu[-1])
        samples.append(answer["solver"]["samples"])
        nodes.append(answer["solver"]["nodes"])
    print(f"options: {options}")
    print(f"{len(views)} mid-hand views with a choice (seed {args.seed}), "
          f"{statistics.fmean(samples):.1f} worlds and {statistics.fmean(nodes):,.0f} nodes "
          "on average")
    for name, xs in (("cpu", cpu), ("wall", latencies)):
        print(f"  {name}: p50 {quantile(xs, 0.5):.1f} ms, p95 {quantile(xs, 0.95):.1f} ms, "
              f"max {max(xs):.1f} ms")
    for phase, xs in sorted(by_phase.items()):
        print(f"  cpu in {phase}: {len(xs)} views, p50 {quantile(xs, 0.5):.1f} ms, "
              f"p95 {quantile(xs, 0.95):.1f} ms")


if __name__ == "__main__":
    main()
