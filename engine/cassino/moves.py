"""Moves as small values, their notation (``id``) and their JSON form (R9-R15).

A move is identified by its type, the card played, the announced value (builds)
and the *set* of table cards it takes or uses (R11, R15): ``Move`` holds exactly
that, so two equal moves are the same move.

Notation (``Move.id``), which round-trips through :func:`parse_move_id`:

* trail ``KC``;
* capture ``7Sx2H5C7D`` (played card, ``x``, the cards taken in ascending order);
* build ``2H+5C=7`` (played card, ``+``, the table cards used, ``=``, the value);
* claim ``claim1`` (the seat that claims the game, twenty-one-claims T5), or ``claim``
  where the seat is known otherwise (a sealed game's credential).

A claim plays no card: its ``card`` is ``-1`` and its ``value`` holds the claiming seat
(``-1`` while unnamed), so that moves stay four small fields.
"""

from __future__ import annotations

import re
from typing import Any, Final, NamedTuple

from engine.cards import card_name, format_cards, parse_card, parse_cards
from engine.errors import CardError, MoveFormatError

__all__ = ["BUILD", "CAPTURE", "CLAIM", "MOVE_TYPES", "TRAIL", "Move", "claim", "parse_move",
           "parse_move_id"]

TRAIL: Final = "trail"
CAPTURE: Final = "capture"
BUILD: Final = "build"
CLAIM: Final = "claim"
MOVE_TYPES: Final = (TRAIL, CAPTURE, BUILD, CLAIM)

_CARD = r"(?:10|[2-9AJQKT])[SHDC♠♥♦♣♤♡♢♧]"
_ID = re.compile(
    rf"^(?P<card>{_CARD})(?:(?P<x>[xX])(?P<taken>(?:{_CARD})+)|\+(?P<used>(?:{_CARD})+)=(?P<value>\d{{1,2}}))?$",
    re.IGNORECASE,
)
_CARD_RE = re.compile(_CARD, re.IGNORECASE)
_CLAIM_ID = re.compile(r"^claim(?P<seat>\d)?$", re.IGNORECASE)
_MOVE_FIELDS = frozenset(("type", "card", "targets", "value", "id", "kind", "groups",
                          "description", "sweep", "points", "player"))
"""What a move object may hold: the server's answers add ``id`` and the fields after it,
which are ignored on input, so a move is sent back as it was received."""


class Move(NamedTuple):
    """``type`` (trail, capture, build, claim), ``card`` played, ``targets`` set, build
    ``value`` (a claim's seat, module docstring)."""

    type: str
    card: int
    targets: int = 0
    value: int = 0

    @property
    def player(self) -> int | None:
        """The seat that claims (claims only; ``None`` while unnamed or for a card play)."""
        return self.value if self.type == CLAIM and self.value >= 0 else None

    @property
    def id(self) -> str:
        """Short notation that identifies the move and round-trips (module docstring)."""
        if self.type == CLAIM:
            return "claim" if self.value < 0 else f"claim{self.value}"
        if self.type == TRAIL:
            return card_name(self.card)
        used = "".join(format_cards(self.targets))
        if self.type == CAPTURE:
            return f"{card_name(self.card)}x{used}"
        return f"{card_name(self.card)}+{used}={self.value}"

    def to_dict(self) -> dict[str, Any]:
        """The docs/api.md move object (without ``id``, ``kind``, ``groups``)."""
        if self.type == CLAIM:
            return {"type": CLAIM} if self.value < 0 else {"type": CLAIM, "player": self.value}
        out: dict[str, Any] = {"type": self.type, "card": card_name(self.card)}
        if self.type != TRAIL:
            out["targets"] = format_cards(self.targets)
        if self.type == BUILD:
            out["value"] = self.value
        return out

    def __str__(self) -> str:
        return self.id


def claim(player: int = -1) -> Move:
    """The claim of the game by ``player`` (twenty-one-claims T5); unnamed by default."""
    return Move(CLAIM, -1, 0, player)


