"""Readable hints: a hint's ranked moves marked by groups of alike moves (docs/api.md
"Readable hints"), the same up to suits that do not matter (:mod:`engine.cassino.alike`).

The first move of a group in rank order lists the others as ``alternatives`` (their ids,
in rank order, whether or not ``top`` kept them); each other member names it as
``alternative_of``.  Every other field stays as the solver gave it: a client that shows
the moves without ``alternative_of`` lists each group once.
"""

from __future__ import annotations

from typing import Any

from engine.cassino import View, alike_moves
from solver.cassino.core import hint_moves
from solver.games import READABLE_KEYS

__all__ = ["READABLE_KEYS", "mark_alternatives"]

def mark_alternatives(view: View, ranked: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``ranked`` (a hint's ``moves``, best first) with the groups of alike moves marked
    (module docstring); the items are changed in place and returned."""
    if not ranked:
        return ranked
    moves = hint_moves(view)
    order = {item["move"]["id"]: i for i, item in enumerate(ranked)}
    group_of: dict[str, list[str]] = {}
    for group in alike_moves(view.rules, view.loose, moves):
        if len(group) < 2:
            continue
        ids = sorted((m.id for m in group), key=lambda i: (order.get(i, len(order)), i))
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
