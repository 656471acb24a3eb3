"""Marshmallow schemas of the other games' wire forms (docs/api.md "Other games"): the
engines' own ``to_dict`` forms of Conquian's and rummy's states, views, moves, events and
scores, so that the spec documents them next to Cassino's (``oneOf``/``anyOf``
alternatives, :class:`Either`).

Form only, as for Cassino: the engine reads and checks every state, view and move
(:mod:`api.dispatch`), and its errors name the field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from engine import cards

__all__ = [
    "CONQUIAN_EVENT_TYPES",
    "RUMMY_EVENT_TYPES",
    "ConquianEventSchema",
    "ConquianMoveSchema",
    "ConquianStateSchema",
    "ConquianViewSchema",
    "Either",
    "GameScoreSchema",
    "RummyEventSchema",
    "RummyMoveSchema",
    "RummyStateSchema",
    "RummyViewSchema",
    "card_field",
]

CARD_PATTERN = f"^{cards.CARD_PATTERN}$"
"""A card of Cassino's and Conquian's packs (R2, Q1): the engine's own spellings."""
RUMMY_CARD = r"^(?:(?:[AaJjQqKkTt]|10|[2-9])[SHDCshdc♠♥♦♣]'?|JK[12])$"
"""A rummy card (RM3): rank then suit, a prime for the second pack's copy (``7H'``),
``JK1`` and ``JK2`` the jokers (double-pack rum)."""


def _meta(description: str, example: Any) -> dict[str, Any]:
    return {"description": description, "example": example}


