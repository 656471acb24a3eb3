"""Patience Poker's wire forms (docs/api.md "Other games"): the engine's ``to_dict`` forms
of its states, views, moves and events (engine/patience_poker/state.py).  Form only: the
engine reads and checks every state, view and move (docs/rules/patience-poker.md)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.game_schemas import Int, Strict, _game, _meta, card_field, result_field
from engine.patience_poker.state import MAX_PLAYERS, NAME, VARIANTS

__all__ = ["MOVE_ID", "PatiencePokerEventSchema", "PatiencePokerMoveSchema",
           "PatiencePokerStateSchema", "PatiencePokerViewSchema"]

CELL = r"^r\dc\d$"
"""A cell of the grid, ``r<row>c<col>`` from ``r0c0`` at the top left (PPD1)."""
MOVE_ID = {"type": "string", "pattern": r"^(?:p\d:)?(?:10|[2-9AJKQTajkqt])[SHDCshdc]@r\dc\d$",
           "example": "5H@r4c5"}
"""A move sent as its id: the card called and its cell, ``p<seat>:`` first to name the
seat (PPD1, PPD8)."""
SEATS = validate.Range(min=0, max=MAX_PLAYERS - 1)


def _cell(description: str, example: str, **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Regexp(CELL),
                         metadata={**_meta(description, example), "pattern": CELL},
                         **kwargs)


def _seats(description: str, example: list[int], **kwargs: Any) -> fields.List[int]:
    return fields.List(Int(validate=SEATS), metadata=_meta(description, example),
                       **kwargs)


class _Table(Strict):
    """What a state and a view share: the cards called and the tableaus."""

    game = _game(NAME)
    variant = fields.String(required=True, validate=validate.OneOf(VARIANTS), metadata=_meta(
        "The counting system (PP13) and the table: the book's grid (PP6, PP7) or the fixed "
        "five by five of `poker-squares` (PP19).", NAME))
    caller = Int(required=True, validate=SEATS, metadata=_meta(
        "The seat that turns the cards (PP16, PPD5).", 0))
    players = Int(validate=validate.Range(min=1, max=MAX_PLAYERS), metadata=_meta(
        "The seats, one a tableau (PP2, PPD4; derived).", 2))
    called = fields.List(card_field(), required=True, validate=validate.Length(min=1, max=25),
                         metadata=_meta("The cards turned so far, in order, the card to "
                                        "place last (PP4, PP9).", ["5D", "2S"]))
    card = card_field("The card to place: the last called; null once every tableau is "
                      "complete (PP4, PP9; derived).", "2S", allow_none=True)
    tableaus = fields.List(fields.List(_cell("A cell (PPD1).", "r4c4")), required=True,
                           metadata=_meta(
        "Each seat's tableau: the cell of each card called, in call order (the i-th cell "
        "holds the i-th card; PPD1, PPD2, PP8).", [["r4c4", "r3c3"], ["r4c4"]]))
    acting = _seats("The seats that have not placed the card called (PPD7; derived in a "
                    "state).", [1])
    scores = fields.List(Int(), metadata=_meta(
        "Each seat's count as it stands: its complete hands only, as every seat has seen "
        "them (PP14, PPD10; derived).", [0, 0]))
    result = result_field()


class PatiencePokerStateSchema(_Table):
    """The whole table (open games): the stock in order beside every tableau (PP3, PP15)."""

    seed = Int(required=True, validate=validate.Range(min=0), metadata=_meta(
        "The game's seed: the shuffle (PP3).", 11))
    stock = fields.List(card_field(), required=True, metadata=_meta(
        "The cards not yet called, the next first (PP3, PP4).", ["5H", "4C", "10D"]))


class PatiencePokerViewSchema(_Table):
    """What one seat sees (PPD9): the cards called, every tableau as it stood before the
    card was turned (every placement once the seat has placed it), who is to place it;
    never the stock."""

    player = Int(required=True, validate=SEATS, metadata=_meta(
        "The seat whose view this is (PP2).", 1))
    acting = _seats("The seats that have not placed the card called (PPD7).", [1],
                    required=True)
    stock_size = Int(validate=validate.Range(min=27, max=51), metadata=_meta(
        "The cards left in the stock (PP3; derived).", 50))


class PatiencePokerMoveSchema(Strict):
    """The card called placed at a cell (PP5-PP8, PP19)."""

    type = fields.String(validate=validate.OneOf(["place"]), metadata=_meta(
        "Always `place`, the only move.", "place"))
    id = fields.String(metadata={**_meta(
        "The move's notation: `<card>@<cell>`, `p<seat>:<card>@<cell>` where it names the "
        "seat (PPD1, PPD8).", "p0:2S@r3c3"), "pattern": MOVE_ID["pattern"]})
    card = card_field("The card placed: the card called (PP4).", "2S", required=True)
    cell = _cell("Where it goes (PPD1).", "r3c3", required=True)
    player = Int(validate=SEATS, metadata=_meta(
        "The seat placing it, where several may (PPD8); absent in the solitaire.", 0))
    description = fields.String(metadata=_meta("The move in words (answers only).",
                                               "Place 2S at r3c3"))


class PatiencePokerEventSchema(Schema):
    """What a move did: a seat placed the card (its cell hidden from a seat yet to place
    it, PPD9), the next card turned (PP4), a complete tableau counted (PP14)."""

    type = fields.String(required=True, validate=validate.OneOf(["place", "turn", "count"]),
                         metadata=_meta("What happened.", "place"))
    player = Int(required=True, allow_none=True, metadata=_meta(
        "The seat concerned; null for a `turn`.", 0))
    description = fields.String(required=True, metadata=_meta(
        "What happened in words.", "player 0 placed 2S at r3c3"))
    card = card_field("`place`: the card placed; `turn`: the card turned.", "2S")
    cell = _cell("`place`: its cell; null to a seat yet to place the card (PPD9).", "r3c3",
                 allow_none=True)
    points = Int(metadata=_meta("`count`: the tableau's count (PP14).", 72))
