"""Moves (RM7, RM8, RM14, DP3-DP7): one decision each.  ``draw`` takes the top of the
stock, ``take`` the top of the discard pile; a discard names its card and whether it calls
a show-down.  In double-pack rum a turn may also lay out a meld, add cards to a meld on the
table, or shift a joker (each its own move).

Move ids: ``draw``, ``take``, ``7H`` (discard), ``7H!`` (discard and call); ``7H+7S+JK1``
(lay out a set), ``6C+7C+JK1@6`` (a run: its cards by place, ``@`` the place of the
first, the ace low at 1 or high at 14); ``3:8C+JK2@8`` or ``3:7D`` (add to the table's
meld 3: to a run a block of cards at one end, ``@`` its first place); ``JK1~=8C+4C``
(shift joker JK1 to the other end of its run, ``=`` the card put in its place, ``+`` the
card added beyond it, either or both).  The JSON forms are objects with ``type`` (see
:meth:`Move.to_dict`); :func:`parse_move` reads either.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.errors import CardError, MoveFormatError
from engine.rummy.cards import card_name, parse_card

__all__ = ["ADD", "DISCARD", "DRAW", "LAY_OUT", "MELD", "SHIFT", "TAKE", "Move", "parse_move"]

DRAW = "draw"
TAKE = "take"
DISCARD = "discard"
MELD = "meld"
ADD = "add"
SHIFT = "shift"
LAY_OUT = (MELD, ADD, SHIFT)


class Move(NamedTuple):
    """A move.  ``card``: the card discarded, or the joker shifted; ``call``: the discard
    calls a show-down; ``cards``: the cards laid out or added, a run's by place; ``target``:
    the index of the table's meld added to; ``low``: the place of the first of ``cards`` in
    a run (0 for a set); ``fill``, ``extend``: a shift's cards."""

    type: str
    card: int | None = None
    call: bool = False
    cards: tuple[int, ...] = ()
    target: int | None = None
    low: int = 0
    fill: int | None = None
    extend: int | None = None

    @property
    def id(self) -> str:
        if self.type == DISCARD and self.card is not None:
            return card_name(self.card) + ("!" if self.call else "")
        names = "+".join(card_name(c) for c in self.cards)
        at = f"@{self.low}" if self.low else ""
        if self.type == MELD:
            return names + at
        if self.type == ADD:
            return f"{self.target}:{names}{at}"
        if self.type == SHIFT and self.card is not None:
            return (card_name(self.card) + "~"
                    + (f"={card_name(self.fill)}" if self.fill is not None else "")
                    + (f"+{card_name(self.extend)}" if self.extend is not None else ""))
        return self.type

    def to_dict(self) -> dict[str, Any]:
        if self.type == DISCARD and self.card is not None:
            return {"type": DISCARD, "card": card_name(self.card), "call": self.call}
        if self.type in (MELD, ADD):
            out: dict[str, Any] = {"type": self.type}
            if self.type == ADD:
                out["meld"] = self.target
            out["cards"] = [card_name(c) for c in self.cards]
            out["low"] = self.low
            return out
        if self.type == SHIFT and self.card is not None:
            return {"type": SHIFT, "joker": card_name(self.card),
                    "fill": None if self.fill is None else card_name(self.fill),
                    "extend": None if self.extend is None else card_name(self.extend)}
        return {"type": self.type}

    @staticmethod
    def discard(card: int, call: bool = False) -> Move:
        return Move(DISCARD, card, call)


def _card(token: Any, field: str) -> int:
    try:
        return parse_card(token)
    except CardError as error:
        raise MoveFormatError(error.message, field=field, token=error.token) from None


def _low(text: str, field: str) -> tuple[str, int]:
    if "@" not in text:
        return text, 0
    body, _, place = text.rpartition("@")
    if not place.isdigit() or not 1 <= int(place) <= 14:
        raise MoveFormatError(f"{field}: a run's place is 1..14, not {place!r}", field=field)
    return body, int(place)


