"""Jass's wire forms (docs/api.md "Other games"): the engine's ``to_dict`` forms of its
states, views, moves and events (docs/rules/jass.md).  Form only: the engine reads and
checks every state, view and move, and refuses a field these forms lack, naming it."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.game_schemas import Int, Strict, _game, _meta, card_field, result_field
from engine.jass.rules import NAME, SETTINGS, THREE
from engine.jass.state import EVENTS, PHASES

__all__ = ["MOVE_ID", "JassEventSchema", "JassMoveSchema", "JassStateSchema",
           "JassViewSchema"]

_MELD = r"[^:+,]+(?:,[^:+,]+)*"
MOVE_ID: dict[str, Any] = {
    "type": "string",
    "pattern": rf"^(?:exchange|keep|pass|stay|call|play:[^:+,]+|declare:(?:none|{_MELD}"
               rf"(?:\+{_MELD})*))$",
    "example": "play:JS"}
"""The spec's form of a Jass move id (engine/jass/moves.py)."""


def _cards(description: str, example: list[str], **kwargs: Any) -> fields.List[Any]:
    return fields.List(card_field("A card of the thirty-six-card pack (J1).", "JS"),
                       metadata=_meta(description, example), **kwargs)


def _per_seat(description: str, example: list[list[str]]) -> fields.List[Any]:
    return fields.List(fields.List(card_field("A card (J1).", "JS")), required=True,
                       metadata=_meta(description, example))


def _seat(description: str, example: int | None, **kwargs: Any) -> Int:
    return Int(validate=validate.Range(min=0, max=3), metadata=_meta(description, example),
               **kwargs)


def _melds(description: str, example: list[list[str]], **kwargs: Any) -> fields.List[Any]:
    return fields.List(fields.List(card_field("A card of the meld (J13).", "QH")),
                       metadata=_meta(description, example), **kwargs)


class JassTrickCardSchema(Strict):
    """A card played to the trick, and who played it (J9)."""

    player = _seat("The seat that played it.", 1, required=True)
    card = card_field("The card (J10).", "KC", required=True)


class JassEventSchema(Schema):
    """What a move did (J6-J20): every seat is told the calls, the cards played, the melds
    and the tricks; another's draw hides its card unless every seat saw it (J20, JD11)."""

    type = fields.String(required=True, validate=validate.OneOf(EVENTS), metadata=_meta(
        "What happened: a call (`exchange`, `keep` J6; `pass`, `stay` J8), the six of "
        "trumps taking the turned card (`six`, J7), a card played (J9), the melds declared "
        "(J14, J21), a trick won (J12), a draw from the stock (J20), the end (J17); in a "
        "match (J18): a call-out (`call`, JD19, JD20), the totals or marks after a deal "
        "(`tally`, JD21, JD22), the next deal (`deal`, JD18), the match's end (`match`).",
        "play"))
    player = _seat("The seat that acted; for `trick` the trick's winner, for `end` the "
                   "last trick's (J16); for `tally` the dealer of the deal ended, for `deal` "
                   "the new dealer, for `match` its first winner (JD18).", 0, required=True)
    description = fields.String(required=True, metadata=_meta("In words.",
                                                              "Player 0 plays K♣"))
    card = card_field("`six`, `play`, `draw`: the card (`six`: the turned card taken); "
                      "null for another's draw it may not see (J20).", "KC", allow_none=True)
    taker = _seat("`six`: the seat given the turned card for the six, null when it lay on "
                  "the table or under the stock (J7, JD3).", None, allow_none=True)
    melds = _melds("`declare`: the melds, each its cards; none for no meld (J13, J14).",
                   [["QC", "KC"]])
    points = Int(validate=validate.Range(min=0), metadata=_meta(
        "`declare`: the melds' worth (J13); `trick`: the trick's pips (J1, J2); `call`: the "
        "caller's running total (JD20); `tally`: the target (JD21), 0 on marks.", 18))
    right = fields.Boolean(metadata=_meta("`call`: the call was right, and won (JD20).",
                                          True))
    deal = Int(validate=validate.Range(min=1), metadata=_meta(
        "`deal`: the number of the deal now dealt (JD18).", 2))
    winners = fields.List(Int(), metadata=_meta("`match`: the match's winners (JD20-JD22).",
                                                [1]))
    seen = fields.Boolean(metadata=_meta(
        "`draw`: every seat saw the card, the one turned under the stock (J19, JD11).",
        False))
    scores = fields.List(Int(), metadata=_meta(
        "`end`: each seat's points of the deal (J17); `tally`: the running totals (JD19), or "
        "the marks left (JD22); `match`: the result's points.", [98, 59]))


