"""Cassino's wire forms (docs/api.md): its states, views, moves, events and scores, its
answers and the forms of the endpoints only it offers (why-not, bot moves, replays, its
variants' rule options), declared by its :class:`api.served.Wire` (api/cassino/entry.py).

They keep the names they had when Cassino was the service's only game (``State``,
``Move``, ``ApplyResponse``, ...), so a client typed by them compiles unchanged.  Form
only: the engine checks meaning (52 cards exactly once, R23, legality) and its errors
become 422 answers too.  Every field has a description and an example.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.game_schemas import CARD_PATTERN, Tagged, result_field
from api.schemas import (
    PER_SEAT,
    PER_SIDE,
    SEATS,
    Bool,
    EvaluateResponse,
    Int,
    RecordField,
    Strict,
    _meta,
    game_field,
    token_field,
)
from engine import cards
from engine.cassino import (
    MAX_COUNT,
    MAX_FAMILY,
    MAX_SEED,
    SCHEMES,
    STANDARD,
    VARIANTS,
    Category,
    Played,
    new_game,
    record_of,
    scheme,
)

__all__ = ["ANSWERS", "EVENT_SCHEMAS", "EXAMPLE_RECORD", "EXAMPLE_STATE", "EXAMPLE_VIEW",
           "FORMS", "MOVE_ID", "MOVE_ID_PATTERN", "BreakdownSchema", "EventField",
           "MoveSchema", "StateSchema", "ViewSchema"]

# R2: rank (A, 2-10, J, Q, K, or T for 10) then suit (S H D C or a suit symbol), any case:
# the engine's card reader's own spellings (engine.cards), so there is one source.
_CARD = cards.CARD_PATTERN
MOVE_ID_PATTERN = (rf"^(?:{_CARD}(?:[xX](?:{_CARD})+|\+(?:{_CARD})+=\d{{1,2}})?"
                   r"|[Cc][Ll][Aa][Ii][Mm][0-9]?)$")
"""A move id (docs/api.md): a card play, or a claim (``claim``, ``claim1``; V2.2)."""
MOVE_ID = {"type": "string", "pattern": MOVE_ID_PATTERN,
           "description": "A move id, e.g. `7Sx2H5C7D`."}
"""How the spec documents a move id in place of a move (api/served.py ``Wire.move_id``)."""

MAX_BUILD = max(rules.max_build for rules in VARIANTS.values())
"""The highest build value of any variant (R17: 10; V3: 13, or 14 with aces high)."""
BUILD_VALUES = validate.Range(min=1, max=MAX_BUILD)
SEED_TEXT = ("Game seed: every deal is a pure function of it (R5). Drawn by the server "
             "below 2^53 (exact in JavaScript); a larger seed sent by a client is kept as it "
             "is.")

EXAMPLE_STATE = new_game(12345, dealer=0).to_dict()
"""The examples' first deal (seed 12345, dealer 0)."""
EXAMPLE_VIEW = new_game(12345, dealer=0).view(1).to_dict()
"""Seat 1's view of it."""


def card_field(description: str = "A card: rank then suit (R2).", example: str = "10D",
         **kwargs: Any) -> fields.String:
    return fields.String(
        validate=validate.Regexp(CARD_PATTERN, error="{input!r} is not a card (R2)"),
        metadata={**_meta(description, example), "pattern": CARD_PATTERN}, **kwargs)


def card_list(description: str, example: list[str], **kwargs: Any) -> fields.List[Any]:
    return fields.List(card_field(), metadata=_meta(description, example), **kwargs)


class BuildSchema(Strict):
    value = Int(required=True, validate=BUILD_VALUES,
                           metadata=_meta(f"The announced value (R7, R17): 1 to the variant's "
                                          f"max_build, {MAX_BUILD} at most.", 7))
    owner = Int(required=True, validate=SEATS,
                           metadata=_meta("Seat that created it or last added to it (R20).", 0))
    groups = fields.List(
        fields.List(card_field(), validate=validate.Length(min=1)), required=True,
        validate=validate.Length(min=1),
        metadata=_meta("Indivisible groups, each worth the value or one card of it (R7, R8).",
                       [["5C", "2H"], ["7D"]]))


class TableSchema(Strict):
    loose = card_list("Loose cards on the table.", ["8D", "KC"], required=True)
    builds = fields.List(fields.Nested(BuildSchema), load_default=list,
                         metadata=_meta("Builds on the table.",
                                        [{"value": 7, "owner": 0, "groups": [["5C", "2H"]]}]))


