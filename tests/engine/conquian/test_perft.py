"""Perft: the leaves of the legal-move tree from fixed positions, pinned.  The counts were
computed by the engine after checking that the reference lister (reference.py) gives the
same at every depth; the test re-checks the reference at the cheaper depths.  The tree
crosses the turns of the stock (Q5, Q8): the stock order is part of the state."""

from __future__ import annotations

import pytest

from engine.conquian import State, advance, new_game
from tests.engine.conquian.helpers import play
from tests.engine.conquian.reference import reference_perft

# new_game(5) after 20 moves: each seat has a set down, seat 1 has just used the KS
MID_MOVES = ["pass"] * 13 + ["take:2C=2S2D2C", "discard:QD", "pass", "pass", "pass", "pass",
                             "take:KS=KSKHKD"]

POSITIONS = {
    "new_game(1)": (lambda: new_game(1), [2, 9, 15, 70, 169, 312, 651, 1627, 3786]),
    "new_game(7)": (lambda: new_game(7), [1, 2, 9, 13, 46, 69, 70, 93, 238]),
    "mid_hand(5)": (lambda: play(new_game(5), *MID_MOVES), [11, 28, 48, 73, 188, 394, 654]),
}


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(advance(state, move).state, depth - 1) for move in moves)


@pytest.mark.parametrize("name", POSITIONS)
def test_perft_counts_are_pinned(name: str) -> None:
    make, counts = POSITIONS[name]
    state = make()
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("name", POSITIONS)
def test_the_reference_gives_the_same_counts(name: str) -> None:
    make, counts = POSITIONS[name]
    state = make()
    assert [reference_perft(state, d) for d in range(1, 6)] == counts[:5]


def test_the_mid_hand_position_is_what_it_says() -> None:
    state = play(new_game(5), *MID_MOVES)
    assert (state.phase, state.to_move, len(state.stock)) == ("meld", 1, 11)
    assert [len(seat) for seat in state.melds] == [1, 1]
