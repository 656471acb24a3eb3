"""The registry of games (engine.games) and the protocol every state implements
(engine.protocols), on Cassino."""

import random

import pytest

import engine
from engine.cassino import CASSINO, VARIANTS, advance, new_game
from engine.errors import UnsupportedVariantError
from engine.games import game_names, game_types, get_game


def test_cassino_is_registered_by_name() -> None:
    assert "cassino" in game_names()
    assert get_game("cassino") is CASSINO
    assert [g.name for g in game_types()] == list(game_names())
    assert engine.get_game("cassino").information == "imperfect"


def test_the_declaration_lists_every_variant_with_its_seats_and_teams() -> None:
    assert [v.name for v in CASSINO.variants] == list(VARIANTS)
    assert CASSINO.variant("standard").seats == 2
    assert CASSINO.variant("standard").teams == ((0,), (1,))
    assert CASSINO.variant("three-hand").teams == ((0,), (1,), (2,))
    assert CASSINO.variant("partnership").teams == ((0, 2), (1, 3))  # V6: partners opposite
    assert CASSINO.seat_counts == (2, 3, 4)
    assert [v.playable for v in CASSINO.variants] == [r.playable for r in VARIANTS.values()]


def test_unknown_games_and_variants_are_refused_naming_the_field() -> None:
    with pytest.raises(UnsupportedVariantError) as caught:
        get_game("poker")
    assert caught.value.field == "game"
    with pytest.raises(UnsupportedVariantError) as caught:
        CASSINO.variant("nine-hand")
    assert caught.value.field == "variant"


def test_a_state_says_who_may_act_their_moves_and_the_result() -> None:
    state = new_game(5)
    assert (state.game, state.variant, state.seats) == ("cassino", "standard", 2)
    assert state.acting == {state.to_move}
    assert state.moves_for(state.to_move) == state.legal_moves()
    assert state.moves_for(1 - state.to_move) == []
    assert state.returns() == (0, 0)
    assert state.view(0).game == "cassino"
    rng = random.Random(5)
    while not state.game_over:
        state = advance(state, rng.choice(state.legal_moves()))
    assert state.acting == frozenset()
    assert state.moves_for(0) == state.moves_for(1) == []
    winner = state.winner
    assert winner is not None
    assert state.returns()[winner] == 1 and state.returns()[1 - winner] == -1
