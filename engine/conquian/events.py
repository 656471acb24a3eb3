"""What a step did, in order: ``turn``, ``take``, ``pass``, ``dead``, ``lay``,
``discard``, ``force``, ``out``, ``tableau``, ``settled``.  Every card in an event was
shown face up to both players (Q23), so an event reads the same for each seat."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.cards import card_name, format_cards
from engine.conquian.words import event_text

__all__ = ["Event"]

_MASKS = frozenset({"meld", "borrowed"})


class Event(NamedTuple):
    """One event: its ``type`` and the fields that say what happened (cards as ints,
    card sets as masks; names only in :meth:`to_dict`)."""

    type: str
    fields: tuple[tuple[str, Any], ...]

    @classmethod
    def of(cls, type_: str, **fields: Any) -> Event:
        return cls(type_, tuple(fields.items()))

    def get(self, key: str, default: Any = None) -> Any:
        for name, value in self.fields:
            if name == key:
                return value
        return default

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
