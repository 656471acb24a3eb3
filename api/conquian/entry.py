"""Conquian in the API (docs/api.md "Other games"): its wire schemas, its points and the
refusal of the seat sitting out at three (QD12)."""

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
from engine.errors import IllegalMoveError

__all__ = ["SERVED"]


SOLVER_MOVE = 2
"""A house move of the Conquian solver, in searches (12 ms mean over whole hands,
api/costs.py)."""


class ConquianServed(ServedGame):
    wire = Wire("Conquian", ConquianStateSchema, ConquianViewSchema, ConquianMoveSchema,
                ConquianEventSchema, example="conquian")
    examples: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "conquian": {"game": "conquian", "seed": 11, "dealer": 0}}

    def turn_error(self, state: Any, seat: int, field: str, *, listing: bool = True
                   ) -> IllegalMoveError:
        """The seat sitting out at three is told so (QD12; who deals is public, Q23)."""
        rules = conquian.get_rules(state.variant)
        if seat == rules.sitting_out(state.dealer, state.seats):
            return IllegalMoveError(f"player {seat} deals and sits this hand out; it is "
                                    f"player {state.to_move}'s turn (QD12)", field=field,
                                    rule="QD12")
        return super().turn_error(state, seat, field, listing=listing)

    def house_move_cost(self, variant: str, bot: str) -> int:
        del variant
        return SOLVER_MOVE if bot == "solver" else 1

    def scores(self, position: Any) -> list[int]:
        """Counters won (Q21, QD11, QD16), once the hand is won: at two seats the winner
        ``stake * (1 + pool)`` and the loser as much less; zeros at a tableau and while in
        play (the engine's result)."""
        return list(position.result.points)


SERVED = ConquianServed("conquian")
