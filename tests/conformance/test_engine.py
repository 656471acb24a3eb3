"""The engine's protocol, for every rule set: the cards are conserved through whole games
played by random moves (each state holds the pack it was dealt from, every card as many
times), every state and view reads back from its JSON as it was (a sealed token and every
open request rely on it), and a view resampled is a whole state with that same view."""

from __future__ import annotations

import random

import pytest

from engine.games import engine_of
from tests.conformance.common import CASES, Case, new_state, random_play, seeds

SEEDS = seeds((1, 2, 3))
RESAMPLE_EVERY = 5
"""Plies between the positions whose views are resampled."""


@pytest.mark.parametrize("case", CASES, ids=str)
def test_cards_are_conserved_through_whole_games(case: Case) -> None:
    engine = engine_of(case.game)
    for seed in SEEDS:
        state = new_state(case, seed)
        pack = engine.cards(state)
        assert sum(pack.values()) > 0
        plies = 0
        for _before, move, seat in random_play(state, random.Random(seed)):
            state = _before.apply(move)[0]
            plies += 1
            held = engine.cards(state)
            assert held == pack, (f"seed {seed}, ply {plies} (seat {seat} {move.id}): "
                                  f"lost {sorted((pack - held).elements())}, gained "
                                  f"{sorted((held - pack).elements())}")
        assert state.game_over and plies


@pytest.mark.parametrize("case", CASES, ids=str)
def test_states_and_views_read_back_from_their_json(case: Case) -> None:
    engine = engine_of(case.game)
    rng = random.Random(case.variant)
    for ply, (state, _move, _seat) in enumerate(random_play(new_state(case, 4), rng)):
        assert engine.read_state(state.to_dict()).to_dict() == state.to_dict(), ply
        for seat in range(case.seats):
            view = state.view(seat)
            assert engine.read_view(view.to_dict()).to_dict() == view.to_dict(), (ply, seat)
            if ply % RESAMPLE_EVERY == 0:
                world = view.resample(random.Random(ply))
                assert world.view(seat).to_dict() == view.to_dict(), (ply, seat)
                assert engine.cards(world) == engine.cards(state), (ply, seat)
