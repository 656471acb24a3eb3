"""The chance that a card given away completes a meld in the next player's hand (docs/api.md
"Warnings"), counted exactly from what the table shows.

A card ``c`` makes a meld with a hand when the hand holds a *partner* of ``c``: two cards
``{a, b}`` such that ``{c, a, b}`` is a meld (every meld holding ``c`` holds such a
three).  What the asking seat knows of the next player's hand is the cards it is known to
hold (taken from the pile, shown, on the table to borrow) and the number of the others,
which are any of the cards it cannot see, all alike (the others' hands and the stock).
:func:`meld_chance` counts, over every way those hidden cards may lie, the share in which
some partner is whole in the hand: exact, not sampled, and a function of the view alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb

__all__ = ["NO_RISK", "meld_chance"]

NO_RISK = {"player": None, "probability": 0.0, "how": None, "method": "exact"}
"""The warning of a move that gives the next player nothing (a draw, a lay-out, a call)."""


def meld_chance(partners: Iterable[frozenset[int]], held: frozenset[int],
                unseen: frozenset[int], hidden: int) -> float:
    """The chance that a hand holding the cards ``held`` and ``hidden`` more, drawn alike
    from the cards ``unseen``, holds a whole partner (a set of one or two cards)."""
    live: list[frozenset[int]] = []
    for partner in partners:
        missing = partner - held
        if not missing:
            return 1.0
        if missing <= unseen and hidden >= len(missing):
            live.append(missing)
    if not live:
        return 0.0
    singles = {next(iter(p)) for p in live if len(p) == 1}
    pairs = [tuple(p) for p in live if len(p) == 2 and not p & singles]
    cards = sorted({c for pair in pairs for c in pair})
    involved = len(singles) + len(cards)
    n = len(unseen)
    neighbours: dict[int, set[int]] = {c: set() for c in cards}
    for a, b in pairs:
        neighbours[a].add(b)
        neighbours[b].add(a)
    by_size = [0] * (len(cards) + 1)  # independent sets of the pair graph, by size

    def extend(i: int, chosen: frozenset[int]) -> None:
        if i == len(cards):
            by_size[len(chosen)] += 1
            return
        extend(i + 1, chosen)
        card = cards[i]
        if not neighbours[card] & chosen:
            extend(i + 1, chosen | {card})

    extend(0, frozenset())
    total = comb(n, hidden)
    # the hand meets the involved cards exactly in an independent set, no single among them
    clear = sum(count * comb(n - involved, hidden - size)
                for size, count in enumerate(by_size) if hidden >= size)
    return 1.0 - clear / total
