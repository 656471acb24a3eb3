"""The solver's worlds in Cassino: world ``i`` of a seed, drawn and searched.

The hidden cards are drawn by the engine (:mod:`engine.cassino.worlds`): the other hand
uniformly among those consistent with the view (R23 and the round's history) and, in
``draw`` while the stock lasts (W8), the stock's order.  That is the hidden part of
:meth:`engine.cassino.View.resample` from the same random source; the solver's fast path
draws only what its search needs (no order outside ``draw``, no seed) and keeps the cards
as bit sets.  :func:`world_rng` fixes each world's random source, so the same seed and
world index always give the same world, wherever it is searched.
"""

from __future__ import annotations

import random

from engine.cassino import HandSampler, Move, View, stock_order
from solver.cassino.search import DrawSearch, Position, Search

__all__ = ["World", "Worlds", "world_rng"]

World = tuple[int, tuple[int, ...]]
"""A world: the other hand, and the stock's order in ``draw`` (else empty)."""


def world_rng(seed: int, index: int) -> random.Random:
    """The random source of world ``index`` for ``seed``: worlds are independent of one
    another, so any range of them can be computed anywhere and merged."""
    return random.Random(f"cassino-solver/{seed}/{index}")


class Worlds:
    """The worlds of one view: :meth:`draw` world ``index``, :meth:`values` of its moves."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.sampler = HandSampler(view)
        self.unseen = view.unseen
        self.drawing = view.rules.draw_after_play and view.stock_size > 0  # W8

    @property
    def exact(self) -> bool:
        """One world says everything: the hidden cards are known for certain."""
        return self.sampler.exact

    def draw(self, seed: int, index: int) -> World:
        """World ``index`` of ``seed``: the other hand, then (W8) the stock's order."""
        rng = world_rng(seed, index)
        other = self.sampler.draw(rng)
        order = stock_order(self.unseen & ~other, rng) if self.drawing else ()
        return other, order

    def values(self, world: World, moves: list[Move]) -> tuple[list[float], int]:
        """The value of each of ``moves`` in ``world`` for the player to move (round-point
        differences; with no moves, the value of the position for the viewer), and the
        search nodes it took."""
        view = self.view
        other, order = world
        stock = self.unseen & ~other
        hands = (view.hand, other) if view.player == 0 else (other, view.hand)
        search: Search | DrawSearch = (DrawSearch(view.rules, order) if self.drawing
                                       else Search(view.rules, stock, view.dealer))
        pos = Position(view.to_move, hands, view.loose, view.builds,
                       (view.captured[0], view.captured[1]), (view.sweeps[0], view.sweeps[1]),
                       view.last_capturer, stock, view.dealer)
        row = search.root_values(pos, moves) if moves else [-search.value(pos)]
        return row, search.nodes
