"""Conquian's warnings (docs/api.md "Warnings"): for each discard, the chance that the
adversary can use it (Q10: a discard is offered to him as a turned card): certainly when it
extends one of his melds on the table (Q6, QD6), else when he holds two cards that make a
new meld with it, his own or borrowed from his melds (Q14).  Told from the discarding
seat's view only (Q23)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.cards import cards_of
from engine.conquian import View, get_rules
from engine.conquian.melds import layout
from engine.conquian.moves import DISCARD, Move
from solver.risks import meld_chance

__all__ = ["discard_risks"]


def discard_risks(view: View, moves: list[Move]) -> dict[Move, dict[str, Any]]:
    """Each discard of ``moves`` and its risk: ``player`` (the adversary), ``probability``
    and how (``extend`` one of his melds, or ``meld`` a new one)."""
    rules = get_rules(view.variant)
    shape = layout(rules)
    adversary = rules.adversary(view.player, view.dealer, len(view.hand_sizes))
    his = view.melds[adversary]
    seen = view.hand | (1 << view.up if view.up >= 0 else 0)
    for seat in view.melds:
        for meld in seat:
            seen |= meld
    for card in view.dead:
        seen |= 1 << card
    unseen = frozenset(cards_of(shape.pack & ~seen))
    to_run = to_set = 0
    for meld in his:
        to_run |= shape.lends_to_run(meld)
        to_set |= shape.lends_to_set(meld)
    lent = frozenset(cards_of(to_run | to_set))
    hidden = view.hand_sizes[adversary]
    out: dict[Move, dict[str, Any]] = {}
    for move in moves:
        if move.type != DISCARD or move.card < 0:
            continue
        card = move.card
        if any(shape.extenders(meld) >> card & 1 for meld in his):
            out[move] = {"player": adversary, "probability": 1.0, "how": "extend",
                         "method": "exact"}
            continue
        partners = []
        for a, b in combinations(sorted(unseen | lent), 2):
            mask = 1 << card | 1 << a | 1 << b
            kind = shape.kind(mask)
            if kind is None:
                continue
            lends = to_run if kind == "run" else to_set
            borrowed = [x for x in (a, b) if x in lent]
            if any(not lends >> x & 1 for x in borrowed):
                continue
            if len(borrowed) == 2 and any(m >> a & 1 and m >> b & 1 for m in his):
                continue  # one card from each meld (QD7)
            partners.append(frozenset((a, b)))
        chance = meld_chance(partners, lent, unseen, hidden)
        out[move] = {"player": adversary, "probability": round(chance, 4), "how": "meld",
                     "method": "exact"}
    return out
