"""The rummy games in the API (docs/api.md "Other games"): their wire schemas, their points
and what a house move of their solver costs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from api.rummy.schemas import (
    RummyEventSchema,
    RummyMoveSchema,
    RummyStateSchema,
    RummyViewSchema,
)
from api.served import ServedGame, Wire

__all__ = ["SERVED"]

SOLVER_MOVE = {"poker-rum": 7, "poker-gin": 6, "double-pack-rum": 10}
"""A house move of the rummy solver, in searches, by variant: the mean over whole hands at
2, 4 and 6 seats, the dearest of them (Poker Rum 63 ms, Poker Gin 60, Double-Pack Rum 95
at 4 to 6 seats; api/costs.py)."""


class RummyServed(ServedGame):
    features = ServedGame.features | {"records", "replay", "review"}
    wire = Wire("Rummy", RummyStateSchema, RummyViewSchema, RummyMoveSchema,
                RummyEventSchema, example="poker-rum")
    examples: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        variant: {"game": "rummy", "variant": variant, "seed": 11, "dealer": 0}
                for variant in ("poker-rum", "poker-gin", "double-pack-rum")}
    unhinted_examples = frozenset({"double-pack-rum"})  # recorded before its solver

    def scores(self, position: Any) -> list[int]:
        """The points settled so far (a false call's penalty is paid at once, RM23)."""
        return list(position.scores)

    def house_move_cost(self, variant: str, bot: str) -> int:
        if bot == "solver":
            return SOLVER_MOVE.get(variant, max(SOLVER_MOVE.values()))
        return 1


SERVED = RummyServed("rummy")
