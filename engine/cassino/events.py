"""What happened in a step, in order (docs/api.md "Endpoints", ``events``)."""

from __future__ import annotations

from typing import Any

from engine.cards import card_name, format_cards
from engine.cassino.scoring import Breakdown
from engine.cassino.words import event_text
from engine.events import Event as _Event

__all__ = ["Event"]


class Event(_Event):
    """One event (:class:`engine.events.Event`): its ``type`` and the fields that say
    what happened.

    Types: ``trail``, ``capture``, ``build``, ``sweep``, ``residue``, ``round_scored``,
    ``round_void``, ``deal``, ``draw``, ``game_over``; in the twenty-one presets ``claim``,
    ``count_out`` and ``target_raised`` (docs/rules/twenty-one.md T1-T10).  Card sets are
    kept as masks and card names only appear in :meth:`to_dict`.  A ``deal`` holds every
    hand dealt and a ``draw`` the card drawn (V5); what a seat may see of them is decided
    in :meth:`to_dict` (R29).
    """

    __slots__ = ()

    def to_dict(self, viewer: int | None = None) -> dict[str, Any]:
        """The wire form, with a ``description`` in words.  With a ``viewer`` seat, a
        deal shows only that seat's hand (the others are ``null``, R29) and a draw its
        card only to the drawer (``null`` to the others, V5, W2); without one (a caller
        holding the full state) every card."""
        out: dict[str, Any] = {"type": self.type, "description": event_text(self.type,
                                                                            dict(self.fields))}
        for key, value in self.fields:
            if key == "hands":
                out[key] = [format_cards(hand) if viewer is None or seat == viewer else None
                            for seat, hand in enumerate(value)]
            elif self.type == "draw" and key == "card" and viewer not in (None,
                                                                          self.get("player")):
                out[key] = None
            else:
                out[key] = _json(key, value)
        return out


def _json(key: str, value: Any) -> Any:
    if key == "card":
        return card_name(value)
    if key in ("targets", "cards", "table"):
        return format_cards(value)
    if key == "groups":
        return [format_cards(g) for g in value]
    if isinstance(value, Breakdown):
        return value.to_dict()
    if isinstance(value, tuple):
        return list(value)
    return value
