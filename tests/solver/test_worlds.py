"""The solver's worlds are the engine's resampled states: world ``i`` of a seed holds the
other hand (and in ``draw`` the stock's order, W8) that ``View.resample`` deals from the
same random source, so the solver's fast path and the engine agree."""

import random

import pytest

import engine
from engine.cassino import HandSampler, advance, stock_order
from solver.cassino.worlds import world_rng


@pytest.mark.parametrize("variant", ["standard", "draw"])
def test_a_world_is_the_hidden_part_of_a_resampled_state(variant: str) -> None:
    seen = 0
    rng = random.Random(3)
    state = engine.new_game(3, variant)
    while state.stock:
        state = advance(state, rng.choice(state.legal_moves()))
        view = state.view(state.to_move)
        sampler = HandSampler(view)
        for index in range(4):
            source = world_rng(11, index)
            other = sampler.draw(source)
            order = stock_order(view.unseen & ~other, source)
            world = view.resample(world_rng(11, index))
            assert world.hands[1 - view.player] == other
            assert world.stock == order
            seen += 1
    assert seen > 10
