"""Jass's warnings (docs/api.md "Warnings"), told from the seat's view alone: a card of
points thrown onto a trick the seat can no longer win (``give``, J12, J17).

A card that does not head the trick's best card loses the trick for sure (later cards only
raise the best), so its points (J1, J2) go to another seat: the warning says how many more
than the legal card of fewest points would have given (``lost``), and names that card
(``best``) and the seat winning the trick so far (``player``).  Exact: the trick is on the
table and the hand is the seat's own.  In a match to 1,000 a wrong call-out is warned of too
(``lose``: it loses the match, JD20; whether it is right is public).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.jass import CALL, View
from engine.jass.cards import beats, best_of, pips
from engine.jass.match import target_of, winners
from engine.jass.moves import Move

__all__ = ["call_risk", "move_risks"]


def call_risk(view: View, moves: list[Move]) -> dict[Move, dict[str, Any]]:
    """A wrong call-out among ``moves`` (``how`` ``lose``: it loses the match, JD20), with
    the seat that would win instead (``player``) and the points the caller's total lacks
    (``lost``)."""
    if CALL not in moves or view.match is None or view.call_right(view.player):
        return {}
    won = winners(view.settings, replace(view.match, caller=view.player), view.deal_points())
    target = target_of(view.settings, view.match.scores, view.seats)
    return {CALL: {"player": won[0], "probability": 1.0, "how": "lose",
                   "lost": float(target - view.result.points[view.player]),
                   "method": "exact"}}


def move_risks(view: View, moves: list[Move]) -> dict[Move, dict[str, Any]]:
    """Each play of ``moves`` that gives points away to a trick it cannot win, and its
    warning (``how`` ``give``, ``probability`` 1); a wrong call-out (``how`` ``lose``)."""
    calls = call_risk(view, moves)
    plays = [m for m in moves if m.kind == "play"]
    if not plays or not view.trick:
        return calls
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
    return out | calls
