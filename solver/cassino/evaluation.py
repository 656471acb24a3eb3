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
from engine.cassino import STANDARD, Rules, card_points, scheme, splits, unions

__all__ = ["EMPTY_TABLE_SWEEP", "BatchEnd", "SideBatchEnd", "Weights", "final_diff",
           "majority_odds", "round_total", "side_majority_odds", "side_points",
           "side_round_total", "weights"]

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
            if _sweeps(loose, v, rules):
                takers |= rules.upto[v] & ~rules.upto[v - 1]
        return takers


# --- N seats (V6, V7): expected points per side -------------------------------------------

def _third_pmf(n_max: int) -> list[list[float]]:
    """``pmf[n][k]``: P(Binomial(n, 1/3) = k)."""
    return [[comb(n, k) * 2 ** (n - k) / 3 ** n for k in range(n + 1)] for n in range(n_max + 1)]


_THIRD = _third_pmf(52)


def _half_between(n: int, lo: int, hi: int) -> float:
    """P(lo <= Binomial(n, 1/2) <= hi)."""
    lo = max(lo, 0)
    hi = min(hi, n)
    if lo > hi:
        return 0.0
    return _at_least(n, lo) - _at_least(n, hi + 1)


@functools.lru_cache(maxsize=1 << 16)
def side_majority_odds(held: tuple[int, ...], total: int) -> tuple[float, ...]:
    """Chances that each side ends with strictly more of ``total`` items than every other
    side (R26, V7.2, V7.4; V6.12), when the sides hold ``held`` now and each item still out
    goes to each side with equal odds (sides of equal size: one seat each, or two partners
    each, V6).  Exact: binomial tails for two sides, the three-way splits summed for three."""
    rest = total - sum(held)
    if len(held) == 2:
        a, b = held
        need = total // 2 + 1
        return _at_least(rest, need - a), _at_least(rest, need - b)
    if len(held) != 3:
        raise ValueError(f"{len(held)} sides: two or three are supported (V6, V7)")
    out = []
    pmf = _THIRD[rest]
    for i in range(3):
        mine = held[i]
        b, c = (held[j] for j in range(3) if j != i)
        p = 0.0
        for x in range(rest + 1):
            t = mine + x  # the others must each end below t: b + y < t, c + (m - y) < t
            m = rest - x
            p += pmf[x] * _half_between(m, m + c - t + 1, t - b - 1)
        out.append(p)
    return tuple(out)


def side_points(piles: tuple[int, ...], sweeps: tuple[int, ...], w: Weights) -> list[float]:
    """Round points (R26) of each side's pile, plus its sweep points; a majority scores only
    for a side with strictly more than every other (V7.2, V7.4; V6.12).  The residue (R24)
    must already be in the piles."""
    out = [float(s) for s in sweeps]
    for mask, _, points in w.most:
        counts = [(p & mask).bit_count() for p in piles]
        top = max(counts)
        if counts.count(top) == 1:
            out[counts.index(top)] += points
    for mask, points in w.each:
        for i, p in enumerate(piles):
            out[i] += points * (p & mask).bit_count()
    return out


def side_round_total(piles: tuple[int, ...], sweep_points: int, w: Weights) -> float:
    """Expected points of all sides together at the end of the round (N seats): what the
    cards score by themselves, the majorities less their expected ties (V7.2), and the
    sweep points made so far."""
    total: float = w.natural
    for mask, size, points in w.most:
        odds = side_majority_odds(tuple((p & mask).bit_count() for p in piles), size)
        total += points * sum(odds)
    return total + sweep_points


