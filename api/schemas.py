"""Marshmallow schemas of the wire format (docs/api.md): they validate the form of every
request and document requests and responses in the OpenAPI spec.

Form only: the engine checks meaning (52 cards exactly once, R23, legality) and its
errors become 422 answers too.  Every field has a description and an example.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validate, validates_schema

from api.features import FEATURES
from api.game_schemas import Either, Registered, result_field, variant_names
from engine import cards
from engine.cassino import (
    MAX_COUNT,
    MAX_FAMILY,
    MAX_SEED,
    SCHEMES,
    STANDARD,
    VARIANTS,
    Category,
    new_game,
    scheme,
)
from engine.games import game_types, unnamed_game
from engine.rummy import VARIANTS as RUMMY_VARIANTS
from solver import DEFAULT
from solver.games import solver_of

# R2: rank (A, 2-10, J, Q, K, or T for 10) then suit (S H D C or a suit symbol), any case:
# the engine's card reader's own spellings (engine.cards), so there is one source.
_CARD = cards.CARD_PATTERN
CARD_PATTERN = f"^{_CARD}$"
MOVE_ID_PATTERN = (rf"^(?:{_CARD}(?:[xX](?:{_CARD})+|\+(?:{_CARD})+=\d{{1,2}})?"
                   r"|[Cc][Ll][Aa][Ii][Mm][0-9]?)$")
"""A move id (docs/api.md): a card play, or a claim (``claim``, ``claim1``; V2.2)."""
SEATS = validate.Range(min=0)
"""A seat number: 0 up to the variant's seats less one, which the engine checks (naming the
field), so the form holds for every variant (GET /v1/catalog: each variant's seats)."""
PER_SEAT = "one per seat, by seat number"
PER_SIDE = ("one per side, by side number (a side is the seats that score together: each "
            "seat alone, or a team in partnership; GET /v1/catalog gives each variant's "
            "`teams`)")
DEFAULT_GAME = unnamed_game().name
"""The game of a request, state or view that names none."""


def _house_bots() -> tuple[tuple[str, ...], dict[str, float]]:
    """Every registered game's house bots (in game order, each once) and skill levels."""
    bots: list[str] = []
    levels: dict[str, float] = {}
    for game in game_types():
        found = solver_of(game.name)
        if found is None:
            continue
        for info in game.variants:
            bots += [bot for bot in found.house.bots(info.name) if bot not in bots]
        levels.update(found.house.levels)
    return tuple(bots), levels


HOUSE_BOTS, LEVELS = _house_bots()
"""Who may play a house seat in some game, and the named skill levels with their dials."""
MAX_PLAYERS = max(rules.max_players for rules in RUMMY_VARIANTS.values())
"""The most seats of any variant (rummy's, RM1); the engine checks each variant's."""
"""The game a request that names none is about: Cassino, the first registered."""
MAX_BUILD = max(rules.max_build for rules in VARIANTS.values())
"""The highest build value of any variant (R17: 10; V3: 13, or 14 with aces high)."""
BUILD_VALUES = validate.Range(min=1, max=MAX_BUILD)
SAFE_TEXT = ("Seeds up to 2^63 - 1 are accepted, but only those below 2^53 read exactly in "
             "JavaScript; the server never draws a larger one.")
SEED_TEXT = ("Game seed: every deal is a pure function of it (R5). Drawn by the server "
             "below 2^53 (exact in JavaScript); a larger seed sent by a client is kept as it "
             "is.")


class Int(fields.Integer):
    """A JSON integer: no strings, no floats (marshmallow's default casts them)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)


class Bool(fields.Boolean):
    """A JSON boolean: no strings, no numbers (marshmallow's default casts "yes", 1...)."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


EXAMPLE_STATE = new_game(12345, dealer=0).to_dict()
EXAMPLE_VIEW = new_game(12345, dealer=0).view(1).to_dict()


def _meta(description: str, example: Any) -> dict[str, Any]:
    return {"description": description, "example": example}


def card_field(description: str = "A card: rank then suit (R2).", example: str = "10D",
         **kwargs: Any) -> fields.String:
    return fields.String(
        validate=validate.Regexp(CARD_PATTERN, error="{input!r} is not a card (R2)"),
        metadata={**_meta(description, example), "pattern": CARD_PATTERN}, **kwargs)


def card_list(description: str, example: list[str], **kwargs: Any) -> fields.List[Any]:
    return fields.List(card_field(), metadata=_meta(description, example), **kwargs)


def game_field(description: str, **kwargs: Any) -> fields.String:
    """The name of a registered game (engine.games)."""
    return fields.String(validate=Registered(),
                         metadata=_meta(description, DEFAULT_GAME), **kwargs)


class Checked(fields.Nested):
    """A state or view: documented by its schema, checked by the engine.

    The engine's reader validates every field of a state or view (form and meaning)
    with errors that name the field, several times faster than a schema load, so the
    request schema only checks that an object is there.
    """

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     partial: bool | Sequence[str] | AbstractSet[str] | None = None,
                     **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise ValidationError("must be a JSON object")
        return value


class Strict(Schema):
    """Unknown fields are errors, so a misspelt field never passes silently."""

    class Meta:
        unknown = RAISE
        ordered = True


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


class MoveOrId(fields.Field[Any]):
    """A move object, or a move ``id`` string in its place (docs/api.md "Moves").

    Its game reads it (api/served.py ``read_move``): the game of the state, or of the
    sealed game's token, which the schema cannot open; each names the field of any error
    (Cassino's moves are checked by :class:`MoveSchema`)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, (str, dict)):
            return value
        raise ValidationError("a move must be an object or a move id string")


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


class EventField(fields.Field[Any]):
    """An event, documented as one of :data:`EVENT_SCHEMAS` told apart by ``type``."""


EVENT_EXAMPLE = [
    {"type": "capture", "player": 0, "card": "7S", "targets": ["2H", "5C", "7D"],
     "description": "Player 0 takes 2♥, 5♣ and 7♦ with 7♠"},
    {"type": "sweep", "player": 0, "description": "Sweep!"},
]

STATES: list[Any] = [StateSchema]
"""A state of any game (docs/api.md "Other games"): the first game's form, then each other
game's (its wire, api/served.py), added when the spec is written
(:func:`api.game_responses.register`)."""
VIEWS: list[Any] = [ViewSchema]
"""A view of any game, as :data:`STATES`."""
OTHER_STATES = ("Cassino's form; another game's answer is its own alternative of the "
                "endpoint's answer (`ConquianApplyResponse`, `RummyViewResponse`, ...; "
                "docs/api.md \"Other games\").")
"""This schema is Cassino's answer; the endpoint's answer is ``oneOf`` (or ``anyOf``) it
and each other game's (api/game_responses.py), which hold their engines' forms."""
OTHER_EVENTS = ("Cassino's events; another game's answer holds its own (`ConquianEvent`, "
                "`RummyEvent`: docs/api.md \"Other games\").")

# --- request bodies --------------------------------------------------------------------


TOKEN_TEXT = ("A sealed game's token: from `POST /v1/games` with `sealed`, then from each "
              "apply. Opaque: the server's key encrypts it. Only the newest token of a game "
              "is accepted.")
CREDENTIAL_TEXT = "The asking seat's credential (sealed games), from `POST /v1/games`."


def token_field(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=200_000), metadata=_meta(
        TOKEN_TEXT, "gAAAAABn...(opaque)"), **kwargs)


def credential_field() -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=100),
                         metadata=_meta(CREDENTIAL_TEXT, "0.Zk3b2mD0cXq0p7n1uJmH0Q"))


class Number(fields.Float):
    """A JSON number: no strings, no booleans (marshmallow's default casts "50")."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid", input=value)
        return super()._deserialize(value, attr, data, **kwargs)


def opponent_model_field() -> Number:
    """A hint's or review's ``opponent_model`` (docs/api.md "Hints"): a JSON number in 0..1."""
    return Number(validate=validate.Range(min=0, max=1), allow_nan=False, metadata=_meta(
        "Cassino: the weight of the opponent model in the search of each world (0 to 1; "
        f"default {DEFAULT.opponent_model:g}): the opponent's replies are valued as "
        "`1 - w` times its best reply plus `w` times the reply of a one-ply policy that "
        "does not see the asking player's hand. 0 is plain minimax: in the last batch, "
        "where every card is known, the equities are then the game's value "
        "(`solver.exact`). The N-seat search has no model (only 0 is accepted there); "
        "other games refuse the field.", 0))


class HouseSeatSchema(Strict):
    player = Int(required=True, validate=SEATS, metadata=_meta("The seat the house plays.", 1))
    bot = fields.String(load_default="solver", validate=validate.OneOf(HOUSE_BOTS),
                        metadata=_meta("Who plays it, from its own view only: `solver` (the "
                                       "default hint), a simpler bot, or a skill level "
                                       "(`beginner` to `master`, docs/ladder.md).", "solver"))
    dial = Number(validate=validate.Range(min=0, max=100), allow_nan=False, metadata=_meta(
        "Cassino only, in place of `bot`: a skill dial from 0 (random moves) to 100 (the "
        "full solver); the house plays the dial's bot (solver/cassino/levels.py, docs/ladder.md). "
        "Sending both `bot` and `dial` is a 422 naming `dial`.", 60))

    @validates_schema(pass_original=True)
    def _bot_or_dial(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        if isinstance(original, Mapping) and "bot" in original and "dial" in original:
            raise ValidationError("send bot or dial, not both", field_name="dial")


class NewGameRequest(Strict):
    game = game_field("The game to start (GET /v1/catalog): by default the game whose "
                      "variant `variant` names (variant names are unique across the "
                      "catalog), else `cassino`. (In answers and other requests `game` is a "
                      "sealed game's token.)")
    variant = fields.String(validate=Registered(variant_names), metadata=_meta(
        "Rules variant of the game (GET /v1/catalog); only playable ones start. By default "
        "the game's `default_variant`: `standard` for Cassino.", "standard"))
    players = Int(validate=validate.Range(min=2, max=MAX_PLAYERS), metadata=_meta(
        "Seats: the variant's own by default; rummy plays with 2 to 6 (a Cassino or "
        "Conquian variant has one number of seats, and only it is accepted).", 2))
    seed = Int(validate=validate.Range(min=0, max=MAX_SEED),
               metadata=_meta("Game seed; when omitted the server draws one below 2^53. "
                              + SAFE_TEXT, 12345))
    dealer = Int(validate=SEATS,
                            metadata=_meta("First dealer; drawn by lot when omitted (R3).", 0))
    sealed = Bool(load_default=False, metadata=_meta(
        "Answer a sealed game (a token and one credential per seat) instead of the full "
        "state: the server referees and each seat sees only its own view. For frontends "
        "whose players must not see each other's cards.", False))
    house = fields.List(fields.Nested(HouseSeatSchema),
                        metadata=_meta("Sealed games only: seats the server plays itself; "
                                       "they get no credential.", [{"player": 1}]))


class StateRequest(Strict):
    state = Either(STATES, metadata=_meta(
        "A full state (open games). Send a state, or a sealed game's `game` and "
        "`credential`.", EXAMPLE_STATE))
    game = token_field()
    credential = credential_field()


class LegalMovesRequest(StateRequest):
    player = Int(validate=SEATS, metadata=_meta(
        "Optional: the seat whose moves to list, by default the seat to move. Another seat "
        "has moves only where it may act out of turn (a claim in twenty-one-claims, T5); "
        "elsewhere asking for it is a 422 (R4). Sealed games: the credential's seat.", 0))
    risks = Bool(load_default=False, metadata=_meta(
        "Optional: also answer `risks`, for each move the sweep it leaves the next player "
        "and its exact probability from this seat's view (R13, R23; docs/api.md \"Sweep "
        "warnings\").", False))


class ApplyRequest(StateRequest):
    move = MoveOrId(required=True, metadata={
        "description": "The move: an object (as listed by legal-moves), or its id string.",
        "example": {"type": "capture", "card": "7S", "targets": ["5C", "2H", "7D"]}})
    player = Int(validate=SEATS, metadata=_meta(
        "Optional: the seat making the move. It must be the seat to move (R4), except for "
        "a claim, which any seat makes (T5) and which this field may name; the events are "
        "then told as that seat may see them (a deal shows its own hand only). Sealed "
        "games: the credential's seat.", 0))


class ViewRequest(StateRequest):
    player = Int(validate=SEATS, metadata=_meta(
        "Seat whose view to build: required with `state`; with a sealed game, the "
        "credential's seat (if given, it must be that seat).", 0))


class ScoreRequest(Strict):
    state = Either(STATES, metadata=_meta("A full state (or give a view).", EXAMPLE_STATE))
    view = Either(VIEWS, metadata=_meta("A view (capture piles are public).",
                                              EXAMPLE_VIEW))
    game = token_field()
    credential = credential_field()


# --- responses -------------------------------------------------------------------------


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


class DialRangeSchema(Schema):
    min = fields.Float(required=True, metadata=_meta("The weakest dial: random moves.", 0))
    max = fields.Float(required=True, metadata=_meta("The strongest: the solver.", 100))


class HouseOptionsSchema(Schema):
    bots = fields.List(fields.String(), required=True, metadata=_meta(
        "Every `bot` a house seat may be, each deciding from its own view only.",
        ["solver", "heuristic", "greedy", "random", "beginner", "master"]))
    levels = fields.List(fields.String(), required=True, metadata=_meta(
        "The skill levels among them, weakest first (docs/ladder.md); empty where the game "
        "has none yet.", ["beginner", "casual", "club", "expert", "master"]))
    dial = fields.Nested(DialRangeSchema, allow_none=True, required=True, metadata=_meta(
        "The range of `house[i].dial`, or null where the game has no dial.",
        {"min": 0, "max": 100}))


class CatalogVariantSchema(Schema):
    name = fields.String(required=True, metadata=_meta(
        "The variant's name: `variant` in POST /v1/games and in states.", "standard"))
    description = fields.String(required=True, metadata=_meta(
        "What it is, in a sentence.", "Two-player Cassino."))
    seats = Int(required=True, metadata=_meta(
        "Its seats (players) at a game that names no `players`, numbered from 0.", 2))
    min_seats = Int(required=True, metadata=_meta(
        "The fewest seats a game of it may have (`players` in POST /v1/games).", 2))
    max_seats = Int(required=True, metadata=_meta(
        "The most seats a game of it may have: rummy plays with 2 to 6 (RM1), the others "
        "with `seats` exactly.", 2))
    teams = fields.List(fields.List(Int()), required=True, metadata=_meta(
        "The seats that score together at the default table (`seats`): one list per side "
        "(each seat alone unless the variant plays in partnerships).", [[0], [1]]))
    playable = fields.Boolean(required=True, metadata=_meta(
        "Whether games of it can start (POST /v1/games); the others are declared only.",
        True))
    house = fields.Nested(HouseOptionsSchema, allow_none=True, required=True, metadata=_meta(
        "What a sealed game's house seat (`house[i]` of POST /v1/games) may be; null for a "
        "variant that is not playable.", {"bots": ["solver", "greedy", "random"],
                                          "levels": [], "dial": None}))
    rules_url = fields.String(metadata=_meta(
        "Its rules page (HTML, every numbered rule an anchor); absent while it has none.",
        "/rules/standard"))


class GameTypeSchema(Schema):
    name = fields.String(required=True, validate=Registered(), metadata=_meta(
        "The game's name: `game` in POST /v1/games and in states and views.", DEFAULT_GAME))
    title = fields.String(required=True, metadata=_meta("Its name for people.", "Cassino"))
    information = fields.String(required=True, validate=validate.OneOf(
        ["perfect", "imperfect"]), metadata=_meta(
        "`imperfect`: each seat sees only its view (hidden hands, stock order).",
        "imperfect"))
    chance = fields.String(required=True, validate=validate.OneOf(
        ["deterministic", "explicit", "sampled"]), metadata=_meta(
        "`sampled`: the shuffles are chance, drawn from the game's seed.", "sampled"))
    seats = fields.List(Int(), required=True, metadata=_meta(
        "The seat counts its variants play with, ascending.", [2, 3, 4]))
    default_variant = fields.String(required=True, metadata=_meta(
        "The variant of a new game that names none.", "standard"))
    rules_url = fields.String(required=True, metadata=_meta(
        "The index of its rules pages.", "/rules"))
    features = fields.List(fields.String(validate=validate.OneOf(FEATURES)), required=True,
                           metadata=_meta(
        "What it offers beyond play (new games, legal moves, moves, views, scores), sorted; "
        "a request for a feature it lacks is a 422 naming the field that carries the game.",
        ["evaluate", "hints", "house", "sealed"]))
    variants = fields.List(fields.Nested(CatalogVariantSchema), required=True, metadata=_meta(
        "Every variant, playable or declared.", [
            {"name": "standard", "description": "Two-player Cassino.", "seats": 2,
             "teams": [[0], [1]], "playable": True, "rules_url": "/rules/standard"}]))


class CatalogResponse(Schema):
    games = fields.List(fields.Nested(GameTypeSchema), required=True, metadata=_meta(
        "Every game the server plays or declares.", [{
            "name": DEFAULT_GAME, "title": "Cassino", "information": "imperfect",
            "chance": "sampled", "seats": [2, 3, 4], "default_variant": "standard",
            "rules_url": "/rules", "features": sorted(FEATURES), "variants": [
                {"name": "standard", "description": "Two-player Cassino.", "seats": 2,
                 "teams": [[0], [1]], "playable": True, "rules_url": "/rules/standard"}]}]))


class ErrorSchema(Schema):
    code = Int(required=True, metadata=_meta("HTTP status.", 422))
    status = fields.String(required=True, metadata=_meta("HTTP status name.",
                                                         "Unprocessable Entity"))
    message = fields.String(metadata=_meta("What is wrong, naming the field, card or rule.",
                                           "to build 7 you must keep a 7 in hand (R14)"))
    field = fields.String(metadata=_meta("Path of the offending field.", "move.value"))
    rule = fields.String(metadata=_meta("Rule broken: its number in the rules page.", "R14"))
    rule_url = fields.String(metadata=_meta(
        "Where that rule is explained (`GET /rules/<variant>`), with its anchor.",
        "/rules/standard#R14"))
    token = fields.String(metadata=_meta("The offending text.", "ZZ"))
    errors = fields.Dict(metadata=_meta("Field-by-field validation errors.",
                                        {"json": {"state": {"seed": ["Missing data."]}}}))


# --- hints, evaluation and jobs ----------------------------------------------------------


class HintsRequest(Strict):
    """A view, or a state and a player (the server derives the view and looks no further)."""

    view = Either(VIEWS, metadata=_meta("The asking player's view.", EXAMPLE_VIEW))
    state = Either(STATES, metadata=_meta(
        "A full state: only the view of `player` is used (R29).", EXAMPLE_STATE))
    player = Int(validate=SEATS, metadata=_meta("With `state`: the asking seat.", 1))
    game = token_field()
    credential = credential_field()
    samples = Int(validate=validate.Range(min=1, max=100_000), metadata=_meta(
        "Worlds (determinizations) to search; budgets over 64 are split into jobs. The "
        "deployment caps it (`HINT_MAX_SAMPLES`, 200 by default): `solver.samples` in the "
        "answer says how many were searched, and `solver.capped` that it was cut.", 48))
    time_ms = Int(validate=validate.Range(min=1, max=600_000), metadata=_meta(
        "Time budget in milliseconds (answers then depend on the machine); capped by the "
        "deployment (`HINT_MAX_TIME_MS`, 3000 by default; `solver.capped` says so).", 200))
    seed = Int(load_default=0, validate=validate.Range(min=0, max=MAX_SEED), metadata=_meta(
        "Seed of the world sampler: the same view, seed and options give the same answer. "
        + SAFE_TEXT, 0))
    top = Int(validate=validate.Range(min=1, max=1000),
              metadata=_meta("How many moves to return (all by default).", 3))
    opponent_model = opponent_model_field()
    async_ = Bool(data_key="async", load_default=False, metadata=_meta(
        "Answer 202 with a job at once instead of waiting.", False))


class EvaluationSchema(Schema):
    equity = fields.Float(required=True, metadata=_meta(
        "Expected round points of the asking seat's side less the mean of the other "
        "sides' (two seats: asking player minus opponent; partnership: the team margin).",
        1.84))
    stderr = fields.Float(metadata=_meta("Standard error of the equity.", 0.21))
    expected_points = fields.List(fields.Float(), required=True, metadata=_meta(
        f"Expected round points, {PER_SEAT}: each seat its side's (partners alike).",
        [5.9, 4.1]))


class SolverMetaSchema(Schema):
    class Meta:
        unknown = INCLUDE

    algorithm = fields.String(required=True, metadata=_meta("Search used.", "pimc-alphabeta"))
    samples = Int(required=True, metadata=_meta("Worlds searched.", 48))
    elapsed_ms = fields.Float(required=True, metadata=_meta("Search time.", 143.0))
    cached = fields.Boolean(required=True, metadata=_meta("Served from the cache.", False))
    nodes = Int(metadata=_meta("Search nodes visited.", 30000))
    seed = Int(metadata=_meta("Seed of the world sampler.", 0))
    capped = fields.Dict(keys=fields.String(), values=Int(), metadata=_meta(
        "The request's budget fields the deployment cut, each with the cap it was cut to: "
        "`samples` past `HINT_MAX_SAMPLES` (200 by default), `time_ms` past "
        "`HINT_MAX_TIME_MS` (3000 by default); absent when nothing was cut.",
        {"samples": 200}))
    exact = fields.Boolean(metadata=_meta(
        "Cassino: the values are the game's value: every hidden card known (one world), "
        "searched to the round's end by minimax with no opponent model (the last batch "
        "with `opponent_model` 0; in partnership team against team, in three-hand the "
        "asking player against the two others together). Conquian and rummy: every world "
        "was searched to the hand's end.", False))
    opponent_model = fields.Float(metadata=_meta(
        "Cassino: the opponent model's weight the search applied (0: none, plain "
        "minimax; 0 wherever the search has no model: N seats, `draw` while the stock "
        "lasts).", 0.25))


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


class EvaluateResponse(Schema):
    player = Int(required=True, metadata=_meta("The asking seat.", 0))
    evaluation = fields.Nested(EvaluationSchema, required=True, metadata=_meta(
        "The position's value for the asking player.",
        {"equity": 1.84, "expected_points": [5.9, 4.1]}))
    solver = fields.Nested(SolverMetaSchema, required=True, metadata=_meta(
        "How the answer was found.", {"algorithm": "pimc-alphabeta", "samples": 48,
                                      "elapsed_ms": 143.0, "cached": False}))


class HintsResponse(EvaluateResponse):
    moves = fields.List(fields.Nested(RankedMoveSchema), required=True, metadata=_meta(
        "Legal moves best first (empty when it is not this player's turn).", []))


JOB_EXAMPLE = "j5f1c0e2a9b7d4c3e8f6a1b2c3d4e5f60"
"""A job id as the server makes them: ``j`` and 128 random bits in hex."""


class JobRefSchema(Schema):
    id = fields.String(required=True, metadata=_meta("Job id.", JOB_EXAMPLE))
    status = fields.String(required=True, validate=validate.OneOf(
        ["queued", "started", "finished", "failed"]), metadata=_meta("Job status.", "queued"))
    url = fields.String(required=True, metadata=_meta("Where to poll.", f"/v1/jobs/{JOB_EXAMPLE}"))


class JobAcceptedResponse(Schema):
    job = fields.Nested(JobRefSchema, required=True, metadata=_meta(
        "The job computing the answer.", {"id": JOB_EXAMPLE, "status": "queued",
                                          "url": f"/v1/jobs/{JOB_EXAMPLE}"}))
    capped = fields.Dict(keys=fields.String(), values=Int(), metadata=_meta(
        "As `solver.capped`: the budget fields the deployment cut, with their caps.",
        {"samples": 200}))


class ProgressSchema(Schema):
    done = Int(required=True, metadata=_meta("Worlds searched so far.", 24))
    total = Int(required=True, metadata=_meta("Worlds in the budget.", 48))


class JobSchema(Schema):
    id = fields.String(required=True, metadata=_meta("Job id.", JOB_EXAMPLE))
    status = fields.String(required=True, validate=validate.OneOf(
        ["queued", "started", "finished", "failed"]), metadata=_meta("Job status.", "started"))
    progress = fields.Nested(ProgressSchema, required=True, metadata=_meta(
        "Worlds done and in all.", {"done": 24, "total": 48}))
    result = fields.Dict(metadata=_meta("The hints (or evaluation) answer when finished.",
                                        None))
    error = fields.String(metadata=_meta("Why the job failed.", "the job failed"))


# --- game records, replays and reviews (api/records.py) ----------------------------------


def _record_example() -> dict[str, Any]:
    from engine.cassino import Played, record_of

    state = new_game(12345, dealer=0)
    played = []
    for _ in range(2):
        move = state.legal_moves()[0]
        played.append(Played(state.to_move, move))
        state = state.apply(move).state
    return record_of(12345, "standard", 0, played).to_dict()


EXAMPLE_RECORD = _record_example()


class RecordField(fields.Dict):
    """A game record (docs/api.md "Game records"): its form is the engine's to check
    (every move replayed), so any field it names is reported by the engine."""


class RecordRequest(Strict):
    state = Checked(StateSchema, metadata=_meta(
        "An open game's full state. Its `history` holds its own deal's moves only: past "
        "the first deal, send the record of the earlier deals as `record` too.",
        EXAMPLE_STATE))
    record = RecordField(metadata=_meta(
        "With `state`: the record of the game before the state's deal (or any part of the "
        "game up to the state); the state's history extends it.", EXAMPLE_RECORD))
    game = token_field()
    credential = credential_field()


class RecordResponse(Schema):
    record = RecordField(required=True, metadata=_meta(
        "The whole game so far: variant, seed, first dealer, each deal's moves in order "
        "and, once the game is over, its result.", EXAMPLE_RECORD))


class ReplayRequest(Strict):
    record = RecordField(required=True, metadata=_meta("The record to replay.",
                                                       EXAMPLE_RECORD))


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


class ReviewRequest(Strict):
    record = RecordField(metadata=_meta("The game's record (or send a sealed game that is "
                                        "over).", EXAMPLE_RECORD))
    game = token_field()
    credential = credential_field()
    player = Int(validate=SEATS, metadata=_meta(
        "The seat whose moves to rate: required with `record`; with a sealed game, the "
        "credential's seat by default.", 1))
    seed = Int(load_default=0, validate=validate.Range(min=0, max=MAX_SEED), metadata=_meta(
        "Seed of every hint's world sampler: the same record, seat and seed give the same "
        "review. " + SAFE_TEXT, 0))
    samples = Int(validate=validate.Range(min=1, max=100_000), metadata=_meta(
        "Worlds per move (the default hint's budget when omitted), capped by "
        "`HINT_MAX_SAMPLES`.", 48))
    opponent_model = opponent_model_field()
    async_ = Bool(data_key="async", load_default=False, metadata=_meta(
        "Answer 202 with a job at once instead of waiting.", False))


class ReviewResponse(Schema):
    player = Int(required=True, metadata=_meta("The seat reviewed.", 1))
    seed = Int(required=True, metadata=_meta("Seed of the hints.", 0))
    opponent_model = fields.Float(required=True, metadata=_meta(
        "The opponent model's weight of the hints' two-seat searches (0 for N seats, "
        "whose search has none; `draw`'s horizon search while the stock lasts has none "
        "either).", 0.25))
    moves = fields.List(fields.Dict(), required=True, metadata=_meta(
        "Each of the seat's moves in order: `ply`, `round`, `deal`, the `move` and the "
        "`best` move from the seat's view then, their `equity` and `best_equity`, "
        "`points_lost`, `verdict` (best, good, inaccuracy, mistake, blunder), `forced`, "
        "the worlds searched (`samples`) and `exact` (the equities are the game's value, "
        "as a hint's `solver.exact`).",
        [{"ply": 1, "round": 1, "deal": 1, "move": {"id": "KC"}, "best": {"id": "KC"},
          "equity": 0.4, "best_equity": 0.4, "points_lost": 0.0, "verdict": "best",
          "forced": False, "samples": 48, "exact": False}]))
    summary = fields.Dict(required=True, metadata=_meta(
        "`moves` rated, total and mean `points_lost`, `accuracy` (percent rated best or "
        "good) and each verdict's `counts`.",
        {"moves": 20, "points_lost": 3.2, "mean_points_lost": 0.16, "accuracy": 85.0,
         "counts": {"best": 15, "good": 2, "inaccuracy": 2, "mistake": 1, "blunder": 0}}))
    verdicts = fields.Dict(required=True, metadata=_meta(
        "Each verdict's bound in round points lost (inclusive); past the last, a blunder.",
        {"best": 0.1, "good": 0.5, "inaccuracy": 1.0, "mistake": 2.0}))


# --- Skill levels (docs/api.md "Bot moves"): the move a bot of a level plays -------------

class BotMoveRequest(Strict):
    """A view (given, or a state and a player, or a sealed game and a credential) and the
    bot's level: a named level or a dial value (one of them; ``master`` when neither)."""

    view = Checked(ViewSchema, metadata=_meta("The bot's view.", EXAMPLE_VIEW))
    state = Checked(StateSchema, metadata=_meta(
        "A full state: only the view of `player` is used (R29).", EXAMPLE_STATE))
    player = Int(validate=SEATS, metadata=_meta("With `state`: the bot's seat.", 1))
    game = token_field()
    credential = credential_field()
    level = fields.String(validate=validate.OneOf(list(LEVELS)), metadata=_meta(
        "A named level, weakest first: " + ", ".join(f"`{name}` (dial {dial:g})"
                                                   for name, dial in LEVELS.items())
        + " (docs/ladder.md).", "club"))
    dial = Number(validate=validate.Range(min=0, max=100), allow_nan=False,
                        metadata=_meta("A skill dial from 0 (random moves) to 100 (the full "
                                       "solver), in place of `level`.", 60))
    seed = Int(load_default=0, validate=validate.Range(min=0, max=MAX_SEED), metadata=_meta(
        "Seed of the bot's draws: the same view, level and seed give the same move. "
        + SAFE_TEXT, 0))


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


class WhyRequest(StateRequest):
    player = Int(validate=SEATS, metadata=_meta(
        "The seat asking: by default the seat to move (open games); a sealed game's "
        "credential names it. Only its own view is read (R29).", 0))
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
