"""A tableau to play out fast (docs/solver.md "Patience Poker"): its cells, its rows and
columns, and where the next card may go, kept as the cards are laid (PP6-PP8, PP19), for
the bots and the search's playouts."""

from __future__ import annotations

from collections.abc import Sequence

from engine.patience_poker.grid import SIDE, Geometry, geometry
from engine.patience_poker.hands import SYSTEMS, category
from solver.patience_poker.evaluation import CARD_SHIFT, Worth

__all__ = ["Tableau", "greedy_cell", "play_out"]


class Tableau:
    """One seat's tableau, mutable: ``grid`` (card or -1 per cell), each row's and column's
    cards, and the frontier of empty cells touching a card."""

    __slots__ = ("c0", "c1", "col_masks", "cols", "fixed", "frontier", "g", "grid", "n", "r0",
                 "r1", "row_masks", "rows", "width")

    def __init__(self, g: Geometry, cells: Sequence[int], cards: Sequence[int]) -> None:
        self.g = g
        self.width = g.width
        self.fixed = g.fixed
        self.grid = [-1] * (g.width * g.width)
        self.rows: list[list[int]] = [[] for _ in range(g.width)]
        self.cols: list[list[int]] = [[] for _ in range(g.width)]
        self.row_masks = [0] * g.width
        """Each row's cards as a mask (solver.patience_poker.evaluation.mask_of)."""
        self.col_masks = [0] * g.width
        self.frontier: set[int] = set(range(g.width * g.width)) if g.fixed else set()
        self.n = 0
        self.r0 = self.c0 = g.width
        self.r1 = self.c1 = -1
        for cell, card in zip(cells, cards, strict=False):
            self.lay(cell, card)

    def lay(self, cell: int, card: int) -> None:
        w = self.width
        r, c = divmod(cell, w)
        self.grid[cell] = card
        self.rows[r].append(card)
        self.cols[c].append(card)
        self.row_masks[r] |= 1 << card
        self.col_masks[c] |= 1 << card
        self.n += 1
        self.frontier.discard(cell)
        if not self.fixed:
            self.r0, self.r1 = min(self.r0, r), max(self.r1, r)
            self.c0, self.c1 = min(self.c0, c), max(self.c1, c)
            grid = self.grid
            for nb in self.g.neighbours[cell]:
                if grid[nb] < 0:
                    self.frontier.add(nb)

    def legal(self) -> list[int]:
        """The cells where the next card may go, ascending (PP6-PP8, PP19)."""
        if self.fixed:
            return sorted(self.frontier)
        if not self.n:
            return [self.g.start]
        w = self.width
        lo_r, hi_r = self.r1 - SIDE + 1, self.r0 + SIDE - 1
        lo_c, hi_c = self.c1 - SIDE + 1, self.c0 + SIDE - 1
        return sorted(cell for cell in self.frontier
                      if lo_r <= cell // w <= hi_r and lo_c <= cell % w <= hi_c)

    def score(self, variant: str) -> int:
        """PP14: the count of the complete hands."""
        values = SYSTEMS[variant]
        return sum(values[category(line)] for line in (*self.rows, *self.cols)
                   if len(line) == 5)

    def count(self, worth: Worth) -> float:
        """PP14: :meth:`score` read from ``worth``'s memo (a complete line's worth is its
        count, PP11-PP13), for the search's playouts."""
        of = worth.of_mask
        return float(sum(of(m) for m in (*self.row_masks, *self.col_masks)
                         if m.bit_count() == 5))

    def hands(self) -> list[int]:
        """The category of each complete hand (PP11)."""
        return [category(line) for line in (*self.rows, *self.cols) if len(line) == 5]


def greedy_cell(t: Tableau, card: int, worth: Worth) -> tuple[int, int]:
    """The cell where ``card`` adds most to the worth of its row and column (ties: the
    first), and how many cells were weighed."""
    w = t.width
    rows, cols = t.row_masks, t.col_masks
    deltas = worth.deltas
    shifted = card << CARD_SHIFT
    best, best_gain = -1, -1e18
    cells = t.legal()
    for cell in cells:
        r, c = divmod(cell, w)
        gain = deltas[rows[r] | shifted] + deltas[cols[c] | shifted]  # Worth.gain, inlined
        if gain > best_gain:
            best, best_gain = cell, gain
    return best, len(cells)


def play_out(t: Tableau, cards: Sequence[int], worth: Worth) -> int:
    """Lay ``cards`` one by one, each by :func:`greedy_cell`; the cells weighed."""
    nodes = 0
    for card in cards:
        cell, weighed = greedy_cell(t, card, worth)
        t.lay(cell, card)
        nodes += weighed
    return nodes


def tableau_of(variant: str, cells: Sequence[int], called: Sequence[int]) -> Tableau:
    return Tableau(geometry(variant), cells, called)
