"""The engine's legal moves against the independent reference (reference.py) on random
positions of both variants; perft counts from seeded deals, pinned (computed by the
engine after checking that the reference gives the same)."""

from __future__ import annotations

import random

import pytest

from engine.canfield import State, deal
from tests.engine.canfield.helpers import ids
from tests.engine.canfield.reference import legal


@pytest.mark.parametrize("variant", ["canfield", "canfield-classic"])
def test_the_engine_lists_what_the_reference_lists(variant: str) -> None:
    positions = 0
    for seed in range(40):
        state = deal(seed, variant)
        rng = random.Random(seed)
        while not state.game_over:
            moves = state.legal_moves()
            assert set(ids(state)) == legal(state.to_dict()), (seed, state.to_dict())
            assert {m.id for m in state.view(0).legal_moves()} == {m.id for m in moves}
            positions += 1
            state = state.apply(rng.choice([m for m in moves if m.word != "stop"] or moves))[0]
    assert positions > 1000


def perft(state: State, depth: int) -> int:
    if depth == 0 or state.game_over:
        return 1
    return sum(perft(state.apply(m)[0], depth - 1) for m in state.legal_moves())


def reference_perft(state: State, depth: int) -> int:
    if depth == 0 or state.game_over:
        return 1
    moves = [m for m in state.legal_moves()]
    assert set(ids(state)) == legal(state.to_dict())
    return sum(reference_perft(state.apply(m)[0], depth - 1) for m in moves)


PERFT = {("canfield", 1): [1, 2, 2, 2, 2, 3], ("canfield", 7): [3, 8, 24, 69, 185, 410],
         ("canfield-classic", 3): [2, 3, 4, 5, 6, 8]}


@pytest.mark.parametrize("key", sorted(PERFT))
def test_perft(key: tuple[str, int]) -> None:
    state = deal(key[1], key[0])
    counts = [perft(state, d) for d in range(1, 7)]
    assert counts == PERFT[key]
    assert reference_perft(state, 3) == counts[2]
