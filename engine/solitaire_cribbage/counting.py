"""Counting a hand or a crib as cribbage counts it (docs/rules/solitaire-cribbage.md
SC13-SC19): fifteens, pairs, runs, flushes, his nobs, and his heels at the cut."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any, NamedTuple

from engine.cards import rank_of, suit_of

__all__ = ["JACK", "Count", "count", "heels", "pips"]

JACK = 11
"""The jack's rank (engine.cards: the ace 1 to the king 13)."""


def pips(card: int) -> int:
    """SC13: a card's value in a fifteen: the ace 1, the two to the ten their pips, the
    court cards 10."""
    return min(rank_of(card), 10)


class Count(NamedTuple):
    """The points of one hand or crib, by the rule that scores them."""

    fifteens: int
    """SC14: two for every set of cards adding up to fifteen."""
    pairs: int
    """SC15: two for every pair of cards of one rank."""
    runs: int
    """SC16: one a card for every run of three or more."""
    flush: int
    """SC17: four or five for cards of one suit."""
    nobs: int
    """SC18: one for the jack of the starter's suit."""

    @property
    def total(self) -> int:
        return self.fifteens + self.pairs + self.runs + self.flush + self.nobs

    def to_dict(self) -> dict[str, Any]:
        return {**self._asdict(), "total": self.total}


def _fifteens(cards: tuple[int, ...]) -> int:
    values = [pips(c) for c in cards]
    return 2 * sum(sum(chosen) == 15 for n in range(2, len(values) + 1)
                   for chosen in combinations(values, n))


def _pairs(cards: tuple[int, ...]) -> int:
    return 2 * sum(rank_of(a) == rank_of(b) for a, b in combinations(cards, 2))


def _runs(cards: tuple[int, ...]) -> int:
    """SC16: the longest stretch of consecutive ranks, three or more, counted once for
    every way of picking one card of each of its ranks (a double run of three is 6)."""
    ranks = Counter(rank_of(c) for c in cards)
    best = 0
    for low in range(1, 12):
        length = 0
        while ranks[low + length]:
            length += 1
        if length >= 3 and (low == 1 or not ranks[low - 1]):
            ways = 1
            for r in range(low, low + length):
                ways *= ranks[r]
            best = max(best, length * ways)
    return best


def _flush(hand: tuple[int, ...], starter: int | None, crib: bool) -> int:
    """SC17: a hand of four of one suit is four, five with the starter of that suit too;
    a crib counts only five of one suit; the last hand (no starter) its four."""
    if len({suit_of(c) for c in hand}) != 1:
        return 0
    with_starter = starter is not None and suit_of(starter) == suit_of(hand[0])
    if crib:
        return 5 if with_starter else 0
    return len(hand) + with_starter


def _nobs(hand: tuple[int, ...], starter: int | None) -> int:
    """SC18: the jack of the starter's suit in the hand or crib; none without a starter."""
    if starter is None:
        return 0
    return int(any(rank_of(c) == JACK and suit_of(c) == suit_of(starter) for c in hand))


def count(hand: tuple[int, ...], starter: int | None, *, crib: bool = False) -> Count:
    """The points of ``hand`` (four cards) with the ``starter`` (``None`` for the last
    hand, SC11), counted as a crib when ``crib`` (SC13-SC18)."""
    cards = (*hand, starter) if starter is not None else tuple(hand)
    return Count(_fifteens(cards), _pairs(cards), _runs(cards), _flush(hand, starter, crib),
                 _nobs(hand, starter))


def heels(starter: int) -> int:
    """SC19, SCD3: two for his heels when the starter cut is a jack."""
    return 2 if rank_of(starter) == JACK else 0
