"""What a step did, in order (RM7-RM27)."""

from __future__ import annotations

from typing import Any

from engine.events import Event as _Event
from engine.rummy.cards import card_name, format_cards
from engine.rummy.words import event_text

__all__ = ["Event"]


class Event(_Event):
    """One event (:class:`engine.events.Event`): its ``type`` and the fields that say
    what happened.

    Types: ``draw`` (the card is shown only to the drawer), ``take``, ``discard``,
    ``false_call``, ``reshuffle``, ``show`` (one seat's laid-out hand), ``settle`` (the
    points per seat), ``hand_drawn``; in double-pack rum ``meld``, ``add``, ``shift`` (its
    ``joker``) and ``out`` (DP4-DP9).
    """

    __slots__ = ()

    def to_dict(self, viewer: int | None = None) -> dict[str, Any]:
        """The wire form, with a ``description`` in words written from the very fields
        shown (:mod:`engine.rummy.words`); with a ``viewer`` seat, a stock card drawn by
        another seat is ``null`` (RM27).  The seat that acted is both ``seat`` and
        ``player`` (the other games' name for it)."""
        shown: dict[str, Any] = {key: None if key == "card" and self.type == "draw"
                                 and viewer not in (None, self.get("seat")) else value
                                 for key, value in self.fields}
        out: dict[str, Any] = {"type": self.type, "description": event_text(self.type, shown)}
        for key, value in shown.items():
            if key == "card":
                out[key] = None if value is None else card_name(value)
            elif key == "joker":
                out[key] = card_name(value)
            elif key in ("cards", "deadwood"):
                out[key] = format_cards(value)
            elif key in ("melds", "layoffs"):
                out[key] = [format_cards(m) for m in value]
            elif isinstance(value, tuple):
                out[key] = list(value)
            else:
                out[key] = value
            if key == "seat":
                out["player"] = value
        return out
