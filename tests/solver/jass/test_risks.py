"""Jass's warnings (solver/jass/risks.py): a card of points thrown onto a trick the seat
cannot win, checked by playing the trick out through the engine."""

from __future__ import annotations

import random

import pytest

from engine.jass import State, new_game
from engine.jass.cards import best_of, pips
from solver.jass.risks import move_risks

VARIANTS = ("jass", "three-hand-jass", "two-hand-jass")


def _finish_trick(state: State, rng: random.Random) -> State:
    """``state`` once its trick is complete, every later card a random legal one."""
    played = state.played
    while state.played == played and not state.game_over:
        state = state.apply(rng.choice(state.moves_for(state.turn)))[0]
    return state


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_warned_card_gives_its_points_away_and_the_others_could_win(variant: str) -> None:
    rng = random.Random(f"risks/{variant}")
    warned = 0
    for seed in range(12):
        state = new_game(seed, variant)
        while not state.game_over:
            seat = state.turn
            moves = state.moves_for(seat)
            view = state.view(seat)
            risks = move_risks(view, moves)
            plays = [m for m in moves if m.kind == "play"]
            for move, risk in risks.items():
                warned += 1
                assert risk["how"] == "give" and risk["probability"] == 1.0
                fewest = min(pips(m.card, state.trump) for m in plays)
                assert risk["lost"] == pips(move.card, state.trump) - fewest > 0
                for _ in range(3):  # however the trick ends, the card goes to another seat
                    after = _finish_trick(state.apply(move)[0], rng)
                    assert not after.won[seat] >> move.card & 1
                    assert any(after.won[s] >> move.card & 1 for s in range(state.seats))
            fewest = min((pips(m.card, state.trump) for m in plays), default=0)
            for move in plays:  # not warned and dearer than the cheapest: it heads the trick
                if move in risks or not view.trick or pips(move.card, state.trump) == fewest:
                    continue
                after = state.apply(move)[0]
                if after.played > state.played:  # its card ended the trick: the seat won it
                    assert after.won[seat] >> move.card & 1, move
                else:
                    cards = [card for _, card in after.trick]
                    assert cards[best_of(cards, state.trump)] == move.card, move
            state = state.apply(rng.choice(moves))[0]
    assert warned > 0
