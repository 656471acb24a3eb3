"""The hidden cards a view allows (Q23): the other hands and the stock order.

Nothing an adversary did binds his hand: every card not seen (not in the viewer's hand,
not in a meld, not dead, not face up) may be in it, so each other hand is a uniform draw of
its size among the unseen cards and the stock a uniform order of the rest.  At three the
seat sitting out holds no cards (QD12), and its view hides both players' hands (QD17)."""

from __future__ import annotations

import random

from engine.cards import cards_of
from engine.conquian.deal import MAX_SEED
from engine.conquian.rules import get_rules
from engine.conquian.state import Seen

__all__ = ["hidden", "unseen"]


def unseen(seen: Seen) -> int:
    """The cards the viewer has not seen: in the other hands or in the stock."""
    known = seen.hand | (1 << seen.up if seen.up >= 0 else 0)
    for seat in seen.melds:
        for meld in seat:
            known |= meld
    for card in seen.dead:
        known |= 1 << card
    return get_rules(seen.variant).pack & ~known


def hidden(seen: Seen, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Every seat's hand (the viewer's own), the stock (top first) and a seed, drawn from
    ``rng`` in that order: each other hand that holds cards, seat by seat, uniform of its
    size among the unseen cards left, then each order of the rest."""
    cards = list(cards_of(unseen(seen)))
    hands = [0] * len(seen.hand_sizes)
    hands[seen.player] = seen.hand
    for seat, size in enumerate(seen.hand_sizes):
        if seat == seen.player or not size:
            continue
        drawn = rng.sample(cards, size)
        taken = set(drawn)
        cards = [c for c in cards if c not in taken]
        for card in drawn:
            hands[seat] |= 1 << card
    rng.shuffle(cards)
    seed = rng.randrange(MAX_SEED + 1)
    return tuple(hands), tuple(cards), seed
