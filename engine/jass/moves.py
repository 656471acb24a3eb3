"""Jass's moves: the three-hand exchange with the cards on the table or not (J6), passing
out or staying in (J8), a card played (J9-J11), the melds declared (J14, J21), a call-out
in a match to 1,000 (J18, JD19)."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.cards import card_name, parse_card
from engine.errors import CardError, MoveFormatError
from engine.jass.melds import meld_name
from engine.jass.rules import PACK

__all__ = ["CALL", "CALLS", "EXCHANGE", "KEEP", "PASS", "STAY", "Move", "parse_move"]

CALLS = ("exchange", "keep", "pass", "stay", "call")
"""The moves without cards: take the nine on the table or not (J6); pass out or play (J8);
call out one's total in a match to 1,000 (J18, JD19)."""


class Move(NamedTuple):
    """``play`` (``card``), ``declare`` (``melds``: the melds announced, each a set of
    cards, none for "no meld"), or one of :data:`CALLS`."""

    kind: str
    card: int = -1
    melds: tuple[int, ...] = ()

    @property
    def id(self) -> str:
        """``play:JS``, ``declare:JS,JH,JD,JC+QH,KH``, ``declare:none``, ``keep``..."""
        if self.kind == "play":
            return f"play:{card_name(self.card)}"
        if self.kind == "declare":
            return "declare:" + ("+".join(meld_name(m) for m in self.melds) or "none")
        return self.kind


EXCHANGE, KEEP, PASS, STAY, CALL = (Move(k) for k in CALLS)


def _card(value: Any, field: str) -> int:
    try:
        card = parse_card(value)
    except CardError:
        raise MoveFormatError(f"{field}: {value!r} is not a card (J1)", field=field,
                              rule="J1") from None
    if not PACK >> card & 1:
        raise MoveFormatError(f"{field}: {card_name(card)} is not in Jass's pack (J1)",
                              field=field, rule="J1")
    return card


def _meld(value: Any, field: str) -> int:
    if not isinstance(value, list) or not value:
        raise MoveFormatError(f"{field}: a meld is a list of cards (J13)", field=field,
                              rule="J13")
    mask = 0
    for i, token in enumerate(value):
        card = _card(token, f"{field}[{i}]")
        if mask >> card & 1:
            raise MoveFormatError(f"{field}[{i}]: {card_name(card)} is named twice (J13)",
                                  field=f"{field}[{i}]", rule="J13")
        mask |= 1 << card
    return mask


def parse_move(data: Any) -> Move:
    """A move from its id (``play:JS``, ``declare:JS,JH,JD,JC``, ``declare:none``,
    ``keep``) or its object (``{"type": "play", "card": "JS"}``, ``{"type": "declare",
    "melds": [["QH", "KH"]]}``); every error names its field."""
    if isinstance(data, str):
        head, _, rest = data.partition(":")
        if head in CALLS and not rest:
            return Move(head)
        if head == "play" and rest:
            data = {"type": "play", "card": rest}
        elif head == "declare" and rest:
            data = {"type": "declare", "melds": [] if rest == "none" else [
                m.split(",") for m in rest.split("+")]}
        else:
            raise MoveFormatError(f"move: {data!r} is not a move id (play:CARD, "
                                  "declare:MELDS, declare:none, exchange, keep, pass, stay, "
                                  "call)",
                                  field="move")
    if not isinstance(data, dict):
        raise MoveFormatError("move: a move id or a move object", field="move")
    kind = data.get("type")
    if kind not in (*CALLS, "play", "declare"):
        raise MoveFormatError(f"move.type: {kind!r} is not play, declare, "
                              f"{', '.join(CALLS)}", field="move.type")
    own = {"type", "id", "description"} | ({"card"} if kind == "play" else set()) | (
        {"melds"} if kind == "declare" else set())
    for key in data:
        if key not in own:
            raise MoveFormatError(f"move.{key}: not a field of a {kind}", field=f"move.{key}")
    if kind == "play":
        move = Move("play", _card(data.get("card"), "move.card"))
    elif kind == "declare":
        melds = data.get("melds")
        if not isinstance(melds, list):
            raise MoveFormatError("move.melds: a list of melds, each a list of cards (J13)",
                                  field="move.melds", rule="J13")
        masks = [_meld(m, f"move.melds[{i}]") for i, m in enumerate(melds)]
        if len(set(masks)) != len(masks):
            raise MoveFormatError("move.melds: a meld named twice (J13)", field="move.melds",
                                  rule="J13")
        move = Move("declare", melds=tuple(sorted(masks)))
    else:
        move = Move(str(kind))
    if "id" in data and data["id"] != move.id:
        raise MoveFormatError(f"move.id: {data['id']!r} is not this move's id ({move.id})",
                              field="move.id")
    return move
