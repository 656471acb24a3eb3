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
        """Counters won (Q21, QD11, QD16), once the hand is won: at two seats the winner
        ``stake * (1 + pool)`` and the loser as much less; zeros at a tableau and while in
        play (the engine's result)."""
        return list(position.result.points)


SERVED = ConquianServed("conquian")
