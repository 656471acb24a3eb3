"""Subset sums of loose cards, the arithmetic core of captures and builds (R11, R14).

Results depend only on the *values* of the loose cards, so they are computed once
per (sorted values, target) and cached; :func:`groups_summing` and
:func:`partition_unions` then map the cached positions back to card sets.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["groups_summing", "partition_unions", "split_into_groups"]

# A "pile" is the loose numerals as two parallel tuples sorted by value:
# their values and their one-card sets.  Results are sets of positions in the pile.


@lru_cache(maxsize=1 << 16)
def _groups(values: tuple[int, ...], target: int) -> tuple[int, ...]:
    """Position sets of the sub-multisets of ``values`` (ascending) that sum to ``target``."""
    out: list[int] = []
    n = len(values)

    def extend(start: int, remaining: int, chosen: int) -> None:
        for i in range(start, n):
            v = values[i]
            if v > remaining:
                return
            if v == remaining:
                out.append(chosen | 1 << i)
            else:
                extend(i + 1, remaining - v, chosen | 1 << i)

    if target > 0:
        extend(0, target, 0)
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _unions(values: tuple[int, ...], target: int) -> tuple[int, ...]:
    """Distinct unions of disjoint groups summing to ``target``, the empty union first."""
    unions = [0]
    for group in _groups(values, target):
        unions += [u | group for u in unions if not u & group]
    return (0, *sorted(set(unions) - {0}))


def _cards(positions: int, bits: tuple[int, ...]) -> int:
    mask = 0
    i = 0
    while positions:
        if positions & 1:
            mask |= bits[i]
        positions >>= 1
        i += 1
    return mask


def groups_summing(values: tuple[int, ...], bits: tuple[int, ...], target: int) -> list[int]:
    """Card sets of the pile whose values sum to ``target`` (a group, R7)."""
    return [_cards(p, bits) for p in _groups(values, target)]


def partition_unions(values: tuple[int, ...], bits: tuple[int, ...], target: int) -> list[int]:
    """Every card set of the pile that splits into disjoint groups of ``target``, ``0`` first.

    These are the loose parts of every capture with a numeral of value ``target`` (R11)
    and the extra groups a build of value ``target`` may take in (R14).
    """
    return [_cards(p, bits) for p in _unions(values, target)]


def split_into_groups(cards: list[tuple[int, int]], target: int) -> list[int] | None:
    """Partition ``(value, card)`` pairs into groups each summing to ``target``, or ``None``.

    Used when a move is applied, to record the groups it forms (R15).
    """
    if not cards:
        return []
    values = tuple(sorted(v for v, _ in cards))
    if sum(values) % target:
        return None
    ordered = sorted(cards)
    bits = tuple(1 << c for _, c in ordered)
    full = (1 << len(ordered)) - 1
    groups = _groups(values, target)

    def cover(left: int) -> list[int] | None:
        if not left:
            return []
        low = left & -left  # the lowest remaining card must be in some group
        for group in groups:
            if group & low and group & left == group:
                rest = cover(left ^ group)
                if rest is not None:
                    return [group, *rest]
        return None

    found = cover(full)
    return None if found is None else [_cards(g, bits) for g in found]
