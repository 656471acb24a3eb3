"""Canfield's wire forms (docs/api.md "Other games"): the engine's own ``to_dict`` forms of
its states, views, moves and events, so that the spec documents them next to the other
games'.  Form only: the engine reads and checks every state, view and move."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.game_schemas import Int, Strict, _game, _meta, card_field, result_field

__all__ = ["CanfieldEventSchema", "CanfieldMoveSchema", "CanfieldStateSchema",
           "CanfieldViewSchema"]

def _slots(text: str, example: list[str | None]) -> fields.List[str]:
    return fields.List(fields.String(allow_none=True), required=True,
                       metadata=_meta(text, example))


class _CanfieldPublic(Strict):
    game = _game("canfield")
    variant = fields.String(required=True, validate=validate.OneOf(
        ["canfield", "canfield-classic"]), metadata=_meta(
        "The book's game (`canfield`, CF1-CF15) or the common one (`canfield-classic`, "
        "CF16-CF19).", "canfield"))
    base = fields.String(required=True, metadata=_meta(
        "The foundations' first rank (CF3).", "7"))
    foundations = fields.List(fields.List(card_field()), required=True, metadata=_meta(
        "Each suit's foundation, spades, hearts, diamonds, clubs, from the base up (CF7).",
        [["7S", "8S"], [], [], []]))
    stock = _slots("The stock (the reserve in the common game), top first; a card not yet "
                   "seen is null (CF2, CFD11).", ["4C", None, None])
    columns = fields.List(fields.List(card_field()), required=True, metadata=_meta(
        "The four columns, each from its first card (CF4, CF8).",
        [["6C", "5D"], ["AD"], ["2S"], ["9H"]]))
    hand = _slots("The hand, top first; a card not yet seen is null (CF5, CFD11).",
                  [None, None, "JD"])
    talon = _slots("The talon, its showing card last; a card never seen is null (CF6).",
                   [None, None, "5D"])
    used = fields.Boolean(required=True, metadata=_meta(
        "Whether this pass has used a card (CFD7).", False))
    passes = Int(required=True, validate=validate.Range(min=1), metadata=_meta(
        "The pass through the hand, from 1 (CF12).", 1))
    idle = Int(required=True, validate=validate.Range(min=0), metadata=_meta(
        "Moves between columns since a card was last used (CFD8).", 0))
    end = fields.String(required=True, validate=validate.OneOf(
        ["", "won", "stopped", "dead-pass", "blocked"]), metadata=_meta(
        "Why the game ended (CF13, CFD7, CFD9, CFD12); empty while it is played.", ""))
    result = result_field()


class CanfieldStateSchema(_CanfieldPublic):
    """A whole Canfield game (open games): every card, the seed, the cards seen."""

    seed = Int(required=True, metadata=_meta("The game's seed: its deal (CF2).", 11))
    seen = fields.List(card_field(), required=True, metadata=_meta(
        "Every card the player has seen face up (CFD11).", ["4C", "7S"]))
    history = fields.List(fields.String(), metadata=_meta(
        "The game's moves so far, by id: what its record holds (POST /v1/records).",
        ["5D>c0", "turn"]))


class CanfieldViewSchema(_CanfieldPublic):
    """What the player sees (CF15, CFD11): never a card not yet seen."""

    player = Int(required=True, metadata=_meta("The one seat, 0.", 0))


class CanfieldMoveSchema(Strict):
    """One Canfield move: a card to its foundation or a column, a turn, a stop."""

    id = fields.String(metadata=_meta(
        "The move's notation: `<card>>f`, `<card>>c0`..`c3` (a pile by its first card in "
        "the common game, CF17), `turn`, `stop`.", "5D>c0"))
    card = card_field("The card moved (null for a turn or a stop).", "5D", allow_none=True)
    source = fields.String(metadata=_meta(
        "Where it comes from: `w` the talon, `s` the stock, `c0`..`c3` a column (answers "
        "only).", "w"))
    target = fields.String(metadata=_meta("`f`, `c0`..`c3`, `turn` or `stop`.", "c0"))
    description = fields.String(metadata=_meta(
        "The move in words (answers only; engine/canfield/words.py).",
        "5D from the talon onto 6C in column 1"))


class CanfieldEventSchema(Schema):
    """What a Canfield move did; every card in one is face up (CF15)."""

    type = fields.String(required=True, validate=validate.OneOf(
        ["move", "fill", "turn", "gather", "end"]), metadata=_meta("What happened.", "move"))
    description = fields.String(required=True, metadata=_meta(
        "What happened in words.", "5D from the talon to column 1"))
    cards = fields.List(card_field(), metadata=_meta("`move`: the cards moved.", ["5D"]))
    card = card_field("`fill`: the card that fills a space; `turn`: the card showing.", "8D")
    source = fields.String(metadata=_meta("`move`: where from.", "w"))
    target = fields.String(metadata=_meta("`move`: where to.", "c0"))
    column = Int(metadata=_meta("`fill`: the column filled (0-3).", 1))
    count = Int(metadata=_meta("`turn`: the cards turned (three, or fewer at the end).", 3))
    passes = Int(metadata=_meta("`gather`: the new pass.", 2))
    reason = fields.String(metadata=_meta("`end`: why the game ended.", "dead-pass"))
