"""What the rest of a round is worth: exact scoring at its end, an estimate before it.

:func:`final_diff` scores a finished round (R24, R26) from one seat's point of view.
:class:`BatchEnd` estimates a position at the end of a batch that is not the last:
the cards still to come (the loose table and the stock) are dealt later, and the
estimate takes the expectation over those deals in closed form instead of fixing
any order of the stock (no clairvoyance):

* points already in the capture piles (aces, the cassinos, sweeps) count as they are;
* every card still out is taken by either player with probability 1/2, so the
  majorities of cards (3 points) and spades (1 point) are binomial tail probabilities,
  and the aces and cassinos still out are worth nothing to either side on average;
* the first player of the next batch (the nondealer, R5) sweeps the table with the
  probability that a 4-card hand dealt from the stock holds a card that takes every
  loose card; an empty table instead hands the dealer a chance to sweep the first trail;
* a point card (ace, cassino) left loose goes first to the nondealer if their new hand
  holds a card of its rank or value, else to the dealer if theirs does, else either way.
"""

from __future__ import annotations

import functools
from math import comb
from typing import NamedTuple

from engine.cards import FULL_DECK, cards_of
from engine.cassino import STANDARD, Rules, card_points, scheme, unions

__all__ = ["EMPTY_TABLE_SWEEP", "BatchEnd", "Weights", "final_diff", "majority_odds",
           "round_total", "weights"]

EMPTY_TABLE_SWEEP = 0.12
"""Chance that the dealer sweeps the nondealer's first trail onto an empty table."""


def _tails(n_max: int) -> list[list[float]]:
    """``tails[n][k]``: P(Binomial(n, 1/2) >= k) for k in 0..n+1."""
    out = []
    for n in range(n_max + 1):
        total = 2 ** n
        row = [0.0] * (n + 2)
        acc = 0
        for k in range(n, -1, -1):
            acc += comb(n, k)
            row[k] = acc / total
        out.append(row)
    return out


_TAILS = _tails(52)


def _at_least(n: int, k: int) -> float:
    """P(Binomial(n, 1/2) >= k)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return _TAILS[n][k]


def majority_odds(mine: int, theirs: int, total: int) -> tuple[float, float]:
    """Chances that each side ends with a strict majority of ``total`` items when it holds
    ``mine`` and ``theirs`` now and each of the rest goes to either side with odds 1/2."""
    rest = total - mine - theirs
    need = total // 2 + 1
    return _at_least(rest, need - mine), _at_least(rest, need - theirs)


class Weights(NamedTuple):
    """The point scheme of a variant (:func:`engine.cassino.scheme`) as the search reads it."""

    most: tuple[tuple[int, int, int], ...]
    """``(mask, cards in the pack, points)`` of each majority category (R26)."""
    each: tuple[tuple[int, int], ...]
    """``(mask, points)``: the cards that score by themselves, grouped by their worth."""
    natural: int
    """What the cards that score by themselves are worth in all."""
    points: dict[int, int]
    """What each card that scores by itself is worth."""
    cards: int
    """The set of the cards that score by themselves."""
    by_category: tuple[tuple[int, int], ...]
    """``(mask, points)`` of each category of cards that score by themselves, in order."""


@functools.cache
def weights(rules: Rules) -> Weights:
    """The search's view of the point scheme of ``rules``."""
    points = card_points(rules)
    groups: dict[int, int] = {}
    for card, worth in points.items():
        groups[worth] = groups.get(worth, 0) | 1 << card
    most = tuple((c.mask, (c.mask & FULL_DECK).bit_count(), c.points)
                 for c in scheme(rules).categories if c.kind == "most" and c.mask is not None)
    return Weights(most, tuple((mask, worth) for worth, mask in sorted(groups.items())),
                   sum(points.values()), points, sum(1 << card for card in points),
                   tuple((c.mask, c.points) for c in scheme(rules).categories
                         if c.kind == "each" and c.mask is not None))


_STANDARD = weights(STANDARD)


def final_diff(mine: int, theirs: int, sweep_diff: int, w: Weights = _STANDARD) -> int:
    """Round points (R26) of the pile ``mine`` minus those of ``theirs``, plus ``sweep_diff``
    (sweep points already counted).  The residue (R24) must already be in the piles."""
    d = sweep_diff
    for mask, _, points in w.most:
        a, b = (mine & mask).bit_count(), (theirs & mask).bit_count()
        if a != b:
            d += points if a > b else -points
    for mask, points in w.each:
        d += points * ((mine & mask).bit_count() - (theirs & mask).bit_count())
    return d


def _natural(pile: int, w: Weights) -> int:
    """Points of the cards that score by themselves in a pile (R26): aces and cassinos."""
    return sum(points * (pile & mask).bit_count() for mask, points in w.each)


