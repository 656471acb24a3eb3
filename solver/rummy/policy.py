"""The greedy rule, the greedy bot's and, but for its draw, the careful rule's (RM7, RM8,
RM12, RM14, RM22): take the pile's top card when it lowers the least deadwood (RM12), else draw;
discard the card that leaves the least deadwood (never the card just taken, RM8); call as
soon as the deadwood kept is within the variant's limit.

Least deadwood comes from :mod:`solver.rummy.deadwood` for one pack (the engine's exact
search, :func:`engine.rummy.deadwood_points`, for two), memoized here by hand: the answers
are pure functions of the cards, so the cache changes speed, never results.
"""

from __future__ import annotations

from engine.rummy import (
    DISCARD,
    DRAW,
    TAKE,
    Move,
    Rules,
    View,
    deadwood_after_discards,
    deadwood_points,
    pip,
)
from solver.rummy import deadwood as one_pack
from solver.rummy import double_pack_policy

__all__ = ["after_discards", "greedy_call", "greedy_discard", "greedy_move", "greedy_takes",
           "points"]

_CACHE_SIZE = 200_000
"""Hands remembered by each cache before it starts afresh."""
_POINTS: dict[int, int] = {}
_AFTER: dict[int, dict[int, int]] = {}


def points(hand: int) -> int:
    """The least deadwood of ``hand`` (RM12)."""
    known = _POINTS.get(hand)
    if known is None:
        if len(_POINTS) >= _CACHE_SIZE:
            _POINTS.clear()
        known = _POINTS[hand] = (one_pack.deadwood(hand) if hand <= one_pack.ONE_PACK
                                  else deadwood_points(hand))
    return known


def after_discards(hand: int) -> dict[int, int]:
    """For each card of ``hand``, the least deadwood of the hand without it (RM14)."""
    known = _AFTER.get(hand)
    if known is None:
        if len(_AFTER) >= _CACHE_SIZE:
            _AFTER.clear()
        known = _AFTER[hand] = (one_pack.after_discards(hand) if hand <= one_pack.ONE_PACK
                                 else deadwood_after_discards(hand))
    return known


def greedy_discard(hand: int, taken: int | None) -> tuple[int, int]:
    """The discard leaving the least deadwood and that deadwood (RM8: never ``taken``);
    of equals, the card of most pips, then the highest."""
    after = after_discards(hand)
    card = min((c for c in after if c != taken), key=lambda c: (after[c], -pip(c), -c))
    return card, after[card]


def greedy_takes(hand: int, top: int, deadwood: int) -> bool:
    """Whether taking ``top`` onto ``hand`` (whose least deadwood is ``deadwood``) lowers
    it, discarding another card (RM7, RM8)."""
    after = after_discards(hand | 1 << top)
    return min(v for c, v in after.items() if c != top) < deadwood


def greedy_call(rules: Rules, deadwood: int) -> bool:
    """Call as soon as allowed (RM14, RM22), never over the limit (RM24)."""
    return deadwood <= rules.call_limit


def greedy_move(view: View) -> Move:
    """The greedy rule's move for the viewer, who is to move (RM7, RM8, RM14); Double-Pack
    Rum's is :func:`solver.rummy.double_pack_policy.greedy_move`."""
    if view.rules.lay_out:
        return double_pack_policy.greedy_move(view)
    if view.phase == DRAW:
        if view.pile and greedy_takes(view.hand, view.pile[-1], points(view.hand)):
            return Move(TAKE)
        return Move(DRAW)
    card, after = greedy_discard(view.hand, view.taken)
    return Move(DISCARD, card, greedy_call(view.rules, after))
