"""I Doubt It's warnings (docs/api.md "Warnings"): for each bluff (a claim not all of its
rank, IDD7), the chance that another seat's own hand disproves it (it holds more of the
rank than the claim leaves, and doubts it: the bluffer takes the centre back, ID6),
counted exactly from the seat's view: the cards of the rank it cannot place lie in the
other hands, the centre and any claim face down alike (a multivariate hypergeometric
count over where they may lie)."""

from __future__ import annotations

from functools import cache
from math import comb
from typing import Any

from engine.i_doubt_it import Move, View
from engine.i_doubt_it.state import rank_mask_of, truthful

__all__ = ["claim_risks", "disproof_chance"]


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(total,)]
    return [(a, *rest) for a in range(total + 1) for rest in _compositions(total - a, parts - 1)]


@cache
def _chance(slots: tuple[int, ...], sure: tuple[int, ...], free: int, need: int,
            seats: int) -> float:
    """P(some of the first ``seats`` places holds ``need`` or more of the rank) when
    ``free`` of its cards lie alike in places of ``slots`` free cards each, ``sure``
    already known there."""
    total = comb(sum(slots), free)
    if not total:
        return float(any(s >= need for s in sure[:seats]))
    hit = 0
    for split in _compositions(free, len(slots)):
        ways = 1
        for k, a in zip(slots, split, strict=True):
            ways *= comb(k, a)
        if ways and any(sure[i] + split[i] >= need for i in range(seats)):
            hit += ways
    return hit / total


def disproof_chance(view: View, rank: int, size: int) -> float:
    """P(another seat's hand holds more than ``4 - size`` of ``rank``), from ``view``."""
    mask = rank_mask_of(rank)
    others = [s for s in range(view.seats) if s != view.player]
    slots = [view.hand_sizes[s] - view.known[s].bit_count() for s in others]
    sure = [(view.known[s] & mask).bit_count() for s in others]
    rest = view.unseen().bit_count() - sum(slots)  # the centre's and a claim's unplaced
    free = (view.unseen() & mask).bit_count()
    return _chance(tuple(slots) + (max(0, rest),), tuple(sure) + (0,), free, 5 - size,
                   len(others))


def claim_risks(view: View, moves: list[Move]) -> dict[Move, dict[str, Any]]:
    """Each bluff of ``moves`` and the chance that another hand disproves it."""
    out: dict[Move, dict[str, Any]] = {}
    chances: dict[tuple[int, int], float] = {}
    for move in moves:
        if move.kind != "claim" or truthful(move.cards, move.rank):
            continue
        key = (move.rank, move.cards.bit_count())
        if key not in chances:
            chances[key] = round(disproof_chance(view, *key), 4)
        out[move] = {"player": None, "probability": chances[key], "how": "disproved",
                     "method": "exact"}
    return out