def parse_move_id(text: str) -> Move:
    """Parse a move ``id`` (module docstring); :class:`MoveFormatError` when it is not one."""
    if not isinstance(text, str):
        raise MoveFormatError("a move id must be a string", field="move")
    claimed = _CLAIM_ID.match(text)
    if claimed is not None:
        return claim(-1 if claimed["seat"] is None else int(claimed["seat"]))
    match = _ID.match(text)
    if match is None:
        raise MoveFormatError(
            f"{text!r} is not a move id (expected e.g. 'KC', '7Sx2H5C', '2H+5C=7', 'claim1')",
            field="move", token=text)
    card = parse_card(match["card"])
    if match["taken"]:
        return Move(CAPTURE, card, _id_cards(match["taken"]))
    if match["used"]:
        return Move(BUILD, card, _id_cards(match["used"]), int(match["value"]))
    return Move(TRAIL, card)


def _id_cards(run: str) -> int:
    try:
        return parse_cards(_CARD_RE.findall(run), field="move")
    except CardError as exc:
        raise MoveFormatError(exc.message, field="move", token=run) from exc


def parse_move(data: Any) -> Move:
    """A move from its JSON form: an object (docs/api.md "Moves") or an ``id`` string.

    Checks the form only (type, card tokens, no card twice, value given for builds);
    :mod:`engine.cassino.movegen` checks the rules.  The fields the server adds (``id``,
    ``kind``, ``groups``, ``description``, ``sweep``, ``points``) are ignored.
    """
    if isinstance(data, str):
        return parse_move_id(data)
    if not isinstance(data, dict):
        raise MoveFormatError("a move must be an object or a move id string", field="move")
    unknown = [key for key in data if key not in _MOVE_FIELDS]
    if unknown:
        raise MoveFormatError(f"move.{unknown[0]} is not a known field", field=f"move.{unknown[0]}")
    kind = data.get("type")
    if kind not in MOVE_TYPES:
        raise MoveFormatError(f"move.type must be one of {', '.join(MOVE_TYPES)}, not {kind!r}",
                              field="move.type")
    if kind == CLAIM:
        return _parse_claim(data)
    if "player" in data:
        raise MoveFormatError("move.player names the seat of a claim only (T5)",
                              field="move.player", rule="T5")
    if "card" not in data:
        raise MoveFormatError("move.card is required", field="move.card")
    try:
        card = parse_card(data["card"])
    except CardError as exc:
        raise MoveFormatError(exc.message, field="move.card", token=exc.token) from exc
    raw_targets = data.get("targets", [])
    if not isinstance(raw_targets, list):
        raise MoveFormatError("move.targets must be a list of cards", field="move.targets")
    try:
        targets = parse_cards(raw_targets, field="move.targets")
    except CardError as exc:
        raise MoveFormatError(exc.message, field="move.targets", token=exc.token) from exc
    if kind == TRAIL:
        if targets:
            raise MoveFormatError("a trail takes no targets (R9)", field="move.targets", rule="R9")
        return Move(TRAIL, card)
    if not targets:
        raise MoveFormatError(f"a {kind} needs at least one target card", field="move.targets",
                              rule="R11" if kind == CAPTURE else "R16")
    if kind == CAPTURE:
        return Move(CAPTURE, card, targets)
    value = data.get("value")
    if not isinstance(value, int) or isinstance(value, bool):
        raise MoveFormatError("move.value (the announced build value) must be an integer",
                              field="move.value", rule="R14")
    return Move(BUILD, card, targets, value)


def _parse_claim(data: dict[str, Any]) -> Move:
    """A claim's object: ``{"type": "claim"}``, with the claiming seat as ``player``
    unless the caller knows it otherwise (T5).  It plays no card."""
    for key in ("card", "targets", "value"):
        if data.get(key) not in (None, []):
            raise MoveFormatError(f"move.{key}: a claim plays no card (T5)",
                                  field=f"move.{key}", rule="T5")
    player = data.get("player")
    if player is None:
        return claim()
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player <= 9:
        raise MoveFormatError("move.player must be a seat number", field="move.player")
    return claim(player)
