"""Subset sums of loose cards, the arithmetic core of captures and builds (R7, R11, R14).

What matters is only the *values* of the loose numerals, so the groups (sub-multisets
summing to a target) and their disjoint unions are computed once per sorted tuple of
values and cached as positions; :class:`PileSums` maps positions back to card sets
for one table.  Where the unions of one value pass :data:`MAX_FAMILY` they are not listed
(D16): :func:`splits` then answers exactly whether given cards split into groups.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

from engine.cassino.rules import Rules

__all__ = ["MAX_FAMILY", "groups", "split_into_groups", "splits", "unions"]

MAX_FAMILY = 5_000
"""D16: the most moves a move list holds for one card, of one kind and (builds) one value:
its captures, or its builds of one value.  Counted before duplicates are removed (for a
build, starting groups times further unions, for the unions, the sets of disjoint groups
that make them), so that nothing larger is ever built.  Past it the moves of that card are
a family, listed in part (:mod:`engine.cassino.families`).  No position of 73,805 in random
games of every variant comes near (the largest: 3,304)."""

_DISJOINT = (MAX_FAMILY + 1).bit_length()
"""That many pairwise disjoint groups make more than ``MAX_FAMILY + 1`` sets of disjoint
groups (2 ** 13 = 8,192): the unions are known too many before they are enumerated."""


@lru_cache(maxsize=1 << 16)
def _groups(values: tuple[int, ...], target: int) -> tuple[tuple[int, ...], ...]:
    """Position tuples of the sub-multisets of ``values`` (ascending) that sum to ``target``."""
    found: list[tuple[int, ...]] = []
    n = len(values)

    def extend(start: int, remaining: int, chosen: tuple[int, ...]) -> None:
        for i in range(start, n):
            v = values[i]
            if v > remaining:
                return  # values ascend: nothing further fits
            if v == remaining:
                found.append((*chosen, i))
            else:
                extend(i + 1, remaining - v, (*chosen, i))

    extend(0, target, ())
    return tuple(found)


@lru_cache(maxsize=1 << 16)
def _unions(values: tuple[int, ...], target: int) -> tuple[tuple[int, ...], ...] | None:
    """Position tuples of the disjoint unions of groups summing to ``target``, no empty one;
    ``None`` when the sets of disjoint groups number more than ``MAX_FAMILY`` (D16)."""
    masks = []
    for group in _groups(values, target):
        g = 0
        for i in group:
            g |= 1 << i
        masks.append(g)
    taken = disjoint = 0  # a quick proof of too many: enough pairwise disjoint groups
    for g in masks:
        if not taken & g:
            taken |= g
            disjoint += 1
    if disjoint >= _DISJOINT:
        return None
    unions = [0]
    for g in masks:
        unions += [u | g for u in unions if not u & g]
        if len(unions) > MAX_FAMILY + 1:  # too many: never grown further (D16)
            return None
    return tuple(tuple(i for i in range(len(values)) if u >> i & 1)
                 for u in sorted(set(unions) - {0}))


_MEMO_LIMIT = 1 << 17  # entries per rules object before the memo starts afresh


def groups(loose: int, target: int, rules: Rules) -> list[int]:
    """Sets of loose numerals summing to ``target`` (a group, R7), ascending.  Do not mutate.

    ``target`` is a card or build value of ``rules``, below 32 (the five low bits of the
    memo's keys): at most 14 in any variant (V3 with aces high)."""
    masked = loose & rules.upto[target]
    key = masked << 5 | target
    found = rules.memo.get(key)
    if found is None:
        found = _miss(rules, key, masked, target, _groups)
        assert found is not None  # groups are always listed: a few thousand at most
    return found


def unions(loose: int, target: int, rules: Rules) -> list[int] | None:
    """Every non-empty set of loose cards that splits into disjoint groups of ``target``,
    ascending; ``None`` past :data:`MAX_FAMILY` (D16).  Do not mutate.

    These are the loose parts of a capture with a numeral of ``target`` (R11) and the
    further groups a build of ``target`` may take in (R14).
    """
    masked = loose & rules.upto[target]
    key = -(masked << 5 | target) - 1  # negative keys: unions, beside the groups
    memo = rules.memo
    if key in memo:
        return memo[key]
    return _miss(rules, key, masked, target, _unions)


def splits(cards: int, target: int, rules: Rules, plus: int = 0) -> bool:
    """Whether ``cards``, with one more card worth ``plus`` when given, split into disjoint
    groups each worth ``target`` (R7, R11): the empty set does, a court card never (D6).
    Exact, and never lists the unions (D16)."""
    values = rules.values
    counts = [0] * (target + 1)
    total = 0
    m = cards
    while m:
        low = m & -m
        v = values[low.bit_length() - 1]
        if not 0 < v <= target:
            return False
        counts[v] += 1
        total += v
        m ^= low
    if plus:
        if plus > target:
            return False
        counts[plus] += 1
        total += plus
    return not total % target and _splits(tuple(counts), target)


@lru_cache(maxsize=1 << 15)
def _splits(counts: tuple[int, ...], target: int) -> bool:
    """``counts[v]`` cards of each value ``v`` (at most ``target``) split into groups of
    ``target``: the largest card opens a group, filled from the values at or below it."""
    top = len(counts) - 1
    while top and not counts[top]:
        top -= 1
    if not top:
        return True
    left = list(counts)
    left[top] -= 1
    return any(_splits(rest, target) for rest in _fills(left, target - top, top))


def _fills(counts: list[int], need: int, high: int) -> Iterator[tuple[int, ...]]:
    """The counts left once a sub-multiset of values at most ``high`` summing to ``need``
    is taken out, each sub-multiset once (by value, largest first)."""
    if not need:
        yield tuple(counts)
        return
    for v in range(min(need, high), 0, -1):
        if counts[v]:
            counts[v] -= 1
            yield from _fills(counts, need - v, v)
            counts[v] += 1


def _miss(rules: Rules, key: int, masked: int, target: int,
          compute: Callable[[tuple[int, ...], int], tuple[tuple[int, ...], ...] | None],
          ) -> list[int] | None:
    """Compute on the values (cached), map back to cards, and remember for these rules."""
    values, bits = _pile(masked, rules)
    positions = compute(values, target)
    found = None if positions is None else _cards(positions, bits)
    memo = rules.memo
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = found
    return found


def _pile(loose: int, rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The loose numerals as (values, one-card sets), ascending by value."""
    values = rules.values
    pairs = []
    while loose:
        low = loose & -loose
        pairs.append((values[low.bit_length() - 1], low))
        loose ^= low
    pairs.sort()
    return tuple(v for v, _ in pairs), tuple(b for _, b in pairs)


def _cards(found: tuple[tuple[int, ...], ...], bits: tuple[int, ...]) -> list[int]:
    out = []
    for positions in found:
        cards = 0
        for i in positions:
            cards |= bits[i]
        out.append(cards)
    return out


def split_into_groups(cards: list[tuple[int, int]], target: int) -> list[int] | None:
    """Partition ``(value, card)`` pairs into groups each summing to ``target``, or ``None``.

    Used when a build is applied, to record the groups it forms (R15, D8: the first
    partition found, largest values first), and to explain why a move is refused.  Groups
    come out as card sets.  A pick that leaves cards which cannot split is passed over
    (:func:`_splits` knows exactly), so the search never backtracks: a table of any size
    answers at once, with the partition the plain search would find.
    """
    total = 0
    for v, _ in cards:
        if v <= 0:
            return None
        total += v
    if total % target or not _values_split([v for v, _ in cards], target):
        return None
    ordered = sorted(cards, reverse=True)  # large values first: fewer dead ends

    def cover(left: list[tuple[int, int]]) -> list[int] | None:
        if not left:
            return []
        (first_value, first), rest = left[0], left[1:]
        for chosen, remaining in _fill(rest, target - first_value):
            if not _values_split([v for v, _ in remaining], target):
                continue  # the plain search would fail there
            found = cover(remaining)
            if found is not None:
                return [chosen | 1 << first, *found]
        return None

    return cover(ordered)


def _values_split(values: list[int], target: int) -> bool:
    """Whether card values split into groups of ``target``."""
    counts = [0] * (target + 1)
    for v in values:
        if not 0 < v <= target:
            return False
        counts[v] += 1
    return _splits(tuple(counts), target)


def _fill(cards: list[tuple[int, int]], need: int) -> Iterator[tuple[int, list[tuple[int, int]]]]:
    """Ways to pick cards summing to ``need``: (card set, cards left), in a fixed order."""
    if need == 0:
        yield 0, cards
        return
    for i, (v, card) in enumerate(cards):
        if v <= need:
            for chosen, left in _fill(cards[i + 1:], need - v):
                yield chosen | 1 << card, cards[:i] + left
