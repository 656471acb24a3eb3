"""The end of the stock (RM25, DP11, DP13): what a turn that leaves the stock empty does,
and when a Double-Pack Rum hand has stalled and ends drawn.

In the poker games the pile but its top card is shuffled into a new stock once, and the
hand is drawn when the stock runs out again (RM25).  In Double-Pack Rum the pile but its
top card is turned face down as it lies, as often as the stock runs out (DP11): the card
at the bottom of the pile, the first laid there, is drawn first.  Such a hand could go on
for ever, so it ends drawn when a whole turned stock was drawn through with nothing laid
out, or when turn after turn takes from the pile and lays nothing out (DP13).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rummy.deal import reshuffle
from engine.rummy.moves import DRAW, LAY_OUT, TAKE
from engine.rummy.rules import Rules
from engine.rummy.state import Played

__all__ = ["AGAIN", "DRAWN_REASONS", "EMPTY", "STALLED", "TAKES", "restock", "stalled"]

AGAIN = "again"
"""RM25: the stock, shuffled once already, is out again."""
EMPTY = "empty"
"""RM25, DP11: nothing lies under the pile's top card to make a stock of."""
STALLED = "stalled"
"""DP13: a turned stock was drawn through with nothing laid out, added or shifted."""
TAKES = "takes"
"""DP13: whole rounds of turns each opened by a take, with nothing laid out."""
DRAWN_REASONS = (AGAIN, EMPTY, STALLED, TAKES)
"""Why a hand ends drawn: a double-pack ``hand_drawn`` event's ``reason``."""


def restock(rules: Rules, seed: int, pile: tuple[int, ...], history: Sequence[Played],
            reshuffled: bool, turned_at: int | None
            ) -> tuple[tuple[int, ...], tuple[int, ...]] | str:
    """The new stock and pile when a turn ends with the stock empty, or why the hand ends
    drawn instead (:data:`AGAIN`, :data:`EMPTY`, :data:`STALLED`).  ``history`` is the
    record up to that turn's end; ``turned_at`` the length it had when the stock was
    last turned (DP11), ``None`` if it never was."""
    if len(pile) < 2:
        return EMPTY
    if rules.turn_over:
        if turned_at is not None and not any(p.type in LAY_OUT for p in history[turned_at:]):
            return STALLED
        return pile[:-1], pile[-1:]
    if reshuffled:
        return AGAIN
    return reshuffle(seed, pile[:-1]), pile[-1:]


def stalled(rules: Rules, history: Sequence[Played], players: int) -> bool:
    """Whether the last ``stall_rounds`` whole rounds of turns each began with a take from
    the pile and laid nothing out (DP13); ``history`` ends with a turn's discard."""
    if not rules.stall_rounds:
        return False
    need = rules.stall_rounds * players
    for played in reversed(history):
        if played.type in LAY_OUT or played.type == DRAW:
            return False
        if played.type == TAKE:
            need -= 1
            if not need:
                return True
    return False
