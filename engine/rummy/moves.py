"""Moves (RM7, RM8): one decision each.  ``draw`` takes the top of the stock, ``take`` the
top of the discard pile; a discard names its card and whether it calls a show-down.

Move ids: ``draw``, ``take``, ``7H`` (discard), ``7H!`` (discard and call).  The JSON form
is ``{"type": "draw"}``, ``{"type": "take"}`` or
``{"type": "discard", "card": "7H", "call": false}``; either is accepted.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.errors import CardError, MoveFormatError
from engine.rummy.cards import card_name, parse_card

__all__ = ["DISCARD", "DRAW", "TAKE", "Move", "parse_move"]

DRAW = "draw"
TAKE = "take"
DISCARD = "discard"


class Move(NamedTuple):
    """A move: its type, the card discarded, whether the discard calls a show-down."""

    type: str
    card: int | None = None
    call: bool = False

    @property
    def id(self) -> str:
        if self.type != DISCARD or self.card is None:
            return self.type
        return card_name(self.card) + ("!" if self.call else "")

    def to_dict(self) -> dict[str, Any]:
        if self.type != DISCARD or self.card is None:
            return {"type": self.type}
        return {"type": DISCARD, "card": card_name(self.card), "call": self.call}

    @staticmethod
    def discard(card: int, call: bool = False) -> Move:
        return Move(DISCARD, card, call)


def _card(token: Any, field: str) -> int:
    try:
        return parse_card(token)
    except CardError as error:
        raise MoveFormatError(error.message, field=field, token=error.token) from None


def parse_move(data: Any, *, field: str = "move") -> Move:
    """A :class:`Move` from its id or its JSON form; :class:`MoveFormatError` naming the
    field otherwise."""
    if isinstance(data, Move):
        return data
    if isinstance(data, str):
        text = data.strip()
        if text.lower() in (DRAW, TAKE):
            return Move(text.lower())
        call = text.endswith("!")
        return Move(DISCARD, _card(text[:-1] if call else text, field), call)
    if not isinstance(data, dict):
        raise MoveFormatError(f"{field} must be a move id or an object", field=field)
    kind = data.get("type")
    if kind in (DRAW, TAKE):
        extra = set(data) - {"type"}
        if extra:
            raise MoveFormatError(f"a {kind} move has no {sorted(extra)[0]}",
                                  field=f"{field}.{sorted(extra)[0]}")
        return Move(kind)
    if kind != DISCARD:
        raise MoveFormatError(f"{field}.type must be draw, take or discard, not {kind!r}",
                              field=f"{field}.type")
    if "card" not in data:
        raise MoveFormatError("a discard names its card", field=f"{field}.card")
    call = data.get("call", False)
    if not isinstance(call, bool):
        raise MoveFormatError(f"{field}.call must be true or false", field=f"{field}.call")
    return Move(DISCARD, _card(data["card"], f"{field}.card"), call)
