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
from api.errors import about
from api.reasons import picked, why_json
from api.served import ServedGame, Wire
from engine import conquian
from engine.cards import card_name, parse_card
from engine.conquian.why import why
from engine.errors import IllegalMoveError
from solver.conquian.entry import LADDER
from solver.conquian.risks import discard_risks

__all__ = ["SERVED"]


SOLVER_MOVE = 2
"""A house move of the Conquian solver, in searches (12 ms mean over whole hands,
api/costs.py)."""


class ConquianServed(ServedGame):
    features = ServedGame.features | {"why", "levels", "dial", "bot_move", "risks", "records",
                                      "replay", "review"}

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

    def warnings(self, view: Any, moves: list[Any]) -> Mapping[Any, Mapping[str, Any]]:
        """Each discard's exact chance of being of use to the adversary."""
        return discard_risks(view, moves)

    def why(self, view: Any, body: Mapping[str, Any]) -> dict[str, Any]:
        """The picked hand ``cards`` with the face-up card and the picked ``table`` cards:
        a use, a lay, a discard, a force or a pass, and each kind's rule (Q6-Q17)."""
        laid = 0
        for seat in view.melds:
            for meld in seat:
                laid |= meld
        with about(""):
            cards = picked(body.get("cards", [body["card"]] if "card" in body else []),
                           "cards", parse_card, lambda c: bool(view.hand >> c & 1),
                           "in your hand")
            table = picked(body.get("table", []), "table", parse_card,
                           lambda c: bool(laid >> c & 1), "in a meld on the table")
            answer = why(view, _mask(cards), _mask(table))
        return why_json(view.player, [card_name(c) for c in cards],
                        [card_name(c) for c in table], answer,
                        lambda move: self.engine.move_json(view, move))

    def house_move_cost(self, variant: str, bot: str) -> int:
        """The solver's cost where the bot (a level's, a dial's) may play the solver."""
        del variant
        searches = any(name.partition(":")[0] == "solver" for name in LADDER.may_play(bot))
        return SOLVER_MOVE if searches else 1

    def scores(self, position: Any) -> list[int]:
        """Counters won (Q21, QD11, QD16), once the hand is won: at two seats the winner
        ``stake * (1 + pool)`` and the loser as much less; zeros at a tableau and while in
        play (the engine's result)."""
        return list(position.result.points)


def _mask(cards: list[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


SERVED = ConquianServed("conquian")
