"""Canfield's moves and events in words and JSON (public facts only: every card named is
face up, CF15)."""

from __future__ import annotations

from typing import Any

from engine.canfield.rules import get_rules
from engine.canfield.state import Move, Table
from engine.cards import card_name
from engine.events import Event

__all__ = ["event_json", "move_json", "place"]


def place(src: str, stock_word: str = "stock") -> str:
    """A source or target in words."""
    if src == "w":
        return "the talon"
    if src == "s":
        return f"the {stock_word}"
    if src == "f":
        return "its foundation"
    return f"column {int(src[1:]) + 1}"


def move_json(table: Table, move: Move) -> dict[str, Any]:
    """The move as answers list it: ``id``, ``source``, ``target``, the ``card`` it takes
    (face up) and a ``description``."""
    word = get_rules(table.variant).stock_word
    if move.word == "stop":
        return {"id": "stop", "card": None, "source": "", "target": "stop",
                "description": f"Stop: take ${5 * table.score} for {table.score} "
                               "foundation cards (CFD9)"}
    if move.word == "turn":
        text = "Turn three from the hand" if table.hand else (
            "Turn the talon over and turn three (CF12)" if table.used
            else "Turn the talon over: this pass used no card, the game ends (CFD7)")
        return {"id": "turn", "card": None, "source": "", "target": "turn",
                "description": text}
    source = table.source(move) or ""
    name = card_name(move.card)
    if move.dst == "f":
        onto = "to its foundation"
    else:
        col = table.cols[int(move.dst[1])]
        onto = f"onto {card_name(col[-1])} in {place(move.dst)}" if col else \
            f"into the space of {place(move.dst)}"
    src = table.cols[int(source[1])] if source[:1] == "c" else ()
    what = name
    if src and move.dst != "f" and get_rules(table.variant).piles and len(src) > 1:
        what = f"the pile {name}..{card_name(src[-1])}"
    return {"id": move.id, "card": name, "source": source, "target": move.dst,
            "description": f"{what} from {place(source, word) if source else '?'} {onto}"}


def event_json(event: Event) -> dict[str, Any]:
    """An event's JSON with its words."""
    out: dict[str, Any] = {"type": event.type}
    if event.type == "move":
        cards = [card_name(c) for c in event.get("cards")]
        out.update(cards=cards, source=event.get("source"), target=event.get("target"),
                   description=f"{' '.join(cards)} from {place(event.get('source'))} to "
                               f"{place(event.get('target'))}")
    elif event.type == "fill":
        card = card_name(event.get("card"))
        out.update(card=card, column=event.get("column"),
                   description=f"{card} fills the space of column {event.get('column') + 1} "
                               "(CF10)")
    elif event.type == "turn":
        card = card_name(event.get("card"))
        out.update(count=event.get("count"), card=card,
                   description=f"{event.get('count')} turned; {card} shows (CF6)")
    elif event.type == "gather":
        out.update(passes=event.get("passes"),
                   description=f"the talon turned over: pass {event.get('passes')} (CF12)")
    else:
        out.update(reason=event.get("reason"), description=f"the game ends: "
                   f"{event.get('reason')} (CF13)")
    return out
