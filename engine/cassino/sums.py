"""Subset sums of loose cards, the arithmetic core of captures and builds (R7, R11, R14).

What matters is only the *values* of the loose numerals, so the groups (sub-multisets
summing to a target) and their disjoint unions are computed once per sorted tuple of
values and cached as positions; :class:`PileSums` maps positions back to card sets
for one table.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.cassino.rules import Rules
from engine.errors import PositionTooLargeError

__all__ = ["MAX_UNIONS", "check_table", "groups", "split_into_groups", "unions"]

MAX_UNIONS = 30_000
"""D16: the most sets of disjoint groups of one value the loose cards may split into.  Past
it a position's moves run to millions (36 loose cards: 3.5 million, 24 GB), so the engine
refuses the table rather than enumerate it; no table of 24 loose cards or fewer comes near
(the largest seen in play is a few hundred)."""


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
def _unions(values: tuple[int, ...], target: int) -> tuple[tuple[int, ...], ...]:
    """Position tuples of the disjoint unions of groups summing to ``target``, no empty one."""
    unions = [0]
    for group in _groups(values, target):
        g = 0
        for i in group:
            g |= 1 << i
        unions += [u | g for u in unions if not u & g]
        if len(unions) > MAX_UNIONS + 1:  # refused before it grows further (D16)
            raise PositionTooLargeError(
                f"the table's {len(values)} loose cards of {target} or less split into more "
                f"than {MAX_UNIONS:,} sets of groups of {target}: the engine does not list "
                "the moves of such a position (D16)", field="table.loose", rule="D16")
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
    return found if found is not None else _miss(rules, key, masked, target, _groups)


def unions(loose: int, target: int, rules: Rules) -> list[int]:
    """Every non-empty set of loose cards that splits into disjoint groups of ``target``.

    These are the loose parts of a capture with a numeral of ``target`` (R11) and the
    further groups a build of ``target`` may take in (R14).  Ascending.  Do not mutate.
    """
    masked = loose & rules.upto[target]
    key = -(masked << 5 | target) - 1  # negative keys: unions, beside the groups
    found = rules.memo.get(key)
    return found if found is not None else _miss(rules, key, masked, target, _unions)


def check_table(loose: int, rules: Rules) -> None:
    """Refuse (:class:`PositionTooLargeError`, D16) loose cards whose groups of some build
    value split too many ways: every capture and build of the position is then listable,
    whatever the hands."""
    for target in range(1, len(rules.upto)):  # every card value and every build value
        unions(loose, target, rules)


def _miss(rules: Rules, key: int, masked: int, target: int,
          compute: Callable[[tuple[int, ...], int], tuple[tuple[int, ...], ...]]) -> list[int]:
    """Compute on the values (cached), map back to cards, and remember for these rules."""
    values, bits = _pile(masked, rules)
    found = _cards(compute(values, target), bits)
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

    Used when a build is applied, to record the groups it forms (R15), and to explain
    why a move is refused.  Groups come out as card sets.
    """
    total = 0
    for v, _ in cards:
        if v <= 0:
            return None
        total += v
    if total % target:
        return None
    ordered = sorted(cards, reverse=True)  # large values first: fewer dead ends

    def cover(left: list[tuple[int, int]]) -> list[int] | None:
        if not left:
            return []
        (first_value, first), rest = left[0], left[1:]
        for chosen, remaining in _fill(rest, target - first_value):
            found = cover(remaining)
            if found is not None:
                return [chosen | 1 << first, *found]
        return None

    return cover(ordered)


def _fill(cards: list[tuple[int, int]], need: int) -> list[tuple[int, list[tuple[int, int]]]]:
    """Ways to pick cards summing to ``need``: (card set, cards left), in a fixed order."""
    if need == 0:
        return [(0, cards)]
    out = []
    for i, (v, card) in enumerate(cards):
        if v <= need:
            for chosen, left in _fill(cards[i + 1:], need - v):
                out.append((chosen | 1 << card, cards[:i] + left))
    return out
