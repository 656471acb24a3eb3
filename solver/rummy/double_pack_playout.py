"""Double-Pack Rum playouts: the rest of a hand played by the greedy rule
(:mod:`solver.rummy.double_pack_policy`) for every seat, through the engine's own
:func:`engine.rummy.advance`, so that going out, the splash, the reshuffle and the
settlement are the engine's (DP3-DP11); a hand not over after a horizon of turns is valued
by :func:`estimate`.

The estimate is a linear fit to greedy self-play (``python bench/double_pack_fit.py``):
a seat's points at the end of the hand regressed, at every turn of 400 two-seat greedy
hands (game seeds 10000-10399), on the others' mean pips in hand less its own (DP9), the
others' mean number of cards less its own, and whether it moves next (+1) or not (-1):
11,788 observations, R^2 0.184.  The count of cards carries the fit (a card is some
three points); the pips, given the cards, next to nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rummy import DISCARD, State, advance, hand_pips
from solver.rummy.double_pack_policy import greedy_choice

__all__ = ["FIT", "estimate", "play_out"]

FIT = (-0.0371, 3.13, 1.96)
"""Slopes on the pips difference and the card-count difference, and the value of moving
next (fitted by bench/double_pack_fit.py)."""


def estimate(hands: Sequence[int], scores: Sequence[int], to_move: int) -> tuple[float, ...]:
    """Each seat's expected points at the end of the hand from the hands now (DP9)."""
    pips_slope, cards_slope, tempo = FIT
    n = len(hands)
    pips = [hand_pips(h) for h in hands]
    cards = [h.bit_count() for h in hands]
    total_pips, total_cards = sum(pips), sum(cards)
    out = []
    for seat in range(n):
        others_pips = (total_pips - pips[seat]) / (n - 1)
        others_cards = (total_cards - cards[seat]) / (n - 1)
        lead = 1.0 if seat == to_move else -1.0 / (n - 1)
        out.append(scores[seat] + pips_slope * (others_pips - pips[seat])
                   + cards_slope * (others_cards - cards[seat]) + tempo * lead)
    return tuple(out)


def play_out(state: State, horizon: int | None = None) -> tuple[tuple[float, ...], int]:
    """Every seat's points at the end of the hand from ``state`` with every seat playing
    the greedy rule, and the turns played (a turn ends with a discard or going out).  With
    a ``horizon``, a hand not over after that many turns is valued by :func:`estimate`."""
    turns = 0
    while not state.game_over:
        move = greedy_choice(state.phase, state.hands[state.to_move], state.table, state.pile,
                             state.taken)
        state, _ = advance(state, move)
        if move.type == DISCARD or state.game_over:
            turns += 1
            if horizon is not None and turns >= horizon and not state.game_over:
                return estimate(state.hands, state.scores, state.to_move), turns
    return tuple(float(s) for s in state.returns()), turns
