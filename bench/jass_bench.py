"""Jass's benchmarks (docs/solver.md "Jass"), on one core:

    python bench/jass_bench.py [--games 10]

1. legal moves: the slowest ``moves_for`` over every position of whole deals of each
   variant (the rule bot at every seat);
2. hints at the default budget: p50 and p95 of the CPU time of ``solve`` + ``finish`` over
   every position of seat 0 in deals of the solver against rule bots;
3. the exact two-hand endgame: the CPU time of the exact search (solver/jass/endgame.py)
   of a position with the stock gone and a trick to lead, at 5, 7 and 9 cards a hand.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.jass import new_game
from solver.jass.bots import Rule
from solver.jass.endgame import Endgame
from solver.jass.entry import SOLVER, make_bot
from solver.jass.playout import Deal

VARIANTS = ("jass", "three-hand-jass", "two-hand-jass")


def legal_moves(games: int) -> None:
    for variant in VARIANTS:
        worst, positions = 0.0, 0
        for g in range(games):
            state = new_game(g, variant)
            bot = Rule()
            while not state.game_over:
                began = time.process_time_ns()
                state.moves_for(state.turn)
                worst = max(worst, (time.process_time_ns() - began) / 1e6)
                positions += 1
                state = state.apply(bot.choose(state.view(state.turn)))[0]
        print(f"legal moves, {variant}: slowest of {positions} positions {worst:.3f} ms")


def hints(games: int) -> None:
    for variant in VARIANTS:
        times: list[float] = []
        for g in range(games):
            state = new_game(100 + g, variant)
            bots = [make_bot("solver" if s == 0 else "rule", s) for s in range(state.seats)]
            while not state.game_over:
                view = state.view(state.turn)
                if state.turn == 0 and len(view.legal_moves()) > 1:
                    began = time.process_time()
                    tally = SOLVER.solve(view, SOLVER.default, g, 0, None, True, None)
                    SOLVER.finish(view, tally, g, None, True, None)
                    times.append((time.process_time() - began) * 1000)
                state = state.apply(bots[state.turn].choose(view))[0]
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"hint, {variant}: p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
              f"max {times[-1]:.1f} ms over {len(times)} positions")


def endgame(games: int) -> None:
    for size in (5, 7, 9):
        times = []
        for g in range(games):
            state = new_game(200 + g, "two-hand-jass")
            bot = Rule()
            while not state.game_over and (state.stock or state.phase != "play" or max(
                    h.bit_count() for h in state.hands) > size or state.trick):
                state = state.apply(bot.choose(state.view(state.turn)))[0]
            if state.game_over:
                continue
            deal, me = Deal.of(state), state.turn
            began = time.process_time()
            Endgame(state.trump).value(deal.hands[me], deal.hands[1 - me])
            times.append((time.process_time() - began) * 1000)
        times.sort()
        print(f"exact two-hand endgame, {size} cards each: p50 {statistics.median(times):.1f} "
              f"ms, max {times[-1]:.1f} ms over {len(times)} positions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    legal_moves(args.games)
    hints(args.games)
    endgame(args.games)


if __name__ == "__main__":
    main()
