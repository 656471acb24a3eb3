"""I Doubt It's benchmarks (docs/solver.md "I Doubt It"), on one core:

    python bench/i_doubt_it_bench.py [--games 20] [--calibration 60] [--parts hints]

1. legal moves: the slowest ``moves_for`` over every position of whole games at 2, 4 and
   10 seats (a lazy list of C(n, 3) * 13 claims, engine/i_doubt_it/moves.py), and the time
   to list all of them;
2. hints at the default budget: p50 and p95 of the CPU time of ``solve`` + ``finish``
   over the positions of seat 0 in games of the solver against counting bots, and apart
   those of the last rounds, played out (solver/i_doubt_it/endgame.py);
3. the doubt probability's calibration: over the solver's own games at four seats, the
   solver in every seat, then against three counting bots, each claim the solver rated
   at p as a speaker (solver.i_doubt_it.model claim_true), by tenths, against how often
   such claims were true; apart, the claims counting makes impossible (rated 0 exactly).
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.i_doubt_it import new_game
from engine.i_doubt_it.state import truthful
from solver.i_doubt_it.bots import make_bot
from solver.i_doubt_it.endgame import near_limit
from solver.i_doubt_it.entry import SOLVER
from solver.i_doubt_it.model import claim_true


def legal_moves(games: int) -> None:
    for seats in (2, 4, 10):
        worst = listed = 0.0
        positions = 0
        for g in range(games):
            state = new_game(g, players=seats)
            bots = [make_bot("counting", s) for s in range(seats)]
            while not state.game_over:
                seat = min(state.acting)
                began = time.process_time_ns()
                moves = state.moves_for(seat)
                worst = max(worst, (time.process_time_ns() - began) / 1e6)
                positions += 1
                if positions % 50 == 0:
                    began = time.process_time_ns()
                    list(moves)
                    listed = max(listed, (time.process_time_ns() - began) / 1e6)
                state = state.apply(bots[seat].choose(state.view(seat)))[0]
        print(f"legal moves, {seats} seats: slowest of {positions} positions "
              f"{worst:.3f} ms (every claim listed: at most {listed:.1f} ms)")


def hints(games: int, seats: int) -> None:
    times: list[float] = []
    last: list[float] = []
    for g in range(games):
        state = new_game(100 + g, players=seats)
        bots = [make_bot("solver" if s == 0 else "counting", s) for s in range(seats)]
        while not state.game_over:
            seat = min(state.acting)
            view = state.view(seat)
            if seat == 0:
                began = time.process_time()
                tally = SOLVER.solve(view, SOLVER.default, g, 0, None, True, None)
                SOLVER.finish(view, tally, g, None, True, None)
                times.append(1000 * (time.process_time() - began))
                if near_limit(view):
                    last.append(times[-1])
            state = state.apply(bots[seat].choose(view))[0]
    for what, some in (("", times), (", the last rounds", last)):
        some.sort()
        p95 = some[int(0.95 * (len(some) - 1))]
        print(f"hints at the default budget, {seats} seats{what}, over {len(some)} positions: p50 "
              f"{statistics.median(some):.1f} ms, p95 {p95:.1f} ms, max {some[-1]:.1f} ms "
              "(CPU)")


def calibration(games: int, against: str) -> None:
    """The solver's ratings of claims against the truth: with ``against`` "solver", every
    speaker's in games of the solver in all four seats; with "counting", seat 0's, the
    solver's, in games against three counting bots (the claims it rates are theirs)."""
    bins = [[0, 0] for _ in range(10)]
    counted = [0, 0]  # the claims counting makes impossible (rated 0 exactly): rated, true
    for g in range(games):
        state = new_game(1000 + g)
        bots = [make_bot("solver" if s == 0 else against, s) for s in range(4)]
        while not state.game_over:
            seat = min(state.acting)
            view = state.view(seat)
            if state.speaker is not None and (against == "solver" or seat == 0):
                p = claim_true(view)
                tally = counted if p == 0.0 else bins[min(9, int(p * 10))]
                tally[0] += 1
                tally[1] += truthful(state.claim, state.rank)
            state = state.apply(bots[seat].choose(view))[0]
    print(f"calibration (the solver's ratings of claims, {games} games at four seats, "
          f"the others {against}):")
    print("| rated p | claims | true | share true |")
    print("| --- | --- | --- | --- |")
    print(f"| 0, counted | {counted[0]} | {counted[1]} | {counted[1] / max(1, counted[0]):.3f} |")
    for b, (n, t) in enumerate(bins):
        if n:
            print(f"| {b / 10:.1f}-{(b + 1) / 10:.1f} | {n} | {t} | {t / n:.3f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--calibration", type=int, default=40)
    parser.add_argument("--seats", default="4,6", help="the tables the hints are timed at")
    parser.add_argument("--parts", default="legal,hints,calibration",
                        help="which to run, comma-separated")
    args = parser.parse_args()
    parts = args.parts.split(",")
    if "legal" in parts:
        legal_moves(args.games)
    if "hints" in parts:
        for seats in map(int, args.seats.split(",")):
            hints(args.games, seats)
    if "calibration" in parts:
        calibration(args.calibration, "solver")
        calibration(args.calibration, "counting")


if __name__ == "__main__":
    main()
