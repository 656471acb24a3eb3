"""Conquian engine benchmark: legal moves of random mid-hand positions per second, and
whole random hands per second, on one core.

Run with ``python bench/conquian_bench.py [--positions N] [--seconds S] [--seed K]``.
Positions are taken from hands played by a melding-biased random policy (a meld, a lay or
a force four times in five when one is legal), with 5 to 15 cards left in the stock, so
that melds, fours and long runs (borrowing, forcing) are on the table.  The target is
under 1 ms per position (docs/rules/conquian.md Q6-Q17).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from engine.conquian import State, advance, new_game


def biased_move(state: State, rng: random.Random) -> int:
    moves = state.legal_moves()
    melding = [i for i, m in enumerate(moves) if m.type in ("take", "lay", "force")]
    if melding and rng.random() < 0.8:
        return rng.choice(melding)
    return rng.randrange(len(moves))


def mid_hand_positions(count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    out: list[State] = []
    deal_seed = seed
    while len(out) < count:
        state = new_game(deal_seed)
        deal_seed += 1
        while not state.game_over:
            if 5 <= len(state.stock) <= 15 and rng.random() < 0.3:
                out.append(state)
            moves = state.legal_moves()
            state = advance(state, moves[biased_move(state, rng)]).state
    return out[:count]


def bench_moves(positions: list[State], seconds: float) -> tuple[float, float, float]:
    """Positions per second (best of the runs), mean moves per position, and the median
    time of one position in microseconds."""
    rates = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or not rates:
        start = time.perf_counter()
        for state in positions:
            state.legal_moves()
        rates.append(len(positions) / (time.perf_counter() - start))
    singles = []
    for state in positions:
        start = time.perf_counter()
        state.legal_moves()
        singles.append(time.perf_counter() - start)
    mean_moves = statistics.fmean(len(s.legal_moves()) for s in positions)
    return max(rates), mean_moves, statistics.median(singles) * 1e6


def bench_hands(seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(seed + hands)
        while not state.game_over:
            state = advance(state, rng.choice(state.legal_moves())).state
        hands += 1
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    positions = mid_hand_positions(args.positions, args.seed)
    rate, mean_moves, median_us = bench_moves(positions, args.seconds)
    print(f"legal moves: {rate:,.0f} positions/s ({1e6 / rate:.1f} us each, median "
          f"{median_us:.1f} us), {mean_moves:.1f} moves per position, "
          f"{len(positions)} mid-hand positions")
    busy = [s for s in positions if len(s.legal_moves()) >= 8]
    if busy:
        rate, mean_moves, median_us = bench_moves(busy, args.seconds)
        print(f"  of which {len(busy)} with 8 moves or more: {1e6 / rate:.1f} us each, "
              f"{mean_moves:.1f} moves per position")
    print(f"random hands: {bench_hands(args.seconds, args.seed):,.1f} hands/s "
          "(deal, legal moves and apply of every move to the end)")


if __name__ == "__main__":
    main()
