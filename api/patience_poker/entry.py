"""Patience Poker in the API (docs/rules/patience-poker.md): every seat that has not placed
the card called may act (PPD7), a move names its seat where several may (PPD8), and the
house places each card after the seats with a credential (PPD13)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from api.patience_poker.schemas import (
    MOVE_ID,
    PatiencePokerEventSchema,
    PatiencePokerMoveSchema,
    PatiencePokerStateSchema,
    PatiencePokerViewSchema,
)
from api.reasons import why_json
from api.served import ServedGame, Wire
from engine.cards import card_name
from engine.errors import IllegalMoveError
from engine.patience_poker.state import Move, seat_error
from engine.patience_poker.why import why
from engine.why import Answer, Reason
from solver.patience_poker.entry import LADDER
from solver.patience_poker.risks import placement_risks

__all__ = ["SERVED"]

SOLVER_MOVE = 1
"""A house move of the solver, in searches: one hint at the default budget."""


class PatiencePokerServed(ServedGame):
    features = ServedGame.features | {"levels", "dial", "bot_move", "records", "replay",
                                      "review", "why", "risks"}
    wire = Wire("PatiencePoker", PatiencePokerStateSchema, PatiencePokerViewSchema,
                PatiencePokerMoveSchema, PatiencePokerEventSchema, example="patience-poker",
                move_id=MOVE_ID, engine_checks_fields=True)
    examples: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "patience-poker": {"game": "patience-poker", "seed": 11, "dealer": 0}}

    def _own(self, state: Any, move: Move, seat: int, field: str) -> Move:
        """The move as ``seat``'s (PPD8): it names that seat or none."""
        named = seat_error(move, seat)
        if named is not None:
            raise named
        if seat not in state.acting:
            raise self.turn_error(state, seat, field)
        return Move(move.card, move.cell, None if state.players == 1 else seat)

    def open_move(self, state: Any, sent: Any, seat: int | None) -> Any:
        move = self.read_move(sent)
        return move if seat is None else self._own(state, move, seat, "player")

    def sealed_move(self, state: Any, seat: int, move: Any) -> Any:
        return self._own(state, move, seat, "credential")

    def turn_error(self, state: Any, seat: int, field: str, *, listing: bool = True
                   ) -> IllegalMoveError:
        """PPD7: a seat that has placed the card waits for the others."""
        del listing
        if state.game_over:
            return IllegalMoveError("the game is over: every tableau is complete (PP9)",
                                    field=field, rule="PP9")
        return IllegalMoveError(f"player {seat} has placed the card called; the others "
                                "place it next (PPD7)", field=field, rule="PPD7")

    def house_step(self, state: Any, house: Mapping[int, str],
                   bot: Any) -> tuple[int, Any, bool] | None:
        """PPD13: a house seat places the card once no seat with a credential has it to
        place."""
        if any(s not in house for s in state.acting):
            return None
        return super().house_step(state, house, bot)

    def turn_order(self, state: Any) -> Iterator[int]:
        """The seats still to place this card, then every seat for each card to come
        (PP15): public facts only."""
        if self.over(state):
            return
        yield from sorted(state.acting)
        for _ in range(25 - len(state.called)):
            yield from range(state.players)

    def warnings(self, view: Any, moves: list[Any]) -> Mapping[Any, Mapping[str, Any]]:
        """Each place's flush or straight given up, with the chance it had."""
        return placement_risks(view, moves)

    def why(self, view: Any, body: Mapping[str, Any]) -> dict[str, Any]:
        """Whether the card called (or ``card``) may go at ``cell``, else the first rule
        it breaks (PPD11); a legal place's warning (``risks``) with it."""
        cell = body.get("cell")
        if cell is None:
            raise IllegalMoveError("cell: the cell asked about, r<row>c<col> (PPD1)",
                                   field="cell", rule="PPD1")
        answer = why(view, str(cell), body.get("card"))
        warned = placement_risks(view, answer.moves) if answer.moves else {}
        warnings = [Reason(risk["how"], "PP11", f"gives up the {risk['how']} of "
                           f"{risk['line']}, which had a {risk['probability']:.1%} chance")
                    for risk in warned.values()]
        return why_json(view.player, [] if not view.called else [
            body.get("card") or card_name(view.called[-1])], [],
            Answer(answer.moves, answer.reasons, warnings),
            lambda move: self.engine.move_json(view, move))

    def scores(self, position: Any) -> list[int]:
        return list(position.scores)

    def house_move_cost(self, variant: str, bot: str) -> int:
        del variant
        searches = any(name.partition(":")[0] == "solver" for name in LADDER.may_play(bot))
        return SOLVER_MOVE if searches else 1


SERVED = PatiencePokerServed("patience-poker")