class MoveSchema(Strict):
    type = fields.String(required=True, validate=validate.OneOf(["trail", "capture", "build",
                                                                  "claim"]),
                         metadata=_meta("trail (R9), capture (R10, R11), build (R14), or claim "
                                        "(the game, in twenty-one-claims: T5).", "capture"))
    card = card_field("The card played from hand (required, except for a claim).", "7S")
    player = Int(validate=SEATS, metadata=_meta(
        "A claim only: the seat that claims (T5). In a sealed game the credential names it.",
        1))
    targets = card_list("The set of table cards taken (capture) or used (build); a build on the "
                    "table is named by all of its cards (R11, R15).", ["5C", "2H", "7D"],
                    load_default=list)
    value = Int(validate=BUILD_VALUES,
                           metadata=_meta(f"The announced value of a build (R14): 1 to the "
                                          f"variant's max_build, {MAX_BUILD} at most.", 7))
    id = fields.String(validate=validate.Regexp(MOVE_ID_PATTERN),
                       metadata={**_meta("Short notation of the move: trail `KC`, capture "
                                         "`7Sx2H5C7D`, build `2H+5C=7`.", "7Sx2H5C7D"),
                                 "pattern": MOVE_ID_PATTERN})
    kind = fields.String(validate=validate.OneOf(["create", "raise", "extend"]),
                         metadata=_meta("For builds: create, raise or extend (R15).", "create"))
    groups = fields.List(fields.List(card_field()),
                         metadata=_meta("For builds: the groups of the resulting build.",
                                        [["5C", "2H"], ["7D"]]))
    description = fields.String(metadata=_meta(
        "The move in words, to show as it is (answers only; ignored on input).",
        "Take 2♥, 5♣ and 7♦ with 7♠"))
    sweep = Bool(metadata=_meta(
        "The move clears the table and scores a sweep (R13) (legal moves and hints only).",
        False))
    points = fields.List(card_field(), metadata=_meta(
        "The point cards it takes: aces, 10♦, 2♠ (R26); spades and cards count as "
        "majorities at the round's end (legal moves and hints only).", ["7S"]))

    @validates_schema(skip_on_field_errors=False)
    def _card_played(self, data: dict[str, Any], **kwargs: Any) -> None:
        """Every move but a claim plays a card (R6, T5)."""
        if data.get("type") != "claim" and "card" not in data:
            raise ValidationError("Missing data for required field.", "card")


class PlayedSchema(Strict):
    player = Int(required=True, validate=SEATS, metadata=_meta("Seat that moved.", 1))
    move = fields.Nested(MoveSchema, required=True, metadata=_meta("The move played.",
                                                                    {"type": "trail",
                                                                     "card": "KC"}))


def _category_keys() -> list[str]:
    """Every category key of the implemented schemes: standard's first, in its order."""
    keys: list[str] = []
    for found in (SCHEMES["standard"], *SCHEMES.values()):
        keys += [c.key for c in found.categories if c.key not in keys]
    return keys


def _categories(key: str) -> list[tuple[str, Category]]:
    """``(scheme name, category)`` of every implemented scheme that has the key."""
    return [(name, c) for name, found in SCHEMES.items() for c in found.categories
            if c.key == key]


def _points(key: str, example: int) -> fields.Integer:
    """A category's points, described with what each scheme scores (R26, V4.1)."""
    parts: list[str] = []
    seen: set[str] = set()
    found = _categories(key)
    for name, category in found:
        what = (f"{category.name}{' ' + category.card if category.card else ''}: "
                f"{category.points}{' each' if category.each_item else ''}")
        if what in seen:
            continue
        seen.add(what)
        rule = "R13" if key == "sweeps" else "R26" if name == "standard" else "V4.1"
        parts.append(f"{what} ({rule})" + ("" if name == "standard" else f" in `{name}`"))
    return Int(required=len(found) == len(SCHEMES), metadata=_meta("; ".join(parts) + ".",
                                                                   example))


def _count(key: str, example: int) -> fields.Integer:
    """A category's count in a capture pile: at most what the pack holds."""
    schemes = _categories(key)
    category = schemes[0][1]
    if category.mask is None:
        text, high = "Sweeps made (R13).", 52
    elif category.card is not None:
        text, high = f"1 if {category.card} was captured.", 1
    else:
        text, high = f"{key.replace('_', ' ').capitalize()} captured.", category.mask.bit_count()
    if len(schemes) < len(SCHEMES):
        text = text[:-1] + f" ({', '.join(f'`{name}`' for name, _ in schemes)} only)."
    return Int(required=len(schemes) == len(SCHEMES),
               validate=validate.Range(min=0, max=high), metadata=_meta(text, example))


_EXAMPLE_POINTS = {"cards": 3, "spades": 1, "aces": 2, "big_cassino": 2, "little_cassino": 0,
                   "sweeps": 1}
_EXAMPLE_COUNTS = {"cards": 27, "spades": 7, "aces": 2, "big_cassino": 1, "little_cassino": 0,
                   "sweeps": 1}

