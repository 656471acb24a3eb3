"""N-seat solver benchmark (V6 partnership, V7 three-hand): hint latency at the default budget.

Run with ``make bench-seats`` (or ``python bench/seats_bench.py [--positions N]``).  One
process, one core.  The positions are random mid-round views: game seed ``s`` of each
variant is played by uniformly random moves (``random.Random(s)``) for a random number of
plies of its first round, and the hint for the view of the seat to move is timed.
Reports p50/p95 of the latency per variant, over all positions, over positions with a
choice and over those of the last batch (the stock empty), and by cards left in the
mover's hand; and of the process's CPU time per hint (on
a machine shared with other jobs the wall-clock latency overstates the one-core figure).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

import solver
from engine import new_game
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
    parser.add_argument("--positions", type=int, default=100,
                        help="views per variant (default 100)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--variant", action="append", default=None,
                        help="three-hand, partnership (default both)")
    parser.add_argument("--search", default=None, help="three-hand's search: paranoid, maxn")
    parser.add_argument("--seat-nodes", type=int, default=None, help="override the budget")
    parser.add_argument("--world-nodes", type=int, default=None,
                        help="override one world's budget")
    parser.add_argument("--exact-nodes", type=int, default=None,
                        help="override the exact last batch's node limit (0: none tried)")
    args = parser.parse_args()
    options: Options = DEFAULT
    if args.seat_nodes is not None:
        options = Options(**{**options.__dict__, "seat_nodes": args.seat_nodes or None})
    if args.world_nodes is not None:
        options = Options(**{**options.__dict__, "world_nodes": args.world_nodes or None})
    if args.exact_nodes is not None:
        options = Options(**{**options.__dict__, "exact_nodes": args.exact_nodes or None})
    if args.search is not None:
        options = Options(**{**options.__dict__, "search": args.search})
    print(f"python {sys.version.split()[0]}, one core; options: {options}")
    for variant in args.variant or ["three-hand", "partnership"]:
        latencies: list[float] = []
        with_choice: list[float] = []
        last_batch: list[float] = []  # the stock empty: the exact search may run
        by_cards: dict[int, list[float]] = defaultdict(list)
        samples: list[int] = []
        cpus: list[float] = []
        for seed in range(args.first_seed, args.first_seed + args.positions):
            rng = random.Random(seed)
            state = new_game(seed, variant)
            for _ in range(rng.randrange(44)):  # a random point of the first round
                state = advance(state, rng.choice(state.legal_moves()))
            view = state.view(state.to_move)
            began, cpu = time.perf_counter(), time.process_time()
            answer = solver.hint(view, seed=seed, options=options)
            ms = (time.perf_counter() - began) * 1000
            cpus.append((time.process_time() - cpu) * 1000)
            latencies.append(ms)
            if len(answer["moves"]) > 1:
                with_choice.append(ms)
            by_cards[view.hand.bit_count()].append(ms)
            if not view.stock_size:
                last_batch.append(ms)
            samples.append(answer["solver"]["samples"])
            sys.stderr.write(f"\r{variant} {seed - args.first_seed + 1}/{args.positions}")
        sys.stderr.write("\n")
        print(f"{variant}: {len(latencies)} random mid-round views ({len(with_choice)} with a "
              f"choice); mean worlds {statistics.mean(samples):.1f}")
        for name, xs in (("all positions", latencies), ("with a choice", with_choice),
                         ("last batch", last_batch), ("CPU time, all", cpus)):
            if not xs:
                continue
            print(f"  hint latency, {name:13}: p50 {quantile(xs, .5):6.1f} ms   "
                  f"p95 {quantile(xs, .95):6.1f} ms   mean {statistics.mean(xs):6.1f} ms   "
                  f"max {max(xs):6.1f} ms")
        for cards in sorted(by_cards, reverse=True):
            xs = by_cards[cards]
            print(f"    {cards} cards in the mover's hand: n={len(xs):3d}  "
                  f"p50 {quantile(xs, .5):6.1f} ms  p95 {quantile(xs, .95):6.1f} ms")


if __name__ == "__main__":
    main()