def _cards(tokens: Any, field: str) -> tuple[int, ...]:
    if not isinstance(tokens, list) or not tokens:
        raise MoveFormatError(f"{field} must be a list of cards", field=field)
    return tuple(_card(t, f"{field}[{i}]") for i, t in enumerate(tokens))


def _parse_id(text: str, field: str) -> Move:
    if text.lower() in (DRAW, TAKE):
        return Move(text.lower())
    if "~" in text:
        joker, _, rest = text.partition("~")
        fill = extend = None
        if rest.startswith("="):
            filled, _, extended = rest[1:].partition("+")
            fill = _card(filled, field)
            extend = _card(extended, field) if extended else None
        elif rest.startswith("+"):
            extend = _card(rest[1:], field)
        elif rest:
            raise MoveFormatError(f"{field}: a shift reads JK1~=8C+4C", field=field)
        return Move(SHIFT, _card(joker, field), fill=fill, extend=extend)
    if ":" in text:
        index, _, rest = text.partition(":")
        if not index.isdigit():
            raise MoveFormatError(f"{field}: an addition starts with the meld's index",
                                  field=field)
        body, low = _low(rest, field)
        return Move(ADD, cards=tuple(_card(t, field) for t in body.split("+")),
                    target=int(index), low=low)
    if "+" in text:
        body, low = _low(text, field)
        return Move(MELD, cards=tuple(_card(t, field) for t in body.split("+")), low=low)
    call = text.endswith("!")
    return Move(DISCARD, _card(text[:-1] if call else text, field), call)


def parse_move(data: Any, *, field: str = "move") -> Move:
    """A :class:`Move` from its id or its JSON form (its ``description``, which answers
    carry, ignored); :class:`MoveFormatError` naming the field otherwise."""
    if isinstance(data, Move):
        return data
    if isinstance(data, str):
        return _parse_id(data.strip(), field)
    if not isinstance(data, dict):
        raise MoveFormatError(f"{field} must be a move id or an object", field=field)
    kind = data.get("type")
    allowed = {DRAW: {"type"}, TAKE: {"type"}, DISCARD: {"type", "card", "call"},
               MELD: {"type", "cards", "low"}, ADD: {"type", "meld", "cards", "low"},
               SHIFT: {"type", "joker", "fill", "extend"}}
    if kind not in allowed:
        raise MoveFormatError(f"{field}.type must be one of {', '.join(allowed)}, not "
                              f"{kind!r}", field=f"{field}.type")
    extra = sorted(set(data) - allowed[kind] - {"description"})  # words: answers only
    if extra:
        raise MoveFormatError(f"a {kind} move has no {extra[0]}", field=f"{field}.{extra[0]}")
    if kind in (DRAW, TAKE):
        return Move(kind)
    if kind == DISCARD:
        if "card" not in data:
            raise MoveFormatError("a discard names its card", field=f"{field}.card")
        call = data.get("call", False)
        if not isinstance(call, bool):
            raise MoveFormatError(f"{field}.call must be true or false", field=f"{field}.call")
        return Move(DISCARD, _card(data["card"], f"{field}.card"), call)
    if kind == SHIFT:
        fill, extend = data.get("fill"), data.get("extend")
        return Move(SHIFT, _card(data.get("joker"), f"{field}.joker"),
                    fill=None if fill is None else _card(fill, f"{field}.fill"),
                    extend=None if extend is None else _card(extend, f"{field}.extend"))
    low = data.get("low", 0)
    if isinstance(low, bool) or not isinstance(low, int) or not 0 <= low <= 14:
        raise MoveFormatError(f"{field}.low must be 0 (a set) or a place 1..14",
                              field=f"{field}.low")
    cards = _cards(data.get("cards"), f"{field}.cards")
    if kind == MELD:
        return Move(MELD, cards=cards, low=low)
    target = data.get("meld")
    if isinstance(target, bool) or not isinstance(target, int) or target < 0:
        raise MoveFormatError(f"{field}.meld must be the index of a meld on the table",
                              field=f"{field}.meld")
    return Move(ADD, cards=cards, target=target, low=low)
