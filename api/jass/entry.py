"""Jass in the API (docs/api.md "Other games"): seats act one at a time; a trick's winner
leads the next, so the turn order ends where the trick's last card falls."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from api.errors import about
from api.jass.schemas import (
    MOVE_ID,
    JassEventSchema,
    JassMoveSchema,
    JassStateSchema,
    JassViewSchema,
)
from api.reasons import picked, why_json
from api.served import Played, ServedGame, Wire
from engine.cards import card_name, parse_card
from engine.jass import CALL
from engine.jass.rules import TWO
from engine.jass.why import why
from solver.jass.risks import move_risks

__all__ = ["SERVED"]


class JassServed(ServedGame):
    features = ServedGame.features | {"why", "levels", "dial", "bot_move", "records",
                                      "replay", "review", "risks"}
    wire = Wire("Jass", JassStateSchema, JassViewSchema, JassMoveSchema, JassEventSchema,
                example="jass", move_id=MOVE_ID, engine_checks_fields=True)
    examples: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "jass": {"game": "jass", "seed": 6, "dealer": 0}}

    def warnings(self, view: Any, moves: list[Any]) -> Mapping[Any, Mapping[str, Any]]:
        """A card of points thrown onto a trick the seat cannot win (solver/jass/risks.py)."""
        return move_risks(view, moves)

    def why(self, view: Any, body: Mapping[str, Any]) -> dict[str, Any]:
        """The picked ``card`` (or ``cards``): a card played, or melds declared, and each
        kind's rule (J9-J14, J21, J22)."""
        with about(""):
            cards = picked(body.get("cards", [body["card"]] if "card" in body else []),
                           "cards", parse_card, lambda c: bool(view.hand >> c & 1),
                           "in your hand")
            mask = 0
            for c in cards:
                mask |= 1 << c
            answer = why(view, mask)
        return why_json(view.player, [card_name(c) for c in cards], [], answer,
                        lambda move: self.engine.move_json(view, move))

    def open_move(self, state: Any, sent: Any, seat: int | None) -> Any:
        """A call-out out of turn is refused naming its own rule (JD19)."""
        if seat is not None and seat not in state.acting:
            self._call_refused(state, self.read_move(sent), seat)
        return super().open_move(state, sent, seat)

    def sealed_move(self, state: Any, seat: int, move: Any) -> Any:
        if seat not in state.acting:
            self._call_refused(state, move, seat)
        return super().sealed_move(state, seat, move)

    def _call_refused(self, state: Any, move: Any, seat: int) -> None:
        refusal = state.refusal(move, seat) if move == CALL else None
        if refusal is not None:
            raise refusal

    def default_past(self, state: Any) -> tuple[Any, ...] | None:
        """A token that lists no earlier deals knows them only in a match's first deal."""
        return () if state.match is None or state.match.deal == 1 else None

    def carried(self, past: tuple[Any, ...] | None, before: Any, seat: int, move: Any,
                after: Any) -> tuple[Any, ...] | None:
        """``before``'s deal joins the earlier ones when the move ended it and the match
        went on to its next (JD18)."""
        if past is None or before.match is None or after.match.deal == before.match.deal:
            return past
        return (*past, *before.history, Played(seat, move))

    def turn_order(self, state: Any) -> Iterator[int]:
        """The seat to act, then, past the first trick, the seats after it round the trick
        while it lasts.  A call (J6, J8) decides who is asked next, a seat's melds after
        its first card are its own turn again when its hand holds one (J14, hidden), and
        where a trick ends its winner leads, which the cards decide: the order stops
        there."""
        if self.over(state):
            return
        yield state.turn
        if state.phase != "play" or (state.played == 0 and state.form != TWO):
            return
        seat = state.turn
        for _ in range(len(state.in_play) - len(state.trick) - 1):
            seat = state.after(seat)
            yield seat


SERVED = JassServed("jass")