class SideBatchEnd:
    """Expected round points of each side at the end of a batch, for N seats (V6, V7).

    The N-seat counterpart of :class:`BatchEnd` (which stays the two-seat hot path, its
    numbers unchanged).  ``pool`` is the set of cards still to be dealt or played (the
    stock, or at a search horizon also the cards still in hands) and ``first`` the seat
    that moves next (at a batch end the dealer's left, V6.1, V7.1).  ``side_of`` maps
    each seat to its side (:func:`engine.cassino.teams`).

    * the piles count as they are; each card still out goes to each seat with odds 1/N,
      so to a side of k seats with odds k/N: the aces and cassinos out give each side its
      share, the majorities are the exact odds of :func:`side_majority_odds`;
    * the first player sweeps the loose table with the odds that a hand dealt from the
      pool holds a card taking all of it (an empty table gives the next seat the chance
      to sweep the first trail);
    * a point card left loose goes to the first seat in turn whose new hand pairs it.
    """

    __slots__ = ("cache", "first", "n", "pile_cache", "pool", "pool_size", "rules", "side_of",
                 "sides", "sweep_cache", "table_cache", "turn_cache", "weights")

    def __init__(self, rules: Rules, pool: int, first: int, side_of: tuple[int, ...],
                 pile_cache: dict[tuple[int, ...], tuple[float, ...]] | None = None,
                 odds_cache: dict[int, float] | None = None,
                 turn_cache: dict[int, tuple[float, ...]] | None = None) -> None:
        self.rules = rules
        self.weights = weights(rules)
        self.pool = pool
        self.pool_size = pool.bit_count()
        self.first = first
        self.side_of = side_of
        self.n = len(side_of)
        self.sides = max(side_of) + 1
        self.pile_cache = {} if pile_cache is None else pile_cache
        """What the piles are worth: the same at every batch end and horizon of a search,
        so the searches share it."""
        self.table_cache: dict[int, tuple[float, ...]] = {}
        self.cache: dict[tuple[object, ...], tuple[float, ...]] = {}
        self.sweep_cache = {} if odds_cache is None else odds_cache
        """The odds of a sweep or a pairing: they depend on the pool only, so estimates
        with the same pool may share them."""
        self.turn_cache = {} if turn_cache is None else turn_cache

    def value(self, piles: tuple[int, ...], loose: int,
              sweeps: tuple[int, ...]) -> tuple[float, ...]:
        """Expected round points of each side: ``piles`` and ``sweeps`` (in points) per
        side, ``loose`` the table left (no builds: credit them to their owners first)."""
        key = (piles, loose, sweeps)
        v = self.cache.get(key)
        if v is None:
            p = self.pile_cache.get(piles)
            if p is None:
                p = self.pile_cache[piles] = self._piles(piles)
            t = self.table_cache.get(loose)
            if t is None:
                t = self.table_cache[loose] = self._table(loose)
            v = self.cache[key] = tuple(a + b + s for a, b, s in zip(p, t, sweeps, strict=True))
        return v

    def _piles(self, piles: tuple[int, ...]) -> tuple[float, ...]:
        """The piles' own points, the majorities' odds, and an equal share of every card
        that scores by itself and is in no pile (the loose ones are taken back by
        :meth:`_table`)."""
        w = self.weights
        sides = self.sides
        out = [float(_natural(p, w)) for p in piles]
        share = (w.natural - sum(out)) / sides  # equal sides (V6, V7)
        for mask, size, points in w.most:
            odds = side_majority_odds(tuple((p & mask).bit_count() for p in piles), size)
            for i in range(sides):
                out[i] += points * odds[i]
        return tuple(x + share for x in out)

    def _table(self, loose: int) -> tuple[float, ...]:
        """What the loose table adds for each side: its point cards to the first seat in
        turn whose hand pairs them, a sweep to the first player (:meth:`turns`)."""
        side_of, first, n = self.side_of, self.first, self.n
        by_turn = self.turns(loose)
        out = [by_turn[n]] * self.sides
        for j in range(n):
            out[side_of[(first + j) % n]] += by_turn[j]
        return tuple(out)

    def turns(self, loose: int) -> tuple[float, ...]:
        """What the loose table adds for the seats in turn from the first player (then,
        last, what it takes from every side: its share of the point cards it holds).  It
        depends on the pool only, so estimates with the same pool share it."""
        v = self.turn_cache.get(loose)
        if v is not None:
            return v
        w = self.weights
        n = self.n
        out = [0.0] * (n + 1)
        out[n] = -_natural(loose, w) / self.sides
        for card in cards_of(loose & w.cards):
            worth = w.points[card]
            hit = self.pair_odds(card)
            miss = 1.0
            for j in range(n):
                out[j] += worth * miss * hit
                miss *= 1.0 - hit
            for j in range(n):
                out[j] += worth * miss / n
        out[0 if loose else 1] += self.sweep_odds(loose) * self.rules.sweep_points
        v = self.turn_cache[loose] = tuple(out)
        return v

    def _hand_odds(self, takers: int) -> float:
        """Chance that a hand dealt from the pool holds one of ``takers``."""
        n, m = self.pool_size, (takers & self.pool).bit_count()
        k = min(self.rules.hand_size, n)
        return 1.0 - comb(n - m, k) / comb(n, k) if m and k else 0.0

    def pair_odds(self, card: int) -> float:
        """Chance that a hand from the pool holds a card of ``card``'s value (its rank for a
        court card without one)."""
        key = -1 - card
        v = self.sweep_cache.get(key)
        if v is None:
            value = self.rules.values[card]
            takers = (self.rules.upto[value] & ~self.rules.upto[value - 1] if value
                      else 0xF << (card & ~3))
            v = self.sweep_cache[key] = self._hand_odds(takers & ~(1 << card))
        return v

    def sweep_odds(self, loose: int) -> float:
        """Chance that the first player sweeps ``loose`` (R13); for an empty table, the
        chance that the next seat sweeps the first trail."""
        v = self.sweep_cache.get(loose)
        if v is None:
            v = EMPTY_TABLE_SWEEP if not loose else self._hand_odds(_takers(loose, self.rules))
            self.sweep_cache[loose] = v
        return v


def _takers(loose: int, rules: Rules) -> int:
    """The cards that capture every loose card at once (R10, R11; V1.1)."""
    if loose & ~rules.numerals:  # a court card: only its rank takes it, one at a time
        card = loose.bit_length() - 1
        rank = 0xF << (card & ~3)
        if loose.bit_count() == 1 or (rules.court_captures_all and not loose & ~rank):
            return rank & ~loose & FULL_DECK
        return 0
    takers = 0
    for v in range(1, rules.max_value + 1):
        if loose & ~rules.upto[v]:
            continue
        if _sweeps(loose, v, rules):
            takers |= rules.upto[v] & ~rules.upto[v - 1]
    return takers


def _sweeps(loose: int, v: int, rules: Rules) -> bool:
    """Whether the loose cards (numerals of ``v`` or less) split into groups of ``v`` (R11):
    the largest of their unions, or where those are too many to list, checked (D16)."""
    found = unions(loose, v, rules)
    if found is None:
        return splits(loose, v, rules)
    return bool(found) and found[-1] == loose
