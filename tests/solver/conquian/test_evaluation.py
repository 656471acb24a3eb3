"""The horizon estimate (solver/conquian/evaluation.py): exact at the end of a hand,
zero-sum, and rating what brings a seat toward eleven down (Q18)."""

from __future__ import annotations

from engine.cards import parse_card
from engine.conquian import CONQUIAN
from solver.conquian import estimate, progress
from solver.conquian.evaluation import card_values
from tests.engine.conquian.helpers import position, positions


def mask(*cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards)


def test_the_estimate_is_zero_sum_and_exact_at_the_end() -> None:
    for state in list(positions(range(3)))[::5]:
        a, b = estimate(state, 0), estimate(state, 1)
        assert a == -b
        assert abs(a) <= 1 + state.pool
        if state.game_over:
            assert (a, b) == tuple(float(x) for x in state.returns())


def test_melds_in_hand_beat_pairs_beat_lone_cards() -> None:
    live = CONQUIAN.pack & ~mask("5S", "5H", "5D", "2H", "3H", "4H", "KS", "KH", "AC", "7D",
                                 "QS", "JC")
    values = {v for v, _ in card_values(CONQUIAN, mask("5S", "5H", "5D"), (), live)}
    assert values == {0.85}
    pair = card_values(CONQUIAN, mask("KS", "KH"), (), live)
    lone = card_values(CONQUIAN, mask("AC"), (), live)
    assert 0.85 > pair[0][0] > lone[0][0] > 0
    dead_pair = card_values(CONQUIAN, mask("KS", "KH"), (), live & ~mask("KD", "KC"))
    assert dead_pair[0][0] < pair[0][0]  # no live out (QD3: the dead cards are known)
    run_fit = card_values(CONQUIAN, mask("7D"), (mask("4D", "5D", "6D"),), live)
    assert run_fit[0][0] == 0.85  # extends the seat's run (QD4)
    assert card_values(CONQUIAN, mask("7D", "JC"), (), live)[0][0] < 0.85


def test_cards_down_count_more_than_the_same_cards_in_hand() -> None:
    live = CONQUIAN.pack & ~mask("5S", "5H", "5D", "KS")
    hand = progress(CONQUIAN, mask("5S", "5H", "5D", "KS"), (), live, False)
    down = progress(CONQUIAN, mask("KS"), (mask("5S", "5H", "5D"),), live, False)
    assert down > hand
    assert progress(CONQUIAN, mask("KS"), (mask("5S", "5H", "5D"),), live, True) < down


def test_a_seat_a_use_away_from_going_out_leads() -> None:
    scattered = ["AH", "3D", "6C", "JH", "QC", "7S", "2C", "4H", "6D", "JD"]
    ready = position([["KH", "KD"], scattered],
                     [[["AS", "2S", "3S", "4S"], ["5H", "5D", "5C", "5S"]], []], up="QS")
    assert estimate(ready, 0) > 0.5
    assert estimate(ready._replace(stock=ready.stock[:2]), 0) < estimate(ready, 0)  # Q20
