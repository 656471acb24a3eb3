"""Solitaire Cribbage in the API (docs/api.md "Other games"): its wire forms, the seat a
move names (several seats lay away in one deal, SC12), why a discard is not legal and what
the picked cards score, and the warnings of a discard far below the best."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from api.errors import about
from api.reasons import picked, why_json
from api.served import ServedGame, Wire
from api.solitaire_cribbage.schemas import (
    SolitaireCribbageEventSchema,
    SolitaireCribbageMoveSchema,
    SolitaireCribbageStateSchema,
    SolitaireCribbageViewSchema,
)
from engine.cards import card_name, parse_card
from engine.errors import IllegalMoveError
from engine.solitaire_cribbage import Move, View
from engine.solitaire_cribbage.state import seat_error
from engine.why import Answer, Kind, Reason, ask
from solver.solitaire_cribbage.hints import move_entry
from solver.solitaire_cribbage.risks import SHORT, discard_risks

__all__ = ["SERVED"]


class SolitaireCribbageServed(ServedGame):
    features = ServedGame.features | {"why", "levels", "dial", "bot_move", "risks", "records",
                                      "replay", "review"}
    wire = Wire("SolitaireCribbage", SolitaireCribbageStateSchema,
                SolitaireCribbageViewSchema, SolitaireCribbageMoveSchema,
                SolitaireCribbageEventSchema, example="solitaire-cribbage",
                move_id={"type": "string", "pattern": r"^[0-3]:[^+]+\+[^+]+$",
                         "example": "0:5H+KD"})
    examples: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "solitaire-cribbage": {"game": "solitaire-cribbage", "seed": 11, "dealer": 0}}

    def open_move(self, state: Any, sent: Any, seat: int | None) -> Any:
        """SC12: the move names its seat; a request's ``player`` must be the same."""
        move = self.read_move(sent)
        if seat is not None and seat != move.player:
            raise IllegalMoveError(f"player: the move {move.id} is seat {move.player}'s, not "
                                   f"player {seat}'s (SC12)", field="player", rule="SC12")
        if move.player not in state.acting:
            raise self.turn_error(state, move.player, "move")
        return move

    def sealed_move(self, state: Any, seat: int, move: Any) -> Any:
        """A sealed seat lays away its own cards only (told as its view tells it), on its
        turn (SC12)."""
        named = seat_error(move, seat)
        if named is not None:
            raise named
        if seat not in state.acting:
            raise self.turn_error(state, seat, "credential")
        return move

    def turn_error(self, state: Any, seat: int, field: str, *, listing: bool = True
                   ) -> IllegalMoveError:
        """SC12: who is yet to lay away (public)."""
        if state.game_over:
            return IllegalMoveError("the game is over (SC10, SC20)", field=field,
                                    rule="SC10, SC20")
        waiting = ", ".join(str(s) for s in sorted(state.acting))
        return IllegalMoveError(f"player {seat} has laid away in deal {state.deal}; the "
                                f"deal waits for player {waiting} (SC12)", field=field,
                                rule="SC12")

    def turn_order(self, state: Any) -> Iterator[int]:
        """SC12: the seats yet to lay away in this deal; whether another deal follows
        hangs on its counts (SCD5), so the order ends there."""
        if not self.over(state):
            yield from sorted(state.acting)

    def scores(self, position: Any) -> list[int]:
        """Each seat's own holes (SC7)."""
        return list(position.table.holes)

    def warnings(self, view: Any, moves: list[Any]) -> Mapping[Any, Mapping[str, Any]]:
        """Each discard far below the best in expected points (solver/solitaire_cribbage/
        risks.py)."""
        return discard_risks(view, moves)

    def why(self, view: Any, body: Mapping[str, Any]) -> dict[str, Any]:
        """The picked ``cards`` laid away: legal or not (SC5, SC12), and what they make
        (the deal's expected points, and a warning when far below the best)."""
        held = set(view.hand) | set(view.laid)
        with about(""):
            cards = picked(body.get("cards", []), "cards", parse_card,
                           lambda c: c in held, "in your hand")
        answer = why_answer(view, cards)
        return why_json(view.player, [card_name(c) for c in cards], [], answer,
                        lambda move: move_entry(view, move))


def why_answer(view: View, cards: list[int]) -> Answer:
    """SC5: exactly two cards of the six, on the seat's turn (SC12)."""
    if len(cards) != 2:
        refusal = view.refusal(Move(view.player, (0, 0))) if view.game_over or \
            view.player not in view.waiting else None
        if refusal is not None:
            return Answer([], [Reason("lay", getattr(refusal, "rule", None), str(refusal))], [])
        return Answer([], [Reason("lay", "SC5", f"two cards are laid away to the crib, not "
                                  f"{len(cards)} (SC5)")], [])
    pair = (min(cards), max(cards))
    risks = discard_risks(view, view.legal_moves())

    def warn(move: Move) -> tuple[str, str] | None:
        risk = risks.get(move)
        if risk is None:
            return None
        return ("SC5", f"{risk['lost']:.2f} expected points below the best discard, "
                       f"{risk['best']} ({SHORT})")

    return ask(view, view.legal_moves(),
               [Kind("lay", lambda m: m.cards == pair, Move(view.player, pair), warn)])


SERVED = SolitaireCribbageServed("solitaire-cribbage")
