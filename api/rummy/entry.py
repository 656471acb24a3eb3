"""The rummy games in the API (docs/api.md "Other games"): their wire schemas, their points
and what a house move of their solver costs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from api.errors import about
from api.reasons import picked, why_json
from api.rules import rule_url
from api.rummy.schemas import (
    RummyEventSchema,
    RummyMoveSchema,
    RummyStateSchema,
    RummyViewSchema,
)
from api.served import ServedGame, Wire
from engine.errors import IllegalMoveError
from engine.rummy import card_name, parse_card
from engine.rummy.why import meld_problem, why
from solver.rummy.entry import LADDER
from solver.rummy.risks import discard_risks

__all__ = ["SERVED"]

SOLVER_MOVE = {"poker-rum": 7, "poker-gin": 6, "double-pack-rum": 10}
"""A house move of the rummy solver, in searches, by variant: the mean over whole hands at
2, 4 and 6 seats, the dearest of them (Poker Rum 63 ms, Poker Gin 60, Double-Pack Rum 95
at 4 to 6 seats; api/costs.py)."""


class RummyServed(ServedGame):
    features = ServedGame.features | {"records", "replay", "review", "why", "levels", "dial",
                                      "bot_move", "risks"}

    wire = Wire("Rummy", RummyStateSchema, RummyViewSchema, RummyMoveSchema,
                RummyEventSchema, example="poker-rum")
    examples: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        variant: {"game": "rummy", "variant": variant, "seed": 11, "dealer": 0}
                for variant in ("poker-rum", "poker-gin", "double-pack-rum")}
    unhinted_examples = frozenset({"double-pack-rum"})  # recorded before its solver

    def scores(self, position: Any) -> list[int]:
        """The points settled so far (a false call's penalty is paid at once, RM23)."""
        return list(position.scores)

    def warnings(self, view: Any, moves: list[Any]) -> Mapping[Any, Mapping[str, Any]]:
        """Each discard's exact chance of being of use to the next player."""
        return discard_risks(view, moves)

    def why(self, view: Any, body: Mapping[str, Any]) -> dict[str, Any]:
        """The picked hand ``cards`` and the meld they are meant for (``meld``, or the
        ``table`` cards of it picked): their legal moves and each kind's rule; for the
        show-down games, whether they are a meld (RM9-RM11)."""
        with about(""):
            cards = picked(body.get("cards", [body["card"]] if "card" in body else None),
                           "cards", parse_card, lambda c: bool(view.hand >> c & 1),
                           "in your hand")
            on_table = {c: i for i, laid in enumerate(view.table) for c in laid.cards}
            table = picked(body.get("table", []), "table", parse_card,
                           lambda c: c in on_table, "in a meld on the table")
            melds = {on_table[c] for c in table}
            if len(melds) > 1:
                raise IllegalMoveError("table: the cards picked are of several melds; pick "
                                       "one meld's", field="table")
            meld = body.get("meld", next(iter(melds), None))
            if table and meld not in melds:
                raise IllegalMoveError("meld: the table cards picked are of another meld",
                                       field="meld")
            answer = why(view, tuple(cards), meld)
        out = why_json(view.player, [card_name(c) for c in cards],
                       [card_name(c) for c in table], answer,
                       lambda move: self.engine.move_json(view, move))
        if not view.rules.lay_out:  # the show-down games: is it a meld to show (RM13)?
            problem = meld_problem(tuple(cards))
            out["meld"] = problem is None
            if problem is not None:
                out["meld_rule"], out["meld_message"] = problem
                out["meld_rule_url"] = rule_url(problem[0])
        return out

    def house_move_cost(self, variant: str, bot: str) -> int:
        """The solver's cost where the bot (a level's, a dial's) may play the solver."""
        if any(name.partition(":")[0] == "solver" for name in LADDER.may_play(bot)):
            return SOLVER_MOVE.get(variant, max(SOLVER_MOVE.values()))
        return 1


SERVED = RummyServed("rummy")
