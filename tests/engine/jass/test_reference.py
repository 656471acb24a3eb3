"""The engine against the independent reference (tests/engine/jass/reference.py) on random
deals of every variant: the same legal moves, hands and points at every step."""

from __future__ import annotations

import random

import pytest

from engine.cards import card_name, cards_of
from engine.jass import Move, State, new_game
from tests.engine.jass.reference import Reference


def canon(move: Move) -> tuple[str, object]:
    if move.kind == "play":
        return "play", card_name(move.card)
    if move.kind == "declare":
        return "declare", frozenset(frozenset(card_name(c) for c in cards_of(m))
                                    for m in move.melds)
    return move.kind, ""


def hands(state: State) -> list[set[str]]:
    return [{card_name(c) for c in cards_of(h)} for h in state.hands]


@pytest.mark.parametrize("variant", ["jass", "three-hand-jass", "two-hand-jass"])
def test_the_engine_plays_as_the_reference(variant: str) -> None:
    for seed in range(40):
        rng = random.Random(f"reference/{variant}/{seed}")
        state, ref = new_game(seed, variant), Reference(seed, variant)
        while True:
            assert hands(state) == [set(h) for h in ref.hands], (seed, state.phase)
            moves = {canon(m): m for m in state.moves_for(state.turn)} \
                if not state.game_over else {}
            assert set(moves) == ref.legal(), (seed, state.phase, state.trick)
            if state.game_over:
                break
            pick = rng.choice(sorted(moves, key=str))
            state = state.apply(moves[pick])[0]
            ref.apply(*pick)
        assert list(state.result.points) == ref.scores(), seed
