"""solver.rummy.careful: the careful rule takes the pile's card for a meld or a big cut of
the deadwood only, and otherwise plays the greedy rule (RM7, RM8, RM12, RM14)."""

import pytest

from engine.rummy import DISCARD, DRAW, TAKE, Move, parse_card
from solver.rummy import make_bot
from solver.rummy.careful import BIG_CUT, careful_move, careful_takes
from solver.rummy.policy import greedy_move, greedy_takes, points
from tests.engine.rummy.positions import position
from tests.solver.rummy.helpers import mid_hand

OTHER = "2H 7C 8D JH QS 3D 5C 6D 10S 10H"
HAND = "AS 2S 3S 4H 5H 6H 9C 9D 8S KD"
"""Two runs, and 9♣ 9♦ 8♠ K♦ loose: 36 in deadwood (RM12)."""


def test_it_takes_a_card_that_makes_a_meld() -> None:
    state = position("poker-rum", [HAND, OTHER], pile="4S 9S")
    assert careful_move(state.view(0)) == Move(TAKE)  # 9♠ makes the nines a set (RM10)


def test_it_leaves_a_low_card_that_only_lowers_the_deadwood_a_little() -> None:
    """7♣ joins nothing (8♣ is the other's) and, for K♦, cuts the deadwood by 10 - 7 = 3
    only: the greedy rule takes it, the careful rule draws."""
    state = position("poker-rum", [HAND, "2H 8C 8D JH QS 3D 5C 6D 10S 10H"], pile="4S 7C")
    view = state.view(0)
    assert greedy_move(view) == Move(TAKE)
    assert careful_move(view) == Move(DRAW)


def test_it_takes_a_card_that_cuts_the_deadwood_by_the_big_cut() -> None:
    """2♦ joins nothing but replaces K♦: a cut of 10 - 2 = 8, BIG_CUT (RM4)."""
    assert 10 - 2 >= BIG_CUT > 10 - 3
    mask = sum(1 << parse_card(c) for c in HAND.split())
    assert careful_takes(mask, parse_card("2D"))
    assert not careful_takes(mask, parse_card("3C"))
    assert not careful_takes(mask, parse_card("7C"))
    assert greedy_takes(mask, parse_card("7C"), points(mask))


def test_it_reads_a_second_packs_card() -> None:
    """At four seats and more Poker Rum plays with two packs (RM2): 9♠' makes the nines a
    set as 9♠ does."""
    mask = sum(1 << parse_card(c) for c in HAND.split())
    assert careful_takes(mask, parse_card("9S'"))
    assert not careful_takes(mask, parse_card("3C'"))


def test_it_discards_and_calls_as_the_greedy_rule() -> None:
    for state in mid_hand("poker-gin", 5, 30):
        view = state.view(state.to_move)
        if view.phase == DISCARD:
            assert careful_move(view) == greedy_move(view)


@pytest.mark.parametrize(("variant", "seats"), [("poker-rum", 2), ("poker-gin", 2),
                                               ("double-pack-rum", 2), ("poker-rum", 6)])
def test_the_careful_bot_plays_whole_hands(variant: str, seats: int) -> None:
    """At four seats and more Poker Rum plays with two packs (RM2): cards of the second."""
    from solver.rummy.arena import play_hand
    for seed in range(3):
        bots = (make_bot("careful", seed),) + tuple(make_bot("greedy", seed)
                                                    for _ in range(seats - 1))
        record = play_hand(seed, bots, variant)
        assert sum(record.points) == 0  # RM26
        assert record.moves >= 2
