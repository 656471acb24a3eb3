"""Cassino in the API (docs/api.md): its wire forms (api/cassino/schemas.py, under the names
they had when it was the only game) and its hooks where its flow is its own.

A claim (twenty-one-claims, T5) may come from any seat at any moment, naming its seat; a
move list may carry families listed in part (D16) and sweep warnings (R29); a deal tells
each seat its own hand; a token keeps the moves of the earlier deals for the game's
record (R24, R25); the score is the capture piles' breakdown (R26).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_smorest import abort
from marshmallow import ValidationError, validate

from api.cassino.bots import bot_move
from api.cassino.examples import requests
from api.cassino.schemas import (
    ANSWERS,
    FORMS,
    MOVE_ID,
    MOVE_ID_PATTERN,
    EventField,
    MoveSchema,
    StateSchema,
    ViewSchema,
    WhyPick,
)
from api.cassino.variants import variants_answer
from api.cassino.why import why_answer
from api.errors import about
from api.served import FEATURES, ServedGame, Wire, page
from engine.cassino import (
    CLAIM,
    PLAYING,
    Move,
    Played,
    State,
    claim,
    claims_allowed,
    game_over,
    move_json,
    parse_move,
    parse_move_id,
    round_dealt,
)
from engine.errors import GameError, GameOverError, IllegalMoveError
from solver.cassino import sweep_risks

__all__ = ["SERVED", "CassinoServed"]


def claim_in(data: Any) -> Move | None:
    """The claim a request's move is (T5), or ``None`` for any other move, well-formed or
    not (its errors are told where it is played)."""
    try:
        move = parse_move(data)
    except GameError:
        return None
    return move if move.type == CLAIM else None


def claim_of(move: Move, seat: int | None, field: str = "player") -> Move:
    """A claim (T5) made by ``seat`` when the request names one: the move may leave its
    player out, or must name the same seat (422 naming ``field`` otherwise)."""
    if seat is None or move.player == seat:
        return move
    if move.player is None:
        return claim(seat)
    raise IllegalMoveError(f"move.player is {move.player} but the claim is made by player "
                           f"{seat} ({field})", field=field, rule="T5")


class CassinoServed(ServedGame):
    features = frozenset(FEATURES)
    wire = Wire("", StateSchema, ViewSchema, MoveSchema, EventField, "standard",
                move_id=MOVE_ID, answers=ANSWERS, score="Breakdown", forms=FORMS,
                engine_checks_fields=True)

    def read_move(self, sent: Any) -> Move:
        """A move object (its schema, docs/api.md "Moves") or a move id."""
        try:
            if isinstance(sent, str):
                validate.Regexp(MOVE_ID_PATTERN, error="{input!r} is not a move id")(sent)
            elif isinstance(sent, dict):
                sent = MoveSchema().load(sent)
        except ValidationError as exc:
            abort(422, messages={"json": {"move": exc.messages}})
        with about("move"):
            return parse_move(sent)

    def over(self, position: Any) -> bool:
        return bool(position.status != PLAYING)

    def over_error(self, position: Any, field: str, what: str = "no move can follow"
                   ) -> GameOverError:
        """R27: the refusal names the final scores."""
        del what
        return game_over(position, "view.status" if field == "view" else "state.status")

    def open_move(self, state: Any, sent: Any, seat: int | None) -> Any:
        """Any seat may claim (T5); any other move is the mover's (R4)."""
        claimed = claim_in(sent)
        if claimed is not None:
            return claim_of(claimed, seat)
        if seat is not None and seat != state.to_move:
            raise IllegalMoveError(f"it is player {state.to_move}'s turn, not player {seat}'s "
                                   "(R4)", field="player", rule="R4")
        return self.read_move(sent)

    def to_move(self, state: Any) -> int:
        """The seat to move (R4), though any seat may claim (T5)."""
        return int(state.to_move)

    def sealed_move(self, state: Any, seat: int, move: Any) -> Any:
        """A claim comes from any seat, the credential's (T5); any other move from the
        seat to move (R4)."""
        if move.type == CLAIM:
            if move.player not in (None, seat):
                raise IllegalMoveError(f"move.player is {move.player}, but this credential is "
                                       f"player {seat}'s: a seat claims for itself (T5)",
                                       field="move.player", rule="T5")
            return claim(seat)
        if seat != state.to_move:
            raise IllegalMoveError(f"it is player {state.to_move}'s turn, not player "
                                   f"{seat}'s (R4)", field="credential", rule="R4")
        return move

    def moves_answer(self, state: Any, seat: int, body: Mapping[str, Any]) -> dict[str, Any]:
        """Each move with its ``id``, ``description``, sweep and point cards; families
        listed in part (D16); sweep warnings from the seat's view only (R29)."""
        legal, count = page(state.moves_for(seat), body)
        written = move_json  # the engine's, with the table's context (R16-R22)
        loose, builds, mover, rules = state.loose, state.builds, state.to_move, state.rules
        answer: dict[str, Any] = {"player": seat, "count": count, "moves": [
            written(loose, builds, mover, m, rules) for m in legal]}
        families = state.move_families() if seat == state.to_move else []
        if families:
            answer["families"] = [f.to_dict() for f in families]
        if body.get("risks"):
            plays = [m for m in legal if m.type != CLAIM]  # a claim plays no card (T5)
            risks = dict(zip(plays, sweep_risks(state.view(seat), plays), strict=True))
            answer["risks"] = [
                {"move": m.id, **(risks[m].to_dict() if m in risks else
                                  {"player": None, "probability": 0.0, "ranks": [],
                                   "method": "exact"})} for m in legal]
        return answer

    def bot_move(self, view: Any, level: str | None, dial: float, seed: int,
                 where: str) -> dict[str, Any]:
        """The dial's bot, or its claim (T5; api/cassino/bots.py)."""
        return bot_move(view, level, dial, seed, where)

    def operation_examples(self) -> Mapping[str, Mapping[str, Any]]:
        """A fixed mid-game position's requests (api/cassino/examples.py)."""
        return requests()

    def variants_answer(self) -> dict[str, Any]:
        """The rule options and scoring categories of V1-V7 (api/cassino/variants.py)."""
        return variants_answer()

    def why(self, view: Any, body: Mapping[str, Any]) -> dict[str, Any]:
        """The picked hand card and table cards (R12-R22, api/cassino/why.py), read by
        Cassino's form of the pick."""
        for field in ("cards", "meld"):
            if field in body:
                abort(422, messages={"json": {field: ["Unknown field."]}})
        pick = {key: body[key] for key in ("card", "table", "value") if key in body}
        try:
            loaded = WhyPick().load(pick)
        except ValidationError as exc:
            abort(422, messages={"json": exc.messages})
        return why_answer(view, loaded)

    def search_failed(self, view: Any, error: Exception) -> None:
        """An N-seat search that failed is a 422 naming the variant (V6, V7), never a 500;
        a two-seat one is the server's fault."""
        if view.rules.players > 2:
            abort(422, message=f"variant: no hints for {view.variant} "
                               f"({view.rules.players} seats) yet: the search failed "
                               f"({error})", field="variant")
        super().search_failed(view, error)

    def score_answer(self, position: Any) -> dict[str, Any]:
        """The capture piles' breakdown as they stand (R26)."""
        return dict(position.score().to_dict())

    def house_step(self, state: Any, house: Mapping[int, str],
                   bot: Any) -> tuple[int, Any, bool] | None:
        """A house seat whose bot claims the game claims first (T5), and the house stops;
        else the house plays when its seat is to move."""
        if claims_allowed(state.rules):
            for seat in sorted(house):
                if bot(house[seat]).claims(state.view(seat)):
                    return seat, claim(seat), True
        if state.to_move not in house:
            return None
        seat = state.to_move
        return seat, bot(house[seat]).choose(state.view(seat)), False

    def first_events(self, state: Any) -> list[Any]:
        """Round 1's deal, each seat shown its own hand (R3, R28)."""
        return [round_dealt(state)]

    def default_past(self, state: Any) -> tuple[Any, ...] | None:
        """A token sealed before tokens kept the earlier deals' moves knows them only in
        its first deal."""
        return () if state.deal == 1 else None

    def read_played(self, seat: int, move_id: str) -> Played:
        return Played(seat, parse_move_id(move_id))

    def carried(self, past: tuple[Any, ...] | None, before: State, seat: int, move: Any,
                after: State) -> tuple[Any, ...] | None:
        """``before``'s deal joins the earlier ones when the move ended it (R24, R25)."""
        if past is None or after.deal == before.deal:
            return past
        return (*past, *before.history, Played(seat, move))


SERVED = CassinoServed("cassino")
