"""The exact points of every way to lay away (SC5, SC13-SC19), over every crib card and
starter the player cannot see (SC24, SCD4): each discard's distribution of the deal's
points (his heels, the hand, the crib), from which its expectation and its chance of a
total are read (docs/solver.md "Solitaire Cribbage").

The fifteens, pairs and runs of five cards depend on their ranks alone: they are looked up
in a table of every multiset of ranks (built once, :func:`rank_points`), keyed by the sum
of ``5 ** (rank - 1)`` over the cards, so a key is added up rather than sorted.  The
starter is taken card by card; the crib's two unseen cards rank pair by rank pair, with
the few pairs whose suits score (a five-card flush in the crib, the jack of the starter's
suit) taken card by card."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

from engine.cards import rank_of, suit_of
from engine.solitaire_cribbage import JACK

__all__ = ["Discard", "discards", "expected_points", "key_of", "last_deal", "points",
           "rank_points"]

Histogram = dict[int, float]
"""Points -> probability."""

_BASE = tuple(5 ** r for r in range(14))
"""A rank's weight in a multiset's key (``5 ** (rank - 1)``, at most four of a rank)."""


def _score_ranks(ranks: Sequence[int]) -> int:
    """SC14-SC16: fifteens, pairs and runs of cards of these ranks."""
    values = [min(r, 10) for r in ranks]
    points = 2 * sum(sum(chosen) == 15 for n in range(2, len(values) + 1)
                     for chosen in combinations(values, n))
    held = Counter(ranks)
    points += sum(n * (n - 1) for n in held.values())  # two a pair
    for low in range(1, 12):
        length = 0
        while held[low + length]:
            length += 1
        if length >= 3 and not held[low - 1]:
            ways = 1
            for r in range(low, low + length):
                ways *= held[r]
            points += length * ways
            break
    return points


def key_of(ranks: Sequence[int]) -> int:
    return sum(_BASE[r - 1] for r in ranks)


@functools.cache
def rank_points() -> dict[int, int]:
    """Every multiset of four and of five ranks (no rank five times) -> its fifteens,
    pairs and runs."""
    out: dict[int, int] = {}
    for size in (4, 5):
        for ranks in combinations_with_replacement(range(1, 14), size):
            if max(Counter(ranks).values()) <= 4:
                out[key_of(ranks)] = _score_ranks(ranks)
    return out


class Discard:
    """One way to lay away: the two ``laid`` and the four ``kept``, and its points'
    distribution over the unseen cards (the crib's two, the starter)."""

    def __init__(self, laid: tuple[int, int], kept: tuple[int, ...],
                 histogram: Histogram) -> None:
        self.laid = laid
        self.kept = kept
        self.histogram = histogram

    @property
    def expected(self) -> float:
        return sum(p * v for v, p in self.histogram.items())

    def chance(self, at_least: int) -> float:
        """The chance of ``at_least`` points or more in this deal."""
        return sum(p for v, p in self.histogram.items() if v >= at_least)


def _pairs_by_rank(counts: list[int]) -> tuple[list[int], list[float]]:
    """The rank pairs two unseen cards may make, ``counts`` the unseen cards by rank (index
    1..13): each pair's part of a key, and how many pairs of cards make it."""
    keys: list[int] = []
    weights: list[float] = []
    for ra in range(1, 14):
        ca = counts[ra]
        if not ca:
            continue
        if ca >= 2:
            keys.append(2 * _BASE[ra - 1])
            weights.append(ca * (ca - 1) / 2)
        for rb in range(ra + 1, 14):
            if counts[rb]:
                keys.append(_BASE[ra - 1] + _BASE[rb - 1])
                weights.append(float(ca * counts[rb]))
    return keys, weights


def _crib_by_rank(known: int, pairs: tuple[list[int], list[float]]) -> Histogram:
    """The crib's fifteens, pairs and runs (its two laid and the starter in the key
    ``known``) over the unseen ``pairs`` (:func:`_pairs_by_rank`): counts of pairs, not
    yet probabilities."""
    table = rank_points()
    keys, weights = pairs
    out: Histogram = {}
    for v, w in zip([table[known + k] for k in keys], weights, strict=True):
        out[v] = out.get(v, 0.0) + w
    return out


def discards(hand: Sequence[int], unseen: Sequence[int]) -> list[Discard]:
    """Every way to lay two of the six ``hand`` cards away (the engine's order: pairs in
    the hand's ascending order), each with its exact distribution of the deal's points:
    the starter any of ``unseen`` and the crib's two unseen cards any two others, every
    case as likely (SC6, SCD2, SCD4)."""
    six = sorted(hand)
    table = rank_points()
    n = len(unseen)
    pairs_total = (n - 1) * (n - 2) / 2
    by_rank = [0] * 14
    for c in unseen:
        by_rank[rank_of(c)] += 1
    unseen_set = set(unseen)
    pairs_of: dict[int, tuple[list[int], list[float]]] = {}
    for r in {rank_of(c) for c in unseen}:  # the pairs left once the starter is of rank r
        by_rank[r] -= 1
        pairs_of[r] = _pairs_by_rank(by_rank)
        by_rank[r] += 1
    jack_of = [c for c in range(52) if rank_of(c) == JACK]  # by suit
    out = []
    for i, a in enumerate(six):
        for b in six[i + 1:]:
            kept = tuple(c for c in six if c not in (a, b))
            kept_key = key_of([rank_of(c) for c in kept])
            laid_key = _BASE[rank_of(a) - 1] + _BASE[rank_of(b) - 1]
            kept_suits = {suit_of(c) for c in kept}
            kept_flush = len(kept_suits) == 1
            laid_suit = suit_of(a) if suit_of(a) == suit_of(b) else -1
            crib_cache: dict[int, Histogram] = {}
            nobs_cache: dict[int, list[tuple[int, float]]] = {}
            total: Histogram = {}
            groups: dict[tuple[int, int, bool], int] = {}
            for s in unseen:
                rs, ss = rank_of(s), suit_of(s)
                hand_points = table[kept_key + _BASE[rs - 1]]
                if kept_flush:
                    hand_points += 4 + (ss in kept_suits)
                jack = jack_of[ss]
                hand_points += jack in kept  # SC18 in the hand
                hand_points += 2 if rs == JACK else 0  # SC19
                base = hand_points + (1 if jack in (a, b) else 0)  # SC18 in the crib
                if rs not in crib_cache:
                    crib_cache[rs] = _crib_by_rank(laid_key + _BASE[rs - 1], pairs_of[rs])
                jack_unseen = jack in unseen_set and jack != s
                if laid_suit == ss:  # a five-card flush may be: this starter on its own
                    for v, w in crib_cache[rs].items():
                        total[base + v] = total.get(base + v, 0.0) + w
                    for v, w in _suited(s, True, jack, unseen_set, laid_key + _BASE[rs - 1]):
                        total[base + v] = total.get(base + v, 0.0) + w
                    continue
                group = (base, rs, jack_unseen)
                groups[group] = groups.get(group, 0) + 1
            for (base, rs, jack_unseen), m in groups.items():
                for v, w in crib_cache[rs].items():
                    total[base + v] = total.get(base + v, 0.0) + m * w
                if jack_unseen:  # the pairs holding the jack of the starter's suit: one more
                    fixes = nobs_cache.get(rs)
                    if fixes is None:
                        fixes = nobs_cache[rs] = _nobs_pairs(laid_key + _BASE[rs - 1], rs,
                                                             by_rank)
                    for v, w in fixes:
                        total[base + v] = total.get(base + v, 0.0) + m * w
            scale = 1.0 / (n * pairs_total)
            out.append(Discard((a, b), kept, {v: w * scale for v, w in sorted(total.items())
                                              if abs(w) > 1e-9}))
    return out


def _nobs_pairs(key: int, starter_rank: int, counts: list[int]) -> list[tuple[int, float]]:
    """SC18: the crib's pairs holding the jack of the starter's suit (unseen), each moved
    one point up: the other card any unseen but the starter and the jack, by rank."""
    table = rank_points()
    kj = key + _BASE[JACK - 1]
    out: list[tuple[int, float]] = []
    for r in range(1, 14):
        c = counts[r] - (r == starter_rank) - (r == JACK)
        if c > 0:
            v = table[kj + _BASE[r - 1]]
            out += [(v, -float(c)), (v + 1, float(c))]
    return out


def _suited(s: int, flush: bool, jack: int, unseen: set[int],
            key: int) -> list[tuple[int, float]]:
    """The corrections of the crib's pairs whose suits score, with starter ``s``: a pair
    holding the jack of the starter's suit (SC18), a pair of the laid cards' suit with the
    starter's too (``flush``: a five-card flush, SC17): each moves its one case from its
    ranks' points to theirs with the suits' (``-1`` at the old value, ``+1`` at the new)."""
    table = rank_points()
    ss = suit_of(s)
    jack_unseen = jack in unseen and jack != s
    out: list[tuple[int, float]] = []
    others = [c for c in unseen if c != s]
    if jack_unseen:
        kj = key + _BASE[JACK - 1]
        for c in others:
            if c == jack:
                continue
            v = table[kj + _BASE[rank_of(c) - 1]]
            extra = 1 + (5 if flush and suit_of(c) == ss else 0)
            out.append((v, -1.0))
            out.append((v + extra, 1.0))
    if flush:
        suited = [c for c in others if suit_of(c) == ss and c != jack]
        for x, y in combinations(suited, 2):
            v = table[key + _BASE[rank_of(x) - 1] + _BASE[rank_of(y) - 1]]
            out.append((v, -1.0))
            out.append((v + 5, 1.0))
    return out


def points(cards: Sequence[int], starter: int | None, *, crib: bool = False) -> int:
    """SC13-SC19 of four ``cards`` and the ``starter`` (``None``: the last hand), his
    heels left out: the engine's count, its ranks' part looked up."""
    ranks = [rank_of(c) for c in cards]
    if starter is None:
        suits = {suit_of(c) for c in cards}
        return rank_points()[key_of(ranks)] + (4 if len(suits) == 1 else 0)
    out = rank_points()[key_of([*ranks, rank_of(starter)])]
    suits = {suit_of(c) for c in cards}
    if len(suits) == 1:
        same = suit_of(starter) in suits
        out += (5 if same else 0) if crib else 4 + same
    return out + any(rank_of(c) == JACK and suit_of(c) == suit_of(starter) for c in cards)


def last_deal(laid: tuple[int, int], kept: tuple[int, ...],
              unseen: Sequence[int]) -> dict[int, float]:
    """SC9, SC10: the sixth deal's points and the last hand's together, exact: the six
    unseen cards are the crib's two, the starter and the three the last hand holds with
    it."""
    out: dict[int, float] = {}
    cases = 0
    for s in unseen:
        rest = [c for c in unseen if c != s]
        deal = points(kept, s) + (2 if rank_of(s) == JACK else 0)
        for i, x in enumerate(rest):
            for y in rest[i + 1:]:
                last = [s, *(c for c in rest if c not in (x, y))]
                total = deal + points((*laid, x, y), s, crib=True) + points(last, None)
                out[total] = out.get(total, 0.0) + 1.0
                cases += 1
    return {v: w / cases for v, w in sorted(out.items())}


def expected_points(hand: Sequence[int], unseen: Sequence[int]) -> list[float]:
    """Each discard's expected points (the engine's order of the fifteen)."""
    return [d.expected for d in discards(hand, unseen)]
