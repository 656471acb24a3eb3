"""Jass's melds (J13, JD6-JD9): four of a kind, sequences in a suit, the king and queen of
trumps; how a meld is named and what it counts.  A meld is the set of its cards (a
bitmask); its kind follows from them."""

from __future__ import annotations

from engine.cards import card_name, cards_of, make_card, rank_of, suit_of
from engine.jass.rules import FOUR_VALUES, MARRIAGE, PLAIN_ORDER, RUN_VALUES

__all__ = ["KINDS", "kind_of", "meld_name", "meld_value", "melds_of"]

KINDS = ("four", "sequence", "marriage")
"""JD6: a card serves in one meld of each kind at most."""


def kind_of(meld: int, trump: int) -> str | None:
    """The kind of a set of cards that is a meld (J13), or ``None``."""
    cards = list(cards_of(meld))
    ranks = {rank_of(c) for c in cards}
    suits = {suit_of(c) for c in cards}
    if len(cards) == 4 and len(ranks) == 1 and rank_of(cards[0]) in FOUR_VALUES:
        return "four"
    if len(cards) == 2 and suits == {trump} and ranks == {12, 13}:
        return "marriage"
    if len(cards) >= 3 and len(suits) == 1:
        places = sorted(PLAIN_ORDER.index(r) for r in ranks if r in PLAIN_ORDER)
        if len(places) == len(cards) and places[-1] - places[0] == len(cards) - 1:
            return "sequence"
    return None


def meld_value(meld: int, trump: int) -> int:
    """J13: what a meld counts (JD8: a sequence of more than five as five)."""
    kind = kind_of(meld, trump)
    if kind == "four":
        return FOUR_VALUES[rank_of(next(cards_of(meld)))]
    if kind == "marriage":
        return MARRIAGE
    if kind == "sequence":
        return RUN_VALUES[min(meld.bit_count(), max(RUN_VALUES))]
    return 0


def melds_of(hand: int, trump: int, used: tuple[int, int, int] = (0, 0, 0)) -> list[int]:
    """The melds of ``hand`` (J13): each four, each whole sequence of three or more in a
    suit (JD7: one unbroken run, never split), the king and queen of trumps; none using a
    card ``used`` already served in a meld of that kind (JD6: by KINDS' order)."""
    out = []
    fours, runs, married = used
    for rank in FOUR_VALUES:
        mask = sum(1 << make_card(rank, s) for s in range(4))
        if hand & mask == mask and not fours & mask:
            out.append(mask)
    free = hand & ~runs
    for suit in range(4):
        run = 0
        for rank in (*PLAIN_ORDER, 0):
            card = make_card(rank, suit) if rank else -1
            if card >= 0 and free >> card & 1:
                run |= 1 << card
                continue
            if run.bit_count() >= 3:
                out.append(run)
            run = 0
    pair = 1 << make_card(12, trump) | 1 << make_card(13, trump)
    if hand & pair == pair and not married & pair:
        out.append(pair)
    return out


def meld_name(meld: int) -> str:
    """A meld's notation: its cards, low to high in the pack's order, joined by ``,``."""
    return ",".join(card_name(c) for c in cards_of(meld))
