"""Perft: the number of leaves of the legal-move tree, pinned from fixed positions.

The counts were computed by the engine after checking that the brute-force reference
(``tests/engine/reference.py``, docs/rules/standard.md R9-R22) gives the same numbers at every depth
pinned here; the test re-checks the reference at the cheaper depths.  Perft crosses
batch deals (R5): the stock order is part of the state.
"""

from __future__ import annotations

import pytest

import engine
from engine.cassino.play import advance
from tests.engine.reference import reference_perft

# new_game(73) after these moves: batch 3 of round 1, two plies in; builds of 2 (seat 0)
# and of 6 (seat 1) on the table, three cards in each hand.  Depth 7 crosses the deal.
MID_SEED = 73
MID_MOVES = [
    "5H+4S9H=9", "3S", "9Sx4S5H9H", "JD", "QC", "KCxKH", "8C", "10H",
    "AH+8C=9", "KS", "9CxAH8C", "QH", "8S", "AD", "QDxQC", "8D",
    "AS+AD=2", "AC+2S3S=6",
]


def mid_round() -> engine.State:
    state = engine.new_game(MID_SEED)
    for move_id in MID_MOVES:
        state = state.apply(engine.parse_move_id(move_id)).state
    return state


# new_game(1) after 44 moves: the last batch, two cards in each hand, a multiple build of 9
# (seat 1) on the table.  Depth 5 reaches the residue (R24), the scoring and the deal of
# round 2.
END_SEED = 1
END_MOVES = [
    "4C+5C=9", "KS", "9Sx4C5C", "4D", "2H", "QD", "QS", "3C", "QCxQS", "KC", "2D+3C=5",
    "2C+2H6D=10", "5Sx2D3C", "10Hx2H2C6D", "JS", "JD", "JHxJS", "AD", "9C", "7C",
    "8SxAD7C8D", "2S", "10S", "7D", "3H", "AH+4D=5", "3Dx3H", "5HxAH4D", "6H", "8H", "6S",
    "JCxJD", "8Cx2S6S", "QHxQD", "4H", "KHxKC", "9H", "10Cx4H6H", "AS", "5D",
    "3S+AS5D9H9C=9", "10Dx10S", "AC+AS3S5D8H9H9C=9", "6C",
]


def end_of_round() -> engine.State:
    state = engine.new_game(END_SEED)
    for move_id in END_MOVES:
        state = state.apply(engine.parse_move_id(move_id)).state
    return state


# new_game(0, "partnership") after 19 moves: batch 2, seat 2's partner (seat 0) owns a build
# of 9 and seat 2 may join it with its only 9 (9H), keeping none (V6.3).
PARTNER_SEED = 0
PARTNER_MOVES = [
    "2D+AC4D=7", "9D", "6C+2S=8", "AH+2S6C9D=9", "7DxAC2D4D", "KS", "8C", "9CxAH2S6C9D",
    "2H+8C=10", "KH", "QHxQS", "KCxKS", "10Hx2H8C", "JS", "4C", "6D", "JHxJS", "5D+4C=9",
    "4S+6D=10",
]


def partner_builds() -> engine.State:
    state = engine.new_game(PARTNER_SEED, "partnership")
    for move_id in PARTNER_MOVES:
        state = state.apply(engine.parse_move_id(move_id)).state
    return state


POSITIONS = {
    "new_game(1)": lambda: engine.new_game(1),
    "new_game(2)": lambda: engine.new_game(2),
    "new_game(3)": lambda: engine.new_game(3),
    "mid_round(73)": mid_round,
    "end_of_round(1)": end_of_round,
    "three-hand new_game(1)": lambda: engine.new_game(1, "three-hand"),
    "partnership new_game(1)": lambda: engine.new_game(1, "partnership"),
    "partner_builds(0)": partner_builds,
}

# Leaves at depth 1, 2, 3, ...  (verified against the reference at every depth listed).
PERFT = {
    "new_game(1)": [5, 27, 106, 452, 1421, 4294, 7660, 12352],
    "new_game(2)": [7, 52, 358, 1841, 8934, 35858, 84168],
    "new_game(3)": [5, 36, 143, 639, 1828, 5828, 9168, 14904],
    "mid_round(73)": [9, 35, 88, 154, 234, 284, 1866, 19412],
    "end_of_round(1)": [1, 6, 6, 12, 168, 2664, 16512],
    "three-hand new_game(1)": [9, 48, 325, 1801, 7512, 40326],
    "partnership new_game(1)": [6, 34, 221, 1463, 7102, 32963],
    "partner_builds(0)": [9, 29, 126, 517, 2960, 7356, 29860],
}

# Depth to which the test re-runs the (slow) reference.
REFERENCE_DEPTH = {"new_game(1)": 5, "new_game(2)": 4, "new_game(3)": 5, "mid_round(73)": 7,
                   "end_of_round(1)": 6, "three-hand new_game(1)": 5,
                   "partnership new_game(1)": 5, "partner_builds(0)": 6}


def perft(state: engine.State, depth: int) -> int:
    if depth == 0:
        return 1
    moves = state.legal_moves()
    assert len(moves) == len(set(moves))
    if depth == 1:
        return len(moves)
    return sum(perft(advance(state, move), depth - 1) for move in moves)


def test_mid_round_position_is_what_it_claims() -> None:
    state = mid_round()
    assert state.status == "playing" and state.batch == 3
    assert {(b.value, b.owner) for b in state.builds} == {(2, 0), (6, 1)}
    assert [h.bit_count() for h in state.hands] == [3, 3]
    assert state.to_move == 1 - state.dealer


@pytest.mark.parametrize("name", list(PERFT))
def test_perft_engine(name: str) -> None:
    state = POSITIONS[name]()
    got = [perft(state, depth) for depth in range(1, len(PERFT[name]) + 1)]
    assert got == PERFT[name]


@pytest.mark.parametrize("name", list(PERFT))
def test_perft_reference(name: str) -> None:
    state = POSITIONS[name]()
    depth = REFERENCE_DEPTH[name]
    got = [reference_perft(state, d) for d in range(1, depth + 1)]
    assert got == PERFT[name][:depth]


def test_end_of_round_position_is_what_it_claims() -> None:
    state = end_of_round()
    assert state.round == 1 and state.last_batch
    assert [h.bit_count() for h in state.hands] == [2, 2]
    assert [(b.value, b.owner, len(b.groups)) for b in state.builds] == [(9, 1, 4)]
    leaf = state
    for _ in range(4):
        leaf = advance(leaf, leaf.legal_moves()[0])
    assert leaf.round == 2 and leaf.previous_round is not None


def test_perft_divide_mid_round() -> None:
    """Per first move at depth 3, engine and reference agree (a finer diagnostic)."""
    state = mid_round()
    for move in state.legal_moves():
        child = advance(state, move)
        assert perft(child, 2) == reference_perft(child, 2), move.id


def test_partner_builds_position_is_what_it_claims() -> None:
    state = partner_builds()
    assert state.batch == 2 and state.to_move == 2
    assert [(b.value, b.owner) for b in state.builds] == [(9, 0), (10, 1)]
    values = state.rules.values
    assert [c for c in range(52) if state.hands[2] >> c & 1 and values[c] == 9] == \
        [engine.parse_card("9H")]
    assert "9H+4C5D=9" in {m.id for m in state.legal_moves()}  # V6.3
