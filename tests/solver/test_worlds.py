"""The world sampler: every drawn hand is consistent with the view, and draws are uniform."""

import random
from collections import Counter
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.cards import cards_of, parse_cards
from engine.cassino.play import advance
from engine.cassino.view import View
from solver.worlds import HandSampler, batch_requirements, world_rng


def random_view(game: int, steps: int, seat_choice: int) -> View:
    rng = random.Random(game * 7919 + steps)
    state = engine.new_game(game)
    for _ in range(steps):
        state = advance(state, rng.choice(state.legal_moves()))
    return state.view((state.to_move + seat_choice) % 2)


def consistent(view: View, hand: int) -> bool:
    """Everything public a hidden hand must agree with, checked from first principles."""
    other = 1 - view.player
    values = view.rules.values
    if hand.bit_count() != view.hand_sizes[other] or hand & ~view.unseen:
        return False
    held = {values[c] for c in cards_of(hand)}
    if any(b.value not in held for b in view.builds if b.owner == other):  # R23
        return False
    # the hand at every moment of this batch held the values of the builds owned then
    return all(value in held for value in batch_requirements(view))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.integers(0, 10_000), steps=st.integers(0, 47), seat=st.integers(0, 1),
       seed=st.integers(0, 2**32))
def test_every_world_is_consistent(game: int, steps: int, seat: int, seed: int) -> None:
    view = random_view(game, steps, seat)
    if view.status != "playing":
        return
    sampler = HandSampler(view)
    for i in range(5):
        hand = sampler.draw(world_rng(seed, i))
        assert consistent(view, hand)
        stock = view.unseen & ~hand
        assert stock.bit_count() == view.stock_size
    if view.stock_size == 0:
        assert sampler.exact and sampler.draw(world_rng(seed, 0)) == view.unseen


def constrained_view() -> View:
    """Last-but-one batch; the dealer owns a 9 build, so their 3-card hand holds a 9."""
    hands = [["9H", "KC", "2D"], ["3C", "5S", "QH"]]
    stock = ["AS", "AH", "9D", "4C", "6D", "7H", "JD", "8S"]
    loose, build = ["10C"], [["4D", "5D"]]
    used = parse_cards([*hands[0], *hands[1], *stock, *loose, *build[0]])
    rest = [engine.card_name(c) for c in range(52) if not used >> c & 1]
    state = engine.State.from_dict({
        "variant": "standard", "seed": 1, "round": 1, "deal": 1, "dealer": 0, "to_move": 1,
        "hands": hands, "stock": stock,
        "table": {"loose": loose, "builds": [{"value": 9, "owner": 0, "groups": build}]},
        "captured": [rest[:20], rest[20:]], "sweeps": [0, 0], "last_capturer": 0,
        "scores": [0, 0], "status": "playing", "winner": None, "history": [],
        "previous_round": None,
    })
    return state.view(1)


def test_draws_are_uniform_over_consistent_hands() -> None:
    view = constrained_view()
    other = 1 - view.player
    unseen = list(cards_of(view.unseen))
    allowed = [sum(1 << c for c in combo)
               for combo in combinations(unseen, view.hand_sizes[other])]
    allowed = [h for h in allowed if consistent(view, h)]
    sampler = HandSampler(view)
    assert sampler.count() == len(allowed)
    assert any(not consistent(view, sum(1 << c for c in combo))
               for combo in combinations(unseen, view.hand_sizes[other]))
    draws = 200 * len(allowed)
    counts = Counter(sampler.draw(world_rng(3, i)) for i in range(draws))
    assert set(counts) == set(allowed)
    # chi-square against the uniform law; 99.9% quantile for df <= 120 is below 180
    expected = draws / len(allowed)
    chi2 = sum((counts[h] - expected) ** 2 / expected for h in allowed)
    assert chi2 < 1.5 * len(allowed) + 40


def test_history_constraint() -> None:
    """The opponent built 7 this batch and we took it: they still hold a 7 (unless they
    have played one since)."""
    found = 0
    for game in range(400):
        rng = random.Random(game)
        state = engine.new_game(game)
        deal = state.deal
        while state.deal == deal and state.status == "playing":
            view = state.view(state.to_move)
            other = 1 - view.player
            required = batch_requirements(view)
            now = {b.value for b in view.builds if b.owner == other}
            extra = set(required) - now
            if extra and view.stock_size:
                found += 1
                values = view.rules.values
                held = {values[c] for c in cards_of(state.hands[other])}
                assert extra <= held  # the truth satisfies the inferred constraint
                sampler = HandSampler(view)
                for i in range(20):
                    hand = sampler.draw(world_rng(0, i))
                    assert extra <= {values[c] for c in cards_of(hand)}
            state = advance(state, rng.choice(state.legal_moves()))
        if found >= 5:
            break
    assert found >= 1
