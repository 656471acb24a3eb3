"""Patience Poker's latency (docs/solver.md "Patience Poker"): the legal places of every
position of seeded games (CPU microseconds), and a hint at the default budget (CPU ms, p50
and p95), per variant, on one core.

    python bench/patience_poker_bench.py --games 4
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from engine.patience_poker import VARIANTS, deal
from solver.patience_poker.search import DEFAULT, finish, solve


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-hints", dest="hints", action="store_false",
                        help="time the legal places only")
    args = parser.parse_args()
    for variant in VARIANTS:
        legal, hints = [], []
        for g in range(args.games):
            state = deal(args.seed + g, variant, 1, 0)
            rng = random.Random(args.seed + g)
            while not state.game_over:
                began = time.process_time()
                moves = state.moves_for(0)
                legal.append((time.process_time() - began) * 1e6)
                view = state.view(0)
                if args.hints:
                    began = time.process_time()
                    finish(view, solve(view, DEFAULT, 0), 0, None, True, DEFAULT)
                    hints.append((time.process_time() - began) * 1000)
                state = state.apply(rng.choice(moves))[0]
        out = {"variant": variant, "positions": len(legal),
               "legal_us_p50": round(statistics.median(legal), 1),
               "legal_us_max": round(max(legal), 1)}
        if hints:
            out |= {"hint_ms_p50": round(statistics.median(hints), 1),
                    "hint_ms_p95": round(_pct(hints, 0.95), 1),
                    "hint_ms_max": round(max(hints), 1)}
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
