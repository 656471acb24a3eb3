"""Least deadwood for one pack, fast (RM4, RM9-RM12): the same numbers as the engine's
exact search (:func:`engine.rummy.deadwood_points`), by another road for speed.

A hand's melds (RM10: three or four of a rank; RM11: three or more in sequence in a suit,
the ace low or high, never both) are listed from tables, every way to lay out disjoint
melds is enumerated (a ten- or eleven-card hand has a few dozen at most), and each
card's deadwood after its discard (RM14) is read off them: the hand without card ``c`` is
best laid out by the best way that does not use ``c`` (a meld less one end card is a meld
of its own in the list).  Cards are ids below 52 (:mod:`engine.rummy`'s first pack).
"""

from __future__ import annotations

from engine.rummy import pip

__all__ = ["ONE_PACK", "after_discards", "deadwood", "pips"]

ONE_PACK = (1 << 52) - 1

_PIP = tuple(pip(c) for c in range(52))


def _chunk_table(base: int, width: int) -> list[int]:
    out = [0] * (1 << width)
    for mask in range(1, 1 << width):
        low = mask & -mask
        out[mask] = out[mask ^ low] + _PIP[base + low.bit_length() - 1]
    return out


_T0 = _chunk_table(0, 16)
_T1 = _chunk_table(16, 16)
_T2 = _chunk_table(32, 16)
_T3 = _chunk_table(48, 4)


def pips(mask: int) -> int:
    """The pip count of a set of cards of one pack (RM4)."""
    return (_T0[mask & 0xFFFF] + _T1[mask >> 16 & 0xFFFF] + _T2[mask >> 32 & 0xFFFF]
            + _T3[mask >> 48])


_RANK = tuple(0xF << 4 * r for r in range(13))
"""The four cards of each rank (rank 1 at index 0)."""


def _run_cards(suit: int, lo: int, hi: int) -> int:
    """The cards of ``suit`` at positions ``lo..hi`` (1..14, the ace at 1 or 14)."""
    mask = 0
    for position in range(lo, hi + 1):
        rank = 1 if position == 14 else position
        mask |= 1 << (4 * (rank - 1) + suit)
    return mask


_RUN = {(s, lo, hi): _run_cards(s, lo, hi)
        for s in range(4) for lo in range(1, 13) for hi in range(lo + 2, 15)}


def _intervals(row: int) -> tuple[tuple[int, int], ...]:
    """Every run's span ``(lo, hi)`` within the positions set in ``row`` (bit p-1 for
    position p, 1..14)."""
    out = []
    start = 0
    for position in range(1, 16):
        if position <= 14 and row >> (position - 1) & 1:
            if not start:
                start = position
            continue
        if start and position - start >= 3:
            out += [(lo, hi) for lo in range(start, position - 2)
                    for hi in range(lo + 2, position)]
        start = 0
    return tuple(out)


_SPANS = [_intervals(row) for row in range(1 << 14)]
_RUNS: dict[int, tuple[int, ...]] = {}
"""The runs of one suit's row (bits ``suit << 14 | row``), as card sets, when first met."""
_SUITS_OF = tuple(tuple(s for s in range(4) if nib >> s & 1) for nib in range(16))


def melds(hand: int) -> list[int]:
    """Every set and run of the hand's cards (RM10, RM11)."""
    out = []
    rows = [0, 0, 0, 0]
    for r in range(13):
        nib = hand >> 4 * r & 0xF
        if not nib:
            continue
        for s in _SUITS_OF[nib]:
            rows[s] |= 1 << r
        if nib.bit_count() >= 3:
            cards = nib << 4 * r
            out.append(cards)
            if nib == 0xF:
                out += [cards ^ 1 << 4 * r + s for s in range(4)]
    for s in range(4):
        row = rows[s]
        if (row & row >> 1 & row >> 2) or (row & 1 and row >> 11 & 3 == 3):
            row |= (row & 1) << 13  # the ace above the king
            key = s << 14 | row
            runs = _RUNS.get(key)
            if runs is None:
                runs = _RUNS[key] = tuple(_RUN[s, lo, hi] for lo, hi in _SPANS[row])
            out += runs
    return out


def _coverings(found: list[int]) -> list[int]:
    """Every union of pairwise disjoint melds of ``found`` (the empty one included)."""
    out = [0]

    def extend(i: int, used: int) -> None:
        for j in range(i, len(found)):
            meld = found[j]
            if not meld & used:
                out.append(used | meld)
                extend(j + 1, used | meld)

    extend(0, 0)
    return out


def deadwood(hand: int) -> int:
    """The least deadwood pip count of a hand of one pack (RM12)."""
    return pips(hand) - max(pips(c) for c in _coverings(melds(hand)))


def after_discards(hand: int) -> dict[int, int]:
    """For each card of ``hand``, the least deadwood of the hand without it (RM14): the
    best covering that leaves the card out, less the card."""
    total = pips(hand)
    best = {}
    open_ = hand
    for covered in sorted(_coverings(melds(hand)), key=pips, reverse=True):
        free = open_ & ~covered
        if not free:
            continue
        left = total - pips(covered)
        while free:
            low = free & -free
            card = low.bit_length() - 1
            best[card] = left - _PIP[card]
            free ^= low
        open_ &= covered
        if not open_:
            break
    return best
