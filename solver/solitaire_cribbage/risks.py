"""Solitaire Cribbage's warnings (docs/api.md "Warnings"): a discard whose expected points
in the deal are far below the best discard's, with the chance that it scores less than the
best is expected to (exact over the crib's and the starter's unseen cards, SC24)."""

from __future__ import annotations

from typing import Any

from engine.solitaire_cribbage import Move, View
from solver.solitaire_cribbage.hints import ranked

__all__ = ["MARGIN", "SHORT", "discard_risks"]

MARGIN = 2.0
"""Expected points below the best from which a discard is warned of."""
SHORT = "short"


def discard_risks(view: View, moves: list[Move]) -> dict[Move, dict[str, Any]]:
    """Each of ``moves`` at least :data:`MARGIN` expected points below the best: its
    ``probability`` of scoring less than the best's expected points, ``lost`` (the expected
    points below) and ``best`` (the best discard's id)."""
    if not moves:
        return {}
    every = ranked(view)
    top = max(every, key=lambda d: d.expected)
    best = Move(view.player, top.laid)
    out: dict[Move, dict[str, Any]] = {}
    for move in moves:
        discard = next(d for d in every if d.laid == move.cards)
        lost = top.expected - discard.expected
        if lost >= MARGIN:
            short = sum(p for v, p in discard.histogram.items() if v < top.expected)
            out[move] = {"player": view.player, "probability": round(short, 4), "how": SHORT,
                         "method": "exact", "lost": round(lost, 3), "best": best.id}
    return out
