"""Moves that are the same up to suits that do not matter (readable hints).

Two cards of one rank are *interchangeable* in a variant when every rule treats them
alike: they have the same value (R1; V3), pair alike (R10; V1.1), and fall in the same
categories of the point scheme (R26; V4.1): the majority of cards counts every card, but a
spade counts for the spades (one each in ``spade``), an ace for the aces, and the 10♦ and
the 2♠ score by themselves.  Where the points are counted out one at a time in a fixed
order (V2, ``twenty-one``), each ace is its own card.  So 4♥, 4♦ and 4♣ are
interchangeable everywhere, 4♠ never with them, the 10♦ with no other ten.

Two moves of one player are *alike* when one becomes the other by swapping
interchangeable cards that lie in the same place: the played card with another card of
the player's hand, loose cards with other loose cards (builds are taken or used as they
are).  Renaming the two cards everywhere maps each position after one move to the
position after the other and every later play to a play, with the same points: the
moves have the same value whatever the hidden cards are, and nothing in the player's view
tells them apart but the names.  :func:`alike_moves` groups them; a hint lists one of each
group with the others as its alternatives.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable

from engine.cards import ACE_MASK, BIG_CASSINO, LITTLE_CASSINO, SPADE_MASK
from engine.cassino.moves import Move
from engine.cassino.rules import Rules
from engine.cassino.scoring import scheme

__all__ = ["alike_moves", "card_class", "move_class"]


@functools.cache
def _classes(rules: Rules) -> tuple[Hashable, ...]:
    """Each card's class: its rank and the categories of points it counts in, or the card
    itself where it scores by itself (module docstring)."""
    masks = [c.mask for c in scheme(rules).categories if c.mask is not None]
    masks += [SPADE_MASK, 1 << BIG_CASSINO, 1 << LITTLE_CASSINO]  # never merged (R26)
    own = 1 << BIG_CASSINO | 1 << LITTLE_CASSINO
    if rules.counting == "count_out":
        own |= ACE_MASK  # V2.1: the aces are counted out one by one
    out: list[Hashable] = []
    for card in range(52):
        if own >> card & 1:
            out.append(("card", card))
        else:
            out.append((card >> 2, rules.values[card],
                        tuple(bool(mask >> card & 1) for mask in masks)))
    return tuple(out)


def card_class(rules: Rules, card: int) -> Hashable:
    """The class of ``card``: interchangeable cards share it (module docstring)."""
    return _classes(rules)[card]


def move_class(rules: Rules, loose: int, move: Move) -> Hashable:
    """What identifies ``move`` up to interchangeable cards: its type, value, the class of
    the card played, the classes of the loose cards it takes or uses (as a multiset) and
    exactly the build cards it takes or uses."""
    classes = _classes(rules)
    taken = move.targets & loose
    loose_classes = []
    while taken:
        low = taken & -taken
        loose_classes.append(classes[low.bit_length() - 1])
        taken ^= low
    card = classes[move.card] if move.card >= 0 else move.card
    return (move.type, move.value, card, tuple(sorted(loose_classes, key=repr)),
            move.targets & ~loose)


def alike_moves(rules: Rules, loose: int, moves: Iterable[Move]) -> list[list[Move]]:
    """``moves`` in groups of alike moves (module docstring), each group in the order the
    moves come, groups in the order of their first move."""
    groups: dict[Hashable, list[Move]] = {}
    for move in moves:
        groups.setdefault(move_class(rules, loose, move), []).append(move)
    return list(groups.values())
