"""Canfield's arena (docs/solver.md "Canfield"): each bot plays the same seeded deals from
its view only; per bot the mean foundation cards, the share reaching eleven (the bet won),
the share played out, and the mean net dollars, each with its standard error.

    python -m solver.canfield.arena random greedy solver --deals 200
"""

from __future__ import annotations

import argparse
import json
import sys
from math import sqrt

from engine.canfield import deal
from solver.canfield.bots import make_bot

__all__ = ["main", "play_deals"]


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return round(mean, 3), round(sqrt(var / n), 3)


def play_deals(spec: str, variant: str, deals: int, seed: int) -> list[int]:
    """The foundation cards ``spec`` ends each deal with."""
    out = []
    for d in range(deals):
        bot, state = make_bot(spec, seed * 1000 + d), deal(seed * 100_000 + d, variant)
        while not state.game_over:
            state = state.apply(bot.choose(state.view(0)))[0]
        out.append(state.score)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bots", nargs="+")
    parser.add_argument("--variant", default="canfield")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for spec in args.bots:
        cards = play_deals(spec, args.variant, args.deals, args.seed)
        print(json.dumps({"bot": spec, "variant": args.variant, "deals": args.deals,
                          "cards": _mean_se([float(c) for c in cards]),
                          "eleven": _mean_se([float(c >= 11) for c in cards]),
                          "won": _mean_se([float(c == 52) for c in cards]),
                          "dollars": _mean_se([5.0 * c - 52 for c in cards])}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
