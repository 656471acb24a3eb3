"""Solitaire Cribbage's arena (docs/solver.md "Solitaire Cribbage").

    python -m solver.solitaire_cribbage.arena solver greedy random --deals 1000
    python -m solver.solitaire_cribbage.arena solver greedy --match --deals 200

The solitaire: every bot plays the same seeded packs alone (game seed ``seed + i``), and
the arena reports each bot's chance of reaching 91 in the pass (SC11) and its mean holes,
with standard errors, and each bot's difference from the first, paired deal by deal (the
same cards: a discard never changes the cards to come).  ``--match``: the first two bots
head to head at two seats, each game twice with the packs swapped, the first bot's games
won and settled (SC20-SC22, SCD7) per game with standard errors."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from engine.games import engine_of
from solver import arena
from solver.arena import mean_se
from solver.solitaire_cribbage.bots import BOTS, make_bot

__all__ = ["main", "match", "solitaire"]

_ENGINE = engine_of("solitaire-cribbage")


def _alone(task: tuple[tuple[str, ...], int]) -> list[tuple[int, int, float, int]]:
    """One seeded pack played by each bot: (reached 91, holes, thinking seconds, moves)."""
    specs, seed = task
    out = []
    for spec in specs:
        played = arena.play(_ENGINE.new_game(seed, "solitaire-cribbage"), [make_bot(spec, seed)])
        holes = played.state.table.holes[0]
        out.append((int(holes >= 91), holes, played.think[0], played.moves))
    return out


def solitaire(specs: Sequence[str], deals: int, seed: int = 1, jobs: int = 1,
              quiet: bool = False) -> dict[str, Any]:
    """Every bot on packs ``seed`` .. ``seed + deals - 1``."""
    tasks = [(tuple(specs), seed + i) for i in range(deals)]

    def shown(results: list[list[tuple[int, int, float, int]]]) -> str:
        return " ".join(f"{s}={sum(r[k][0] for r in results) / len(results):.3f}"
                        for k, s in enumerate(specs))

    results = arena.run_sets(_alone, tasks, jobs, None if quiet else shown, "packs")
    out: dict[str, Any] = {"deals": deals, "seed": seed, "bots": {}}
    for k, spec in enumerate(specs):
        reached = [r[k][0] for r in results]
        holes = [r[k][1] for r in results]
        p, p_se = mean_se(reached)
        h, h_se = mean_se(holes)
        think = sum(r[k][2] for r in results) / max(1, sum(r[k][3] for r in results))
        entry = {"reach_91": round(p, 4), "reach_91_se": round(p_se, 4),
                 "holes": round(h, 2), "holes_se": round(h_se, 2),
                 "ms_per_discard": round(think * 1000, 1)}
        if k:
            d, d_se = mean_se([r[k][0] - r[0][0] for r in results])
            entry.update({f"reach_91_minus_{specs[0]}": round(d, 4),
                          "paired_se": round(d_se, 4)})
        out["bots"][spec] = entry
    return out


def _pair(task: tuple[str, str, int]) -> tuple[list[int], list[int]]:
    a, b, seed = task
    won, games = [], []
    for first in (0, 1):
        specs = (a, b) if first == 0 else (b, a)
        bots = [make_bot(s, seed + 1000 * i) for i, s in enumerate(specs)]
        state = arena.play(_ENGINE.new_game(seed, "solitaire-cribbage", None, 2), bots).state
        won.append(int(first in state.result.winners))
        games.append(state.table.games()[first])
    return won, games


def match(a: str, b: str, pairs: int, seed: int = 1, jobs: int = 1,
          quiet: bool = False) -> dict[str, Any]:
    """``a`` against ``b`` at two seats, each game twice with the packs swapped."""
    results = arena.run_sets(_pair, [(a, b, seed + i) for i in range(pairs)], jobs,
                             None if quiet else (lambda r: f"{len(r)} pairs"), "pairs")
    won = [w for r in results for w in r[0]]
    games = [sum(r[1]) / 2 for r in results]
    p, p_se = mean_se(won)
    g, g_se = mean_se(games)
    return {"pairs": pairs, "seed": seed, "a": a, "b": b, "a_won": round(p, 4),
            "a_won_se": round(p_se, 4), "a_games_per_game": round(g, 4),
            "a_games_se": round(g_se, 4)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bots", nargs="+", choices=BOTS)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--match", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    if args.match:
        if len(args.bots) != 2:
            parser.error("--match plays two bots")
        out = match(args.bots[0], args.bots[1], args.deals, args.seed, args.jobs, args.quiet)
    else:
        out = solitaire(args.bots, args.deals, args.seed, args.jobs, args.quiet)
    out["seconds"] = round(time.perf_counter() - began, 1)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
