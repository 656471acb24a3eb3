"""Canfield's arena (docs/solver.md "Canfield"): each bot plays the same seeded deals from
its view only; per bot the mean foundation cards, the share reaching eleven (the bet won),
the share played out, and the mean net dollars, each with its standard error.  ``--jobs``
plays the deals in parallel processes (each deal depends on its own seeds only, so the
figures do not change); ``--first`` starts at a later deal, for runs in pieces, and
``--scores`` writes each deal's cards, to pool the pieces.

    python -m solver.canfield.arena random greedy solver --deals 200 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from math import sqrt

from engine.canfield import deal
from solver.arena import run_sets
from solver.canfield.bots import make_bot

__all__ = ["main", "play_deals"]


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return round(mean, 3), round(sqrt(var / n), 3)


def play_deal(spec: str, variant: str, seed: int, d: int) -> int:
    """The foundation cards ``spec`` ends deal ``d`` with (the deal's seed seed*100000+d)."""
    bot, state = make_bot(spec, seed * 1000 + d), deal(seed * 100_000 + d, variant)
    while not state.game_over:
        state = state.apply(bot.choose(state.view(0)))[0]
    return state.score


def play_deals(spec: str, variant: str, deals: int, seed: int, first: int = 0,
               jobs: int = 1, progress: bool = False) -> list[int]:
    """The foundation cards ``spec`` ends each deal with."""
    shown = (lambda done: f"{spec}: {sum(done) / len(done):.2f} cards") if progress else None
    return run_sets(partial(play_deal, spec, variant, seed), range(first, first + deals),
                    jobs, shown, unit="deals")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bots", nargs="+")
    parser.add_argument("--variant", default="canfield")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0,
                        help="the first deal (deal d has the seed seed*100000+d)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--scores", help="a file to write each deal's cards to (JSON)")
    args = parser.parse_args(argv)
    every = {}
    for spec in args.bots:
        cards = play_deals(spec, args.variant, args.deals, args.seed, args.first, args.jobs,
                           args.progress)
        every[spec] = cards
        print(json.dumps({"bot": spec, "variant": args.variant, "deals": args.deals,
                          "first_seed": args.seed * 100_000 + args.first,
                          "cards": _mean_se([float(c) for c in cards]),
                          "eleven": _mean_se([float(c >= 11) for c in cards]),
                          "won": _mean_se([float(c == 52) for c in cards]),
                          "dollars": _mean_se([5.0 * c - 52 for c in cards])}))
    if args.scores:
        with open(args.scores, "w") as out:
            json.dump({"variant": args.variant, "first_seed": args.seed * 100_000 + args.first,
                       "cards": every}, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
