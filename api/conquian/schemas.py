"""Conquian's wire forms (docs/api.md "Other games"): the engine's own ``to_dict`` forms of
its states, views, moves and events, so that the spec documents them next to the other
games'.  Form only: the engine reads and checks every state, view and move."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.game_schemas import (
    Int,
    Strict,
    _cards,
    _game,
    _meta,
    card_field,
    result_field,
)
from engine.conquian import VARIANTS

__all__ = ["CONQUIAN_EVENT_TYPES", "ConquianEventSchema", "ConquianMoveSchema",
           "ConquianStateSchema", "ConquianViewSchema"]


# --- Conquian (docs/rules/conquian.md) ---------------------------------------------------


class _ConquianPublic(Strict):
    game = _game("conquian")
    variant = fields.String(required=True, validate=validate.OneOf(list(VARIANTS)),
                            metadata=_meta("The variant: the Spanish pack (`conquian`, Q1) "
                                           "or the American pack (`conquian-american`, "
                                           "QD1).", "conquian"))
    dealer = Int(required=True, metadata=_meta(
        "Dealer seat (Q4); at three seats the seat that sits the hand out (QD12).", 0))
    to_move = Int(required=True, metadata=_meta("The seat to act (Q24).", 1))
    phase = fields.String(required=True, validate=validate.OneOf(["offer", "meld", "over"]),
                          metadata=_meta("`offer`: a face-up card is offered to `to_move` "
                                         "(Q5-Q10); `meld`: he lays or discards (Q9, Q17); "
                                         "`over`: the hand is over (Q18, Q20).", "offer"))
    melds = fields.List(fields.List(fields.List(card_field())), required=True, metadata=_meta(
        "Each seat's melds on the table, in the order laid (Q13); one list per seat, two "
        "or three (QD12).", [[["4H", "5H", "6H"]], []]))
    dead = _cards("The dead cards, in the order they died (Q8).", ["KS"], required=True)
    up = card_field("The face-up card offered to `to_move`, or null.", "5H",
                    required=True, allow_none=True)
    source = fields.String(required=True, allow_none=True, validate=validate.OneOf(
        ["turned", "passed", "discarded"]), metadata=_meta(
        "Where `up` comes from: turned from the stock, passed by the adversary, or his "
        "discard (Q5-Q10); null for none.", "turned"))
    pool = Int(required=True, validate=validate.Range(min=0), metadata=_meta(
        "Tableaux in a row before this hand (Q21): at two seats the counters each player "
        "has in the pool; at three each tableau took a counter from each of its two "
        "players (QD16).", 0))
    winner = Int(required=True, allow_none=True, metadata=_meta(
        "The seat with eleven cards down (Q18), null while playing or after a tableau.",
        None))
    result = result_field()


class ConquianStateSchema(_ConquianPublic):
    """A whole Conquian hand (open games): both hands, the stock in order, the seed."""

    seed = Int(required=True, metadata=_meta("The hand's seed: its deal (Q4).", 11))
    hands = fields.List(fields.List(card_field()), required=True, metadata=_meta(
        "Each seat's hand: two seats, or three, the dealer's then empty (QD12).",
        [["AH", "2H"], ["3S", "7C"]]))
    stock = _cards("The stock, next card first (Q4).", ["JD", "2C"], required=True)
    history = fields.List(fields.Dict(), metadata=_meta(
        "The hand's moves so far, in order, each `{player, move}` with the move's id "
        "(public, Q23): what the hand's record holds (POST /v1/records). Optional on "
        "input; a state sent without it has no record.", [{"player": 1, "move": "pass"}]))


class ConquianViewSchema(_ConquianPublic):
    """What one seat sees of a Conquian hand (Q23): never another hand or the stock; the
    seat sitting out at three sees no hand (QD17)."""

    player = Int(required=True, metadata=_meta("The seat whose view this is.", 0))
    hand = _cards("That seat's own hand.", ["AH", "2H"], required=True)
    hand_sizes = fields.List(Int(), required=True, metadata=_meta(
        "Cards in each hand, by seat (two or three seats, QD12).", [10, 10]))
    stock_size = Int(required=True, metadata=_meta("Cards left in the stock.", 19))


class ConquianMoveSchema(Strict):
    """One Conquian decision (QD14): take the face-up card into a meld, pass it, lay a
    meld, discard, or lay a card forced on you."""

    id = fields.String(metadata=_meta(
        "The move's notation: `pass`, `take:5H=4H5H6H`, `lay=7S7H7D`, `discard:KC`, "
        "`force:5H=4H5H6H`.", "take:5H=4H5H6H"))
    type = fields.String(required=True, validate=validate.OneOf(
        ["pass", "take", "lay", "discard", "force"]), metadata=_meta("The kind.", "take"))
    card = card_field("The card taken, discarded or forced.", "5H")
    meld = _cards("The meld that results (take, lay, force).", ["4H", "5H", "6H"])
    description = fields.String(metadata=_meta(
        "The move in words, to show as it is (answers only: legal moves and hints; ignored "
        "on input; engine/conquian/words.py).", "Take 5♥ and meld 4♥, 5♥ and 6♥"))


CONQUIAN_EVENT_TYPES = ["turn", "take", "pass", "dead", "lay", "discard", "force", "out",
                        "tableau", "settled"]


class ConquianEventSchema(Schema):
    """What a Conquian move did; every card in one is face up to both seats (Q23)."""

    type = fields.String(required=True, validate=validate.OneOf(CONQUIAN_EVENT_TYPES),
                         metadata=_meta("What happened.", "take"))
    description = fields.String(required=True, metadata=_meta(
        "What happened in words, to show as it is; it names only cards the event shows "
        "(engine/conquian/words.py).", "Player 0 takes 5♥ and melds 4♥, 5♥ and 6♥"))
    player = Int(metadata=_meta("The seat that acted.", 0))
    card = card_field("The card concerned.", "5H")
    meld = _cards("A meld laid or grown.", ["4H", "5H", "6H"])
    borrowed = _cards("Cards borrowed from the seat's melds (Q15, Q16).", [])
    onto = Int(metadata=_meta("`force`: the seat whose meld the card was forced onto "
                              "(Q15).", 1))
    stock = Int(metadata=_meta("`turn`: cards left in the stock after the turn.", 9))
    down = Int(metadata=_meta("`out`: the cards the winner has down (Q18).", 11))
    pool = Int(metadata=_meta("`tableau`, `settled`: tableaux in a row, at two seats the "
                              "counters each player has in the pool (Q21).", 1))
    stakes = fields.List(Int(), metadata=_meta(
        "`tableau` at three seats: each seat's counters in the pool for the next hand "
        "(QD16).", [1, 0, 1]))
    returns = fields.List(Int(), metadata=_meta("`settled`: counters won per seat (Q21).",
                                                [1, -1]))
