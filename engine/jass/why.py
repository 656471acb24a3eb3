"""Why not in Jass (docs/api.md "Why not"): the picked card played, or the picked cards
declared as melds, and the rule each kind breaks: out of turn (J9), the phase's move
(J6, J8, J14), following and heading (J10, J11, J22), melds (J13, J21, JD6, JD7).  From
the seat's view alone, so a card it does not hold is refused in one wording wherever it
lies (JD11)."""

from __future__ import annotations

from engine.cards import cards_of
from engine.jass.melds import melds_of
from engine.jass.moves import Move
from engine.jass.state import View
from engine.why import Answer, Kind, ask

__all__ = ["why"]


def why(view: View, cards: int) -> Answer:
    """The legal moves the picked ``cards`` make: one card played, or the melds they hold
    declared (every meld of them, JD9), and each other kind's broken rule."""
    card = next(cards_of(cards), -1)
    play = Move("play", card)
    found = tuple(sorted(melds_of(cards, view.trump)))
    declare = Move("declare", melds=found)
    legal = [m for m in view.legal_moves() if m in (play, declare) and (
        m.kind != "play" or cards.bit_count() == 1)]
    kinds = [Kind("play", lambda m: m.kind == "play", play),
             Kind("declare", lambda m: m.kind == "declare", declare)]
    return ask(view, legal, kinds)
