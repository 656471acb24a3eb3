"""Solver benchmark: hint latency at the default budget on positions from real games.

Run with ``make bench-solver`` (or ``python bench/solver_bench.py [--rounds N]``).  One
process, one core.  The positions are those of self-play rounds of the default solver
(game seeds 1..N, the first round of each): every time a player is to move, the hint
for that player's view is timed, then its best move is played.  Reports p50/p95 of the
latency over all positions, over positions with a choice, and by cards left in the batch.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

import solver
from engine import new_game
from engine.cassino.moves import parse_move_id
from engine.cassino.play import advance
from solver.cassino.core import DEFAULT, Options


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    i = min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))
    return xs[i]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=12, help="self-play rounds (default 12)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=None, help="override the budget")
    parser.add_argument("--nodes", type=int, default=None, help="override the node budget")
    parser.add_argument("--inference", action="store_true",
                        help="worlds resampled by the opponent's moves (Options.inference)")
    parser.add_argument("--opponent-model", type=float, default=None,
                        help="the opponent model's weight (Options.opponent_model)")
    parser.add_argument("--cpu", action="store_true",
                        help="time the process's CPU, not the wall clock (a loaded machine)")
    args = parser.parse_args()
    options: Options = DEFAULT
    if args.inference:
        options = Options(**{**options.__dict__, "inference": True})
    if args.opponent_model is not None:
        options = Options(**{**options.__dict__, "opponent_model": args.opponent_model})
    if args.nodes is not None:
        options = Options(**{**options.__dict__, "nodes": args.nodes or None})
    if args.samples is not None:
        options = Options(**{**options.__dict__, "samples": args.samples})

    latencies: list[float] = []
    with_choice: list[float] = []
    by_cards: dict[int, list[float]] = defaultdict(list)
    samples: list[int] = []
    clock = time.process_time if args.cpu else time.perf_counter
    for seed in range(args.first_seed, args.first_seed + args.rounds):
        state = new_game(seed)
        deal = state.deal
        while state.deal == deal and state.status == "playing":
            view = state.view(state.to_move)
            began = clock()
            answer = solver.hint(view, seed=seed, options=options)
            ms = (clock() - began) * 1000
            latencies.append(ms)
            if len(answer["moves"]) > 1:
                with_choice.append(ms)
            by_cards[state.hands[0].bit_count() + state.hands[1].bit_count()].append(ms)
            samples.append(answer["solver"]["samples"])
            state = advance(state, parse_move_id(answer["moves"][0]["move"]["id"]))
        sys.stderr.write(f"\rround {seed - args.first_seed + 1}/{args.rounds}")
    sys.stderr.write("\n")

    print(f"python {sys.version.split()[0]}, one core; options: {options}")
    print(f"positions: {len(latencies)} from {args.rounds} self-play rounds "
          f"({len(with_choice)} with a choice); mean worlds {statistics.mean(samples):.1f}")
    for name, xs in (("all positions", latencies), ("with a choice", with_choice)):
        print(f"hint latency, {name:13}: p50 {quantile(xs, .5):6.1f} ms   "
              f"p95 {quantile(xs, .95):6.1f} ms   mean {statistics.mean(xs):6.1f} ms   "
              f"max {max(xs):6.1f} ms")
    for cards in sorted(by_cards, reverse=True):
        xs = by_cards[cards]
        print(f"  {cards} cards left in the batch: n={len(xs):3d}  p50 {quantile(xs, .5):6.1f} ms"
              f"  p95 {quantile(xs, .95):6.1f} ms")


if __name__ == "__main__":
    main()
