"""Solitaire Cribbage's wire forms (docs/api.md "Other games"): the engine's ``to_dict``
forms of its states, views, moves and events.  Form only: the engine reads and checks
every state, view and move (docs/rules/solitaire-cribbage.md)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.game_schemas import Int, Strict, _cards, _game, _meta, card_field, result_field
from engine.solitaire_cribbage import NAME, PARTNERS

POINTS = {"fifteens": 4, "pairs": 2, "runs": 3, "flush": 0, "nobs": 1, "total": 10}
"""An example of a hand's points by rule."""

__all__ = ["SolitaireCribbageEventSchema", "SolitaireCribbageMoveSchema",
           "SolitaireCribbageStateSchema", "SolitaireCribbageViewSchema"]


class SolitaireCribbagePointsSchema(Schema):
    """The points of a hand or a crib, by rule (SC14-SC18)."""

    fifteens = Int(required=True, metadata=_meta("Two a fifteen (SC14).", 4))
    pairs = Int(required=True, metadata=_meta("Two a pair (SC15).", 2))
    runs = Int(required=True, metadata=_meta("One a card of a run (SC16).", 3))
    flush = Int(required=True, metadata=_meta("Four or five of one suit (SC17).", 0))
    nobs = Int(required=True, metadata=_meta("The jack of the starter's suit (SC18).", 1))
    total = Int(required=True, metadata=_meta("Their sum.", 10))


class SolitaireCribbageCountSchema(Schema):
    """One seat's count of one deal (SC7), or of the last hand (deal 7, SC10)."""

    deal = Int(required=True, metadata=_meta("The deal, 1 to 6; 7 the last hand.", 1))
    hand = _cards("The four kept (the last hand's four).", ["5H", "5S", "JD", "4C"],
                  required=True)
    laid = _cards("The two laid away (none at the last hand).", ["KS", "QS"], required=True)
    crib = _cards("The crib's four.", ["KS", "QS", "2D", "9C"], required=True)
    starter = card_field("The starter, null at the last hand.", "6D", required=True,
                         allow_none=True)
    hand_points = fields.Nested(SolitaireCribbagePointsSchema, required=True, metadata=_meta(
        "The hand's points with the starter, by rule (SC14-SC18).", POINTS))
    crib_points = fields.Nested(SolitaireCribbagePointsSchema, required=True, allow_none=True,
                                metadata=_meta("The crib's points with the starter (SC17: "
                                               "only a five-card flush); null at the last "
                                               "hand.", POINTS))
    heels = Int(required=True, metadata=_meta("Two when the starter is a jack (SC19).", 0))
    points = Int(required=True, metadata=_meta("The deal's points: heels, hand, crib.", 12))


class _Public(Strict):
    game = _game(NAME)
    variant = fields.String(required=True, validate=validate.OneOf([NAME, PARTNERS]),
                            metadata=_meta("`solitaire-cribbage` (one to four seats, each "
                                           "for himself) or `solitaire-cribbage-partners` "
                                           "(SC2, SC23).", NAME))
    deal = Int(metadata=_meta("The deal being played, 1 to 6; 7 once the pack is out "
                              "(derived; checked on input).", 1))
    counts = fields.List(fields.List(fields.Nested(SolitaireCribbageCountSchema)), required=True,
                         metadata=_meta("Each seat's counted deals, in order: public to "
                                        "every seat (SC24).", [[]]))
    holes = fields.List(Int(), metadata=_meta("Each seat's holes (derived).", [0]))
    games = fields.List(Int(), metadata=_meta(
        "The games settled once over: a winner takes one from each loser, two from a loser "
        "of a double game (SC21, SCD7); zeros while playing (derived).", [0]))
    result = result_field()


class SolitaireCribbageStateSchema(_Public):
    """A whole game (open games): every seat's pack in order and the moves made."""

    seed = Int(required=True, metadata=_meta("The game's seed: every pack's shuffle "
                                             "(SCD1).", 11))
    packs = fields.List(fields.List(card_field()), required=True, metadata=_meta(
        "Each seat's pack, top first, as shuffled (SC1, SC3).", [["5H", "KD"]]))
    history = fields.List(fields.Dict(), metadata=_meta(
        "The moves so far, in order, each `{player, move}` with the move's id.",
        [{"player": 0, "move": "0:5H+KD"}]))
    hands = fields.List(fields.List(card_field()), metadata=_meta(
        "Each seat's hand now (derived).", [["5H"]]))
    laid = fields.List(fields.List(card_field()), metadata=_meta(
        "Each seat's two laid away in this deal (derived).", [[]]))
    acting = fields.List(Int(), metadata=_meta("The seats yet to lay away (derived).", [0]))


class SolitaireCribbageViewSchema(_Public):
    """What one seat sees (SC24): its hand and what it laid away, every count, who has yet
    to lay away; never a pack's order, a crib's face-down cards or another's hand."""

    player = Int(required=True, metadata=_meta("The seat whose view this is.", 0))
    seats = Int(metadata=_meta("The seats at the table (SC2).", 1))
    hand = _cards("The seat's hand: six, or four once it has laid away.",
                  ["AH", "2H", "5S", "5D", "JC", "KC"], required=True)
    laid = _cards("The two it has laid away in this deal.", [], required=True)
    waiting = fields.List(Int(), required=True, metadata=_meta(
        "The seats yet to lay away in this deal (SC12).", [0]))


class SolitaireCribbageMoveSchema(Strict):
    """Two cards laid away to the crib (SC5)."""

    id = fields.String(metadata=_meta("The move's notation: `SEAT:CARD+CARD`.", "0:5H+KD"))
    player = Int(required=True, metadata=_meta("The seat laying away.", 0))
    cards = _cards("The two cards.", ["5H", "KD"], required=True)
    description = fields.String(metadata=_meta("The move in words (answers only).",
                                               "Lay 5♥ and K♦ away to the crib"))
    deal_points = fields.Float(metadata=_meta(
        "Hints only: the deal's expected points with this discard, exact over the crib's "
        "and the starter's unseen cards.", 8.234))


class SolitaireCribbageEventSchema(Schema):
    """What a move did: a seat laid away (its cards to itself only), a deal counted
    (public), the next deal (its cards to its seat only), the end."""

    type = fields.String(required=True, validate=validate.OneOf(
        ["lay", "count", "deal", "end"]), metadata=_meta("What happened.", "count"))
    description = fields.String(required=True, metadata=_meta("In words.", "Player 0 "
                                                              "counts deal 1: 12"))
    player = Int(metadata=_meta("The seat concerned.", 0))
    cards = _cards("`lay`, `deal`: the cards, to their own seat only.", ["5H", "KD"])
    deal = Int(metadata=_meta("`deal`, `count`: the deal.", 2))
    hand = _cards("`count`: the four kept.", ["5H"])
    laid = _cards("`count`: the two laid away.", ["KD"])
    crib = _cards("`count`: the crib.", ["KD"])
    starter = card_field("`count`: the starter.", "6D", allow_none=True)
    hand_points = fields.Nested(SolitaireCribbagePointsSchema, metadata=_meta(
        "`count`: the hand's points by rule.", POINTS))
    crib_points = fields.Nested(SolitaireCribbagePointsSchema, allow_none=True, metadata=_meta(
        "`count`: the crib's points by rule (null at the last hand).", POINTS))
    heels = Int(metadata=_meta("`count`: his heels.", 0))
    points = Int(metadata=_meta("`count`: the deal's points.", 12))
    result = fields.Dict(metadata=_meta("`end`: the result.", {}))
    games = fields.List(Int(), metadata=_meta("`end`: the games settled.", [0]))
