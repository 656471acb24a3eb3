"""The rummy games' readable hints (solver/readable.py): moves that are the same but for
which pack's copy of a card they play (``7H`` and ``7H'``, and the two jokers, RM2, DP1)
are alike, for the copies of a card are the same card to every rule."""

from __future__ import annotations

from typing import Any

from engine.rummy import View
from engine.rummy.cards import is_joker
from engine.rummy.moves import Move
from solver.readable import group_by, mark_groups
from solver.rummy.core import hint_moves

__all__ = ["mark_twins"]


def _copy(card: int | None) -> int | None:
    """A card up to its pack: the first pack's copy, the first joker."""
    if card is None:
        return None
    return 104 if is_joker(card) else card % 52


def twin_key(move: Move) -> tuple[Any, ...]:
    """What a move is up to the copies it plays (the cards of a meld as a multiset)."""
    return (move.type, _copy(move.card), move.call,
            tuple(sorted(c for c in map(_copy, move.cards) if c is not None)),
            move.target, move.low, _copy(move.fill), _copy(move.extend))


def mark_twins(view: View, ranked: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``ranked`` with the moves alike up to copies marked (in place)."""
    if not ranked:
        return ranked
    return mark_groups(ranked, group_by(hint_moves(view), twin_key))
