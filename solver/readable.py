"""Readable hints for every game (docs/api.md "Readable hints"): a hint's ranked moves
marked by groups of alike moves, which the game tells (Cassino's: the same up to suits
that do not matter, engine/cassino/alike.py; the rummy games': the same up to which pack's
copy of a card they play).

The first move of a group in rank order lists the others as ``alternatives`` (their ids,
in rank order, whether or not ``top`` kept them); each other member names it as
``alternative_of``.  Every other field stays as the solver gave it: a client that shows
the moves without ``alternative_of`` lists each group once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

__all__ = ["group_by", "mark_groups"]


def mark_groups(ranked: list[dict[str, Any]],
                groups: Iterable[Sequence[str]]) -> list[dict[str, Any]]:
    """``ranked`` (a hint's ``moves``, best first) with each group of alike move ids
    marked; the items are changed in place and returned."""
    if not ranked:
        return ranked
    order = {item["move"]["id"]: i for i, item in enumerate(ranked)}
    group_of: dict[str, list[str]] = {}
    for group in groups:
        if len(group) < 2:
            continue
        ids = sorted(group, key=lambda i: (order.get(i, len(order)), i))
        for move_id in ids:
            group_of[move_id] = ids
    for item in ranked:
        members = group_of.get(item["move"]["id"])
        if members is None:
            continue
        first = members[0]
        if item["move"]["id"] == first:
            item["alternatives"] = members[1:]
        else:
            item["alternative_of"] = first
    return ranked


def group_by(moves: Iterable[Any], key: Callable[[Any], Hashable]) -> list[list[str]]:
    """The ids of ``moves`` grouped by ``key`` (groups of one left out), in move order."""
    groups: dict[Hashable, list[str]] = {}
    for move in moves:
        groups.setdefault(key(move), []).append(move.id)
    return [ids for ids in groups.values() if len(ids) > 1]
