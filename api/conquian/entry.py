"""Conquian in the API (docs/api.md "Other games"): its wire schemas and its points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from api.conquian.schemas import (
    ConquianEventSchema,
    ConquianMoveSchema,
    ConquianStateSchema,
    ConquianViewSchema,
)
from api.served import ServedGame, Wire
from engine import conquian

__all__ = ["SERVED"]


SOLVER_MOVE = 2
"""A house move of the Conquian solver, in searches (12 ms mean over whole hands,
api/costs.py)."""


class ConquianServed(ServedGame):
    wire = Wire("Conquian", ConquianStateSchema, ConquianViewSchema, ConquianMoveSchema,
                ConquianEventSchema, example="conquian")
    examples: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "conquian": {"game": "conquian", "seed": 11, "dealer": 0}}

    def house_move_cost(self, variant: str, bot: str) -> int:
        del variant
        return SOLVER_MOVE if bot == "solver" else 1

    def scores(self, position: Any) -> list[int]:
        """Counters won (Q21, QD11): the winner ``stake * (1 + pool)`` and the loser as
        much less, once the hand is won; zeros at a tableau and while in play."""
        seats = len(position.hand_sizes) if hasattr(position, "hand_sizes") else position.seats
        if position.winner < 0:
            return [0] * seats
        gain = conquian.get_rules(position.variant).stake * (1 + position.pool)
        return [gain if seat == position.winner else -gain for seat in range(seats)]


SERVED = ConquianServed("conquian")
