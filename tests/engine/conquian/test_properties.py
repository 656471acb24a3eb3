"""Properties of every position of random hands: cards conserved, JSON round trips,
views hiding the other hand and the stock, resampling consistent with the view, results
summing to zero, whole hands ending."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import card_name, cards_of
from engine.conquian import (
    CONQUIAN,
    MAX_SEED,
    State,
    View,
    all_cards,
    layout,
    new_game,
    unseen,
)
from tests.engine.conquian.helpers import greedy_random, positions

LAYOUT = layout(CONQUIAN)


def check(state: State) -> None:
    cards = all_cards(state)
    assert sorted(cards) == sorted(cards_of(CONQUIAN.pack))  # conserved, each once
    for seat in range(2):
        down = sum(m.bit_count() for m in state.melds[seat])
        assert all(LAYOUT.kind(m) is not None for m in state.melds[seat])
        assert down + state.hands[seat].bit_count() in (10, 11)
    assert State.from_dict(state.to_dict()) == state
    assert sum(state.returns()) == 0


def check_views(state: State, rng: random.Random) -> None:
    for seat in range(2):
        view = state.view(seat)
        assert View.from_dict(view.to_dict()) == view
        text = repr(view.to_dict())
        hidden = [card_name(c) for c in cards_of(state.hands[1 - seat])]
        hidden += [card_name(c) for c in state.stock]
        assert not any(f"'{name}'" in text for name in hidden)
        assert unseen(view) == state.hands[1 - seat] | sum(1 << c for c in state.stock)
        world = view.resample(rng)
        assert world.view(seat) == view
        assert State.from_dict(world.to_dict()) == world
        assert world.hands[seat] == state.hands[seat]


def test_every_position_of_random_hands_keeps_its_invariants() -> None:
    rng = random.Random(0)
    ends = {"won": 0, "tableau": 0}
    for state in positions(range(60)):
        check(state)
        if rng.random() < 0.2:
            check_views(state, rng)
        if state.game_over:
            ends["tableau" if state.tableau else "won"] += 1
            assert state.returns() in ((0, 0), (1, -1), (-1, 1))
    assert ends["won"] > 10 and ends["tableau"] > 5 and sum(ends.values()) == 60


@settings(max_examples=25, deadline=None)
@given(st.integers(0, MAX_SEED), st.integers(0, 2**32))
def test_random_hands_play_to_the_end(seed: int, choice_seed: int) -> None:
    state = new_game(seed)
    rng = random.Random(choice_seed)
    plies = 0
    while not state.game_over:
        state = state.apply(greedy_random(rng, state)).state
        plies += 1
        assert plies < 400
    check(state)
    assert state.acting == frozenset()


def test_resampling_draws_every_unseen_card_into_the_other_hand() -> None:
    view = new_game(3, dealer=0).view(0)
    rng = random.Random(1)
    seen: set[int] = set()
    for _ in range(200):
        seen |= set(cards_of(view.resample(rng).hands[1]))
    assert seen == set(cards_of(unseen(view)))
    assert view.resample(random.Random(5)) == view.resample(random.Random(5))


def test_resampled_hands_are_uniform_over_the_unseen_cards() -> None:
    state = new_game(6, dealer=1)
    for move in ("pass", "pass"):
        state = state.apply(move).state
    view = state.view(1)
    cards = list(cards_of(unseen(view)))
    size = view.hand_sizes[0]
    rng = random.Random(2)
    draws = 3000
    counts = dict.fromkeys(cards, 0)
    for _ in range(draws):
        for card in cards_of(view.resample(rng).hands[0]):
            counts[card] += 1
    expected = draws * size / len(cards)
    assert all(abs(n - expected) < 0.15 * expected for n in counts.values()), counts
