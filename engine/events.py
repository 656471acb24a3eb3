"""What a step did, in order (docs/api.md "Endpoints", ``events``): the one shape of every
game's events.  An event is its ``type`` and the fields that say what happened, kept as
the engine's values (cards as ints, card sets as masks); each game's :class:`Event`
subclass writes them for the wire (``to_dict``) in its notation and words, and decides
there what a seat may see of them."""

from __future__ import annotations

from typing import Any, NamedTuple, Self

__all__ = ["Event"]


class Event(NamedTuple):
    """One event: its ``type`` and its ``fields``, in the order they were given."""

    type: str
    fields: tuple[tuple[str, Any], ...]

    @classmethod
    def of(cls, type_: str, **fields: Any) -> Self:
        return cls(type_, tuple(fields.items()))

    def get(self, key: str, default: Any = None) -> Any:
        """The field ``key``, ``default`` when the event has none."""
        for name, value in self.fields:
            if name == key:
                return value
        return default
