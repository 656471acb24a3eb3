"""The rummy games' warnings (docs/api.md "Warnings"): for each discard, the chance that it
lets the next player meld: the pile's top is his to take (RM8), and with it he holds a set
or a run (RM10, RM11; jokers in Double-Pack Rum, DP4), or, in Double-Pack Rum, he may add it
to a meld on the table (DP5).  Told from the discarding seat's view only (RM27)."""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Any

from engine.rummy import View
from engine.rummy.cards import JOKERS, cards_of, is_joker, pack, rank_of, suit_of
from engine.rummy.moves import DISCARD, Move
from engine.rummy.rules import Rules
from engine.rummy.table import additions, laid_problem, meld_of
from solver.risks import meld_chance

__all__ = ["discard_risks"]


def _places(card: int) -> tuple[int, ...]:
    """A natural card's places in a run (RM11): the ace below the two or above the king."""
    rank = rank_of(card)
    return (1, 14) if rank == 1 else (rank,)


def _two_natural(a: int, b: int) -> bool:
    """Two naturals a joker makes a meld with: one rank, or one suit two places apart at
    most."""
    if rank_of(a) == rank_of(b):
        return True
    return suit_of(a) == suit_of(b) and any(
        0 < abs(p - q) <= 2 for p in _places(a) for q in _places(b))


@functools.cache
def _lone_natural(rules: Rules) -> bool:
    """Whether a natural and both jokers make a meld under ``rules`` (DP4)."""
    return rules.jokers >= 2 and laid_problem(meld_of(0, (0, *JOKERS), 0)) is None


def _meld(rules: Rules, c: int, a: int, b: int) -> bool:
    jokers = [x for x in (c, a, b) if is_joker(x)]
    naturals = [x for x in (c, a, b) if not is_joker(x)]
    if len(jokers) == 2:
        return _lone_natural(rules)
    if len(jokers) == 1:
        return _two_natural(*naturals)
    if rank_of(c) == rank_of(a) == rank_of(b):
        return True
    if not suit_of(c) == suit_of(a) == suit_of(b) or len({rank_of(x) for x in naturals}) < 3:
        return False
    return any(max(p) - min(p) == 2 for p in ((x, y, z) for x in _places(c)
                                              for y in _places(a) for z in _places(b)))


def partners(rules: Rules, card: int, cards: list[int]) -> list[frozenset[int]]:
    """Every two of ``cards`` that make a meld with ``card``."""
    near = [x for x in cards if x != card and (is_joker(x) or rank_of(x) == rank_of(card) or (
        suit_of(x) == suit_of(card) and any(0 < abs(p - q) <= 2 for p in _places(x)
                                            for q in _places(card))))]
    return [frozenset((a, b)) for a, b in combinations(near, 2) if _meld(rules, card, a, b)]


def discard_risks(view: View, moves: list[Move]) -> dict[Move, dict[str, Any]]:
    """Each discard of ``moves`` (not a call: it ends the hand) and its risk for the next
    player: ``player``, ``probability`` and how (``meld``, or ``add`` to a table meld)."""
    rules = view.rules
    players = view.players
    nxt = (view.player + 1) % players
    everything = pack(rules.packs(players), rules.jokers)
    known = view.known
    seen = view.hand | sum(1 << c for c in view.pile)
    for laid in view.table:
        seen |= laid.mask
    for seat, mask in enumerate(known):
        if seat != view.player:
            seen |= mask
    unseen = frozenset(c for c in everything if not seen >> c & 1)
    held = frozenset(cards_of(known[nxt]))
    hidden = view.hand_sizes[nxt] - len(held)
    out: dict[Move, dict[str, Any]] = {}
    for move in moves:
        if move.type != DISCARD or move.call or move.card is None:
            continue
        card = move.card
        if rules.lay_out and additions(1 << card, view.table):
            out[move] = {"player": nxt, "probability": 1.0, "how": "add", "method": "exact"}
            continue
        pool = sorted(held | unseen)
        chance = meld_chance(partners(rules, card, pool), held, unseen, hidden)
        out[move] = {"player": nxt, "probability": round(chance, 4), "how": "meld",
                     "method": "exact"}
    return out
