"""Rummy benchmark: legal moves of mid-hand positions per second, on one core.

Run with ``python bench/rummy_bench.py [--seconds S] [--variant poker-rum]`` from the
repository's root.  Positions are taken from hands played by a least-deadwood player, in
the discard phase (eleven cards in hand: Poker Rum's moves need the least deadwood after
each discard, RM14; the draw phase is two moves and costs nothing); the figure is
legal-move lists per second, and the mean time of one list.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.rummy import State, advance, deadwood_after_discards, new_game


def mid_hand_positions(variant: str, count: int, rng: random.Random) -> list[State]:
    """Discard-phase positions between the 3rd and the 15th turn of hands of 2-4 players
    (in double-pack rum the player lays out or adds whenever he can, then discards)."""
    positions: list[State] = []
    seed = 10_000
    while len(positions) < count:
        state = new_game(seed, variant, 2 + seed % 3)
        seed += 1
        turn = 0
        while not state.game_over and turn < 15:
            if state.phase == "discard" and state.rules.lay_out:
                moves = state.legal_moves()
                lay = [m for m in moves if m.type != "discard"]
                if not lay:
                    turn += 1
                if turn >= 3:
                    positions.append(state)
                move = rng.choice(lay or moves)
            elif state.phase == "discard":
                turn += 1
                if turn >= 3:
                    positions.append(state)
                after = deadwood_after_discards(state.hands[state.to_move])
                moves = [m for m in state.legal_moves() if not m.call]
                move = min(moves, key=lambda m: (after[m.card or 0], rng.random()))
            else:
                move = rng.choice(state.legal_moves())
            state = advance(state, move)[0]
    return positions[:count]


def measure(positions: list[State], seconds: float) -> tuple[int, float]:
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in positions:
            state.legal_moves()
        done += len(positions)
    return done, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--variant", default="poker-rum")
    args = parser.parse_args()
    positions = mid_hand_positions(args.variant, 500, random.Random(1))
    done, elapsed = measure(positions, args.seconds)
    print(f"{args.variant}: {done / elapsed:,.0f} legal-move lists/s of discard-phase "
          f"positions, {elapsed / done * 1e6:.0f} us each ({done} in {elapsed:.1f} s, "
          f"{len(positions)} positions)")


if __name__ == "__main__":
    main()
