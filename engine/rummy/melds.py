"""Melds and deadwood (RM9-RM12, RM21): the candidate melds of a hand, and the exact
arrangement of least deadwood, found by a memoized search over the ways to cover the
hand's lowest meldable card.

A meld is a set (RM10: three or more cards of one rank, any suits, duplicates of a double
pack included) or a run (RM11: three or more consecutive cards of one suit, the ace below
the two or above the king but never both ends at once, i.e. no K-A-2).  Everything here
works on card sets (bitmasks over the ids of :mod:`engine.rummy.cards`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, product
from typing import NamedTuple

from engine.rummy.cards import cards_of, is_joker, pip, rank_of, suit_of

__all__ = [
    "Arrangement",
    "arrange",
    "candidate_melds",
    "deadwood_after_discards",
    "deadwood_points",
    "is_run",
    "is_set",
    "layoff_groups",
    "pips",
    "run_span",
]

_PIP = tuple(0 if is_joker(c) else pip(c) for c in range(106))
SLOT = 1 << 106
"""The first bit above the cards: a lay-off group carries the bit of the meld it goes on."""
CARDS = SLOT - 1


class Arrangement(NamedTuple):
    """A hand laid out (RM12, RM21): its own melds, the groups it lays off on the caller's
    melds (Poker Gin), the deadwood left and its pip count."""

    melds: tuple[int, ...]
    layoffs: tuple[int, ...]
    deadwood: int
    points: int


def pips(mask: int) -> int:
    """The pip count of a set of cards (RM4)."""
    total = 0
    while mask:
        low = mask & -mask
        total += _PIP[low.bit_length() - 1]
        mask ^= low
    return total


def _positions(card: int) -> tuple[int, ...]:
    """Where a card may stand in a run (RM11): the ace at 1 or 14, others at their rank."""
    rank = rank_of(card)
    return (1, 14) if rank == 1 else (rank,)


def _by_position(hand: int) -> list[list[list[int]]]:
    """``table[suit][position]``: the hand's cards that can stand there (position 1..14)."""
    table: list[list[list[int]]] = [[[] for _ in range(15)] for _ in range(4)]
    for card in cards_of(hand):
        if is_joker(card):
            continue
        for position in _positions(card):
            table[suit_of(card)][position].append(card)
    return table


def _runs(cells: Sequence[list[int]], lo: int, hi: int) -> Iterable[int]:
    """Every choice of one card for each position ``lo..hi`` (copies of a double pack
    give several), as card sets; a choice that uses one ace at both ends is none."""
    for choice in product(*(cells[p] for p in range(lo, hi + 1))):
        mask = 0
        for card in choice:
            mask |= 1 << card
        if mask.bit_count() == len(choice):
            yield mask


def candidate_melds(hand: int) -> list[int]:
    """Every meld made of the hand's cards (RM10, RM11), ascending as masks."""
    melds: set[int] = set()
    by_rank: dict[int, list[int]] = {}
    for card in cards_of(hand):
        if not is_joker(card):
            by_rank.setdefault(rank_of(card), []).append(card)
    for cards in by_rank.values():
        for size in range(3, len(cards) + 1):
            for chosen in combinations(cards, size):
                melds.add(sum(1 << c for c in chosen))
    for cells in _by_position(hand):
        start = 1
        while start <= 14:
            if not cells[start]:
                start += 1
                continue
            end = start
            while end + 1 <= 14 and cells[end + 1]:
                end += 1
            for lo in range(start, end - 1):
                for hi in range(lo + 2, end + 1):
                    melds.update(_runs(cells, lo, hi))
            start = end + 1
    return sorted(melds)


def is_set(mask: int) -> bool:
    """Three or more cards of one rank (RM10)."""
    cards = list(cards_of(mask))
    return (len(cards) >= 3 and not any(is_joker(c) for c in cards)
            and len({rank_of(c) for c in cards}) == 1)


def run_span(mask: int) -> tuple[int, int, int] | None:
    """``(suit, lo, hi)`` when the cards form a run (RM11), positions 1..14; else ``None``."""
    cards = list(cards_of(mask))
    if len(cards) < 3 or any(is_joker(c) for c in cards) or len({suit_of(c) for c in cards}) != 1:
        return None
    ranks = sorted(rank_of(c) for c in cards)
    if len(set(ranks)) != len(ranks):
        return None
    for positions in (ranks, sorted(14 if r == 1 else r for r in ranks)):
        if positions[-1] - positions[0] == len(positions) - 1:
            return suit_of(cards[0]), positions[0], positions[-1]
    return None


