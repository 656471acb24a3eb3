"""Positions for the rummy solver's tests: hands reached by play from random seeds."""

from __future__ import annotations

import random

from engine.rummy import State, advance, new_game


def mid_hand(variant: str, seed: int, count: int) -> list[State]:
    """``count`` states of hands still being played, each after a random number of moves
    (no calls) from the deal of a seed derived from ``seed``."""
    rng = random.Random(f"rummy-positions/{variant}/{seed}")
    out: list[State] = []
    game = 0
    while len(out) < count:
        state = new_game(seed * 1000 + game, variant)
        game += 1
        for _ in range(rng.randrange(0, 14)):
            moves = [m for m in state.legal_moves() if not m.call]
            state, _ = advance(state, rng.choice(moves))
        out.append(state)
    return out
