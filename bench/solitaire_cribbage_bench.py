"""Solitaire Cribbage's latencies on one core (docs/solver.md "Solitaire Cribbage"):
legal moves of a position read from its JSON, the exact discard (every discard's
distribution over the unseen crib cards and starter), and a hint at the default budget
(solve and finish, as a worker runs them), each p50 and p95 over the decisions of seeded
games (six a game, the packs' later deals with fewer unseen cards among them).

    python bench/solitaire_cribbage_bench.py [--games N] [--seats S] [--seed K]

Targets (issue 33): legal moves < 1 ms; the exact discard <= 50 ms; a hint p50 <= 100 ms,
p95 <= 300 ms.  The process is warmed first (the rank table built, the odds table read),
as a worker is once it has served one hint.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from engine.games import engine_of
from solver.solitaire_cribbage.bots import GreedyBot
from solver.solitaire_cribbage.entry import SOLVER
from solver.solitaire_cribbage.hints import _discards
from solver.solitaire_cribbage.scoring import discards, rank_points

ENGINE = engine_of("solitaire-cribbage")


def quantiles(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    return {"p50": round(statistics.median(xs), 3), "p95": round(xs[int(0.95 * (len(xs) - 1))], 3),
            "max": round(xs[-1], 3), "n": len(xs)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seats", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rank_points()
    legal, exact, hint = [], [], []
    bot = GreedyBot()
    for i in range(args.games):
        state = ENGINE.new_game(args.seed + i, "solitaire-cribbage", None, args.seats)
        first = True
        while not state.game_over:
            data = state.to_dict()
            began = time.perf_counter()
            read = ENGINE.read_state(data)
            read.moves_for(min(read.acting))
            legal.append((time.perf_counter() - began) * 1000)
            seat = min(state.acting)
            view = state.view(seat)
            began = time.perf_counter()
            discards(view.hand, view.unseen())
            exact.append((time.perf_counter() - began) * 1000)
            _discards.cache_clear()  # a hint from cold: no discard cached
            began = time.perf_counter()
            seen = SOLVER.read_view(view.to_dict())
            tally = SOLVER.solve(seen, SOLVER.default, 0, 0, None, True, None)
            SOLVER.finish(seen, tally, 0, None, True, SOLVER.default)
            if not first:
                hint.append((time.perf_counter() - began) * 1000)
            first = False
            state = state.apply(bot.choose(view))[0]
    out = {"games": args.games, "seats": args.seats,
           "legal_moves_ms (read the state, list the moves)": quantiles(legal),
           "exact_discard_ms (15 distributions)": quantiles(exact),
           "hint_ms (read the view, solve, finish)": quantiles(hint)}
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