PointsSchema = type("PointsSchema", (Strict,), {
    key: _points(key, _EXAMPLE_POINTS.get(key, 0)) for key in _category_keys()})
"""Points by category: every key of every implemented scheme (GET /v1/variants lists a
variant's); the standard ones are always there."""

PlayerScoreSchema = type("PlayerScoreSchema", (Strict,), {
    **{key: _count(key, _EXAMPLE_COUNTS.get(key, 0)) for key in _category_keys()},
    "points": fields.Nested(PointsSchema, metadata=_meta("Points by category.",
                                                         _EXAMPLE_POINTS)),
    "total": Int(metadata=_meta("Sum of the points.", 9)),
})


class BreakdownSchema(Strict):
    players = fields.List(fields.Nested(PlayerScoreSchema), required=True,
                          validate=validate.Length(min=2),
                          metadata=_meta(f"Counts and points, {PER_SIDE}: partners' piles "
                                         "count as one (R26, V6.2). With two or three seats "
                                         "a side is a seat. The engine checks the length.", [
                              {"cards": 27, "spades": 7, "aces": 2, "big_cassino": 1,
                               "little_cassino": 0, "sweeps": 1,
                               "points": {"cards": 3, "spades": 1, "aces": 2, "big_cassino": 2,
                                          "little_cassino": 0, "sweeps": 1}, "total": 9},
                              {"cards": 25, "spades": 6, "aces": 2, "big_cassino": 0,
                               "little_cassino": 1, "sweeps": 0,
                               "points": {"cards": 0, "spades": 0, "aces": 2, "big_cassino": 0,
                                          "little_cassino": 1, "sweeps": 0}, "total": 3}]))


def _pair(description: str, example: list[int], high: int = MAX_COUNT,
          **kwargs: Any) -> fields.List[Any]:
    """Integers one per seat: as many as the variant's seats, which the engine checks."""
    return fields.List(Int(validate=validate.Range(min=0, max=high)), required=True,
                       metadata=_meta(description, example), **kwargs)


def _nullable_seat(description: str, example: int | None) -> fields.Integer:
    return Int(required=True, allow_none=True, validate=SEATS,
                          metadata=_meta(description, example))


class PublicFields(Strict):
    """Fields a full state and a view share (R28)."""

    game = game_field("The game (GET /v1/catalog); optional on input, where it must be the "
                      "variant's game.")
    variant = fields.String(load_default="standard", validate=validate.OneOf(list(VARIANTS)),
                            metadata=_meta("Rules variant (GET /v1/variants).", "standard"))
    round = Int(required=True, validate=validate.Range(min=1, max=MAX_COUNT),
                           metadata=_meta("Rounds that scored, this one included.", 1))
    deal = Int(required=True, validate=validate.Range(min=1, max=MAX_COUNT),
                          metadata=_meta("Deals in the game, void rounds included (R25).", 1))
    dealer = Int(required=True, validate=SEATS, metadata=_meta("Dealer seat (R3).", 0))
    to_move = Int(required=True, validate=SEATS,
                             metadata=_meta("Seat to move (R4).", 1))
    table = fields.Nested(TableSchema, required=True, metadata=_meta(
        "Loose cards and builds.", {"loose": ["8D", "6S", "QH", "KC"],
                                    "builds": [{"value": 7, "owner": 0,
                                                "groups": [["5C", "2H"]]}]}))
    captured = fields.List(fields.List(card_field()), required=True, metadata=_meta(
        f"Capture piles this round, {PER_SEAT} (R12).", [["7S", "7D"], []]))
    sweeps = _pair(f"Sweeps this round, {PER_SEAT} (R13).", [0, 0], high=52)
    last_capturer = _nullable_seat("Seat that captured last this round, or null (R24).", None)
    last_batch = Bool(metadata=_meta(
        "The stock is empty (R5); derived, ignored on input.", False))
    scores = _pair(f"Game totals before this round, {PER_SIDE} (R27).", [0, 0])
    status = fields.String(required=True, validate=validate.OneOf(["playing", "game_over"]),
                           metadata=_meta("playing or game_over.", "playing"))
    winner = _nullable_seat("Winning side once the game is over (with two or three seats, "
                            "its seat; in partnership its team, 0 or 1), else null (R27).",
                            None)
    history = fields.List(fields.Nested(PlayedSchema), load_default=list,
                          metadata=_meta("This round's moves in order (informational).",
                                         [{"player": 1, "move": {"type": "trail",
                                                                 "card": "KC"}}]))
    previous_round = fields.Nested(
        BreakdownSchema, allow_none=True, load_default=None,
        metadata=_meta("Breakdown of the last complete round, or null.", {"players": [
            {"cards": 27, "spades": 7, "aces": 2, "big_cassino": 1, "little_cassino": 0,
             "sweeps": 1}, {"cards": 25, "spades": 6, "aces": 2, "big_cassino": 0,
                            "little_cassino": 1, "sweeps": 0}]}))
    target = Int(validate=validate.Range(min=1, max=MAX_COUNT), metadata=_meta(
        "The total that wins the game now, when it differs from the variant's own target "
        "(twenty-one raises it when both sides pass it at once, V2.3).", 32))
    game_value = Int(validate=validate.Range(min=0, max=MAX_COUNT), metadata=_meta(
        "What a finished game is worth to its winner, when it can differ from 1 (classic: 2 "
        "for a lurch, V1.4).", 2))
    result = result_field()


