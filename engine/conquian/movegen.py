"""Legal moves on plain card sets (Q6-Q17, QD4-QD8): the melds a card may start or
extend, the lays, discards and forces.  Every meld is a bitmask; ``own`` and ``other``
are the mover's and the adversary's melds."""

from __future__ import annotations

from engine.cards import bit, cards_of, rank_mask, rank_of, suit_of
from engine.conquian.melds import Layout
from engine.conquian.moves import DISCARD, FORCE, LAY, PASS, TAKE, Move

__all__ = ["PASSED", "TURNED", "extensions", "force_moves", "meld_moves", "new_melds",
           "offer_moves"]

TURNED = "turned"
"""The face-up card was turned from the stock by the seat offered it (Q5)."""
PASSED = "passed"
"""The face-up card was turned and passed by the adversary (Q7)."""
DISCARDED = "discarded"
"""The face-up card is the adversary's discard (Q10)."""
SOURCES = (TURNED, PASSED, DISCARDED)


def _subsets(mask: int) -> list[int]:
    """Every non-empty subset of ``mask``."""
    out = []
    sub = mask
    while sub:
        out.append(sub)
        sub = (sub - 1) & mask
    return out


def new_melds(lay: Layout, card: int, hand: int, own: tuple[int, ...]) -> list[int]:
    """The new melds (Q11, Q12) holding ``card`` (or, with ``card`` -1, at least one hand
    card, QD7), made of hand cards and cards borrowed from ``own`` (Q14)."""
    to_set = to_run = 0
    for meld in own:
        to_set |= lay.lends_to_set(meld)
        to_run |= lay.lends_to_run(meld)
    out: list[int] = []
    fixed = bit(card) if card >= 0 else 0
    least = lay.min_meld
    ranks = [rank_of(card)] if card >= 0 else sorted({rank_of(c) for c in cards_of(hand)})
    for rank in ranks:
        pool = (hand | to_set) & rank_mask(rank) & ~fixed
        for sub in _subsets(pool):
            meld = sub | fixed
            if meld.bit_count() >= least and (fixed or sub & hand):
                out.append(meld)
    suits = [suit_of(card)] if card >= 0 else sorted({suit_of(c) for c in cards_of(hand)})
    avail = hand | to_run | fixed
    for suit in suits:
        line = lay.lines[suit]
        windows = lay.windows[suit]
        if card >= 0:
            at = lay.place[card]
            low = at
            while low > 0 and avail >> line[low - 1] & 1:
                low -= 1
            high = at
            while high + 1 < lay.width and avail >> line[high + 1] & 1:
                high += 1
            for a in range(low, at + 1):
                for b in range(max(at, a + least - 1), high + 1):
                    out.append(windows[a][b])
            continue
        start = 0
        while start < lay.width:  # each stretch of available cards of the suit
            if not avail >> line[start] & 1:
                start += 1
                continue
            end = start
            while end + 1 < lay.width and avail >> line[end + 1] & 1:
                end += 1
            for a in range(start, end - least + 2):
                for b in range(a + least - 1, end + 1):
                    if windows[a][b] & hand:
                        out.append(windows[a][b])
            start = end + 1
    return out


def extensions(lay: Layout, card: int, hand: int, own: tuple[int, ...]) -> list[int]:
    """``own``'s melds grown (QD5, QD6) by ``card`` and hand cards, or (``card`` -1) by hand
    cards alone (QD4)."""
    out: list[int] = []
    for meld in own:
        run = lay.run_of(meld)
        if run is None:  # a set: only the fourth card extends it (Q11)
            fourth = lay.extenders(meld)
            if card >= 0:
                if fourth >> card & 1:
                    out.append(meld | bit(card))
            elif fourth & hand:
                out.append(meld | (fourth & hand))
            continue
        suit, low, high = run
        line = lay.lines[suit]
        free = hand
        if card >= 0:
            if suit_of(card) != suit:
                continue
            at = lay.place[card]
            free |= bit(card)
            if at < low:
                if any(not hand >> line[i] & 1 for i in range(at + 1, low)):
                    continue
            elif at > high:
                if any(not hand >> line[i] & 1 for i in range(high + 1, at)):
                    continue
            else:
                continue
        a = low
        while a > 0 and free >> line[a - 1] & 1:
            a -= 1
        b = high
        while b + 1 < lay.width and free >> line[b + 1] & 1:
            b += 1
        windows = lay.windows[suit]
        for lo in range(a, low + 1):
            for hi in range(high, b + 1):
                grown = windows[lo][hi]
                if grown != meld and (card < 0 or grown >> card & 1):
                    out.append(grown)
    return out


def force_moves(lay: Layout, cards: int, other: tuple[int, ...]) -> list[Move]:
    """Each of ``cards`` put on each of the adversary's melds it extends (Q15, Q16, QD8)."""
    out = []
    for meld in other:
        fits = lay.extenders(meld) & cards
        for card in cards_of(fits):
            out.append(Move(FORCE, card, meld | bit(card)))
    return out


def offer_moves(lay: Layout, card: int, source: str, hand: int, own: tuple[int, ...],
                other: tuple[int, ...]) -> list[Move]:
    """The moves of the seat offered the face-up ``card`` (Q6, Q7, Q8, Q16)."""
    out = [Move(TAKE, card, meld) for meld in new_melds(lay, card, hand, own)]
    out += [Move(TAKE, card, meld) for meld in extensions(lay, card, hand, own)]
    out.append(Move(PASS))
    if source != TURNED:
        out += force_moves(lay, bit(card), other)
    return out


def meld_moves(lay: Layout, hand: int, own: tuple[int, ...],
               other: tuple[int, ...]) -> list[Move]:
    """The moves of a seat that has used a card or been forced one (QD4, Q9, Q15)."""
    out = [Move(LAY, -1, meld) for meld in new_melds(lay, -1, hand, own)]
    out += [Move(LAY, -1, meld) for meld in extensions(lay, -1, hand, own)]
    out += [Move(DISCARD, card) for card in cards_of(hand)]
    out += force_moves(lay, hand, other)
    return out
