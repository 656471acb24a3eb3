"""Moves (Q24, QD14): each one decision, written ``pass``, ``take:5H=4H5H6H``,
``lay=5S5H5D``, ``discard:KD`` or ``force:JS=5S6S7SJS``."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from engine.cards import CARD_PATTERN, card_name, cards_of, parse_card
from engine.errors import CardError, MoveFormatError

__all__ = ["DISCARD", "FORCE", "LAY", "MOVE_TYPES", "PASS", "TAKE", "Move", "Played",
           "parse_move", "parse_move_id"]

PASS = "pass"
"""Decline the face-up card (Q7, Q8)."""
TAKE = "take"
"""Use the face-up card in a meld (Q6, QD6, Q14)."""
LAY = "lay"
"""Lay out hand cards after a use or a force (QD4)."""
DISCARD = "discard"
"""Discard a hand card face up (Q9)."""
FORCE = "force"
"""Put a card on the adversary's meld (Q15, Q16)."""
MOVE_TYPES = (PASS, TAKE, LAY, DISCARD, FORCE)
_WITH_CARD = frozenset({TAKE, DISCARD, FORCE})
_WITH_MELD = frozenset({TAKE, LAY, FORCE})

_CARD = re.compile(CARD_PATTERN)


class Move(NamedTuple):
    """One decision: its ``type``, the ``card`` it places (-1 for none) and the ``meld``
    that results, as a card set (0 for none)."""

    type: str
    card: int = -1
    meld: int = 0

    @property
    def id(self) -> str:
        """The move's notation (QD14)."""
        out = self.type
        if self.card >= 0:
            out += ":" + card_name(self.card)
        if self.meld:
            out += "=" + "".join(card_name(c) for c in cards_of(self.meld))
        return out

    def __str__(self) -> str:
        return self.id

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.card >= 0:
            out["card"] = card_name(self.card)
        if self.meld:
            out["meld"] = [card_name(c) for c in cards_of(self.meld)]
        return out


def _cards(text: str, field: str) -> int:
    """The cards written one after the other in ``text`` (``4H5H6H``)."""
    mask = 0
    at = 0
    while at < len(text):
        match = _CARD.match(text, at)
        if match is None:
            raise MoveFormatError(f"{field}: {text[at:]!r} does not start with a card",
                                  field=field, token=text)
        card = parse_card(match.group())
        if mask >> card & 1:
            raise MoveFormatError(f"{field}: card {card_name(card)} is named twice",
                                  field=field, token=match.group())
        mask |= 1 << card
        at = match.end()
    return mask


def parse_move_id(text: str) -> Move:
    """The move written ``text`` (QD14); :class:`MoveFormatError` naming what is wrong."""
    if not isinstance(text, str):
        raise MoveFormatError(f"a move is a string, not {type(text).__name__}", field="move")
    head, _, meld_text = text.partition("=")
    kind, _, card_text = head.partition(":")
    if kind not in MOVE_TYPES:
        raise MoveFormatError(f"unknown move type {kind!r}; known: {', '.join(MOVE_TYPES)}",
                              field="move.type", token=kind)
    card = -1
    if card_text:
        try:
            card = parse_card(card_text)
        except CardError as error:
            raise MoveFormatError(f"move.card: {error.message}", field="move.card",
                                  token=card_text) from None
    meld = _cards(meld_text, "move.meld") if meld_text else 0
    if (card >= 0) != (kind in _WITH_CARD):
        raise MoveFormatError(f"a {kind} move {'names' if kind in _WITH_CARD else 'has no'} "
                              "card (QD14)", field="move.card", token=text)
    if bool(meld) != (kind in _WITH_MELD):
        raise MoveFormatError(f"a {kind} move {'names' if kind in _WITH_MELD else 'has no'} "
                              "meld (QD14)", field="move.meld", token=text)
    if card >= 0 and meld and not meld >> card & 1:
        raise MoveFormatError(f"the meld of {text!r} must hold its card (QD14)",
                              field="move.meld", token=text)
    return Move(kind, card, meld)


def parse_move(data: Any) -> Move:
    """A move from its JSON form: its id, or an object with an ``id`` or with ``type``,
    ``card`` and ``meld``."""
    if isinstance(data, str):
        return parse_move_id(data)
    if not isinstance(data, dict):
        raise MoveFormatError("a move is its id or an object", field="move")
    if "id" in data:
        return parse_move_id(data["id"])
    text = str(data.get("type", ""))
    if data.get("card") is not None:
        text += ":" + str(data["card"])
    meld = data.get("meld")
    if meld:
        if not isinstance(meld, list):
            raise MoveFormatError("move.meld: a list of cards", field="move.meld")
        text += "=" + "".join(str(c) for c in meld)
    return parse_move_id(text)


class Played(NamedTuple):
    """A move of the hand so far: the seat that made it and the move (every Conquian move
    is public, Q23)."""

    player: int
    move: Move

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "move": self.move.id}
