import random

import engine
from engine.cassino.play import advance


def test_random_round_plays_to_a_new_deal() -> None:
    rng = random.Random(7)
    state = engine.new_game(7)
    deal = state.deal
    while state.deal == deal:
        state = advance(state, rng.choice(state.legal_moves()))
    assert state.deal == deal + 1
