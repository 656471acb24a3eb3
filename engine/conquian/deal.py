"""Dealing (Q4, QD2, QD12): the shuffle from the seed, ten cards each two at a time, the
stock."""

from __future__ import annotations

import random

from engine.cards import cards_of
from engine.conquian.rules import Rules

__all__ = ["MAX_SEED", "deal", "first_dealer"]

MAX_SEED = 2**53 - 1
"""The largest seed (one a JSON number holds exactly)."""


def first_dealer(seed: int, rules: Rules, seats: int | None = None) -> int:
    """The first dealer drawn from the seed, each of the ``seats`` (the variant's own by
    default) equally likely (QD2)."""
    return random.Random(f"conquian-dealer-{seed}").randrange(seats or rules.players)


def deal(seed: int, dealer: int, rules: Rules,
         seats: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hands (by seat, as masks) and the stock (top first) of the deal of ``seed``:
    the shuffled pack is dealt ``deal_by`` at a time to the hand's two players, the pone
    first (Q4); at three the dealer takes none (QD12).  The players' cards do not depend
    on the number of seats: the pone's are the same at two and at three."""
    seats = seats or rules.players
    pack = list(cards_of(rules.pack))
    random.Random(seed).shuffle(pack)
    hands = [0] * seats
    players = rules.players_of(dealer, seats)
    at = 0
    for packet in range(rules.hand_size // rules.deal_by * len(players)):
        for card in pack[at:at + rules.deal_by]:
            hands[players[packet % len(players)]] |= 1 << card
        at += rules.deal_by
    return tuple(hands), tuple(pack[at:])