class Int(fields.Integer):
    """A JSON integer: no strings, no floats."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)


class Strict(Schema):
    """Unknown fields are errors (``additionalProperties: false`` in the spec)."""

    class Meta:
        unknown = RAISE
        ordered = True


def card_field(description: str = "A card: rank then suit (R2, Q1).", example: str = "7H",
               **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Regexp(CARD_PATTERN),
                         metadata={**_meta(description, example), "pattern": CARD_PATTERN},
                         **kwargs)


class Either(fields.Field[Any]):
    """Documents one of several forms (``oneOf``, or ``anyOf`` where the forms overlap):
    schemas, or fields documented their own way (Cassino's events, a move id).  In a
    request it takes any JSON object, which the engine of its game then reads and checks
    (as :class:`api.schemas.Checked` does for Cassino's)."""

    def __init__(self, alternatives: list[Any], *, combinator: str = "oneOf",
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.alternatives = alternatives
        self.combinator = combinator

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     partial: bool | Sequence[str] | AbstractSet[str] | None = None,
                     **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise ValidationError("must be a JSON object")
        return value


def _rcard(description: str, example: str, **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Regexp(RUMMY_CARD),
                         metadata={**_meta(description, example), "pattern": RUMMY_CARD},
                         **kwargs)


def _rcards(description: str, example: list[str], **kwargs: Any) -> fields.List[Any]:
    return fields.List(_rcard("A card (RM3).", "7H"), metadata=_meta(description, example),
                       **kwargs)


def _cards(description: str, example: list[str], **kwargs: Any) -> fields.List[Any]:
    return fields.List(card_field("A card of the forty-card pack (Q1).", "7H"),
                       metadata=_meta(description, example), **kwargs)


def _game(name: str) -> fields.String:
    return fields.String(required=True, validate=validate.OneOf([name]),
                         metadata=_meta(f"Always `{name}`: the game (GET /v1/catalog).", name))


# --- Conquian (docs/rules/conquian.md) ---------------------------------------------------


class ResultSchema(Strict):
    """One result for every game (docs/api.md "Results"): derived from the state or view,
    ignored on input."""

    over = fields.Boolean(required=True, metadata=_meta(
        "The game (Cassino, R27) or the hand (Conquian Q18-Q20, rummy RM26) has ended.",
        False))
    winners = fields.List(Int(), required=True, metadata=_meta(
        "The seats that won, ascending: the winning side's seats (partners together), the "
        "seat out, or the seats with the most points once settled; empty while in play, at "
        "a draw or a tableau.", []))
    points = fields.List(Int(), required=True, metadata=_meta(
        "Each seat's points as they stand, final once over: Cassino's game totals (a "
        "partner's are his side's), Conquian's counters won, rummy's settlement.", [0, 0]))


RESULT_FIELD_TEXT = "Over or not, who won, the points per seat; derived, ignored on input."


def result_field() -> fields.Nested:
    """The ``result`` of a state or view (every game's)."""
    return fields.Nested(ResultSchema, metadata=_meta(RESULT_FIELD_TEXT, {
        "over": False, "winners": [], "points": [0, 0]}))


class _ConquianPublic(Strict):
    game = _game("conquian")
    variant = fields.String(required=True, validate=validate.OneOf(["conquian"]),
                            metadata=_meta("The variant.", "conquian"))
    dealer = Int(required=True, metadata=_meta("Dealer seat (Q4).", 0))
    to_move = Int(required=True, metadata=_meta("The seat to act (Q24).", 1))
    phase = fields.String(required=True, validate=validate.OneOf(["offer", "meld", "over"]),
                          metadata=_meta("`offer`: a face-up card is offered to `to_move` "
                                         "(Q5-Q10); `meld`: he lays or discards (Q9, Q17); "
                                         "`over`: the hand is over (Q18, Q20).", "offer"))
    melds = fields.List(fields.List(fields.List(card_field())), required=True, metadata=_meta(
        "Each seat's melds on the table, in the order laid (Q13).", [[["4H", "5H", "6H"]], []]))
    dead = _cards("The dead cards, in the order they died (Q8).", ["KS"], required=True)
    up = card_field("The face-up card offered to `to_move`, or null.", "5H",
                    required=True, allow_none=True)
    source = fields.String(required=True, allow_none=True, validate=validate.OneOf(
        ["turned", "passed", "discarded"]), metadata=_meta(
        "Where `up` comes from: turned from the stock, passed by the adversary, or his "
        "discard (Q5-Q10); null for none.", "turned"))
    pool = Int(required=True, validate=validate.Range(min=0), metadata=_meta(
        "Counters each player has in the pool from earlier tableaux (Q21).", 0))
    winner = Int(required=True, allow_none=True, metadata=_meta(
        "The seat with eleven cards down (Q18), null while playing or after a tableau.",
        None))
    result = result_field()


class ConquianStateSchema(_ConquianPublic):
    """A whole Conquian hand (open games): both hands, the stock in order, the seed."""

    seed = Int(required=True, metadata=_meta("The hand's seed: its deal (Q4).", 11))
    hands = fields.List(fields.List(card_field()), required=True, metadata=_meta(
        "Each seat's hand.", [["AH", "2H"], ["3S", "7C"]]))
    stock = _cards("The stock, next card first (Q4).", ["JD", "2C"], required=True)


class ConquianViewSchema(_ConquianPublic):
    """What one seat sees of a Conquian hand (Q23): never the other hand or the stock."""

    player = Int(required=True, metadata=_meta("The seat whose view this is.", 0))
    hand = _cards("That seat's own hand.", ["AH", "2H"], required=True)
    hand_sizes = fields.List(Int(), required=True, metadata=_meta(
        "Cards in each hand, by seat.", [10, 10]))
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
    pool = Int(metadata=_meta("`tableau`, `settled`: counters in the pool (Q21).", 1))
    returns = fields.List(Int(), metadata=_meta("`settled`: counters won per seat (Q21).",
                                                [1, -1]))


# --- rummy (docs/rules/rummy.md) ---------------------------------------------------------


_TABLE = fields.List(fields.Dict(), required=True, metadata=_meta(
    "Double-pack rum's melds laid out (DP3): each with its `owner`, `kind`, `cards` and "
    "the jokers `moved`; empty in the poker games.", []))
_HISTORY = fields.List(fields.Dict(), required=True, metadata=_meta(
    "The hand's moves in order, as everybody saw them (a draw names no card, RM27).",
    [{"seat": 1, "type": "draw"}]))


class _RummyPublic(Strict):
    game = _game("rummy")
    variant = fields.String(required=True, validate=validate.OneOf(
        ["poker-rum", "poker-gin", "double-pack-rum"]), metadata=_meta("The variant.",
                                                                       "poker-rum"))
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
        "The pile was turned into the stock once (RM25).", False))
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


# --- scores ------------------------------------------------------------------------------


class GameScoreSchema(Strict):
    """Conquian's and rummy's score: the points per seat as they stand."""

    game = fields.String(required=True, validate=validate.OneOf(["conquian", "rummy"]),
                         metadata=_meta("The game.", "rummy"))
    variant = fields.String(required=True, metadata=_meta("The variant.", "poker-rum"))
    game_over = fields.Boolean(required=True, metadata=_meta("The hand is over.", True))
    scores = fields.List(Int(), required=True, metadata=_meta(
        "Points per seat (Conquian: counters won, Q21; rummy: the settlement and "
        "penalties, RM26); they sum to zero.", [-7, 7]))


CARD_PATTERNS = (CARD_PATTERN, RUMMY_CARD)
"""Every card spelling the spec documents (Cassino's and Conquian's, and rummy's)."""
