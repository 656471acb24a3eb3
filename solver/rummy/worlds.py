"""The solver's worlds in rummy: world ``i`` of a seed, drawn and searched.

World ``i`` is :meth:`engine.rummy.View.resample` from :func:`world_rng` ``(seed, i)``: the
others' hands (the cards they are known to hold, RM27, and the rest uniformly from the
unseen cards), the stock's order and the seed of the reshuffle (RM25), so a world fixes
the whole future but the players' choices.  Each root move is played in the world by the
engine and the hand is then played out by the greedy rule for every seat
(:mod:`solver.rummy.playout`); a call is settled exactly (RM16-RM23).
"""

from __future__ import annotations

import random

from engine.rummy import DISCARD, Move, State, View, advance, deadwood_points, false_call
from solver.rummy import double_pack_worlds
from solver.rummy.playout import play_out
from solver.value import value_at

__all__ = ["Worlds", "world_rng"]


def world_rng(seed: int, index: int) -> random.Random:
    """The random source of world ``index`` for ``seed``: worlds are independent of one
    another, so any range of them can be computed anywhere and merged."""
    return random.Random(f"rummy-solver/{seed}/{index}")


class Worlds:
    """The worlds of one view: :meth:`draw` world ``index``, :meth:`values` of its moves."""

    def __init__(self, view: View, horizon: int | None = None) -> None:
        self.view = view
        self.horizon = horizon
        self.worth = value_at(view).seat
        """The viewer's value of a hand's end (solver.value: a settlement's own points)."""
        self._false: dict[int, bool] = {}

    def draw(self, seed: int, index: int) -> State:
        """World ``index`` of ``seed``: a whole state with the viewer's view (RM27)."""
        return self.view.resample(world_rng(seed, index))

    def false_call(self, move: Move) -> bool:
        """Whether ``move`` calls over the limit (Poker Gin, RM24): known from the viewer's
        own hand."""
        if not move.call or move.card is None:
            return False
        known = self._false.get(move.card)
        if known is None:
            hand = self.view.hand & ~(1 << move.card)
            known = self._false[move.card] = deadwood_points(hand) > self.view.rules.call_limit
        return known

    def values(self, world: State, moves: list[Move]) -> tuple[list[float], int]:
        """The viewer's value (:attr:`worth`: his points) at the end of the hand after each
        of ``moves`` in ``world``
        (with no moves, of the position), and the turns played out.

        A call over the limit (RM24) is worth the same discard without the call less the
        penalty: the playout's rule pays no heed to the hand it shows, so that is exact."""
        player = self.view.player
        if self.view.rules.lay_out:  # Double-Pack Rum (DP1-DP11)
            return double_pack_worlds.values(world, moves, player, self.horizon, self.worth)
        if not moves:
            result, turns = play_out(world, self.horizon)
            return [self.worth(result, player)], turns
        plain: dict[int, float] = {}
        out: list[float | None] = []
        nodes = 0
        for move in moves:
            if self.false_call(move):
                out.append(None)
                continue
            after, _ = advance(world, move)
            result, turns = play_out(after, self.horizon)
            nodes += turns + 1
            value = self.worth(result, player)
            if move.type == DISCARD and move.card is not None and not move.call:
                plain[move.card] = value
            out.append(value)
        penalty = self.worth(false_call(world.rules, world.players, player), player)
        row = []
        for move, known in zip(moves, out, strict=True):
            if known is not None:
                row.append(known)
                continue
            assert move.card is not None
            if move.card not in plain:  # the plain discard is not a listed move
                after, _ = advance(world, move._replace(call=False))
                result, turns = play_out(after, self.horizon)
                nodes += turns + 1
                plain[move.card] = self.worth(result, player)
            row.append(plain[move.card] + penalty)
        return row, nodes
