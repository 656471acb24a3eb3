"""Paired A/B of two N-seat seatings on the same deals (docs/solver.md "N seats").

Plays sets ``0 .. sets-1`` of ``seed`` in every rotation with seating A and with seating B
(:func:`solver.cassino.arena.play_rotations`: the same deals), and prints the first bot's margin
(its points per round less the others' mean) under each, and the paired difference A - B
per set, mean ± standard error.  Usage::

    python bench/seats_ab.py --variant three-hand --a solver:seat_model=0.25,greedy,greedy \
        --b solver,greedy,greedy --sets 60 --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from solver.cassino.arena import RotationSet, _mean_se, _run_rotations, split_seats


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variant", default="three-hand")
    parser.add_argument("--a", required=True, help="seating A, comma-separated")
    parser.add_argument("--b", required=True, help="seating B, comma-separated")
    parser.add_argument("--sets", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    a, b = split_seats(args.a), split_seats(args.b)
    tasks = [(i, args.seed, specs, args.rounds, args.variant)
             for i in range(args.sets) for specs in (a, b)]
    began = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results: list[RotationSet] = pool.map(_run_rotations, tasks, chunksize=1)
    else:
        results = [_run_rotations(t) for t in tasks]
    ma = [results[2 * i].margin(a) for i in range(args.sets)]
    mb = [results[2 * i + 1].margin(b) for i in range(args.sets)]
    pairs = [(x, y) for x, y in zip(ma, mb, strict=True) if x is not None and y is not None]
    out = {"variant": args.variant, "a": args.a, "b": args.b, "sets": args.sets,
           "seed": args.seed, "rounds": args.rounds,
           "margin_a": _mean_se([x for x, _ in pairs]),
           "margin_b": _mean_se([y for _, y in pairs]),
           "paired_a_minus_b": _mean_se([x - y for x, y in pairs]),
           "seconds": round(time.perf_counter() - began)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
