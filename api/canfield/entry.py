"""Canfield in the API (docs/api.md "Other games"): a solitaire of one seat, its why-not
by card and its warnings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from api.canfield.schemas import (
    CanfieldEventSchema,
    CanfieldMoveSchema,
    CanfieldStateSchema,
    CanfieldViewSchema,
)
from api.errors import about
from api.reasons import why_json
from api.served import ServedGame, Wire
from engine.canfield.why import why
from engine.cards import card_name, parse_card
from engine.errors import IllegalMoveError
from solver.canfield.entry import LADDER
from solver.canfield.risks import move_risks

__all__ = ["SERVED"]

SOLVER_MOVE = 2
"""A move of the Canfield solver bot, in searches (a hint's default budget)."""


class CanfieldServed(ServedGame):
    features = frozenset({"hints", "evaluate", "sealed", "levels", "dial", "bot_move", "why",
                          "risks", "records", "replay", "review"})
    wire = Wire("Canfield", CanfieldStateSchema, CanfieldViewSchema, CanfieldMoveSchema,
                CanfieldEventSchema, example="canfield")
    examples: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "canfield": {"game": "canfield", "seed": 11, "dealer": 0}}

    def warnings(self, view: Any, moves: list[Any]) -> Mapping[Any, Mapping[str, Any]]:
        """A card buried on one that could go up, a turn or stop that ends the game."""
        return move_risks(view, moves)

    def why(self, view: Any, body: Mapping[str, Any]) -> dict[str, Any]:
        """The picked ``card`` (the talon's, the stock's or a column's top card) and,
        optionally, a ``target`` (``f`` or ``c0``..``c3``): its moves, or each rule."""
        with about(""):
            name = body.get("card", (body.get("cards") or [None])[0])
            if not isinstance(name, str):
                raise IllegalMoveError("card: the name of the card to ask about",
                                       field="card")
            card = parse_card(name)
            target = body.get("target")
            if target is not None and target not in ("f", "c0", "c1", "c2", "c3"):
                raise IllegalMoveError("target: f or c0..c3", field="target")
            answer = why(view, card, target)
        return why_json(0, [card_name(card)], [], answer,
                        lambda move: self.engine.move_json(view, move))

    def house_move_cost(self, variant: str, bot: str) -> int:
        del variant
        searches = any(name.partition(":")[0] == "solver" for name in LADDER.may_play(bot))
        return SOLVER_MOVE if searches else 1

    def scores(self, position: Any) -> list[int]:
        """CF14: the net dollars as they stand."""
        return list(position.result.points)


SERVED = CanfieldServed("canfield")