class StateSchema(PublicFields):
    """The full state (docs/api.md "Full state"); the server stores nothing."""

    seed = Int(required=True, validate=validate.Range(min=0, max=MAX_SEED),
               metadata=_meta(SEED_TEXT, 12345))
    hands = fields.List(fields.List(card_field()), required=True,
                        metadata=_meta(f"Hands, {PER_SEAT}.",
                                       [["7D", "7S", "AS"], ["3C", "9H", "4D"]]))
    stock = card_list("The stock in dealing order, next card first (R5).", ["5S", "9C"],
                  required=True)


class ViewSchema(PublicFields):
    """What one player may see (docs/api.md "Views", R28, R29)."""

    player = Int(required=True, validate=SEATS,
                            metadata=_meta("Seat whose view this is.", 0))
    hand = card_list("That player's own hand.", ["7D", "7S", "AS"], required=True)
    hand_sizes = _pair(f"Cards in each hand, {PER_SEAT}.", [3, 3], high=52)
    stock_size = Int(required=True, validate=validate.Range(min=0, max=40),
                                metadata=_meta("Cards left in the stock.", 40))


class EventBase(Schema):
    """What every event has: its ``type`` and a ``description`` in words."""

    class Meta:
        ordered = True

    TYPE = ""
    description = fields.String(required=True, metadata=_meta(
        "What happened, in words to show as they are.", "Sweep!"))


def _event(type_: str, doc: str, example: str, **more: fields.Field[Any]) -> type[EventBase]:
    """The schema of one event type (named e.g. ``CaptureEvent`` in the spec)."""
    name = "".join(part.capitalize() for part in type_.split("_")) + "Event"
    attrs: dict[str, Any] = {
        "__doc__": doc, "TYPE": type_,
        "type": fields.String(required=True, validate=validate.OneOf([type_]),
                              metadata=_meta(f"Always `{type_}`.", type_)),
        "description": fields.String(required=True, metadata=_meta(
            "What happened, in words to show as they are.", example)),
        **more}
    return type(name, (EventBase,), attrs)


def _mover(text: str = "Seat that moved.") -> fields.Integer:
    return Int(required=True, validate=SEATS, metadata=_meta(text, 0))


