"""Dealing (Q4, QD2): the shuffle from the seed, ten cards each two at a time, the stock."""

from __future__ import annotations

import random

from engine.cards import cards_of
from engine.conquian.rules import Rules

__all__ = ["MAX_SEED", "deal", "first_dealer"]

MAX_SEED = 2**53 - 1
"""The largest seed (one a JSON number holds exactly)."""


def first_dealer(seed: int, rules: Rules) -> int:
    """The first dealer drawn from the seed, each seat equally likely (QD2)."""
    return random.Random(f"conquian-dealer-{seed}").randrange(rules.players)


def deal(seed: int, dealer: int, rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hands (by seat, as masks) and the stock (top first) of the deal of ``seed``:
    the shuffled pack is dealt ``deal_by`` at a time, the pone first (Q4)."""
    pack = list(cards_of(rules.pack))
    random.Random(seed).shuffle(pack)
    hands = [0] * rules.players
    seat = rules.next_seat(dealer)
    at = 0
    for _ in range(rules.hand_size // rules.deal_by * rules.players):
        for card in pack[at:at + rules.deal_by]:
            hands[seat] |= 1 << card
        at += rules.deal_by
        seat = rules.next_seat(seat)
    return tuple(hands), tuple(pack[at:])
