"""Jass's warnings (docs/api.md "Warnings"), told from the seat's view alone: a card of
points thrown onto a trick the seat can no longer win (``give``, J12, J17).

A card that does not head the trick's best card loses the trick for sure (later cards only
raise the best), so its points (J1, J2) go to another seat: the warning says how many more
than the legal card of fewest points would have given (``lost``), and names that card
(``best``) and the seat winning the trick so far (``player``).  Exact: the trick is on the
table and the hand is the seat's own.
"""

from __future__ import annotations

from typing import Any

from engine.jass import View
from engine.jass.cards import beats, best_of, pips
from engine.jass.moves import Move

__all__ = ["move_risks"]


def move_risks(view: View, moves: list[Move]) -> dict[Move, dict[str, Any]]:
    """Each play of ``moves`` that gives points away to a trick it cannot win, and its
    warning (``how`` ``give``, ``probability`` 1)."""
    plays = [m for m in moves if m.kind == "play"]
    if not plays or not view.trick:
        return {}
    trump = view.trump
    cards = [card for _, card in view.trick]
    at = best_of(cards, trump)
    cheapest = min(plays, key=lambda m: (pips(m.card, trump), m.card))
    fewest = pips(cheapest.card, trump)
    out: dict[Move, dict[str, Any]] = {}
    for move in plays:
        given = pips(move.card, trump)
        if given > fewest and not beats(move.card, cards[at], trump):
            out[move] = {"player": view.trick[at][0], "probability": 1.0, "how": "give",
                         "lost": float(given - fewest), "best": cheapest.id,
                         "method": "exact"}
    return out
