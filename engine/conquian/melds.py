"""Melds as card sets (Q11, Q12): what a set and a run are, what a meld may lend (Q14) and
which cards extend it (Q11, Q12, Q15).  Everything works on bitmasks over a
:class:`Layout`, the pack's sequence order (Q2) laid out once per :class:`Rules`."""

from __future__ import annotations

import functools
from typing import Literal

from engine.cards import count, rank_mask, rank_of, suit_of
from engine.conquian.rules import Rules

__all__ = ["Layout", "Run", "layout"]

Kind = Literal["set", "run"]
Run = tuple[int, int, int]
"""A run as ``(suit, low, high)``: the places (Q2) of its end cards in the suit."""


class Layout:
    """The pack in sequence order (Q2), with the masks the move generator needs."""

    __slots__ = ("lines", "min_meld", "pack", "place", "width", "windows")

    def __init__(self, rules: Rules) -> None:
        self.pack = rules.pack
        self.min_meld = rules.min_meld
        self.lines = rules.suits
        self.width = len(rules.ranks)
        place = [-1] * 52
        for line in self.lines:
            for i, card in enumerate(line):
                place[card] = i
        self.place: tuple[int, ...] = tuple(place)
        windows = []
        for line in self.lines:
            rows = []
            for low in range(self.width):
                row = [0] * self.width
                mask = 0
                for high in range(low, self.width):
                    mask |= 1 << line[high]
                    row[high] = mask
                rows.append(tuple(row))
            windows.append(tuple(rows))
        self.windows: tuple[tuple[tuple[int, ...], ...], ...] = tuple(windows)
        """``windows[suit][low][high]``: the cards of the suit from place low to high."""

    def run_of(self, meld: int) -> Run | None:
        """The run ``meld`` is (Q12), or ``None``: one suit, consecutive places, 3 or more."""
        n = count(meld)
        if n < self.min_meld:
            return None
        low_card = (meld & -meld).bit_length() - 1
        low = self.place[low_card]
        if low < 0:
            return None
        suit = suit_of(low_card)
        high = low + n - 1
        if high >= self.width or self.windows[suit][low][high] != meld:
            return None
        return suit, low, high

    def is_set(self, meld: int) -> bool:
        """Three or four cards of one rank (Q11)."""
        if count(meld) < self.min_meld or meld & ~self.pack:
            return False
        low_card = (meld & -meld).bit_length() - 1
        return meld & ~rank_mask(rank_of(low_card)) == 0

    def kind(self, meld: int) -> Kind | None:
        """``set``, ``run`` or ``None`` when the cards are no meld."""
        if self.is_set(meld):
            return "set"
        if self.run_of(meld) is not None:
            return "run"
        return None

    def lends_to_run(self, meld: int) -> int:
        """The cards ``meld`` may lend to a new run: any card of a set of four (Q14)."""
        if count(meld) == 4 and self.is_set(meld):
            return meld
        return 0

    def lends_to_set(self, meld: int) -> int:
        """The cards ``meld`` may lend to a new set: either end of a run of four or more
        (Q14)."""
        run = self.run_of(meld)
        if run is None or run[2] - run[1] + 1 <= self.min_meld:
            return 0
        line = self.lines[run[0]]
        return 1 << line[run[1]] | 1 << line[run[2]]

    def extenders(self, meld: int) -> int:
        """The cards that extend ``meld`` by one (Q11, Q12): the fourth of a set of three,
        the cards next to either end of a run."""
        if self.is_set(meld):
            if count(meld) >= 4:
                return 0
            low_card = (meld & -meld).bit_length() - 1
            return rank_mask(rank_of(low_card)) & ~meld
        run = self.run_of(meld)
        if run is None:
            return 0
        suit, low, high = run
        line = self.lines[suit]
        out = 0
        if low > 0:
            out |= 1 << line[low - 1]
        if high + 1 < self.width:
            out |= 1 << line[high + 1]
        return out


@functools.cache
def layout(rules: Rules) -> Layout:
    """The :class:`Layout` of ``rules``' pack, built once."""
    return Layout(rules)
