"""What a row or column is worth while it fills, and the greedy placement (docs/solver.md
"Patience Poker").

A line of five scores exactly (PP11-PP13).  A line still filling is worth what its ranks
already make, plus a share of what it may still become: a flush while it holds one suit, a
straight while its ranks are distinct and within five of one another (PPD3), better ranks
while it has room.  The shares (:data:`WEIGHTS`) are guesses tuned by the arena, and the
values of each system (PP13) scale them, so the same rule plays all four variants.  A
placement's gain is what the card adds to the worth of its row and its column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.patience_poker.hands import (
    FLUSH,
    FOUR,
    FULL,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    SYSTEMS,
    TRIPLETS,
    TWO_PAIRS,
    category,
)

__all__ = ["CARD_SHIFT", "WEIGHTS", "Weights", "Worth", "mask_of"]


@dataclass(frozen=True)
class Weights:
    """The share of a draw's value a line of ``n`` cards is credited with (index ``n``)."""

    flush: tuple[float, ...] = (0.0, 0.10, 0.233, 0.367, 0.50, 0.0)
    straight: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    """Nothing: straight draws credited made the greedy rule worse in every system tried
    (the book: straights "are seldom played for"); the search finds the straights worth
    making."""
    upgrade: float = 0.25
    """Per open cell, the share of the next rank pattern's extra value."""


WEIGHTS = Weights()
_NEXT = {0: PAIR, PAIR: TRIPLETS, TWO_PAIRS: FULL, TRIPLETS: FOUR, FULL: FOUR, FOUR: FOUR}


MEMO_LIMIT = 400_000
"""Entries a memo holds before it is emptied (a bound on a process's memory)."""
CARD_SHIFT = 52
"""A delta's key: the line's mask of cards (bits 0-51) and the card laid, shifted past it."""


def mask_of(cards: Sequence[int]) -> int:
    """A line's cards as a mask, bit ``c`` for card ``c`` (a line never holds a card twice)."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> tuple[int, ...]:
    """A mask's cards, ascending."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cards)


class _Deltas(dict[int, float]):
    """What laying a card adds to a line's worth, keyed ``mask | card << CARD_SHIFT``:
    worked out on a miss only, so a hit is one dict lookup."""

    __slots__ = ("worth",)

    def __init__(self, worth: Worth) -> None:
        super().__init__()
        self.worth = worth

    def __missing__(self, key: int) -> float:
        mask, card = key & ((1 << CARD_SHIFT) - 1), key >> CARD_SHIFT
        value = self.worth.of_mask(mask | 1 << card) - self.worth.of_mask(mask)
        if len(self) > MEMO_LIMIT:
            self.clear()
        self[key] = value
        return value


class Worth:
    """The worth of lines for one variant's count, remembered by their cards."""

    def __init__(self, variant: str, weights: Weights = WEIGHTS) -> None:
        self.values = SYSTEMS[variant]
        self.weights = weights
        self.memo: dict[int, float] = {0: 0.0}
        """A line's worth by its mask of cards."""
        self.deltas = _Deltas(self)

    def of_mask(self, mask: int) -> float:
        found = self.memo.get(mask)
        if found is None:
            if len(self.memo) > MEMO_LIMIT:
                self.memo.clear()
                self.memo[0] = 0.0
            found = self.memo[mask] = self._worth(cards_of(mask))
        return found

    def of(self, cards: Sequence[int]) -> float:
        return self.of_mask(mask_of(cards))

    def _worth(self, cards: tuple[int, ...]) -> float:
        v, w = self.values, self.weights
        n = len(cards)
        if not n:
            return 0.0
        if n == 5:
            return float(v[category(cards)])
        counts: dict[int, int] = {}
        for c in cards:
            counts[c >> 2] = counts.get(c >> 2, 0) + 1
        shape = sorted(counts.values(), reverse=True)
        made = 0
        if shape[0] == 4:
            made = FOUR
        elif shape[0] == 3:
            made = FULL if len(shape) > 1 and shape[1] == 2 else TRIPLETS
        elif shape[0] == 2:
            made = TWO_PAIRS if len(shape) > 1 and shape[1] == 2 else PAIR
        worth = float(v[made])
        room = 5 - n
        nxt = _NEXT[made]
        worth += w.upgrade * room * max(0, v[nxt] - v[made]) * (0.5 if made == 0 else 1.0)
        suited = len({c & 3 for c in cards}) == 1
        if suited:
            worth += w.flush[n] * v[FLUSH]
        if len(counts) == n:
            ranks = sorted(counts)
            high = sorted(13 if r == 0 else r for r in ranks)  # PPD3: the ace high
            if ranks[-1] - ranks[0] <= 4 or high[-1] - high[0] <= 4:
                worth += w.straight[n] * v[STRAIGHT]
                if suited:
                    worth += w.straight[n] * 0.5 * (v[STRAIGHT_FLUSH] - v[FLUSH])
        return worth

    def gain(self, row: Sequence[int], col: Sequence[int], card: int) -> float:
        """What placing ``card`` adds to the worth of its ``row`` and its ``col``."""
        shifted = card << CARD_SHIFT
        return self.deltas[mask_of(row) | shifted] + self.deltas[mask_of(col) | shifted]