def is_run(mask: int) -> bool:
    return run_span(mask) is not None


def layoff_groups(hand: int, onto: Sequence[int]) -> list[int]:
    """The groups of the hand's cards that may be laid off on the melds ``onto`` (RM21),
    each group with the bit ``SLOT << i`` of the meld ``onto[i]`` it goes on, so that one
    arrangement lays one group at most on each meld: on a set, any of the hand's cards of
    its rank; on a run, cards of its suit continuing it at one end or both (never past an
    ace, RM11)."""
    groups: set[int] = set()
    cells = _by_position(hand)
    for i, meld in enumerate(onto):
        slot = SLOT << i
        span = run_span(meld)
        if span is None:
            rank = rank_of(next(cards_of(meld)))
            cards = [c for c in cards_of(hand) if not is_joker(c) and rank_of(c) == rank]
            for size in range(1, len(cards) + 1):
                for chosen in combinations(cards, size):
                    groups.add(slot | sum(1 << c for c in chosen))
            continue
        suit, lo, hi = span
        column = cells[suit]
        above = [0]
        top = hi
        while top + 1 <= 14 and column[top + 1]:
            top += 1
            above += _runs(column, hi + 1, top)
        below = [0]
        bottom = lo
        while bottom - 1 >= 1 and column[bottom - 1]:
            bottom -= 1
            below += _runs(column, bottom, lo - 1)
        for up in above:
            for down in below:
                if up | down and not up & down:
                    groups.add(slot | up | down)
    return sorted(groups)


class _Search:
    """Least deadwood of sub-hands of one hand, over a fixed list of groups; memoized on
    the cards left, so that the eleven discards of a turn share their work."""

    def __init__(self, groups: Sequence[int]) -> None:
        self.groups = groups
        self.union = 0
        self.by_card: dict[int, list[int]] = {}
        self.slots = 0
        for group in groups:
            self.union |= group & CARDS
            self.slots |= group & ~CARDS
            for card in cards_of(group & CARDS):
                self.by_card.setdefault(card, []).append(group)
        self.memo: dict[int, int] = {}

    def best(self, hand: int) -> int:
        """The least deadwood pip count of ``hand`` (a subset of the searched hand)."""
        return pips(hand & ~self.union) + self._covered(hand & self.union | self.slots)

    def _covered(self, left: int) -> int:
        cards = left & CARDS
        if not cards:
            return 0
        known = self.memo.get(left)
        if known is not None:
            return known
        low = cards & -cards
        card = low.bit_length() - 1
        best = _PIP[card] + self._covered(left ^ low)
        for group in self.by_card[card]:
            if group & left == group:
                value = self._covered(left ^ group)
                best = min(best, value)
        self.memo[left] = best
        return best

    def trace(self, hand: int) -> tuple[list[int], int]:
        """The groups of one least-deadwood arrangement of ``hand`` and its deadwood set:
        at each step the first group (ascending) that keeps the least count, else the card
        left as deadwood (RM12)."""
        used: list[int] = []
        left = hand & self.union | self.slots
        dead = hand & ~self.union
        while left & CARDS:
            target = self._covered(left)
            low = left & CARDS & -left
            card = low.bit_length() - 1
            for group in self.by_card[card]:
                if group & left == group and self._covered(left ^ group) == target:
                    used.append(group)
                    left ^= group
                    break
            else:
                dead |= low
                left ^= low
        return used, dead


def deadwood_points(hand: int) -> int:
    """The least deadwood pip count of a hand (RM12)."""
    return _Search(candidate_melds(hand)).best(hand)


def deadwood_after_discards(hand: int) -> dict[int, int]:
    """For each card of ``hand``, the least deadwood of the hand without it (RM14)."""
    search = _Search(candidate_melds(hand))
    return {card: search.best(hand & ~(1 << card)) for card in cards_of(hand)}


def arrange(hand: int, onto: Sequence[int] = ()) -> Arrangement:
    """A least-deadwood arrangement of ``hand`` (RM12), laying off on the melds ``onto``
    when given (RM21).  Ties are broken the same way every time (RM13)."""
    melds = candidate_melds(hand)
    layoffs = layoff_groups(hand, onto) if onto else []
    own = set(melds)
    search = _Search(sorted(own | set(layoffs)))
    used, dead = search.trace(hand)
    return Arrangement(tuple(sorted(g for g in used if g in own)),
                       tuple(sorted(g & CARDS for g in used if g not in own)), dead, pips(dead))
