"""Patience Poker's warnings (docs/api.md "Warnings"): the flush or straight a placement
gives up, and the chance it still had, counted exactly from the seat's view.

A row or column still holding one suit may yet be a flush, one whose ranks are distinct
and fit a straight (PP11, PPD3) a straight.  Placing a card there that breaks it gives that
chance up.  The chance is the share of the orders of the unseen cards (PP3) in which the
cards still to come hold every card the line lacks: for a flush, enough of its suit among
them (hypergeometric); for a straight, every rank of some straight through the line's
ranks (inclusion and exclusion over the ranks missing).  Counted from the view alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from math import comb
from typing import Any

from engine.patience_poker import CARDS, View
from engine.patience_poker.state import Move

__all__ = ["NO_RISK", "placement_risks"]

NO_RISK: Mapping[str, Any] = {"player": None, "probability": 0.0, "how": None,
                              "method": "exact"}
_WINDOWS = tuple(frozenset((low + i) % 13 for i in range(5)) for low in range(10))
"""PPD3: the rank sets of the straights (rank 0 the ace): A-5 .. 10-A."""


def _flush_chance(line: Sequence[int], unseen: Sequence[int], coming: int) -> float:
    """The chance the cards to come hold the ``5 - len(line)`` of its suit it lacks."""
    need = 5 - len(line)
    suit = line[0] & 3
    have = sum(1 for c in unseen if c & 3 == suit)
    n = len(unseen)
    if need > have or need > coming:
        return 0.0
    return sum(comb(have, k) * comb(n - have, coming - k)
               for k in range(need, min(have, coming) + 1)) / comb(n, coming)


def _straight_chance(line: Sequence[int], unseen: Sequence[int], coming: int) -> float:
    """The chance the cards to come hold every missing rank of some straight through the
    line's ranks (a union over the straights, by inclusion and exclusion)."""
    ranks = {c >> 2 for c in line}
    copies = [0] * 13
    for c in unseen:
        copies[c >> 2] += 1
    n = len(unseen)
    needs = [w - ranks for w in _WINDOWS if ranks <= w]
    needs = [s for s in needs if len(s) <= coming and all(copies[r] for r in s)]
    if not needs:
        return 0.0
    total = comb(n, coming)

    def all_present(missing: frozenset[int]) -> float:
        out = 0
        for k in range(len(missing) + 1):
            for absent in combinations(sorted(missing), k):
                out += (-1) ** k * comb(n - sum(copies[r] for r in absent), coming)
        return out / total

    chance = 0.0
    for k in range(1, len(needs) + 1):
        for group in combinations(needs, k):
            chance += (-1) ** (k + 1) * all_present(frozenset().union(*group))
    return chance


def _draws(line: Sequence[int]) -> dict[str, bool]:
    if not line or len(line) >= 5:
        return {"flush": False, "straight": False}
    ranks = [c >> 2 for c in line]
    return {"flush": len({c & 3 for c in line}) == 1,
            "straight": len(set(ranks)) == len(ranks) and any(set(ranks) <= w
                                                              for w in _WINDOWS)}


def placement_risks(view: View, moves: Sequence[Move]) -> dict[Move, Mapping[str, Any]]:
    """Each place's warning: the likeliest flush or straight its row or column gives up."""
    own = view.tableaus[view.player]
    if view.player not in view.acting:
        return {}
    width = view.geometry.width
    called = set(view.called)
    unseen = [c for c in range(52) if c not in called]
    coming = CARDS - len(view.called)
    card = view.called[-1]
    lines: dict[str, dict[int, list[int]]] = {"row": {}, "column": {}}
    for i, cell in enumerate(own):
        lines["row"].setdefault(cell // width, []).append(view.called[i])
        lines["column"].setdefault(cell % width, []).append(view.called[i])
    out: dict[Move, Mapping[str, Any]] = {}
    for move in moves:
        cell = view.geometry.parse(move.cell)
        worst: tuple[float, str, str] = (0.0, "", "")
        for kind, index in (("row", cell // width), ("column", cell % width)):
            line = lines[kind].get(index, [])
            before, after = _draws(line), _draws([*line, card])
            for how in ("flush", "straight"):
                if before[how] and not after[how]:
                    chance = (_flush_chance if how == "flush" else _straight_chance)(
                        line, unseen, coming)
                    if chance > worst[0]:
                        worst = (chance, how, f"{kind} {index}")
        if worst[0] > 0:
            out[move] = {"player": None, "probability": round(worst[0], 4), "how": worst[1],
                         "method": "exact", "line": worst[2]}
    return out