EVENT_SCHEMAS: tuple[type[EventBase], ...] = (
    _event("trail", "A card played to the table as a loose card (R9).",
           "Player 0 trails K♣", player=_mover(), card=card_field("The card trailed.", "KC",
                                                                  required=True)),
    _event("capture", "A capture (R10-R12): the card played and the table cards taken.",
           "Player 0 takes 2♥, 5♣ and 7♦ with 7♠", player=_mover(),
           card=card_field("The card played.", "7S", required=True),
           targets=card_list("The table cards taken.", ["2H", "5C", "7D"], required=True)),
    _event("build", "A build made, raised or extended (R14, R15).",
           "Player 0 builds 7 with 2♥ on 5♣", player=_mover(),
           card=card_field("The card played.", "2H", required=True),
           value=Int(required=True, metadata=_meta("The build's value.", 7)),
           targets=card_list("The table cards used.", ["5C"], required=True),
           kind=fields.String(required=True, validate=validate.OneOf(
               ["create", "raise", "extend"]), metadata=_meta("create, raise or extend (R15).",
                                                              "create")),
           groups=fields.List(fields.List(card_field()), required=True, metadata=_meta(
               "The groups of the build as it now stands.", [["2H", "5C"]]))),
    _event("sweep", "The capture before it cleared the table: one point (R13).", "Sweep!",
           player=_mover("Seat that swept.")),
    _event("deal", "Cards dealt: a round's first deal (hands and table, R4) or a later "
                   "batch (hands only, R5).", "Round 1, batch 2: 4 cards to each player",
           deal=Int(required=True, metadata=_meta("Deals in the game so far (R25).", 1)),
           round=Int(required=True, metadata=_meta("The round.", 1)),
           batch=Int(required=True, metadata=_meta("Batch of the round, 1 to 6 (R5).", 2)),
           dealer=Int(required=True, validate=SEATS, metadata=_meta("The dealer (R3).", 0)),
           last_batch=fields.Boolean(required=True, metadata=_meta(
               "The stock is now empty: the last batch (R5).", False)),
           hand_size=Int(required=True, metadata=_meta("Cards dealt to each player.", 4)),
           hands=fields.List(fields.List(card_field(), allow_none=True), required=True,
                             metadata=_meta(
                                 f"The cards dealt, {PER_SEAT}, or null for a hand the "
                                 "asking seat may not see (apply with `player`, R29).",
                                 [["7D", "7S", "AS", "3H"], None])),
           table=card_list("A round's first deal: the cards dealt face up to the table.",
                           ["8D", "6S", "QH", "KC"])),
    _event("draw", "`draw` variant only (V5): after a play, its player draws the top card "
                   "of the stock.", "Player 0 draws a card (39 left in the stock)",
           player=_mover("Seat that drew."),
           card=card_field("The card drawn, or null for a seat that may not see it (apply "
                           "with `player`, R29).", "8S", allow_none=True, required=True),
           stock_size=Int(required=True, metadata=_meta("Cards left in the stock.", 39)),
           last_batch=fields.Boolean(required=True, metadata=_meta(
               "The stock is now empty: the hands are played out (V5).", False))),
    _event("residue", "The last capturer takes the cards left at the round's end (R24).",
           "Player 1 takes the cards left on the table: 5♥, Q♦ and K♣",
           player=_mover("Seat that takes them."),
           cards=card_list("The cards taken.", ["5H", "QD", "KC"], required=True)),
    _event("round_scored", "A round scored (R26), the game totals after it (R27).",
           "Round 1 scores 9 to 3; the game stands at 9 to 3",
           round=Int(required=True, metadata=_meta("The round.", 1)),
           breakdown=fields.Nested(BreakdownSchema, required=True, metadata=_meta(
               f"Counts and points, {PER_SIDE}.", None)),
           scores=_pair(f"Game totals after the round, {PER_SIDE}.", [9, 3])),
    _event("round_void", "Nobody captured: the round is dealt again by the same dealer (R25).",
           "Nobody captured in round 2: it is dealt again",
           round=Int(required=True, metadata=_meta("The round.", 2)),
           deal=Int(required=True, metadata=_meta("The deal that was void.", 3))),
    _event("game_over", "A total reached 21 alone at the top: the game is over (R27; other "
           "variants end it as they count, V1.2, V1.3).",
           "Player 0 wins the game, 23 to 14",
           winner=Int(required=True, allow_none=True, validate=SEATS, metadata=_meta(
               "The winning side (with two or three seats, its seat); null for a drawn game "
               "(classic-deal, V1.3).", 0)),
           seats=fields.List(Int(validate=SEATS), metadata=_meta(
               "Partnership only: the winning team's seats (V6.1).", [1, 3])),
           scores=_pair(f"Final totals, {PER_SIDE}.", [23, 14]),
           game_value=Int(validate=validate.Range(min=0, max=MAX_COUNT), metadata=_meta(
               "What the game is worth to its winner, when not 1 (V1.4).", 2))),
)


