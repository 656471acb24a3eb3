"""Dealing from the seed (RM5, RM6, RM25, RM28): every chance event of a hand is a pure
function of the game's seed."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from engine.rummy.cards import pack
from engine.rummy.rules import Rules

__all__ = ["deal", "deal_order", "derive", "first_dealer", "reshuffle"]


def derive(seed: int, label: str) -> int:
    """A 64-bit number drawn from the seed for one purpose (RM28)."""
    digest = hashlib.sha256(f"rummy/{seed}/{label}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def deal_order(seed: int, packs: int, jokers: int = 0) -> list[int]:
    """The shuffled cards of game ``seed`` (RM6)."""
    cards = pack(packs, jokers)
    random.Random(derive(seed, "deal")).shuffle(cards)
    return cards


def first_dealer(seed: int, players: int) -> int:
    """The dealer, chosen by lot from the seed (RM5)."""
    return derive(seed, "dealer") % players


def deal(rules: Rules, seed: int, players: int, dealer: int
         ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Hands, stock and pile of a new hand (RM6, DP2): ten cards each, one at a time from
    the dealer's left, the next card turned up as the pile, the rest the stock in order."""
    cards = deal_order(seed, rules.packs(players), rules.jokers)
    hands = [0] * players
    dealt = players * rules.hand_size
    for i, card in enumerate(cards[:dealt]):
        hands[(dealer + 1 + i) % players] |= 1 << card
    return tuple(hands), tuple(cards[dealt + 1:]), (cards[dealt],)


def reshuffle(seed: int, cards: Sequence[int]) -> tuple[int, ...]:
    """The new stock made of the pile but its top card (RM25, DP11)."""
    stock = list(cards)
    random.Random(derive(seed, "reshuffle")).shuffle(stock)
    return tuple(stock)
