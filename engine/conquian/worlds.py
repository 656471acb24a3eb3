"""The hidden cards a view allows (Q23): the other hand and the stock order.

Nothing the adversary did binds his hand: every card not seen (not in the viewer's hand,
not in a meld, not dead, not face up) may be in it, so the other hand is a uniform draw of
its size among the unseen cards and the stock a uniform order of the rest."""

from __future__ import annotations

import random

from engine.cards import cards_of
from engine.conquian.deal import MAX_SEED
from engine.conquian.rules import get_rules
from engine.conquian.state import Seen

__all__ = ["hidden", "unseen"]


def unseen(seen: Seen) -> int:
    """The cards the viewer has not seen: in the other hand or in the stock."""
    known = seen.hand | (1 << seen.up if seen.up >= 0 else 0)
    for seat in seen.melds:
        for meld in seat:
            known |= meld
    for card in seen.dead:
        known |= 1 << card
    return get_rules(seen.variant).pack & ~known


def hidden(seen: Seen, rng: random.Random) -> tuple[int, tuple[int, ...], int]:
    """The other hand, the stock (top first) and a seed, drawn from ``rng`` in that order:
    each hand of the right size among the unseen cards is equally likely, then each order
    of the rest."""
    cards = list(cards_of(unseen(seen)))
    other = get_rules(seen.variant).next_seat(seen.player)
    hand = rng.sample(cards, seen.hand_sizes[other])
    rest = [c for c in cards if c not in set(hand)]
    rng.shuffle(rest)
    seed = rng.randrange(MAX_SEED + 1)
    mask = 0
    for card in hand:
        mask |= 1 << card
    return mask, tuple(rest), seed
