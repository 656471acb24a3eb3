"""Engine benchmark: full random rounds per second and legal-move generations per second.

Run with ``make bench`` (or ``python bench/engine_bench.py [--seconds S]``).  One core,
pure Python: a round is a fresh deal played to its end by uniformly random legal moves
(legal-move generation plus apply of every move, 48 cards), as the solver's playouts do.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from engine import State, new_game
from engine.cassino.play import advance, legal_moves


def random_round(seed: int, rng: random.Random) -> int:
    """Play one round from a fresh deal to its end; returns the number of moves."""
    state = new_game(seed)
    deal = state.deal
    moves = 0
    while state.deal == deal and state.status == "playing":
        state = advance(state, rng.choice(legal_moves(state)))
        moves += 1
    return moves


def mid_game_positions(count: int, rng: random.Random) -> list[State]:
    """Positions from random rounds, taken between the second and the fifth batch."""
    positions: list[State] = []
    seed = 10_000
    while len(positions) < count:
        state = new_game(seed)
        seed += 1
        deal = state.deal
        while state.deal == deal and state.status == "playing":
            if 8 <= len(state.stock) <= 32:
                positions.append(state)
            state = advance(state, rng.choice(legal_moves(state)))
    return positions[:count]


def rate(work: int, seconds: float) -> float:
    return work / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="measurements (median reported)")
    args = parser.parse_args()

    round_rates = []
    moves_per_round = []
    for r in range(args.repeat):
        rng = random.Random(r)
        rounds = moves = 0
        start = time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            moves += random_round(rounds + 1000 * r, rng)
            rounds += 1
        round_rates.append(rate(rounds, time.perf_counter() - start))
        moves_per_round.append(moves / rounds)

    positions = mid_game_positions(5_000, random.Random(99))
    sizes = [len(legal_moves(p)) for p in positions]
    gen_rates = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        generated = 0
        while time.perf_counter() - start < args.seconds:
            for p in positions:
                legal_moves(p)
            generated += len(positions)
        gen_rates.append(rate(generated, time.perf_counter() - start))

    print(f"python {sys.version.split()[0]}, one core")
    print(f"full random rounds per second:      {statistics.median(round_rates):10,.0f}"
          f"   (runs: {', '.join(f'{x:,.0f}' for x in round_rates)};"
          f" {statistics.mean(moves_per_round):.1f} moves per round)")
    print(f"legal-move generations per second:  {statistics.median(gen_rates):10,.0f}"
          f"   (mid-game positions: {len(positions)}, mean {statistics.mean(sizes):.1f} moves"
          f" each)")


if __name__ == "__main__":
    main()
