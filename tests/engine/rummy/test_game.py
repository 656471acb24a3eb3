"""Rummy in the registry of games and through the protocol every state implements."""

from __future__ import annotations

import random

from engine.games import game_names, get_game
from engine.rummy import GAME, VARIANTS, advance, new_game


def test_rummy_is_registered_with_its_variants_playable() -> None:
    assert "rummy" in game_names() and get_game("rummy") is GAME
    assert GAME.default_variant == "poker-rum" and GAME.rules_page == "/rules/rummy"
    assert [v.name for v in GAME.variants] == list(VARIANTS) == [
        "poker-rum", "poker-gin", "double-pack-rum", "poker-gin-caller"]
    assert all(v.playable and v.seats == 2 and v.teams == ((0,), (1,))
               for v in GAME.variants)
    assert (GAME.information, GAME.chance) == ("imperfect", "sampled")


def test_a_state_says_who_acts_their_moves_and_the_result() -> None:
    state = new_game(5, "poker-gin", 3)
    assert (state.game, state.variant, state.seats) == ("rummy", "poker-gin", 3)
    assert state.acting == {state.to_move}
    assert state.moves_for(state.to_move) == state.legal_moves()
    assert state.moves_for((state.to_move + 1) % 3) == []
    assert state.returns() == (0, 0, 0) and state.view(1).game == "rummy"
    rng = random.Random(5)
    while not state.game_over:
        state = advance(state, rng.choice(state.legal_moves()))[0]
    assert state.acting == frozenset() and state.moves_for(0) == []
    assert sum(state.returns()) == 0
