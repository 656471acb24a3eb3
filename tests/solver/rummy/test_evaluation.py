"""solver.rummy.evaluation and the playout's horizon: a hand cut short is valued by the
fit on the hands' deadwood (RM12), zero-sum like a settlement (RM26)."""

import pytest

from engine.rummy import get_rules
from solver.rummy import play_out
from solver.rummy.evaluation import FIT, estimate
from tests.solver.rummy.helpers import mid_hand


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
def test_the_estimate_adds_up_to_nothing_and_favours_less_deadwood(variant: str) -> None:
    rules = get_rules(variant)
    for players in (2, 3, 4):
        values = estimate(rules, [30, 50, 12, 7][:players], [5, -5, 0, 0][:players], 0)
        assert sum(values) == pytest.approx(0)
    slope, tempo = FIT[variant]
    low, high = estimate(rules, [10, 40], [0, 0], 1)
    assert low == pytest.approx(30 * slope - tempo)
    assert high == pytest.approx(-low)


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
def test_a_horizon_cuts_only_hands_not_over(variant: str) -> None:
    cut = 0
    for state in mid_hand(variant, 13, 20):
        whole, turns = play_out(state)
        short, played = play_out(state, 4)
        if turns <= 4:
            assert (short, played) == (whole, turns)
        else:
            cut += 1
            assert played == 4
            assert sum(short) == pytest.approx(0)
    assert cut > 0
