"""What the player helpers cost: all sweep risks of a position, and one why-not answer.

    python bench/why_bench.py [--seeds 3]

For each variant, seeded random play of round 1 gives the positions; each position's
seat to move asks for the sweep risks of all its legal moves (solver/cassino/sweeps.py)
and why its lowest hand card with the lowest loose card makes what it makes
(engine/cassino/why.py).  In process, no HTTP; milliseconds per position.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from engine.cassino import State, new_game, why
from solver.cassino import sweep_risks


def positions(variant: str, seeds: range) -> list[State]:
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(seed, variant)
        while state.status == "playing" and state.round == 1:
            out.append(state)
            state = state.apply(rng.choice(state.legal_moves())).state
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    for variant in ("standard", "three-hand", "partnership"):
        found = positions(variant, range(args.seeds))
        risks, answers = [], []
        for state in found:
            view = state.view(state.to_move)
            began = time.perf_counter()
            sweep_risks(view, view.legal_moves())
            risks.append((time.perf_counter() - began) * 1000)
            card = (view.hand & -view.hand).bit_length() - 1
            began = time.perf_counter()
            why(view, card, view.loose & -view.loose)
            answers.append((time.perf_counter() - began) * 1000)
        risks.sort()
        answers.sort()
        p95 = int(0.95 * len(found))
        print(f"{variant:12} {len(found)} positions  risks p50 {statistics.median(risks):.1f} "
              f"p95 {risks[p95]:.1f} max {risks[-1]:.1f} ms  why p50 "
              f"{statistics.median(answers):.2f} p95 {answers[p95]:.2f} ms")


if __name__ == "__main__":
    main()