class JassMatchSchema(Strict):
    """The match a deal belongs to (J18, JD17-JD22): its facts (the deal, the first dealer,
    each deal's points, the caller) and what follows from them (the totals and the target,
    or the marks), every seat seeing all of it."""

    deal = Int(required=True, validate=validate.Range(min=1), metadata=_meta(
        "The deal being played, from 1 (JD18).", 2))
    first_dealer = _seat("The first deal's dealer; the deal passes to the left (JD18).", 3,
                         required=True)
    scores = fields.List(fields.List(Int(allow_none=True)), required=True, metadata=_meta(
        "Each deal played out: each seat's points (J17), null for a seat that passed out "
        "(JD4).", [[62, 0, 47, 48]]))
    totals = fields.List(Int(), metadata=_meta(
        "To 1,000: each seat's total of the deals played out (JD19).", [62, 0, 47, 48]))
    target = Int(metadata=_meta("To 1,000: the total a call must reach, raised by 250 when "
                                "two totals reach it at a deal's end (JD21).", 1000))
    caller = _seat("To 1,000: the seat that called out, null if none (JD19, JD20).", None,
                   allow_none=True)
    deals = Int(metadata=_meta("On marks: the deals of the match (JD22).", 12))
    marks = fields.List(Int(), metadata=_meta("On marks: each seat's marks left (JD22).",
                                              [11, 12, 11, 13]))


class _Public(Strict):
    game = _game(NAME)
    variant = fields.String(required=True, validate=validate.OneOf(list(SETTINGS)),
                            metadata=_meta("`jass` (four, J3), `three-hand-jass` (three "
                                           "with the table's nine, J6) or `two-hand-jass` "
                                           "(two with a stock, J19-J22), one deal each "
                                           "(JD16); `jass-1000`, `three-hand-jass-1000`, "
                                           "`two-hand-jass-1000` (a match to 1,000 with a "
                                           "call-out), `jass-marks`, "
                                           "`three-hand-jass-marks` (twelve deals on marks, "
                                           "J18, JD17).", THREE))
    seats = Int(required=True, validate=validate.OneOf([2, 3, 4]), metadata=_meta(
        "The seats of the variant (J3).", 3))
    dealer = _seat("The dealer (JD1).", 2, required=True)
    trump = fields.String(required=True, validate=validate.OneOf(["S", "H", "D", "C"]),
                          metadata=_meta("The trump suit: the turned card's (J5).", "C"))
    turned = card_field("The card turned for trump (J5).", "8C", required=True)
    phase = fields.String(required=True, validate=validate.OneOf(PHASES), metadata=_meta(
        "`exchange` (J6), `pass` (J8), `play` (J9), `declare` (a seat's melds, J14, J21) "
        "or `over` (J17).", "play"))
    turn = _seat("The seat to act (J9).", 0, required=True)
    leader = _seat("The seat that led the trick, or leads the next (J9, J12).", 2,
                   required=True)
    trick = fields.List(fields.Nested(JassTrickCardSchema), required=True, metadata=_meta(
        "The trick's cards from its lead (J9).", [{"player": 2, "card": "9C"}]))
    out = _seat("The seat that passed out of the deal, null if none (J8, JD4).", None,
                required=True, allow_none=True)
    exchanger = _seat("The seat that took the nine on the table, null if none (J6, JD13).",
                      None, required=True, allow_none=True)
    won = _per_seat("Each seat's cards won in tricks, seen by every seat (J15, JD11).",
                    [[], [], ["8C", "9C", "KC"]])
    tricks = fields.List(Int(), required=True, metadata=_meta(
        "Each seat's tricks won (J15).", [0, 0, 1]))
    melds = fields.List(fields.List(fields.List(card_field("A card (J13).", "QC"))),
                        required=True, metadata=_meta(
                            "Each seat's melds declared, each its cards (J13, J14, J21).",
                            [[["QC", "KC"]], [], []]))
    shown = _per_seat("Each seat's cards in hand every seat has seen: the turned card taken, "
                      "melds (JD11).", [[], ["8C"], []])
    table_shown = _cards("The turned card (or the six given for it) lying on the table or "
                         "under the stock, seen by every seat (J7, JD11).", ["6C"],
                         required=True)
    voids = fields.List(fields.String(validate=validate.Regexp("^[SHDC]*$")), required=True,
                        metadata=_meta("Each seat's suits it showed it lacks by failing to "
                                       "follow; for trumps, all but perhaps the jack (J11, "
                                       "JD12).", ["", "H", ""]))
    caps = fields.List(fields.List(Int(validate=validate.Range(min=0, max=9))),
                       required=True, metadata=_meta(
                           "Per seat and suit (S, H, D, C), the strength (0-8) from which it "
                           "showed it holds no card of the suit; 9: nothing shown (JD12).",
                           [[9, 9, 9, 9], [9, 9, 9, 6], [9, 9, 9, 9]]))
    played = Int(required=True, validate=validate.Range(min=0), metadata=_meta(
        "Tricks completed (J12).", 1))
    last = _seat("The winner of the last trick once played, worth five (J16).", None,
                 required=True, allow_none=True)
    log = fields.List(fields.Nested(JassEventSchema), required=True, metadata=_meta(
        "Every event of the deal so far, as this seat is told it (J20).",
        [{"type": "keep", "player": 2, "description": "Player 2 keeps his cards"}]))
    result = result_field()
    match = fields.Nested(JassMatchSchema, metadata=_meta(
        "A match's variants only (J18, JD17): the match the deal belongs to; the result is "
        "then the match's (JD20-JD22).", None))


