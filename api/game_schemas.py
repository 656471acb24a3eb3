"""What the games' wire schemas share (docs/api.md "Other games"): strict objects, cards,
a game's name, the result, the points per seat, and :class:`Either`, which documents one
of several games' forms (``oneOf``/``anyOf``).  Each game's own forms are in its folder
(``api/<game>/schemas.py``), declared by its :class:`api.served.Wire`.

Form only: the engine reads and checks every state, view and move, and its errors name
the field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from engine import cards
from engine.games import game_names, game_types

__all__ = ["CARD_PATTERN", "CARD_PATTERNS", "Either", "GameForm", "GameScoreSchema", "Int",
           "Registered", "Strict", "Tagged", "card_field", "result_field", "variant_names"]

CARD_PATTERN = f"^{cards.CARD_PATTERN}$"
"""A card of Cassino's and Conquian's packs (R2, Q1): the engine's own spellings."""
RUMMY_CARD = r"^(?:(?:[AaJjQqKkTt]|10|[2-9])[SHDCshdc♠♥♦♣]'?|JK[12])$"
"""A rummy card (RM3): rank then suit, a prime for the second pack's copy (``7H'``),
``JK1`` and ``JK2`` the jokers (double-pack rum)."""


class Registered(validate.OneOf):
    """One of the registered games' names (or of what ``names`` lists of them: their
    variants'), as the registry holds them when asked (a game registered later, the tests'
    example game, is one too); the spec lists those at startup."""

    def __init__(self, names: Callable[[], Sequence[str]] = game_names) -> None:
        self.names = names
        super().__init__(names())

    @property
    def choices(self) -> Sequence[str]:
        return self.names()

    @choices.setter
    def choices(self, value: object) -> None:
        del value

    @property
    def choices_text(self) -> str:
        return ", ".join(str(choice) for choice in self.choices)

    @choices_text.setter
    def choices_text(self, value: object) -> None:
        del value


def variant_names() -> tuple[str, ...]:
    """Every variant of every registered game (GET /v1/catalog), the first game's first."""
    return tuple(info.name for game in game_types() for info in game.variants)


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
    (every error naming the field)."""

    def __init__(self, alternatives: list[Any] | Callable[[], list[Any]], *,
                 combinator: str = "oneOf", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._alternatives = alternatives
        self.combinator = combinator

    @property
    def alternatives(self) -> list[Any]:
        """The forms (a callable's, asked when the spec is written: the registry's)."""
        found = self._alternatives
        return list(found() if callable(found) else found)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     partial: bool | Sequence[str] | AbstractSet[str] | None = None,
                     **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise ValidationError("must be a JSON object")
        return value


class GameForm(Either):
    """A game's form nested in an envelope every game shares (a request's ``state`` or
    ``view``): the ``kind`` form (``state``, ``view``) of every game with a wire
    (api/served.py ``Wire``), or of those that offer ``feature``, found in the registry
    when the spec is written (api/app.py); one form is documented as itself, several as
    ``oneOf`` them."""

    def __init__(self, kind: str, feature: str | None = None, **kwargs: Any) -> None:
        super().__init__([], **kwargs)
        self.kind = kind
        self.feature = feature


class Tagged(Either):
    """One of several schemas told apart by the value of one field, ``tag`` (OpenAPI's
    ``discriminator``): ``forms`` maps each value to its schema (Cassino's events, by
    their ``type``)."""

    def __init__(self, tag: str, forms: Mapping[str, type[Schema]], **kwargs: Any) -> None:
        super().__init__(list(forms.values()), **kwargs)
        self.tag = tag
        self.forms = dict(forms)


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


# --- scores ------------------------------------------------------------------------------


class GameScoreSchema(Strict):
    """Conquian's and rummy's score: the points per seat as they stand."""

    game = fields.String(required=True, validate=Registered(), metadata=_meta(
        "The game.", "rummy"))
    variant = fields.String(required=True, metadata=_meta("The variant.", "poker-rum"))
    game_over = fields.Boolean(required=True, metadata=_meta("The hand is over.", True))
    scores = fields.List(Int(), required=True, metadata=_meta(
        "Points per seat (Conquian: counters won, Q21; rummy: the settlement and "
        "penalties, RM26); they sum to zero.", [-7, 7]))


CARD_PATTERNS = (CARD_PATTERN, RUMMY_CARD)
"""Every card spelling the spec documents (Cassino's and Conquian's, and rummy's)."""
