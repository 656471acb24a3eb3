"""Patience Poker's arena (docs/solver.md "Patience Poker"): bots play seeded solitaire
tableaus of each counting system, and the figures the book says nobody had are counted.

    python -m solver.patience_poker.arena greedy solver --deals 200 --jobs 2
    python -m solver.patience_poker.arena random --deals 10000 --variant poker-squares

Deal ``i`` is seed ``seed + i``: every bot meets the same cards, so the bots' difference is
paired.  Reported per bot and variant: the mean count with its standard error (and the
paired difference with the first bot), the share of the ten hands that were each hand of
PP11 (the frequencies of play), and the expected number of tableaus to reach 500 (PP14),
drawn from the measured counts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.patience_poker import CATEGORIES, VARIANTS, deal
from engine.patience_poker.hands import category
from solver.arena import mean_se, run_sets
from solver.patience_poker.bots import make_bot

__all__ = ["main", "play_deal", "run", "tableaus_to"]

GOAL = 500
"""PP14: the solitaire player's grand total."""


def play_deal(task: tuple[str, str, int]) -> tuple[int, list[int], float]:
    """One tableau of ``variant`` dealt from ``seed`` played by the bot ``spec``: its count,
    each hand's category (PP11) and the seconds it thought."""
    variant, spec, seed = task
    state = deal(seed, variant, 1, 0)
    bot = make_bot(spec, seed)
    think = 0.0
    while not state.game_over:
        began = time.perf_counter()
        move = bot.choose(state.view(0))
        think += time.perf_counter() - began
        state = state.apply(move)[0]
    called, cells = state.called, state.tableaus[0]
    width = state.geometry.width
    rows: dict[int, list[int]] = {}
    cols: dict[int, list[int]] = {}
    for card, cell in zip(called, cells, strict=True):
        rows.setdefault(cell // width, []).append(card)
        cols.setdefault(cell % width, []).append(card)
    hands = [category(line) for line in (*rows.values(), *cols.values())]
    return state.scores[0], hands, think


def tableaus_to(scores: Sequence[int], goal: int = GOAL, draws: int = 20_000,
                seed: int = 1) -> tuple[float, float]:
    """The expected number of tableaus whose counts first add up to ``goal`` (PP14), with
    its standard error: tableaus drawn from the measured ``scores`` (a bootstrap)."""
    rng = random.Random(seed)
    if not any(scores):
        return float("inf"), 0.0
    counts = []
    for _ in range(draws):
        total, n = 0, 0
        while total < goal:
            total += rng.choice(scores)
            n += 1
        counts.append(float(n))
    return mean_se(counts)


def run(variant: str, specs: Sequence[str], deals: int, seed: int = 1,
        jobs: int = 1) -> dict[str, Any]:
    """Every bot of ``specs`` on deals ``seed`` .. ``seed + deals - 1`` of ``variant``."""
    out: dict[str, Any] = {"variant": variant, "deals": deals, "seed": seed, "bots": {}}
    first: list[int] = []
    for spec in specs:
        results = run_sets(play_deal, [(variant, spec, seed + i) for i in range(deals)],
                           jobs=jobs)
        scores = [r[0] for r in results]
        hands = Counter(c for r in results for c in r[1])
        mean, se = mean_se([float(s) for s in scores])
        to_goal, to_se = tableaus_to(scores)
        entry: dict[str, Any] = {
            "mean": round(mean, 2), "se": round(se, 2),
            "hands": {CATEGORIES[c]: round(hands[c] / (10 * deals), 4)
                      for c in range(len(CATEGORIES))},
            "tableaus_to_500": round(to_goal, 2), "tableaus_to_500_se": round(to_se, 3),
            "ms_per_move": round(1000 * sum(r[2] for r in results) / (deals * 25), 2)}
        if first:
            diff = mean_se([float(a - b) for a, b in zip(scores, first, strict=True)])
            entry["vs_first"] = {"mean": round(diff[0], 2), "se": round(diff[1], 2)}
        else:
            first = scores
        out["bots"][spec] = entry
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m solver.patience_poker.arena",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("bots", nargs="+", help="random, greedy, solver, solver:SAMPLES")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--variant", action="append", choices=VARIANTS,
                        help="a counting system (every one by default)")
    args = parser.parse_args(argv)
    for variant in args.variant or VARIANTS:
        json.dump(run(variant, args.bots, args.deals, args.seed, args.jobs), sys.stdout)
        sys.stdout.write("\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
