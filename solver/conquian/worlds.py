"""The solver's worlds in Conquian: world ``i`` of a seed, drawn and searched.

A world is ``view.resample(world_rng(seed, i))`` (engine/conquian/worlds.py): the other
hand uniform among the cards the viewer has not seen, then the stock in a uniform order
of the rest (Q23).  Nothing the adversary did binds his hand (he may always pass, and he
chooses his discards freely), so this is exactly the law of the hidden cards given the
view, with no inference from how he played.  :func:`world_rng` fixes each world's random
source, so the same seed and index always give the same world, wherever it is searched.
"""

from __future__ import annotations

import random

from engine.conquian import Move, State, View, get_rules
from solver.conquian.search import Search
from solver.value import value_at

__all__ = ["Worlds", "world_rng"]


def world_rng(seed: int, index: int) -> random.Random:
    """The random source of world ``index`` for ``seed``: worlds are independent of one
    another, so any range of them can be computed anywhere and merged."""
    return random.Random(f"conquian-solver/{seed}/{index}")


class Worlds:
    """The worlds of one view: :meth:`draw` world ``index``, :meth:`values` of its moves
    with a search of ``depth`` decisions (one :class:`Search`, its move lists shared)."""

    def __init__(self, view: View, depth: int) -> None:
        self.view = view
        self.search = Search(depth, value=value_at(view))

    @property
    def exact(self) -> bool:
        """One world says everything: no card is hidden (an empty stock and an empty other
        hand)."""
        view = self.view
        other = get_rules(view.variant).next_seat(view.player)
        return not view.stock_size and not view.hand_sizes[other]

    def draw(self, seed: int, index: int) -> State:
        """World ``index`` of ``seed``: a whole state with the view's public part."""
        return self.view.resample(world_rng(seed, index))

    def values(self, world: State, moves: list[Move]) -> tuple[list[float], int, bool]:
        """The value of each of ``moves`` in ``world`` for the viewer (expected counters,
        QD11), or with no moves the position's value for him; the search nodes it took;
        whether the values are exact (the hand searched to its end)."""
        search = self.search
        search.reset()
        before = search.nodes
        if moves:
            row = search.root_values(world, moves)
        else:
            row = [search.position(world, self.view.player)]
        return row, search.nodes - before, search.exact
