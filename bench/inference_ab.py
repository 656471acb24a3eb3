"""Paired A/B of solver bots on the same deals (issue 14, docs/solver.md "Inference").

    python bench/inference_ab.py run solver greedy --pairs 300 --seed 20000 --rounds 1 \
        --out /tmp/solver-20000.json
    python bench/inference_ab.py run inference greedy --pairs 300 --seed 20000 --rounds 1 \
        --out /tmp/inference-20000.json
    python bench/inference_ab.py compare /tmp/inference-20000.json /tmp/solver-20000.json

``run`` plays the arena's mirrored pairs (:func:`solver.cassino.arena.play_pair`: game ``seed + i``
twice, the seats swapped) and writes every pair's points per mirrored pair of rounds.
``compare`` pairs two such runs against the same opponent by pair index: both bots met
the same deals, so the difference of their margins has a paired standard error (the luck
of the deal cancels a second time).  Runs may go on side by side in separate processes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from math import sqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from solver.cassino.arena import play_pair


def mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mean, sqrt(var / n)


def run(args: argparse.Namespace) -> None:
    began = time.perf_counter()
    pairs: list[list[int]] = []
    think = [0.0, 0.0]
    moves = 0
    out: dict[str, object] = {}
    for i in range(args.pairs):
        r = play_pair(i, args.seed, (args.a, args.b), args.rounds, args.variant)
        pairs.append(r.round_pairs())
        think[0] += r.first.think[0] + r.second.think[1]
        think[1] += r.first.think[1] + r.second.think[0]
        moves += r.first.moves + r.second.moves
        flat = [float(x) for p in pairs for x in p]
        m, se = mean_se(flat)
        out = {"a": args.a, "b": args.b, "seed": args.seed, "pairs": i + 1,
               "variant": args.variant,
               "rounds": args.rounds, "round_pairs": pairs, "mean": m, "se": se,
               "ms_per_move": [1000 * t / max(1, moves // 2) for t in think],
               "seconds": time.perf_counter() - began}
        Path(args.out).write_text(json.dumps(out))  # after every pair: a run may be cut
        sys.stderr.write(f"\r{i + 1}/{args.pairs} pairs  {m:+.2f} ± {se:.2f}  "
                         f"{time.perf_counter() - began:.0f} s ")
    sys.stderr.write("\n")
    print(f"{args.a} vs {args.b}, seed {args.seed}, {args.pairs} pairs "
          f"({len(flat)} mirrored round pairs): {m:+.2f} ± {se:.2f} per mirrored pair; "
          f"{out['ms_per_move'][0]:.1f} ms per move")  # type: ignore[index]


def compare(args: argparse.Namespace) -> None:
    runs = [json.loads(Path(p).read_text()) for p in args.files]
    a, b = runs
    if (a["seed"], a["b"], a["rounds"], a.get("variant", "standard")) != (
            b["seed"], b["b"], b["rounds"], b.get("variant", "standard")):
        raise SystemExit("the runs must share seed, opponent, rounds and variant")
    n = min(len(a["round_pairs"]), len(b["round_pairs"]))  # the pairs both have played
    a["round_pairs"], b["round_pairs"] = a["round_pairs"][:n], b["round_pairs"][:n]
    diffs: list[float] = []
    for pa, pb in zip(a["round_pairs"], b["round_pairs"], strict=False):
        diffs += [float(x - y) for x, y in zip(pa, pb, strict=False)]
    for r in runs:
        flat = [float(x) for p in r["round_pairs"] for x in p]
        m, se = mean_se(flat)
        print(f"{r['a']} vs {r['b']} (seed {r['seed']}, {len(r['round_pairs'])} pairs, "
              f"{len(flat)} round pairs): {m:+.2f} ± {se:.2f}")
    m, se = mean_se(diffs)
    print(f"paired difference {a['a']} - {b['a']} over {len(diffs)} round pairs: "
          f"{m:+.2f} ± {se:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play mirrored pairs and record every pair")
    r.add_argument("a")
    r.add_argument("b")
    r.add_argument("--pairs", type=int, default=100)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--rounds", type=int, default=None)
    r.add_argument("--out", required=True)
    r.add_argument("--variant", default="standard", help="a two-seat variant (default standard)")
    c = sub.add_parser("compare", help="paired difference of two runs on the same deals")
    c.add_argument("files", nargs=2)
    args = parser.parse_args()
    (run if args.command == "run" else compare)(args)


if __name__ == "__main__":
    main()
