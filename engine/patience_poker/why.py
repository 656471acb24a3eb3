"""Why not, for Patience Poker (docs/api.md "Why not"): whether the card may go at a cell,
and if not the first rule it breaks (PPD11), judged from the seat's view alone."""

from __future__ import annotations

from engine.cards import card_name
from engine.patience_poker.state import Move, View
from engine.why import Answer, Reason

__all__ = ["why"]


def why(view: View, cell: str, card: str | None = None) -> Answer:
    """The place of ``card`` (the card called by default) at ``cell``."""
    name = card if card is not None else (
        card_name(view.called[-1]) if view.called else "")
    move = Move(name, cell, None if view.players == 1 else view.player)
    refused = view.refusal(move)
    if refused is None:
        return Answer([move], [], [])
    return Answer([], [Reason("place", getattr(refused, "rule", None), str(refused))], [])
