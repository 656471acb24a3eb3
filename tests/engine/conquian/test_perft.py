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

# the same moves in the American pack (QD1): its 8, 9 and 10 where the Spanish has J, Q, K
AMERICAN_MID_MOVES = ["pass"] * 13 + ["take:2C=2S2D2C", "discard:9D", "pass", "pass", "pass",
                                      "pass", "take:10S=10S10H10D"]

POSITIONS = {
    "new_game(1)": (lambda: new_game(1), [2, 9, 15, 70, 169, 312, 651, 1627, 3786]),
    "new_game(7)": (lambda: new_game(7), [1, 2, 9, 13, 46, 69, 70, 93, 238]),
    "mid_hand(5)": (lambda: play(new_game(5), *MID_MOVES), [11, 28, 48, 73, 188, 394, 654]),
    # the American pack (QD1) and three at the table (QD12): a seed deals the same places
    # of the pack in both packs and the pone the same cards at two and at three seats, so
    # these counts are the Spanish two-seat ones of the same deal
    "american(9) at three": (lambda: new_game(9, "conquian-american", players=3),
                             [1, 2, 10, 24, 91, 245, 458, 1011, 2730]),
    "american mid_hand(5)": (lambda: play(new_game(5, "conquian-american"),
                                          *AMERICAN_MID_MOVES),
                             [11, 28, 48, 73, 188, 394, 654]),
    "american(8) at three": (lambda: new_game(8, "conquian-american", players=3),
                             [2, 12, 26, 44, 72, 94, 101, 118, 224]),
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


def test_the_positions_at_three_and_in_the_american_pack_are_what_they_say() -> None:
    state = play(new_game(5, "conquian-american"), *AMERICAN_MID_MOVES)
    assert (state.phase, state.to_move, len(state.stock)) == ("meld", 1, 11)
    three = new_game(9, "conquian-american", players=3)
    assert (three.seats, three.dealer, three.to_move) == (3, 2, 0)
    assert three.hands[2] == 0 and three.melds == ((), (), ())
