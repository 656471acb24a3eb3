"""The careful rule of Poker Rum and Poker Gin (RM7, RM8, RM12, RM14, RM22): the greedy
rule (:mod:`solver.rummy.policy`) but for its draw, which takes the pile's card only for a
meld.

* Draw (RM7, RM8): take the pile's top card when it joins a meld of the hand's
  least-deadwood arrangement (RM12) and the deadwood falls, or when it cuts the deadwood
  by at least :data:`BIG_CUT`; else draw from the stock.  The greedy rule takes any card
  that lowers the deadwood, a low card for a high one: the stock's card, which may make a
  meld, is worth more than a few points of deadwood.
* Discard (RM8, RM14): the card leaving the least deadwood (never the card just taken).
* Call (RM14, RM22): as soon as the deadwood kept is within the limit.

Measured (``python -m solver.rummy.arena careful greedy --variant poker-rum --pairs
1000``, docs/solver.md "Rummy"): the careful rule beats the greedy rule; a discard that
keeps near-melds (pairs, two of a suit within two places), as Double-Pack Rum's rule does,
lost to the least-deadwood discard in both games, so this rule keeps the greedy discard.
Every choice depends only on the mover's hand and the pile's top (RM27).
"""

from __future__ import annotations

from engine.rummy import DISCARD, DRAW, TAKE, Move, View, pip
from solver.rummy.policy import after_discards, greedy_call, greedy_discard, points

__all__ = ["BIG_CUT", "careful_move", "careful_takes"]

BIG_CUT = 8
"""The cut in deadwood for which a card that joins no meld is still taken from the pile."""


def careful_takes(hand: int, top: int) -> bool:
    """Whether the careful rule takes ``top`` onto ``hand`` (RM7, RM8): it joins a meld of
    the least-deadwood arrangement of the hand with it and lowers the deadwood, or it cuts
    the deadwood by :data:`BIG_CUT` or more, discarding another card."""
    grown = hand | 1 << top
    after = after_discards(grown)
    cut = points(hand) - min(v for c, v in after.items() if c != top)
    if cut <= 0:
        return False
    in_meld = after[top] != points(grown) - pip(top)
    return in_meld or cut >= BIG_CUT


def careful_move(view: View) -> Move:
    """The careful rule's move for the viewer, who is to move (RM7, RM8, RM14, RM22)."""
    if view.phase == DRAW:
        if view.pile and careful_takes(view.hand, view.pile[-1]):
            return Move(TAKE)
        return Move(DRAW)
    assert view.phase == DISCARD
    card, after = greedy_discard(view.hand, view.taken)
    return Move(DISCARD, card, greedy_call(view.rules, after))
