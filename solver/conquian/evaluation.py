"""The horizon estimate of a Conquian hand (docs/rules/conquian.md): how close each seat
is to eleven down (Q18, Q19), turned into expected counters (Q21, QD11).

A seat's *progress* counts its cards down (Q18) and, for each hand card, a share of a
card down: a card in a meld ready in the hand (Q11, Q12) or extending one of the seat's
melds (QD4, QD6) nearly a whole one; a card of a pair or of two cards of a run (touching
or with a gap) a share growing with its *outs*, the live cards that would complete it; a
lone card a little for its live neighbours.  Live cards are the ones the seat has not
seen (the other hand and the stock, Q23), so the estimate uses nothing hidden from the
seat it rates and never the stock's order.  The seat that has used a card and still has
to discard (Q9) gives up its least useful hand card.  The difference of progress is
squashed into counters, and shrunk as the stock runs out, when a tableau (Q20, scoring
nothing) becomes likely.
"""

from __future__ import annotations

import functools
from math import exp, tanh

from engine.cards import rank_mask, rank_of
from engine.conquian import MELD, OVER, Layout, Rules, State, layout
from solver.value import own

__all__ = ["Weights", "card_values", "estimate", "fits", "gain", "progress"]


class Weights:
    """The estimate's constants (tuned by arena, docs/solver.md "Conquian")."""

    down = 1.0
    """A card on the table (Q18)."""
    ready = 0.85
    """A hand card in a ready meld or fitting one of the seat's melds: it goes down with
    the next use (QD4)."""
    partial = 0.1
    """A card of a pair or of two cards of a run with no live out."""
    per_out = 0.13
    """What each live out (up to ``outs``) adds to a partial card."""
    outs = 4
    lone = 0.025
    """What each live neighbour adds to a lone card (same rank, next in suit)."""
    scale = 0.3
    """How steeply a lead in progress turns into counters (``tanh``)."""
    horizon = 6.0
    """Stock cards over which the chance of a tableau fades (``1 - exp(-stock/horizon)``)."""


class Neighbours:
    """For each card: the same-rank cards, and the cards one and two places away in its
    suit (Q2), as masks (0 past the ends of a suit)."""

    __slots__ = ("next1", "next2", "prev1", "prev2", "same")

    def __init__(self, lay: Layout) -> None:
        size = 52
        self.same = [0] * size
        self.prev1 = [0] * size
        self.prev2 = [0] * size
        self.next1 = [0] * size
        self.next2 = [0] * size
        for line in lay.lines:
            for i, card in enumerate(line):
                self.same[card] = rank_mask(rank_of(card)) & lay.pack & ~(1 << card)
                if i >= 1:
                    self.prev1[card] = 1 << line[i - 1]
                if i >= 2:
                    self.prev2[card] = 1 << line[i - 2]
                if i + 1 < lay.width:
                    self.next1[card] = 1 << line[i + 1]
                if i + 2 < lay.width:
                    self.next2[card] = 1 << line[i + 2]


@functools.cache
def neighbours(rules: Rules) -> Neighbours:
    return Neighbours(layout(rules))


_FITS: dict[int, int] = {}
"""The extenders of each meld met (Q11, Q12): a meld's cards say it all (one pack)."""


def fits(lay: Layout, own: tuple[int, ...]) -> int:
    """The cards that extend one of ``own``'s melds by one (QD4, QD6)."""
    out = 0
    for meld in own:
        ext = _FITS.get(meld)
        if ext is None:
            ext = _FITS[meld] = lay.extenders(meld)
        out |= ext
    return out


def card_values(rules: Rules, hand: int, own: tuple[int, ...], live: int,
                w: type[Weights] = Weights) -> list[tuple[float, int]]:
    """Each hand card's share of a card down, as ``(value, card)`` pairs."""
    nb = neighbours(rules)
    fit = fits(layout(rules), own)
    out = []
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        c = low.bit_length() - 1
        same = nb.same[c]
        p1, p2, n1, n2 = nb.prev1[c], nb.prev2[c], nb.next1[c], nb.next2[c]
        pairs = (same & hand).bit_count()
        if (pairs >= 2 or low & fit or (p1 & hand and (p2 | n1) & hand)
                or (n1 & hand and n2 & hand)):
            out.append((w.ready, c))
            continue
        outs = 0
        partial = False
        if pairs:
            partial = True
            outs |= same & live
        if p1 & hand:
            partial = True
            outs |= (p2 | n1) & live
        if n1 & hand:
            partial = True
            outs |= (p1 | n2) & live
        if p2 & hand:
            partial = True
            outs |= p1 & live
        if n2 & hand:
            partial = True
            outs |= n1 & live
        if partial:
            out.append((w.partial + w.per_out * min(outs.bit_count(), w.outs), c))
        else:
            out.append((w.lone * ((same | p1 | n1) & live).bit_count(), c))
    return out


_HANDS: dict[tuple[int, tuple[int, ...], int, type[Weights]], tuple[float, float]] = {}
"""The sum and the least of a hand's card values, remembered (cleared when large)."""


def progress(rules: Rules, hand: int, own: tuple[int, ...], live: int, discards: bool,
             w: type[Weights] = Weights) -> float:
    """A seat's progress toward eleven down (Q18): cards down plus its hand cards' shares;
    with ``discards`` (after a use, Q9) less its least useful hand card."""
    down = 0
    for meld in own:
        down += meld.bit_count()
    key = (hand, own, live, w)
    known = _HANDS.get(key)
    if known is None:
        values = [v for v, _ in card_values(rules, hand, own, live, w)]
        known = (sum(values), min(values, default=0.0))
        if len(_HANDS) > 50_000:
            _HANDS.clear()
        _HANDS[key] = known
    total = w.down * down + known[0]
    return total - known[1] if discards else total


def gain(state: State) -> int:
    """What the hand is worth to its winner (Q21, QD11): the stake and the pool."""
    return state.rules.stake * (1 + state.pool)


def estimate(state: State, seat: int, w: type[Weights] = Weights) -> float:
    """Expected counters for ``seat`` (QD11): exact once the hand is over, else the squashed
    lead in progress, shrunk by the chance of a tableau (Q20)."""
    if state.phase == OVER:
        return own(state.returns(), seat)
    rules = state.rules
    seen = 0
    for melds in state.melds:
        for meld in melds:
            seen |= meld
    for card in state.dead:
        seen |= 1 << card
    if state.up >= 0:
        seen |= 1 << state.up
    unknown = layout(rules).pack & ~seen
    other = rules.next_seat(seat)
    hands = state.hands
    mine = progress(rules, hands[seat], state.melds[seat], unknown & ~hands[seat],
                    state.phase == MELD and state.to_move == seat, w)
    theirs = progress(rules, hands[other], state.melds[other], unknown & ~hands[other],
                      state.phase == MELD and state.to_move == other, w)
    odds = 1.0 - exp(-(len(state.stock) + 1) / w.horizon)
    return gain(state) * odds * tanh(w.scale * (mine - theirs))
