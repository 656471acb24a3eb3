"""The claims a seat weighs (docs/solver.md "I Doubt It"): each rank's true claim where
the hand holds enough, else its cards topped up with the loosest others, a pure bluff
naming it; and the honest bots' one claim."""

from __future__ import annotations

import random

from engine.cards import cards_of, rank_of
from engine.i_doubt_it import Move, View
from engine.i_doubt_it.state import rank_mask_of

__all__ = ["candidates", "counts", "fillers", "plain_claim"]


def counts(hand: int) -> list[int]:
    """The cards held of each rank, by rank 1..13 (index 0 unused)."""
    out = [0] * 14
    for c in cards_of(hand):
        out[rank_of(c)] += 1
    return out


def fillers(hand: int, size: int, keep: int) -> list[int]:
    """``size`` cards of ``hand`` outside ``keep`` to bluff with: those of the ranks held
    fewest first (the least use for a true claim later), low cards first."""
    held = counts(hand)
    pool = [c for c in cards_of(hand & ~keep)]
    pool.sort(key=lambda c: (held[rank_of(c)], c))
    return pool[:size]


def candidates(view: View) -> list[Move]:
    """The claims worth weighing, one or two per rank: a true claim where the hand holds
    enough of the rank, else the rank's cards topped up with the loosest others, and a
    pure bluff naming it with loose cards only."""
    hand = view.hand
    size = min(3, hand.bit_count())
    held = counts(hand)
    out: dict[str, Move] = {}
    for rank in range(1, 14):
        own = hand & rank_mask_of(rank)
        if held[rank] >= size:
            laid = list(cards_of(own))[:size]
        else:
            laid = list(cards_of(own)) + fillers(hand, size - held[rank], own)
        mask = 0
        for c in laid:
            mask |= 1 << c
        move = Move("claim", mask, rank)
        out.setdefault(move.id, move)
        if held[rank]:
            loose = fillers(hand, size, own)
            if len(loose) == size:
                bluff = Move("claim", sum(1 << c for c in loose), rank)
                out.setdefault(bluff.id, bluff)
    return list(out.values())


def plain_claim(view: View, rng: random.Random | None = None) -> Move:
    """The honest claim: three of the rank held most (ties: the lowest), true when it
    holds enough; else that rank's cards topped up with the loosest others."""
    held = counts(view.hand)
    size = min(3, view.hand.bit_count())
    best = max(range(1, 14), key=lambda r: (held[r], -r))
    if held[best] < size and rng is not None:  # a bluff: name any rank it holds some of
        best = rng.choice([r for r in range(1, 14) if held[r]] or [best])
    own = view.hand & rank_mask_of(best)
    laid = list(cards_of(own))[:size]
    laid += fillers(view.hand, size - len(laid), own)
    return Move("claim", sum(1 << c for c in laid), best)
