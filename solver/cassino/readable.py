"""Cassino's readable hints (solver/readable.py): its alike moves are the same up to suits
that do not matter (:mod:`engine.cassino.alike`)."""

from __future__ import annotations

from typing import Any

from engine.cassino import View, alike_moves
from solver.cassino.core import hint_moves
from solver.games import READABLE_KEYS
from solver.readable import mark_groups

__all__ = ["READABLE_KEYS", "mark_alternatives"]

def mark_alternatives(view: View, ranked: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``ranked`` (a hint's ``moves``, best first) with the groups of alike moves marked
    (solver/readable.py); the items are changed in place and returned."""
    if not ranked:
        return ranked
    groups = [[m.id for m in group]
              for group in alike_moves(view.rules, view.loose, hint_moves(view))]
    return mark_groups(ranked, groups)