class EventField(Tagged):
    """An event, documented as one of :data:`EVENT_SCHEMAS` told apart by ``type``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("type", {schema.TYPE: schema for schema in EVENT_SCHEMAS}, **kwargs)


EVENT_EXAMPLE = [
    {"type": "capture", "player": 0, "card": "7S", "targets": ["2H", "5C", "7D"],
     "description": "Player 0 takes 2♥, 5♣ and 7♦ with 7♠"},
    {"type": "sweep", "player": 0, "description": "Sweep!"},
]

OTHER_STATES = ("Cassino's form; another game's answer is its own alternative of the "
                "endpoint's answer (`ConquianApplyResponse`, `RummyViewResponse`, ...; "
                "docs/api.md \"Other games\").")
"""This schema is Cassino's answer; the endpoint's answer is ``oneOf`` (or ``anyOf``) it
and each other game's (api/game_responses.py), which hold their engines' forms."""
OTHER_EVENTS = ("Cassino's events; another game's answer holds its own (`ConquianEvent`, "
                "`RummyEvent`: docs/api.md \"Other games\").")


class StateResponse(Schema):
    state = fields.Nested(StateSchema, metadata=_meta("The state (open games). " + OTHER_STATES,
                                                      EXAMPLE_STATE))
    game = token_field()
    credentials = fields.List(fields.String(allow_none=True), metadata=_meta(
        "Sealed games: each seat's credential, by seat (`null` for a house seat). Give "
        "each player only their own.", ["0.Zk3b2mD0cXq0p7n1uJmH0Q", None]))


class FamilySchema(Schema):
    type = fields.String(required=True, validate=validate.OneOf(["capture", "build"]),
                         metadata=_meta("The kind of its moves.", "capture"))
    card = card_field("The card they play.", "4H", required=True)
    value = Int(required=True, metadata=_meta(
        "The value they take (a capture: the card's) or announce (a build).", 4))
    cards = card_list("The table cards its moves may take or use.", ["AS", "AC", "3D", "4S"],
                      required=True)


class LegalMovesResponse(Schema):
    player = Int(required=True, metadata=_meta(
        "The seat whose moves are listed: the seat to move unless another was asked.", 1))
    count = Int(required=True, metadata=_meta(
        "How many moves the whole list holds (what `offset` and `limit` page through).", 1))
    moves = fields.List(fields.Nested(MoveSchema), required=True, metadata=_meta(
        "Every legal move once (R9-R22), with id, and kind and groups for builds; of a "
        "family in `families`, some of its moves only (D16).",
        [{"type": "trail", "card": "KC", "id": "KC"}]))
    families = fields.List(fields.Nested(FamilySchema), metadata=_meta(
        "Present only when a card's captures, or its builds of one value, are too many to "
        f"list (more than {MAX_FAMILY:,}; docs/rules/standard.md D16): each such family, whose "
        "moves `moves` lists in part. Any legal move of it may be played: name its "
        "targets (a subset of `cards`) in POST /v1/apply.",
        [{"type": "capture", "card": "4H", "value": 4, "cards": ["AS", "AC", "3D", "4S"]}]))
    risks = fields.List(fields.Nested("SweepRiskSchema"), metadata=_meta(
        "With `risks`: one per move, in the order of `moves`: the sweep it leaves the next "
        "player (R13).", [{"move": "KC", "player": 1, "probability": 0.1394, "ranks": ["5"],
                           "method": "exact"}]))


class ApplyResponse(Schema):
    state = fields.Nested(StateSchema, metadata=_meta("The next state (open games). "
                                                      + OTHER_STATES,
                                                      EXAMPLE_STATE))
    game = token_field()
    view = fields.Nested(ViewSchema, metadata=_meta(
        "Sealed games: the mover's view of the next position.", EXAMPLE_VIEW))
    view_before_house = fields.Nested(ViewSchema, metadata=_meta(
        "Sealed games where the house answered: the mover's view right after its own "
        "move, before the house's moves (to show them one at a time).", EXAMPLE_VIEW))
    events = fields.List(EventField(), required=True,
                         metadata=_meta("What happened, in order: each Cassino event has a "
                                        "`type` and a `description`. " + OTHER_EVENTS,
                                        EVENT_EXAMPLE))


class ViewResponse(Schema):
    view = fields.Nested(ViewSchema, required=True, metadata=_meta(
        "The view. " + OTHER_STATES, EXAMPLE_VIEW))
    events = fields.List(EventField(), metadata=_meta(
        "Sealed games: what the last apply did (the move and the house's answers), as "
        "this seat may see it. " + OTHER_EVENTS, EVENT_EXAMPLE))


class CategorySchema(Schema):
    key = fields.String(required=True, metadata=_meta(
        "Its key in a score breakdown (POST /v1/score).", "big_cassino"))
    name = fields.String(required=True, metadata=_meta("Its name, for people.", "Big cassino"))
    points = Int(required=True, metadata=_meta(
        "Points it scores: to the strict majority alone, or per item when `each`.", 2))
    each = fields.Boolean(required=True, metadata=_meta(
        "Points per item taken (aces, sweeps), not for a majority or a card.", False))
    card = fields.String(metadata=_meta("The one card it is, when it is one.", "10D"))
    difference = fields.Boolean(metadata=_meta(
        "Present and true when only the difference between the players counts, to the one "
        "with more (twenty-one's sweeps, T2).", True))


class RulesSchema(Schema):
    name = fields.String(metadata=_meta("Variant name.", "standard"))
    description = fields.String(metadata=_meta("What it is.", "Two-player Cassino."))
    playable = fields.Boolean(metadata=_meta("Whether games of it can start.", True))
    players = Int(metadata=_meta("Seats.", 2))
    partnerships = fields.Boolean(metadata=_meta("Partners opposite (V6).", False))
    hand_size = Int(metadata=_meta("Cards per batch (R4).", 4))
    table_size = Int(metadata=_meta("Loose cards dealt at a round's start.", 4))
    court_values = fields.List(Int(), metadata=_meta(
        "Numeral values of J, Q, K (0: none).", [0, 0, 0]))
    ace_value = Int(metadata=_meta("Numeral value of an ace.", 1))
    court_captures_all = fields.Boolean(metadata=_meta(
        "A court card takes every loose card of its rank (V1.1).", False))
    pairing_takes_all = fields.Boolean(metadata=_meta(
        "A numeral capture that takes a loose card of its own rank takes every one (V1.1).",
        False))
    max_build = Int(metadata=_meta("Highest build value (R17).", 10))
    draw_after_play = fields.Boolean(metadata=_meta("Draw after each play (V5).", False))
    target_score = Int(metadata=_meta(
        "Total that ends the game (R27); 0 when every round is a game (V1.3).", 21))
    counting = fields.String(metadata=_meta(
        "How points reach the total and when the game ends: `round` (R27), `eleven_up` "
        "(V1.2), `deal` (V1.3), `count_out` (V2), `pegged` (V4).", "round"))
    scoring = fields.String(metadata=_meta("Point scheme of a round.", "standard"))
    sweep_points = Int(metadata=_meta("Points per sweep.", 1))
    categories = fields.List(fields.Nested(CategorySchema), metadata=_meta(
        "What a round scores (R26) under `scoring`, in breakdown order; absent while that "
        "scheme is not implemented.", None))
    extra = fields.Dict(metadata=_meta("Variant-specific notes.", {}))
    rules_url = fields.String(metadata=_meta(
        "The rules page of a playable variant (HTML, every rule an anchor).",
        "/rules/standard"))


class VariantsResponse(Schema):
    variants = fields.List(fields.Nested(RulesSchema), required=True,
                           metadata=_meta("Every variant and its rule options.",
                                          [{**STANDARD.to_dict(),
                                            "categories": scheme(STANDARD).to_dicts()}]))


class RankedMoveSchema(Schema):
    rank = Int(required=True, metadata=_meta("1 for the best move.", 1))
    move = fields.Nested(MoveSchema, required=True, metadata=_meta(
        "The move, with its id.", {"type": "capture", "card": "7S",
                                   "targets": ["2H", "5C", "7D"], "id": "7Sx2H5C7D"}))
    equity = fields.Float(required=True, metadata=_meta("Mean equity of the move.", 1.84))
    stderr = fields.Float(required=True, metadata=_meta("Its standard error.", 0.21))
    stderr_diff = fields.Float(metadata=_meta(
        "Paired standard error of its difference from the best move.", 0.0))
    alternatives = fields.List(fields.String(), metadata=_meta(
        "Readable hints: the ids of the moves that are the same as this one up to suits "
        "that do not matter here (worth the same, R26), best first; on the best of them "
        "only.", ["4D"]))
    alternative_of = fields.String(metadata=_meta(
        "Readable hints: this move is an alternative of the move with this id, ranked "
        "above it; a client may list it there.", "4H"))


class HintsResponse(EvaluateResponse):
    moves = fields.List(fields.Nested(RankedMoveSchema), required=True, metadata=_meta(
        "Legal moves best first (empty when it is not this player's turn).", []))


# --- replays (api/records.py) ------------------------------------------------------------


def _record_example() -> dict[str, Any]:
    """The record of the examples' first deal's first two moves."""
    state = new_game(12345, dealer=0)
    played = []
    for _ in range(2):
        move = state.legal_moves()[0]
        played.append(Played(state.to_move, move))
        state = state.apply(move).state
    return record_of(12345, "standard", 0, played).to_dict()


EXAMPLE_RECORD = _record_example()


class PositionSchema(Schema):
    ply = Int(required=True, metadata=_meta("Moves played so far (0: the first deal).", 1))
    player = Int(allow_none=True, metadata=_meta("Who played the move (`null` at ply 0).", 1))
    move = fields.Dict(allow_none=True, metadata=_meta(
        "The move that led here, with `id` and `description` (`null` at ply 0).",
        {"type": "trail", "card": "KC", "id": "KC", "description": "Trail K♣"}))
    state = fields.Nested(StateSchema, required=True, metadata=_meta(
        "The full state after the move: every hand revealed.", EXAMPLE_STATE))
    events = fields.List(EventField(), required=True, metadata=_meta(
        "What the move did, every card shown.", EVENT_EXAMPLE))


class ReplayResponse(Schema):
    record = RecordField(required=True, metadata=_meta("The record, canonical.",
                                                       EXAMPLE_RECORD))
    positions = fields.List(fields.Nested(PositionSchema), required=True, metadata=_meta(
        "Every position in order: the first deal, then one after each move.", []))


# --- bot moves (docs/api.md "Bot moves") ------------------------------------------------

class BotMoveResponse(Schema):
    player = Int(required=True, metadata=_meta("The bot's seat.", 1))
    level = fields.String(metadata=_meta("The named level asked, if one was.", "club"))
    dial = fields.Float(required=True, metadata=_meta("The dial value played.", 50))
    bot = fields.String(required=True, metadata=_meta(
        "The anchor bot that chose this move (solver/cassino/levels.py).", "heuristic"))
    move = fields.Nested(MoveSchema, required=True, metadata=_meta(
        "The move, with its id, as legal-moves lists it (a claim in twenty-one-claims).",
        {"type": "capture", "card": "7S", "targets": ["2H", "5C", "7D"], "id": "7Sx2H5C7D"}))


# --- why not, sweep warnings (docs/api.md "Why not", "Sweep warnings") ------------------


class SweepRiskSchema(Schema):
    move = fields.String(required=True, metadata=_meta("The move's id.", "KC"))
    player = Int(required=True, allow_none=True, metadata=_meta(
        "The seat that moves next (the first of the next batch when the move ends one); "
        "null when the move ends the round.", 1))
    probability = fields.Float(required=True, metadata=_meta(
        "The probability that this seat holds a card that clears the table the move leaves "
        "(R13): exact, over every hidden deal this seat's view allows (R23, R29).", 0.1394))
    ranks = fields.List(fields.String(), required=True, metadata=_meta(
        "The ranks that would clear it (empty: none can).", ["5"]))
    method = fields.String(required=True, validate=validate.OneOf(["exact"]), metadata=_meta(
        "How the probability was found: `exact` (counted, not sampled).", "exact"))


class WhyPick(Strict):
    """Cassino's pick in ``POST /v1/why`` (the shared request's ``card``, ``table`` and
    ``value``), checked by its hook as the request's own form checked it before other
    games had a why."""

    card = card_field("The hand card picked (R6).", "7S", required=True)
    table = card_list("The table cards picked: loose cards, and every card of each build "
                      "picked (R8); empty for a trail.", ["5C", "2H"], load_default=list)
    value = Int(validate=BUILD_VALUES, metadata=_meta(
        "Optional: the build value asked about (R14); by default the value the cards "
        "point to.", 7))


class ReasonSchema(Schema):
    type = fields.String(required=True, validate=validate.OneOf(["trail", "capture", "build"]),
                         metadata=_meta("The kind of move the reason is about.", "capture"))
    rule = fields.String(required=True, metadata=_meta(
        "The rule it breaks (docs/rules: `R11`, `V6.3`).", "R11"))
    rule_url = fields.String(required=True, metadata=_meta("The rule's page and heading.",
                                                           "/rules/standard#R11"))
    message = fields.String(required=True, metadata=_meta(
        "Why, in words.", "a 7 (7♠) cannot take 3♦ and 5♣: they total 8; a capture takes "
                          "cards or groups of cards worth exactly 7 (R11)"))
    value = Int(metadata=_meta("Builds: the value the reason is about.", 8))


class WhyResponse(Schema):
    player = Int(required=True, metadata=_meta("The seat asking.", 0))
    card = card_field("The hand card picked.", "7S", required=True)
    table = card_list("The table cards picked.", ["2H", "5C"], required=True)
    legal = fields.Boolean(required=True, metadata=_meta(
        "Whether the pick makes at least one legal move.", True))
    moves = fields.List(fields.Nested(MoveSchema), required=True, metadata=_meta(
        "The legal moves of exactly that card with exactly those table cards (a capture, "
        "builds by value, or the trail), as legal-moves lists them.",
        [{"type": "capture", "card": "7S", "targets": ["2H", "5C"], "id": "7Sx2H5C"}]))
    reasons = fields.List(fields.Nested(ReasonSchema), required=True, metadata=_meta(
        "For each kind of move the pick does not make: the first rule it breaks (D13).",
        []))
    rule = fields.String(metadata=_meta("When no move is legal: the first reason's rule.",
                                        "R11"))
    rule_url = fields.String(metadata=_meta("When no move is legal: its page.",
                                            "/rules/standard#R11"))
    message = fields.String(metadata=_meta("When no move is legal: the first reason's words.",
                                           "a 7 (7♠) cannot take 3♦ and 5♣: they total 8; a "
                                           "capture takes cards or groups of cards worth "
                                           "exactly 7 (R11)"))
    captures = card_list("The table cards some legal capture of the card takes (to light up).",
                         ["2H", "5C"], required=True)
    builds = card_list("The table cards some legal build move of the card uses (to light up).",
                       ["2H"], required=True)


# --- what the spec documents by these forms (api/served.py Wire) ---------------------------

ANSWERS: dict[str, type[Schema]] = {
    "StateResponse": StateResponse, "LegalMovesResponse": LegalMovesResponse,
    "ApplyResponse": ApplyResponse, "ViewResponse": ViewResponse, "Breakdown": BreakdownSchema,
    "HintsResponse": HintsResponse}
"""Cassino's answers, by their names in the spec (``Wire.answers``): hand-written, in place
of those api/game_responses.py builds for the other games from their forms."""
FORMS: dict[str, type[Schema]] = {
    "VariantsResponse": VariantsResponse, "ReplayResponse": ReplayResponse,
    "BotMoveResponse": BotMoveResponse, "WhyResponse": WhyResponse}
"""The forms of the endpoints the spec documents by Cassino's alone, the unnamed game's
(``Wire.forms``): the variants' rule options, a replay's positions, a bot's move, why-not."""
