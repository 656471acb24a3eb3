"""A whole hand's review per game (issue 27's target: under 5 s on one core at the default
budget): ``python bench/review_bench.py [--hands N] [--seed N]``.

For every registered game whose solver reviews (``HintGame.review``) and whose engine keeps
records, and each of its playable variants at its default seats: play ``--hands`` whole
hands with the house's first bot that is not the solver (greedy where there is one) in
every seat, make each hand's record, and time the review of seat 0 at the default budget
in this process (one core: CPU seconds).  Prints, per variant, the mean and the slowest
review, the moves rated, and the mean accuracy.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.games import engine_of, game_types
from solver.games import solver_of


def hand(name: str, variant: str, seed: int) -> dict[str, object]:
    """A whole hand of the house's greedy (else random) bot in every seat, as a record."""
    engine, solver = engine_of(name), solver_of(name)
    assert solver is not None and engine.records is not None
    bots = solver.house.bots(variant)
    spec = "greedy" if "greedy" in bots else "random"
    state = engine.new_game(seed, variant, 0, None)
    players = [solver.house.make(spec, seed + seat) for seat in range(engine.seat_count(state))]
    moves = []
    while not state.game_over:
        seat = min(state.acting)
        move = players[seat].choose(state.view(seat))
        moves.append(_Played(seat, move))
        state, _ = state.apply(move)
    return engine.records.to_dict(engine.records.of_game(state, moves))


class _Played:
    def __init__(self, player: int, move: object) -> None:
        self.player, self.move = player, move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':10} {'variant':18} {'hands':>5} {'moves':>6} {'mean s':>7} {'max s':>7} "
          f"{'accuracy':>8}")
    for game in game_types():
        solver = solver_of(game.name)
        if solver is None or solver.review is None or engine_of(game.name).records is None:
            continue
        if game.unnamed:  # Cassino's whole game: bench/records_bench.py
            continue
        for info in game.variants:
            if not info.playable:
                continue
            times, rated, accuracy = [], 0, 0.0
            for i in range(args.hands):
                record = hand(game.name, info.name, args.seed + i)
                began = time.process_time()
                review = solver.review(record, 0, 0, solver.default, None)
                times.append(time.process_time() - began)
                rated += review["summary"]["moves"]
                accuracy += review["summary"]["accuracy"]
            print(f"{game.name:10} {info.name:18} {args.hands:5d} {rated:6d} "
                  f"{sum(times) / len(times):7.2f} {max(times):7.2f} "
                  f"{accuracy / args.hands:7.1f}%")


if __name__ == "__main__":
    main()
