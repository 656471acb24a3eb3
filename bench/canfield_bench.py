"""Canfield's figures (docs/solver.md "Canfield"): legal moves of any position (us), hint
latency at the default budget (CPU ms, p50/p95, one core), and the exact search of whole
deals with every card known (the share decided within the node budget, the share that can
be played out, the share that can reach eleven cards), with standard errors.

    python bench/canfield_bench.py moves --deals 50
    python bench/canfield_bench.py hints --positions 100
    python bench/canfield_bench.py exact --variant canfield --deals 500 --seconds 10
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from math import sqrt

from engine.canfield import deal
from solver.canfield import exact
from solver.canfield.hints import hint
from solver.canfield.policy import greedy_move


def share(hits: int, n: int) -> tuple[float, float]:
    p = hits / n if n else 0.0
    return round(p, 4), round(sqrt(p * (1 - p) / n) if n else 0.0, 4)


def positions(variant: str, deals: int, seed: int) -> list:
    """Positions along games half greedy, half random, of seeded deals."""
    rng, out = random.Random(seed), []
    for d in range(deals):
        state = deal(seed * 100_000 + d, variant)
        while not state.game_over:
            out.append(state)
            moves = state.legal_moves()
            move = greedy_move(state) if rng.random() < 0.5 else rng.choice(moves)
            state = state.apply(move)[0]
    return out


def bench_moves(args: argparse.Namespace) -> dict:
    times = []
    for state in positions(args.variant, args.deals, args.seed):
        began = time.process_time_ns()
        state.legal_moves()
        times.append((time.process_time_ns() - began) / 1000)
    times.sort()
    return {"positions": len(times), "p50_us": round(times[len(times) // 2], 1),
            "p99_us": round(times[int(len(times) * 0.99)], 1), "max_us": round(times[-1], 1)}


def bench_hints(args: argparse.Namespace) -> dict:
    every = positions(args.variant, max(4, args.positions // 20), args.seed)
    picked = random.Random(args.seed).sample(every, min(args.positions, len(every)))
    times = []
    for i, state in enumerate(picked):
        view = state.view(0)
        began = time.process_time()
        hint(view, seed=i)
        times.append((time.process_time() - began) * 1000)
    times.sort()
    return {"positions": len(times), "p50_ms": round(times[len(times) // 2], 1),
            "p95_ms": round(times[int(len(times) * 0.95)], 1), "max_ms": round(times[-1], 1)}


def bench_exact(args: argparse.Namespace) -> dict:
    decided = won = eleven = eleven_decided = 0
    seconds, undecided = [], []
    nodes = args.nodes or (10**12 if args.seconds else exact.NODES)
    for d in range(args.first, args.first + args.deals):
        state = deal(args.seed * 100_000 + d, args.variant)
        began = time.process_time()
        full = exact.solve_open(state, nodes, target=52, seconds=args.seconds)
        seconds.append(time.process_time() - began)
        decided += full.decided
        if not full.decided:
            undecided.append(args.seed * 100_000 + d)
        won += full.won
        if full.won:
            eleven += 1
            eleven_decided += 1
        else:
            some = exact.solve_open(state, nodes, target=11, seconds=args.seconds)
            eleven += some.won
            eleven_decided += some.decided
        if args.progress and (d + 1 - args.first) % 50 == 0:
            print(f"{d + 1}: decided {decided}, won {won}, eleven {eleven}", file=sys.stderr)
    n = args.deals
    seconds.sort()
    return {"variant": args.variant, "deals": n, "first_seed": args.seed * 100_000 + args.first,
            "nodes": nodes, "seconds": args.seconds,
            "native": exact.NATIVE is not None,
            "decided": share(decided, n), "winnable": share(won, n),
            "winnable_of_decided": share(won, decided),
            "eleven": share(eleven, n), "eleven_decided": share(eleven_decided, n),
            "p50_s": round(seconds[n // 2], 2), "p95_s": round(seconds[int(n * 0.95)], 2),
            "max_s": round(seconds[-1], 2), "undecided_seeds": undecided}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("moves", "hints", "exact"))
    parser.add_argument("--variant", default="canfield")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--nodes", type=int, default=None,
                        help="the exact search's positions a deal (each target); default "
                        "exact.NODES, or no bound with --seconds")
    parser.add_argument("--seconds", type=float, default=None,
                        help="the exact search's CPU seconds a deal (each target), native only")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0,
                        help="the first deal (deal d has the seed seed*100000+d)")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(argv)
    run = {"moves": bench_moves, "hints": bench_hints, "exact": bench_exact}[args.what]
    print(json.dumps(run(args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
