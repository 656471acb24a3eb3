"""I Doubt It's wire forms (docs/api.md "Other games"): the engine's ``to_dict`` forms of
its states, views, moves and events (engine/i_doubt_it/state.py, moves.py).  Form only:
the engine reads and checks every state, view and move (docs/rules/i-doubt-it.md)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.game_schemas import Int, Strict, _game, _meta, card_field, result_field
from engine.i_doubt_it.rules import CLAIM, MAX_CLAIMS, MAX_SEATS, MAX_SEED, MIN_SEATS, NAME
from engine.i_doubt_it.state import KINDS

__all__ = ["MOVE_ID", "IDoubtItEventSchema", "IDoubtItMoveSchema", "IDoubtItStateSchema",
           "IDoubtItViewSchema"]

RANK = r"^(?:10|[2-9AJKQTajkqt])$"
"""A rank named (ID4): ``A``, ``2``..``10``, ``J``, ``Q``, ``K`` (``T`` for ten read too)."""
MOVE_ID = {"type": "string", "pattern": r"^(?:doubt|pass|claim:[^:]+:[^:]+)$",
           "example": "claim:AD,2C,3S:A"}
"""A move sent as its id: ``doubt``, ``pass`` or ``claim:<cards>:<rank>`` (ID4, ID5)."""
SEAT = validate.Range(min=0, max=MAX_SEATS - 1)
HAND = ["AD", "2C", "3S", "4S", "5D", "6S", "7S", "8H", "9H", "10D", "JS", "JD", "QC"]
"""A hand of the example deal (seed 11, four seats)."""


def _cards(description: str, example: list[str], **kwargs: Any) -> fields.List[Any]:
    return fields.List(card_field(), metadata=_meta(description, example), **kwargs)


def _rank(description: str, example: str, **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Regexp(RANK),
                         metadata={**_meta(description, example), "pattern": RANK}, **kwargs)


class IDoubtItEventSchema(Schema):
    """One thing that happened, as the seat told it was told it (IDD9): a claim laid, a
    pass or a doubt (ID5), the claim turned up and taken (ID6), pushed to the centre unseen
    (ID7), a short hand's draw or skip (ID9, IDD6), a seat out (ID10), the claims' limit
    (IDD10)."""

    type = fields.String(required=True, validate=validate.OneOf(KINDS), metadata=_meta(
        "What happened.", "claim"))
    player = Int(required=True, validate=SEAT, metadata=_meta(
        "The seat concerned: the claimer, the speaker, the drawer, the seat out.", 0))
    description = fields.String(required=True, metadata=_meta(
        "What happened in words.", "Player 0 lays 3 face down: \"3 aces\""))
    cards = _cards("`claim`, `draw`: the cards, null to another seat (IDD9); `reveal`: the "
                   "cards turned up (ID6).", ["AD", "2C", "3S"], allow_none=True)
    rank = _rank("`claim`, `reveal`: the rank named (ID4).", "A")
    count = Int(validate=validate.Range(min=0, max=MAX_CLAIMS), metadata=_meta(
        "`claim`: the cards laid; `reveal`, `centre`: the cards taken or pushed (ID6, ID7); "
        "`draw`: the cards drawn (IDD6); `limit`: the claims made (IDD10).", 3))
    taker = Int(validate=SEAT, metadata=_meta(
        "`reveal`: the seat that takes the centre (ID6).", 0))
    true = fields.Boolean(metadata=_meta(
        "`reveal`: whether every card laid is of the rank named (ID6, IDD7).", False))
    chips = fields.List(Int(), metadata=_meta(
        "`out`, `limit`: the chips each seat gains, the winner's the others' sum (ID11, "
        "IDD11).", [27, -9, -8, -10]))


class _Table(Strict):
    """What every seat sees alike (IDD9): the seats, whose turn, the claim lying face
    down, the claims so far."""

    game = _game(NAME)
    variant = fields.String(required=True, validate=validate.OneOf([NAME]), metadata=_meta(
        "The one variant, `i-doubt-it` (ID1-ID13).", NAME))
    seats = Int(required=True, validate=validate.Range(min=MIN_SEATS, max=MAX_SEATS),
                metadata=_meta("The seats at the table (ID1, IDD1).", 4))
    dealer = Int(required=True, validate=SEAT, metadata=_meta("The dealer (ID2).", 3))
    claimer = Int(required=True, validate=SEAT, metadata=_meta(
        "The seat laying now, or whose claim lies face down (ID3, ID8, IDD4).", 0))
    rank = _rank("The rank named by the claim lying face down; null while the claimer "
                 "lays (ID4).", "A", required=True, allow_none=True)
    laid = Int(required=True, validate=validate.Range(min=0, max=CLAIM), metadata=_meta(
        "The cards of the claim lying face down; 0 while the claimer lays (ID4, IDD6).", 0))
    speaker = Int(required=True, allow_none=True, validate=SEAT, metadata=_meta(
        "The seat to doubt or pass now; null while the claimer lays (ID5, IDD3).", None))
    claims = Int(required=True, validate=validate.Range(min=0, max=MAX_CLAIMS),
                 metadata=_meta("The claims made so far (IDD10).", 0))
    log = fields.List(fields.Nested(IDoubtItEventSchema), required=True, metadata=_meta(
        "Every event so far, in order, as this seat was told it (IDD9).",
        [{"type": "pass", "player": 1, "description": "Player 1 passes"}]))
    result = result_field()


class IDoubtItStateSchema(_Table):
    """The whole table (open games): every hand, the centre, the claim face down and what
    each seat knows of the others (IDD9)."""

    seed = Int(required=True, validate=validate.Range(min=0, max=MAX_SEED), metadata=_meta(
        "The game's seed: the shuffle (ID2).", 11))
    hands = fields.List(fields.List(card_field()), required=True, metadata=_meta(
        "Each seat's hand (ID2).", [HAND]))
    centre = _cards("The centre's face-down pile, the cards left over at the deal first "
                    "(ID2, ID7).", [], required=True)
    claim = _cards("The cards of the claim lying face down (ID4).", [], required=True)
    known = fields.List(fields.List(fields.List(card_field())), required=True, metadata=_meta(
        "For each seat, for each seat: the cards it saw go into that hand and has not seen "
        "it lay since (IDD9).", [[[], ["AD", "2C", "3S"]], [[], []]]))
    centre_known = fields.List(fields.List(card_field()), required=True, metadata=_meta(
        "For each seat: the cards it laid itself that lie in the centre still (IDD9).",
        [[], []]))


class IDoubtItViewSchema(_Table):
    """What one seat sees (IDD9): its hand, every hand's size, what it saw go where; never
    another's hand or a card face down it did not lay."""

    player = Int(required=True, validate=SEAT, metadata=_meta(
        "The seat whose view this is.", 0))
    hand = _cards("The seat's hand (ID2).", HAND, required=True)
    hand_sizes = fields.List(Int(validate=validate.Range(min=0, max=52)), required=True,
                             metadata=_meta("Each seat's cards in hand (IDD9).",
                                            [13, 13, 13, 13]))
    centre_size = Int(required=True, validate=validate.Range(min=0, max=52), metadata=_meta(
        "The cards of the centre's pile (ID7).", 0))
    known = fields.List(fields.List(card_field()), required=True, metadata=_meta(
        "For each seat: the cards this seat saw go into its hand and has not seen it lay "
        "since (IDD9).", [[], ["AD", "2C", "3S"], [], []]))
    centre_known = _cards("The cards this seat laid that lie in the centre still (IDD9).",
                          [], required=True)
    own_claim = _cards("The cards of this seat's own claim lying face down (IDD9).", [],
                       required=True)


class IDoubtItMoveSchema(Strict):
    """A claim (cards laid face down, a rank named, ID4), a doubt or a pass (ID5)."""

    type = fields.String(required=True, validate=validate.OneOf(["claim", "doubt", "pass"]),
                         metadata=_meta("The move.", "claim"))
    id = fields.String(metadata={**_meta(
        "The move's notation: `claim:<cards>:<rank>`, `doubt`, `pass`.", "claim:AD,2C,3S:A"),
        "pattern": MOVE_ID["pattern"]})
    description = fields.String(metadata=_meta("The move in words (answers only).",
                                               "Lay A♦ 2♣ 3♠ as 3 aces"))
    cards = _cards("`claim`: the cards laid, three or what a short hand holds (ID4, IDD6).",
                   ["AD", "2C", "3S"])
    rank = _rank("`claim`: the rank named (ID4, IDD2).", "A")
