"""Pinned move-sequence counts (perft) from fixed deals and a position of each variant:
any change in the moves the rules allow shows here (the deals' counts are the independent
reference's too, tests/engine/jass/reference.py, counted the same way)."""

from __future__ import annotations

import pytest

from engine.jass import State, new_game


def perft(state: State, depth: int) -> int:
    if depth == 0 or state.game_over:
        return 1
    return sum(perft(state.apply(m)[0], depth - 1) for m in state.moves_for(state.turn))


def advanced(state: State, plies: int) -> State:
    for _ in range(plies):
        state = state.apply(state.moves_for(state.turn)[-1])[0]
    return state


@pytest.mark.parametrize(("variant", "seed", "plies", "depth", "count"), [
    ("jass", 1, 0, 7, 5620),
    ("jass", 2, 5, 5, 384),
    ("three-hand-jass", 1, 0, 7, 1218),
    ("three-hand-jass", 3, 12, 5, 69),
    ("two-hand-jass", 1, 0, 3, 729),
    ("two-hand-jass", 4, 22, 6, 590),
])
def test_perft(variant: str, seed: int, plies: int, depth: int, count: int) -> None:
    assert perft(advanced(new_game(seed, variant), plies), depth) == count
