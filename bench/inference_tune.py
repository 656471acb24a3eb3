"""Tune the opponent model of the inference worlds offline (issue 14).

    python bench/inference_tune.py --games 30 --seed 5000

A search-free proxy for how much a source of worlds knows: on positions where the
opponent has moved in this batch (the heuristic bot to move, against greedy, heuristic
or the solver), the mean share of the opponent's true hand that a world's hand holds,
over 16 worlds per position.  Uniform worlds, the greedy oracle posterior
(:class:`solver.cassino.PolicyWorlds`) and :class:`solver.cassino.SoftWorlds` at a grid
of temperatures and mixtures are compared on the same positions and world seeds.  The
arena (bench/inference_ab.py) then measures the chosen setting on other seeds.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from engine.cassino import State, View, advance, new_game
from solver.cassino import OpponentModel, PolicyWorlds, SoftWorlds, Worlds, batch_evidence
from solver.cassino.bots import GreedyBot, HeuristicBot, make_bot

WORLDS = 16


def positions(opponent: str, games: int, seed: int) -> list[tuple[View, int]]:
    """Views of the heuristic bot (seat 0) with evidence, and the opponent's true hand."""
    out = []
    for game in range(seed, seed + games):
        state: State = new_game(game)
        deal = state.round
        bots = (HeuristicBot(), make_bot(opponent, game))
        while state.round == deal and state.status == "playing":
            view = state.view(state.to_move)
            if state.to_move == 0 and batch_evidence(view):
                out.append((view, state.hands[1]))
            state = advance(state, bots[state.to_move].choose(view))
    return out


def overlap(cases: list[tuple[View, int]], source: Callable[[View], Worlds]) -> float:
    total = 0.0
    for view, truth in cases:
        worlds = source(view)
        size = truth.bit_count()
        for i in range(WORLDS):
            total += (worlds.draw(7, i)[0] & truth).bit_count() / size
    return total / (len(cases) * WORLDS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--opponents", default="greedy,heuristic,solver")
    args = parser.parse_args()
    grid = [(t, m) for t in (0.1, 0.3, 1.0, 3.0) for m in (0.02, 0.1, 0.3)]
    for opponent in args.opponents.split(","):
        cases = [c for c in positions(opponent, args.games, args.seed)
                 if c[1].bit_count() and not Worlds(c[0]).exact]
        base = overlap(cases, Worlds)
        print(f"against {opponent}: {len(cases)} positions from games {args.seed}.."
              f"{args.seed + args.games - 1}; share of the true hand held by a world:")
        print(f"  uniform {base:.4f}")
        if opponent == "greedy":
            oracle = overlap(cases, lambda v: PolicyWorlds(v, GreedyBot().choose))
            print(f"  greedy oracle {oracle:.4f} ({oracle - base:+.4f})")
        for t, m in grid:
            got = overlap(cases, lambda v, t=t, m=m: SoftWorlds(v, OpponentModel(t, m)))
            print(f"  soft T={t} mixture={m}: {got:.4f} ({got - base:+.4f})")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