class JassStateSchema(_Public):
    """A whole deal (open games): every hand, the table's cards, the stock."""

    seed = Int(required=True, metadata=_meta("The deal's seed: its shuffle (JD1, J4).", 6))
    hands = _per_seat("Each seat's hand (J4).", [["6D", "8S", "JH"], ["7S", "QH", "KH"],
                                                 ["AH", "10C", "KS"]])
    widow = _cards("The nine left on the table (three-hand, J6); empty otherwise.",
                   ["AS", "AD", "6S"], required=True)
    stock = _cards("The stock, top first, the turned card last (two-hand, J19, J20); empty "
                   "otherwise.", [], required=True)


class JassViewSchema(_Public):
    """What one seat sees (JD11): its hand, the others' counts and the cards shown; never
    another's hidden card, the table's nine (unless it laid them there) or the stock."""

    player = _seat("The seat whose view this is.", 0, required=True)
    hand = _cards("The seat's hand (J4).", ["6D", "8S", "8H", "JH", "QS"], required=True)
    own_widow = _cards("The nine on the table, when this seat laid them there (J6).", [],
                       required=True)
    hand_sizes = fields.List(Int(), required=True, metadata=_meta(
        "Each seat's cards in hand (J4).", [8, 8, 8]))
    widow_size = Int(required=True, validate=validate.Range(min=0), metadata=_meta(
        "The cards on the table (three-hand, J6).", 9))
    stock_size = Int(required=True, validate=validate.Range(min=0), metadata=_meta(
        "The cards in the stock (two-hand, J19).", 0))


class JassMoveSchema(Strict):
    """A call (J6, J8), a card played (J9-J11) or the melds declared (J14, J21)."""

    type = fields.String(required=True, validate=validate.OneOf(
        ["exchange", "keep", "pass", "stay", "play", "declare", "call"]), metadata=_meta(
        "`exchange` or `keep` (the table's nine, J6), `pass` or `stay` (J8), `play` a card "
        "(J9), `declare` melds (J14, J21), `call` out one's total in a match to 1,000, on "
        "one's own turn (JD19: right wins, wrong loses, JD20).", "play"))
    id = fields.String(metadata=_meta(
        "The move's notation: `play:CARD`, `declare:` the melds, each its cards joined by "
        "`,`, joined by `+` (`declare:none` for none), `exchange`, `keep`, `pass`, `stay`, "
        "`call`.",
        "play:JS"))
    card = card_field("`play`: the card (J10, J11).", "JS")
    melds = _melds("`declare`: the melds, each its cards; empty for no meld (J13).",
                   [["QH", "KH"]])
    description = fields.String(metadata=_meta("The move in words (answers only).",
                                               "Play J♠"))
