"""I Doubt It in the API (docs/api.md "Other games"): seats act one at a time, the claimer
then each speaker in turn (IDD3); the turn order a claim or a doubt decides ends where the
public facts stop; why-not, each bluff's warning, levels and the dial."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from api.errors import about
from api.i_doubt_it.schemas import (
    MOVE_ID,
    IDoubtItEventSchema,
    IDoubtItMoveSchema,
    IDoubtItStateSchema,
    IDoubtItViewSchema,
)
from api.reasons import picked, why_json
from api.served import ServedGame, Wire
from engine.cards import card_name, parse_card
from engine.i_doubt_it.moves import read_rank
from engine.i_doubt_it.why import why
from solver.i_doubt_it.risks import claim_risks

__all__ = ["SERVED"]


class IDoubtItServed(ServedGame):
    features = ServedGame.features | {"why", "levels", "dial", "bot_move", "risks", "records",
                                      "replay", "review"}
    wire = Wire("IDoubtIt", IDoubtItStateSchema, IDoubtItViewSchema, IDoubtItMoveSchema,
                IDoubtItEventSchema, example="i-doubt-it", move_id=MOVE_ID,
                engine_checks_fields=True)
    examples: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "i-doubt-it": {"game": "i-doubt-it", "seed": 11, "dealer": 3}}
    listed_later_examples = frozenset({"i-doubt-it"})  # the deal's 3,718 claims (ID4)

    def turn_order(self, state: Any) -> Iterator[int]:
        """While a claimer lays: the claimer, then his left-hand neighbour, the first to
        speak (IDD3); while a claim lies face down: the speaker only, for whether he
        doubts decides who acts next (ID6, ID8)."""
        if self.over(state):
            return
        if state.speaker is not None:
            yield state.speaker
            return
        yield state.claimer
        yield (state.claimer + 1) % state.seats

    def warnings(self, view: Any, moves: list[Any]) -> Mapping[Any, Mapping[str, Any]]:
        """Each bluff's chance of being disproved by another hand (solver/i_doubt_it/
        risks.py), from the seat's view only."""
        return claim_risks(view, moves)

    def why(self, view: Any, body: Mapping[str, Any]) -> dict[str, Any]:
        """The picked hand ``cards`` (with ``rank``, optional): a claim, or with none picked
        a doubt or a pass, and each kind's rule (ID4, ID5, ID13, IDD6)."""
        with about(""):
            cards = picked(body.get("cards", [body["card"]] if "card" in body else []),
                           "cards", parse_card, lambda c: bool(view.hand >> c & 1),
                           "in your hand")
            rank = read_rank(body["rank"], "rank") if body.get("rank") is not None else 0
            mask = 0
            for c in cards:
                mask |= 1 << c
            answer = why(view, mask, rank)
        return why_json(view.player, [card_name(c) for c in cards], [], answer,
                        lambda move: self.engine.move_json(view, move))


SERVED = IDoubtItServed("i-doubt-it")
