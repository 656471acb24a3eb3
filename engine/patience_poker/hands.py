"""Poker hands of five cards and the counting systems (PP10-PP13, PPD3).

A card is ``engine.cards``' integer (``(rank - 1) * 4 + suit``, the ace rank 1); a hand is
a sequence of five.  :func:`category` names the highest hand of PP11 the five cards are
(PP12), :data:`SYSTEMS` holds each variant's count of each category (PP13).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["CATEGORIES", "HIGH", "SYSTEMS", "category", "count", "straight_ranks"]

CATEGORIES = ("high card", "one pair", "two pairs", "triplets", "straight", "flush",
              "full hand", "four of a kind", "straight flush", "royal flush")
"""PP11's hands, poker's order, lowest first (index: a hand's category)."""
HIGH, PAIR, TWO_PAIRS, TRIPLETS, STRAIGHT, FLUSH, FULL, FOUR, STRAIGHT_FLUSH, ROYAL = range(10)

SYSTEMS: Mapping[str, tuple[int, ...]] = {
    "patience-poker": (0, 2, 5, 10, 15, 20, 25, 50, 75, 100),
    "patience-poker-straights": (0, 1, 2, 7, 9, 5, 12, 20, 30, 50),
    "patience-poker-english": (0, 1, 3, 6, 12, 5, 10, 16, 30, 30),
    "poker-squares": (0, 2, 5, 10, 15, 20, 25, 50, 75, 100),
}
"""PP13: each variant's count of each category (PP19: Poker Squares counts the first)."""


def _straights() -> frozenset[int]:
    """PPD3: the rank masks of the straights (bit ``r - 1`` for rank ``r``), A-5 to 10-A."""
    out = set()
    for low in range(1, 10):  # 1-5 .. 9-K
        out.add(sum(1 << (r - 1) for r in range(low, low + 5)))
    out.add(sum(1 << (r - 1) for r in (10, 11, 12, 13, 1)))  # 10-J-Q-K-A
    return frozenset(out)


STRAIGHT_MASKS = _straights()
ROYAL_MASK = sum(1 << (r - 1) for r in (10, 11, 12, 13, 1))


def straight_ranks(mask: int) -> bool:
    """Whether ranks ``mask`` (bit ``r - 1``) make a straight (PPD3)."""
    return mask in STRAIGHT_MASKS


def category(cards: Sequence[int]) -> int:
    """The highest hand of PP11 the five ``cards`` are (PP12)."""
    counts: dict[int, int] = {}
    mask = 0
    for card in cards:
        rank = card >> 2
        counts[rank] = counts.get(rank, 0) + 1
        mask |= 1 << rank
    flush = len({card & 3 for card in cards}) == 1
    if len(counts) == 5:
        straight = mask in STRAIGHT_MASKS
        if straight and flush:
            return ROYAL if mask == ROYAL_MASK else STRAIGHT_FLUSH
        if flush:
            return FLUSH
        return STRAIGHT if straight else HIGH
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 4:
        return FOUR
    if shape[0] == 3:
        return FULL if shape[1] == 2 else TRIPLETS
    if shape[0] == 2:
        return TWO_PAIRS if shape[1] == 2 else PAIR
    return HIGH  # pragma: no cover - five cards of five ranks are handled above


def count(cards: Sequence[int], variant: str) -> int:
    """What the five ``cards`` count in ``variant``'s system (PP13)."""
    return SYSTEMS[variant][category(cards)]
