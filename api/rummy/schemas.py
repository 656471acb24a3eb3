"""The rummy games' wire forms (docs/api.md "Other games"): the engine's own ``to_dict``
forms of their states, views, moves and events.  Form only: the engine reads and checks
every state, view and move."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.game_schemas import (
    Int,
    Strict,
    _game,
    _meta,
    _rcard,
    _rcards,
    result_field,
)
from engine.rummy import DRAWN_REASONS, VARIANTS

__all__ = ["RUMMY_EVENT_TYPES", "RummyEventSchema", "RummyMoveSchema",
           "RummyStateSchema", "RummyViewSchema"]


# --- rummy (docs/rules/rummy.md) ---------------------------------------------------------


_TABLE = fields.List(fields.Dict(), required=True, metadata=_meta(
    "Double-pack rum's melds laid out (DP3): each with its `owner`, `kind`, `cards` and "
    "the jokers `moved`; empty in the poker games.", []))
_HISTORY = fields.List(fields.Dict(), required=True, metadata=_meta(
    "The hand's moves in order, as everybody saw them (a draw names no card, RM27, but one "
    "from a turned stock, DP12).",
    [{"seat": 1, "type": "draw"}]))


class _RummyPublic(Strict):
    game = _game("rummy")
    variant = fields.String(required=True, validate=validate.OneOf(list(VARIANTS)),
                            metadata=_meta("The variant.", "poker-rum"))
    players = Int(required=True, validate=validate.Range(min=2, max=6), metadata=_meta(
        "Seats (RM1).", 2))
    dealer = Int(required=True, metadata=_meta("Dealer seat (RM5).", 0))
    to_move = Int(required=True, metadata=_meta("The seat to move (RM7).", 1))
    phase = fields.String(required=True, validate=validate.OneOf(["draw", "discard", "over"]),
                          metadata=_meta("`draw` (RM7, RM8), `discard`, or `over`.", "draw"))
    status = fields.String(required=True, validate=validate.OneOf(
        ["playing", "showdown", "drawn", "out"]), metadata=_meta(
        "`playing`; `showdown` after a call (RM16); `drawn` when the stock ran out "
        "(RM25); `out` when a player went out (DP9).", "playing"))
    caller = Int(required=True, allow_none=True, metadata=_meta(
        "Who called the show-down or went out, else null.", None))
    pile = _rcards("The discard pile, bottom first, top last.", ["9D"], required=True)
    table = _TABLE
    history = _HISTORY
    reshuffled = fields.Boolean(required=True, metadata=_meta(
        "The pile was made into the stock: shuffled, once (RM25); in double-pack rum "
        "turned as it lies, once or more (DP11).", False))
    turned_at = Int(allow_none=True, validate=validate.Range(min=0), metadata=_meta(
        "Double-pack rum, once the pile has been turned into the stock (DP11): the length "
        "of `history` then (the draws from there on name their card, DP12; a whole turned "
        "stock drawn with nothing laid out ends the hand, DP13). Absent before.", 12))
    scores = fields.List(Int(), required=True, metadata=_meta(
        "Points per seat so far (penalties, then the settlement, RM24, RM26).", [0, 0]))
    result = result_field()


class RummyStateSchema(_RummyPublic):
    """A whole rummy hand (open games): every hand, the stock in order, the seed."""

    seed = Int(required=True, metadata=_meta("The hand's seed: its deal (RM6).", 7))
    hands = fields.List(fields.List(_rcard("A card.", "7H")), required=True,
                        metadata=_meta("Each seat's hand.", [["2S", "3S"], ["AC", "2C"]]))
    stock = _rcards("The stock, next card first.", ["QS", "2C"], required=True)
    showdown = fields.List(fields.Dict(), required=True, allow_none=True, metadata=_meta(
        "After a show-down, each seat's laid-out hand: `melds`, `layoffs`, `deadwood`, "
        "`points` (RM16-RM21); else null.", None))


class RummyViewSchema(_RummyPublic):
    """What one seat sees of a rummy hand (RM27): its hand, the sizes of the others, the
    cards each is known to hold (taken from the pile), every hand after a show-down."""

    player = Int(required=True, metadata=_meta("The seat whose view this is.", 0))
    hand = _rcards("That seat's own hand.", ["2S", "3S"], required=True)
    hand_sizes = fields.List(Int(), required=True, metadata=_meta("Cards in each hand.",
                                                                  [10, 10]))
    stock_size = Int(required=True, metadata=_meta("Cards left in the stock.", 31))
    stock = _rcards("Double-pack rum, once the pile has been turned into the stock (DP11): "
                    "the stock, next card first, public (DP12). Absent before.", ["QS", "2C"],
                    allow_none=True)
    known = fields.List(fields.List(_rcard("A card.", "9D")), required=True, metadata=_meta(
        "The cards each seat is known to hold: taken from the pile and not yet let go "
        "(RM27).", [[], ["9D"]]))
    shown = fields.List(fields.List(_rcard("A card.", "7H")), required=True,
                        allow_none=True, metadata=_meta(
                            "Every hand, once shown (a show-down or going out); else null.",
                            None))


class RummyMoveSchema(Strict):
    """One rummy decision: draw, take the pile's top card, discard (calling a show-down
    with `call`), or in double-pack rum meld, add to a meld, shift a joker."""

    id = fields.String(metadata=_meta(
        "The move's notation: `draw`, `take`, `9D`, `9D!` (a call), `2D+3D+4D@2` (a meld), "
        "`0:5D` (an addition to meld 0), `JK1~=8C+4C` (a joker shifted).", "draw"))
    type = fields.String(required=True, validate=validate.OneOf(
        ["draw", "take", "discard", "meld", "add", "shift"]), metadata=_meta("The kind.",
                                                                               "draw"))
    card = _rcard("The card discarded.", "9D")
    call = fields.Boolean(metadata=_meta("The discard calls a show-down (RM14).", False))
    cards = _rcards("The cards laid out or added, a run's in order.", ["2D", "3D", "4D"])
    low = Int(validate=validate.Range(min=0, max=14), metadata=_meta(
        "A run's place of its first card (0 for a set).", 0))
    meld = Int(validate=validate.Range(min=0), metadata=_meta(
        "An addition: the index of the table's meld.", 0))
    joker = _rcard("A shift: the joker moved (DP7).", "JK1")
    fill = _rcard("A shift: the card put in the joker's place.", "8C", allow_none=True)
    extend = _rcard("A shift: the card added beyond it.", "4C", allow_none=True)
    description = fields.String(metadata=_meta(
        "The move in words, to show as it is, a joker named with what it stands for "
        "(answers only: legal moves and hints; ignored on input; engine/rummy/words.py).",
        "Draw from the stock"))


RUMMY_EVENT_TYPES = ["draw", "take", "discard", "false_call", "reshuffle", "show", "settle",
                     "hand_drawn", "out", "meld", "add", "shift"]


class RummyEventSchema(Schema):
    """What a rummy move did, as the asking seat may see it: another seat's draw names no
    card (RM27)."""

    type = fields.String(required=True, validate=validate.OneOf(RUMMY_EVENT_TYPES),
                         metadata=_meta("What happened.", "draw"))
    description = fields.String(required=True, metadata=_meta(
        "What happened in words, to show as it is, written from the fields the asking seat "
        "is shown: it names no card they hide, and a draw's words are the same for every "
        "seat (RM27; engine/rummy/words.py).", "Player 1 draws from the stock"))
    seat = Int(metadata=_meta("The seat that acted (also `player`).", 1))
    player = Int(metadata=_meta("The seat that acted: the same as `seat`, under the name "
                                "the other games' events use.", 1))
    card = _rcard("The card concerned; null for a card the asking seat may not see.", "9D",
                  allow_none=True)
    public = fields.Boolean(metadata=_meta(
        "`draw`: from a turned stock, the card shown to every seat (DP12).", True))
    shuffled = fields.Boolean(metadata=_meta(
        "`reshuffle`: false when the pile is turned as it lies (double-pack rum, DP11); "
        "absent when it is shuffled (RM25).", False))
    reason = fields.String(validate=validate.OneOf(DRAWN_REASONS),
                           metadata=_meta(
        "`hand_drawn` in double-pack rum: `empty` (nothing to turn, DP11), `stalled` (a "
        "turned stock drawn with nothing laid out) or `takes` (rounds of takes laying "
        "nothing out, DP13).", "stalled"))
    scores = fields.List(Int(), metadata=_meta("Points per seat after it.", [-7, 7]))
    points = fields.Raw(metadata=_meta("Points of a settlement or a show.", [-7, 7]))
    call = fields.Boolean(metadata=_meta("`discard`: it called a show-down (RM14).", False))
    cards = _rcards("The cards laid, added, shifted, reshuffled or shown.", ["2D", "3D", "4D"])
    meld = Int(metadata=_meta("`meld`, `add`, `shift`: the index of the table's meld.", 0))
    text = fields.String(metadata=_meta("`meld`, `add`, `shift`: the meld's cards as text.",
                                        "2D+3D+4D"))
    joker = _rcard("`shift`: the joker moved (DP7).", "JK1")
    penalty = fields.Raw(metadata=_meta("`false_call`: the penalty (RM24).", 10))
    splash = fields.Boolean(metadata=_meta("`out`: a splash (DP9).", False))
    melds = fields.List(fields.List(_rcard("A card.", "7S")), metadata=_meta(
        "`show`: the melds laid out (RM16).", [["7S", "8S", "9S"]]))
    layoffs = fields.List(fields.List(_rcard("A card.", "10S")), metadata=_meta(
        "`show`: the cards laid off (RM21).", []))
    deadwood = _rcards("`show`: the cards left unmatched (RM12).", ["3D", "KC"])
