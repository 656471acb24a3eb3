"""What a step did, in order: ``turn``, ``take``, ``pass``, ``dead``, ``lay``,
``discard``, ``force``, ``out``, ``tableau``, ``settled``.  Every card in an event was
shown face up to both players (Q23), so an event reads the same for each seat."""

from __future__ import annotations

from typing import Any

from engine.cards import card_name, format_cards
from engine.conquian.words import event_text
from engine.events import Event as _Event

__all__ = ["Event"]

_MASKS = frozenset({"meld", "borrowed"})


class Event(_Event):
    """One event (:class:`engine.events.Event`): its ``type`` and the fields that say
    what happened (cards as ints, card sets as masks; names only in :meth:`to_dict`)."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The wire form, with a ``description`` in words (:mod:`engine.conquian.words`)."""
        out: dict[str, Any] = {"type": self.type,
                               "description": event_text(self.type, dict(self.fields))}
        for key, value in self.fields:
            if key == "card":
                out[key] = card_name(value)
            elif key in _MASKS:
                out[key] = format_cards(value)
            elif isinstance(value, tuple):
                out[key] = list(value)
            else:
                out[key] = value
        return out
