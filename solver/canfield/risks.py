"""Canfield's warnings (docs/api.md "Warnings"): a legal move that costs, told from the
view alone (CF15): a card laid on a column's top card that could go to its foundation now
(``bury``: it must come off again first, and only a column of two gives a card back,
CFD3), and a turn or a stop that ends the game while a card could still be played
(``end``: CFD7, CFD9)."""

from __future__ import annotations

from typing import Any

from engine.canfield import Move, View

__all__ = ["move_risks"]


def move_risks(view: View, moves: list[Move]) -> dict[Move, dict[str, Any]]:
    """Each costly move of ``moves`` and its warning (``player`` 0, ``probability`` 1,
    ``how``)."""
    out: dict[Move, dict[str, Any]] = {}
    playable = any(not m.word for m in moves)
    for move in moves:
        if move.dst.startswith("c"):
            col = view.cols[int(move.dst[1])]
            if col and view.goes_up(col[-1]):
                out[move] = {"player": 0, "probability": 1.0, "how": "bury",
                             "method": "exact"}
        elif (move.word == "stop" and playable) or (
                move.word == "turn" and not view.hand and not view.used and playable):
            out[move] = {"player": 0, "probability": 1.0, "how": "end", "method": "exact"}
    return out
