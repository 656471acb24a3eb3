"""View.resample (RM27): whole states consistent with a view, hidden cards dealt
uniformly, cards known to be held kept where they are."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.rummy import View, new_game, parse_card
from tests.engine.rummy.positions import CALLER, position
from tests.engine.rummy.test_rules import SEAT1


def test_a_card_taken_from_the_pile_stays_with_its_taker() -> None:
    state = position("poker-rum", [SEAT1, CALLER], pile="10D")
    state, _ = state.apply("take")
    state, _ = state.apply("8C")
    view = state.view(1)
    rng = random.Random(1)
    for _ in range(200):
        world = view.resample(rng)
        assert world.hands[0] >> parse_card("10D") & 1
        assert not world.hands[0] >> parse_card("8C") & 1  # it is on the pile
        assert world.view(1) == view


def test_the_same_rng_state_gives_the_same_world() -> None:
    view = new_game(4, "poker-gin", 3).view(2)
    assert view.resample(random.Random(9)) == view.resample(random.Random(9))


def test_hidden_cards_are_dealt_uniformly() -> None:
    view = new_game(8, "poker-rum", 3).view(0)
    unseen = 52 - 10 - 1
    rng = random.Random(3)
    rounds = 3000
    held: Counter[tuple[int, int]] = Counter()
    for _ in range(rounds):
        world = view.resample(rng)
        for seat in (1, 2):
            for card in range(52):
                if world.hands[seat] >> card & 1:
                    held[seat, card] += 1
    expected = rounds * 10 / unseen
    cards = [c for c in range(52) if not (view.hand >> c & 1) and c not in view.pile]
    assert len(cards) == unseen
    for seat in (1, 2):
        for card in cards:  # each unseen card is in each hand about 10 times in 41
            assert abs(held[seat, card] - expected) < 0.2 * expected, (seat, card)


def test_a_view_no_world_agrees_with_is_refused() -> None:
    view = new_game(4).view(0)
    impossible = View.from_dict({**view.to_dict(), "stock_size": 5})
    with pytest.raises(ValueError, match="RM27"):
        impossible.resample(random.Random(0))
