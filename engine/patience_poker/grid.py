"""The table's cells and where a card may go (PP5-PP8, PP19, PPD1, PPD11).

A cell is an integer ``row * width + col``: the book's variants draw the table on a grid
of nine by nine with the first card in the middle (``width`` 9, PPD1), Poker Squares on
its fixed five by five (``width`` 5, PP19).  A tableau is its cells in the order the cards
were laid (the ``i``-th cell holds the ``i``-th card called).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from engine.errors import MoveFormatError

__all__ = ["BOOK", "CARDS", "FIXED", "SIDE", "Geometry", "cell_name", "geometry", "lines",
           "parse_cell"]

SIDE = 5
"""PP7: the square is five by five."""
CARDS = SIDE * SIDE
"""PP9: twenty-five cards make a tableau."""
_CELL = re.compile(r"^r(\d)c(\d)$")


class Geometry:
    """A variant's grid: its ``width`` and whether it is the fixed square (PP19)."""

    def __init__(self, width: int, fixed: bool) -> None:
        self.width = width
        self.fixed = fixed
        self.start = (width // 2) * width + width // 2  # PPD2: r4c4
        self.neighbours = tuple(
            tuple((r + dr) * width + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                  if (dr or dc) and 0 <= r + dr < width and 0 <= c + dc < width)
            for r in range(width) for c in range(width))

    def legal(self, cells: Iterable[int]) -> list[int]:
        """The cells where the next card may go, ascending (PP6-PP8, PP19)."""
        taken = set(cells)
        w = self.width
        if self.fixed:
            return [c for c in range(w * w) if c not in taken]
        if not taken:
            return [self.start]
        rows = [c // w for c in taken]
        cols = [c % w for c in taken]
        r0, r1 = max(0, max(rows) - SIDE + 1), min(w - 1, min(rows) + SIDE - 1)
        c0, c1 = max(0, max(cols) - SIDE + 1), min(w - 1, min(cols) + SIDE - 1)
        out = []
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                cell = r * w + c
                if cell not in taken and any(n in taken for n in self.neighbours[cell]):
                    out.append(cell)
        return out

    def problem(self, cells: Sequence[int], cell: int) -> tuple[str, str] | None:
        """The first rule placing a card at ``cell`` breaks, and why (PPD11), or ``None``."""
        w = self.width
        if not 0 <= cell < w * w:
            return "PPD1", f"{cell_name(cell, w)} is not a cell of the grid"
        taken = set(cells)
        name = cell_name(cell, w)
        if cell in taken:
            return "PP8", f"{name} already holds a card, and no card moves"
        if self.fixed or not taken:
            return None
        if not any(n in taken for n in self.neighbours[cell]):
            return "PP6", f"{name} touches no card already down (edge or corner)"
        rows = [c // w for c in (*taken, cell)]
        cols = [c % w for c in (*taken, cell)]
        if max(rows) - min(rows) >= SIDE or max(cols) - min(cols) >= SIDE:
            return "PP7", f"{name} would leave the cards down wider than a square of five"
        return None

    def name(self, cell: int) -> str:
        return cell_name(cell, self.width)

    def parse(self, text: object, field: str = "move.cell") -> int:
        return parse_cell(text, self.width, field)


BOOK = Geometry(9, fixed=False)
"""PPD1: the book's variants' grid of nine by nine."""
FIXED = Geometry(SIDE, fixed=True)
"""PP19: Poker Squares' fixed grid."""


def geometry(variant: str) -> Geometry:
    return FIXED if variant == "poker-squares" else BOOK


def cell_name(cell: int, width: int) -> str:
    """PPD1: ``r<row>c<col>``."""
    return f"r{cell // width}c{cell % width}"


def parse_cell(text: object, width: int, field: str = "move.cell") -> int:
    """A cell's name (PPD1) as its integer; refused naming ``field`` and PPD1."""
    found = _CELL.match(text) if isinstance(text, str) else None
    if found is None or int(found[1]) >= width or int(found[2]) >= width:
        top = width - 1
        raise MoveFormatError(f"{field}: {text!r} is not a cell; a cell is r<row>c<col>, "
                              f"r0c0 to r{top}c{top} (PPD1)", field=field, rule="PPD1",
                              token=str(text))
    return int(found[1]) * width + int(found[2])


def lines(cells: Sequence[int], width: int) -> list[list[int]]:
    """The indexes (call order) of the cards in each row, then each column, that holds
    any: a row or column of five is a hand (PP10)."""
    rows: dict[int, list[int]] = {}
    cols: dict[int, list[int]] = {}
    for i, cell in enumerate(cells):
        rows.setdefault(cell // width, []).append(i)
        cols.setdefault(cell % width, []).append(i)
    return [rows[r] for r in sorted(rows)] + [cols[c] for c in sorted(cols)]
