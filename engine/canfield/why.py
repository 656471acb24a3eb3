"""Why not in Canfield (docs/api.md "Why not"): what a card the player picks can do (go to
its foundation, go on a column or into a space), or the first rule each kind of move
breaks, read from the view alone (CF15)."""

from __future__ import annotations

from engine.canfield.state import SOURCES, Move, View
from engine.errors import IllegalMoveError
from engine.why import Answer, Kind, ask

__all__ = ["source_of", "why"]


def source_of(view: View, card: int) -> str:
    """Where the picked card lies face up and free: the talon ``w``, the stock ``s`` or a
    column ``cI``; a card elsewhere is refused (CF9)."""
    for src in SOURCES:
        if view.top(src) == card or (src[0] == "c" and view.source(Move(card, "c0")) == src):
            return src
    raise IllegalMoveError("card: not a card that may be played: the talon's showing card, "
                           "the stock's top card or a column's top card (CF9)", field="card",
                           rule="CF9")


def why(view: View, card: int, target: str | None = None) -> Answer:
    """The legal moves of ``card`` (to ``target`` only, when given: ``f`` or ``cJ``), and
    for the foundation and each column it makes none of, the rule it breaks."""
    src = source_of(view, card)
    targets = [target] if target else ["f", "c0", "c1", "c2", "c3"]
    kinds = [Kind("foundation" if t == "f" else f"column {int(t[1]) + 1}",
                  lambda m, t=t: m == Move(card, t), Move(card, t))  # type: ignore[misc]
             for t in targets if t != src]
    return ask(view, view.legal_moves(), kinds)
