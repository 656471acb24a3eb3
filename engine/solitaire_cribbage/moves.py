"""A move of Solitaire Cribbage: a seat lays two of its six cards away to its crib (SC5).
Its id names the seat and the two cards, ``0:5H+KD``."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.cards import card_name, card_text, parse_card
from engine.errors import CardError, MoveFormatError

__all__ = ["Move", "parse_move"]

_FORM = "move: a seat and two cards, as SEAT:CARD+CARD (0:5H+KD), or {player, cards} (SC5)"


class Move(NamedTuple):
    """SC5: seat ``player`` lays ``cards`` (two, ascending) away to its crib."""

    player: int
    cards: tuple[int, int]

    @property
    def id(self) -> str:
        return f"{self.player}:{card_name(self.cards[0])}+{card_name(self.cards[1])}"

    @property
    def move(self) -> Move:
        """The move itself: a state's history lists its moves as who played and what
        (engine.games.Played), and a move names its seat."""
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "cards": [card_name(c) for c in self.cards],
                "id": self.id}

    def text(self) -> str:
        return (f"Lay {card_text(self.cards[0])} and {card_text(self.cards[1])} away to "
                "the crib")


def _card(token: Any, field: str) -> int:
    if not isinstance(token, str):
        raise MoveFormatError(f"{field}: a card's name (5H, 10S, KD)", field=field, rule="SC5")
    try:
        return parse_card(token)
    except CardError as error:
        raise MoveFormatError(f"{field}: {error.message}", field=field, token=token,
                              rule="SC5") from None


def parse_move(data: Any) -> Move:
    """A move from its id or its JSON; every error names ``move`` (or its part) and SC5."""
    if isinstance(data, dict):
        player, cards = data.get("player"), data.get("cards")
        if data.get("id") is not None and player is None and cards is None:
            return parse_move(data["id"])
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < 4:
            raise MoveFormatError("move.player: the seat laying away, 0 to 3 (SC2)",
                                  field="move.player", rule="SC2")
        if not isinstance(cards, list) or len(cards) != 2:
            raise MoveFormatError("move.cards: the two cards laid away (SC5)",
                                  field="move.cards", rule="SC5")
        a, b = (_card(t, f"move.cards[{i}]") for i, t in enumerate(cards))
    elif isinstance(data, str):
        seat, colon, rest = data.partition(":")
        parts = rest.split("+")
        if not colon or not seat.isdigit() or len(seat) > 1 or int(seat) > 3 or \
                len(parts) != 2:
            raise MoveFormatError(_FORM, field="move", rule="SC5")
        player = int(seat)
        a, b = (_card(t, "move") for t in parts)
    else:
        raise MoveFormatError(_FORM, field="move", rule="SC5")
    if a == b:
        raise MoveFormatError(f"move: {card_name(a)} twice; two cards are laid away (SC5)",
                              field="move", rule="SC5", token=card_name(a))
    return Move(player, (min(a, b), max(a, b)))
