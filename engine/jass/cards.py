"""Jass's cards in play (J1, J2, J10-J12): each card's strength and pips by the trump, the
winner of a trick, and the cards a hand may play to it."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import make_card, rank_of, suit_of
from engine.jass.rules import JACK, PLAIN_ORDER, PLAIN_PIPS, TRUMP_ORDER, TRUMP_PIPS

__all__ = ["SUIT_MASKS", "beats", "best_of", "jack_of", "legal_plays", "pips", "points",
           "strength"]

SUIT_MASKS = tuple(sum(1 << make_card(r, s) for r in PLAIN_ORDER) for s in range(4))
"""The nine cards of each suit (S, H, D, C)."""
_PLAIN = {r: i for i, r in enumerate(PLAIN_ORDER)}
_TRUMP = {r: i for i, r in enumerate(TRUMP_ORDER)}


def jack_of(trump: int) -> int:
    """The jack of trumps (J2, J11)."""
    return make_card(JACK, trump)


def strength(card: int, trump: int) -> int:
    """A card's place in its suit (J1), a trump's in the trumps' order (J2)."""
    rank = rank_of(card)
    return _TRUMP[rank] if suit_of(card) == trump else _PLAIN[rank]


def pips(card: int, trump: int) -> int:
    """J1, J2: what a card won counts."""
    return (TRUMP_PIPS if suit_of(card) == trump else PLAIN_PIPS).get(rank_of(card), 0)


def points(mask: int, trump: int) -> int:
    """The pips of a set of cards (J17)."""
    total = 0
    while mask:
        low = mask & -mask
        total += pips(low.bit_length() - 1, trump)
        mask ^= low
    return total


def beats(card: int, best: int, trump: int) -> bool:
    """J12: ``card`` heads ``best``: a trump over a plain card, else a higher card of its
    suit."""
    if suit_of(card) == suit_of(best):
        return strength(card, trump) > strength(best, trump)
    return suit_of(card) == trump


def best_of(trick: Sequence[int], trump: int) -> int:
    """J12: the index of the card winning the trick so far."""
    at = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[at], trump):
            at = i
    return at


def legal_plays(hand: int, trick: Sequence[int], trump: int, *, must: bool = True,
                free_jack: bool = True) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (its cards from the lead).

    J10: a seat follows suit and heads the trick if it can; with none of the suit led it
    trumps, heading if it can (JD10: a lower trump still when it cannot).  J11: the jack of
    trumps is never bound (``free_jack``; in two-hand after the stock, only to a plain suit
    led, J22).  ``must`` false: any card (J21, while the stock lasts)."""
    if not trick or not must:
        return hand
    led = suit_of(trick[0])
    jack = 1 << jack_of(trump)
    free = free_jack or led != trump
    own_jack = hand & jack if free else 0
    base = hand & ~jack if free else hand
    best = trick[best_of(trick, trump)]
    follow = base & SUIT_MASKS[led]
    if follow:
        if suit_of(best) == led:
            heading = _heading(follow, best, trump)
            if heading:
                return heading | own_jack
        return follow | own_jack
    trumps = base & SUIT_MASKS[trump]
    if led != trump and trumps:
        return (_heading(trumps, best, trump) or trumps) | own_jack
    return hand


def _heading(mask: int, best: int, trump: int) -> int:
    out = 0
    while mask:
        low = mask & -mask
        if beats(low.bit_length() - 1, best, trump):
            out |= low
        mask ^= low
    return out