def round_total(piles: tuple[int, int], sweep_points: int, w: Weights = _STANDARD) -> float:
    """Expected points of both players together at the end of the round: 11 less the
    expected majority ties (R26), plus the sweep points made so far."""
    a, b = piles
    total: float = w.natural
    for mask, size, points in w.most:
        odds = majority_odds((a & mask).bit_count(), (b & mask).bit_count(), size)
        total += points * (odds[0] + odds[1])
    return total + sweep_points


class BatchEnd:
    """Estimated round-point difference at the end of a batch (not the last) for one world.

    ``stock`` is the set of cards still to be dealt and ``first`` the seat that moves
    first in the next batch (the nondealer, R5).  Values are cached per position.
    """

    __slots__ = ("cache", "first", "rules", "stock", "stock_size", "sweep_cache", "weights")

    def __init__(self, rules: Rules, stock: int, first: int) -> None:
        self.rules = rules
        self.weights = weights(rules)
        self.stock = stock
        self.stock_size = stock.bit_count()
        self.first = first
        self.cache: dict[tuple[int, int, int], float] = {}
        self.sweep_cache: dict[int, float] = {}

    def value(self, seat: int, mine: int, theirs: int, loose: int, sweep_diff: int) -> float:
        """Expected final difference for ``seat`` holding pile ``mine`` against ``theirs``."""
        if seat:
            mine, theirs, sweep_diff = theirs, mine, -sweep_diff
        key = (mine, loose, sweep_diff)
        v = self.cache.get(key)
        if v is None:
            v = self._value(mine, theirs, loose, sweep_diff)
            self.cache[key] = v
        return -v if seat else v

    def _value(self, mine: int, theirs: int, loose: int, sweep_diff: int) -> float:
        """From seat 0's point of view."""
        w = self.weights
        d = float(sweep_diff + _natural(mine, w) - _natural(theirs, w))
        for mask, size, points in w.most:
            won, lost = majority_odds((mine & mask).bit_count(), (theirs & mask).bit_count(),
                                      size)
            d += points * (won - lost)
        edge = self.first_shot(loose)  # for the first player of the next batch
        if loose:
            edge += self.sweep_odds(loose) * self.rules.sweep_points
        else:
            edge -= self.sweep_odds(loose) * self.rules.sweep_points  # the dealer sweeps
        return d + edge if self.first == 0 else d - edge

    def first_shot(self, loose: int) -> float:
        """What the next batch's first player expects to gain on the dealer from the
        point cards left loose: each goes to the first hand holding a card that pairs it."""
        points = loose & self.weights.cards
        if not points:
            return 0.0
        key = -1 - points
        v = self.sweep_cache.get(key)
        if v is not None:
            return v
        v = 0.0
        values = self.rules.values
        n = self.stock_size
        k = min(self.rules.hand_size, n)
        for card in cards_of(points):
            value = values[card]
            takers = (self.rules.upto[value] & ~self.rules.upto[value - 1] if value
                      else 0xF << (card & ~3)) & self.stock
            m = takers.bit_count()
            if not m or not k:
                continue
            odds = 1.0 - comb(n - m, k) / comb(n, k)
            v += self.weights.points[card] * (odds - (1.0 - odds) * odds)
        self.sweep_cache[key] = v
        return v

    def sweep_odds(self, loose: int) -> float:
        """Chance that the next batch's first player sweeps ``loose`` (R13) with a card of a
        4-card hand dealt from the stock; for an empty table, the dealer's chance to sweep."""
        v = self.sweep_cache.get(loose)
        if v is not None:
            return v
        if not loose:
            v = EMPTY_TABLE_SWEEP
        else:
            takers = self._takers(loose) & self.stock
            n, m = self.stock_size, takers.bit_count()
            k = min(self.rules.hand_size, n)
            v = 1.0 - comb(n - m, k) / comb(n, k) if m and n else 0.0
        self.sweep_cache[loose] = v
        return v

    def _takers(self, loose: int) -> int:
        """The cards that capture every loose card at once (R10, R11; V1.1)."""
        rules = self.rules
        if loose & ~rules.numerals:  # a court card: only its rank takes it, one at a time
            card = loose.bit_length() - 1
            rank = 0xF << (card & ~3)
            if loose.bit_count() == 1 or (rules.court_captures_all and not loose & ~rank):
                return rank & ~loose & FULL_DECK  # V1.1: all the loose cards of its rank
            return 0
        takers = 0
        for v in range(1, rules.max_value + 1):  # every value a card has (13, 14 in V3)
            if loose & ~rules.upto[v]:
                continue
            found = unions(loose, v, rules)
            if found and found[-1] == loose:
                takers |= rules.upto[v] & ~rules.upto[v - 1]
        return takers
