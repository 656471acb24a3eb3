"""Rummy solver benchmark: hint latency at the default budget, on one core.

Run with ``python bench/rummy_solver_bench.py [--positions N] [--variant poker-rum]`` from
the repository's root.  Positions: for each of N hands (game seeds 1..N), a random point
of the hand played by the greedy rule for both seats (``solver.rummy.GreedyBot``), either
phase (draw or discard); the hint is asked for the seat to move.  Reports p50/p95 of the
wall-clock latency and of the process's CPU time (the machine may be shared: CPU time is
what one core spends), the mean worlds and nodes, and p50/p95 by phase.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.rummy import DISCARD, State, advance, new_game
from solver.rummy import DEFAULT, GreedyBot, Options, hint


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def positions(variant: str, count: int, seed: int, seats: int = 2) -> list[State]:
    """A random point of each of ``count`` greedy hands of ``seats`` (seeds ``seed``..)."""
    rng = random.Random(f"rummy-solver-bench/{variant}/{seed}"
                        + ("" if seats == 2 else f"/{seats}"))
    bot = GreedyBot()
    out = []
    game = seed
    while len(out) < count:
        state = new_game(game, variant, seats)
        game += 1
        line = []
        while not state.game_over:
            line.append(state)
            state, _ = advance(state, bot.choose(state.view(state.to_move)))
        out.append(rng.choice(line))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--variant", action="append", help="default: poker-rum, poker-gin")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, nargs="*", default=[2], help="2 to 6")
    parser.add_argument("--nodes", type=int, default=None, help="override the node budget")
    args = parser.parse_args()
    options: Options = DEFAULT
    if args.nodes is not None:
        options = Options(**{**options.__dict__, "nodes": args.nodes or None})
    print(f"options: {options}")
    for variant, seats in ((v, n) for v in args.variant or ["poker-rum", "poker-gin"]
                           for n in args.seats):
        wall: list[float] = []
        cpu: list[float] = []
        by_phase: dict[str, list[float]] = {"draw": [], "discard": []}
        worlds = nodes = 0
        for state in positions(variant, args.positions, args.seed, seats):
            view = state.view(state.to_move)
            began, began_cpu = time.perf_counter(), time.process_time()
            answer = hint(view, seed=args.seed, options=options)
            cpu_ms = (time.process_time() - began_cpu) * 1000
            wall.append((time.perf_counter() - began) * 1000)
            cpu.append(cpu_ms)
            by_phase["discard" if state.phase == DISCARD else "draw"].append(cpu_ms)
            worlds += answer["solver"]["samples"]
            nodes += answer["solver"]["nodes"]
        n = len(wall)
        print(f"{variant}, {seats} seats: {n} positions; wall p50 {quantile(wall, .5):.1f} ms, p95 "
              f"{quantile(wall, .95):.1f} ms; CPU p50 {quantile(cpu, .5):.1f} ms, p95 "
              f"{quantile(cpu, .95):.1f} ms; mean {worlds / n:.1f} worlds, "
              f"{nodes / n:.0f} nodes")
        for phase, xs in by_phase.items():
            print(f"  {phase}: {len(xs)} positions, CPU p50 {quantile(xs, .5):.1f} ms, "
                  f"p95 {quantile(xs, .95):.1f} ms")


if __name__ == "__main__":
    main()
