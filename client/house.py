"""``--opponent`` of ``cassino play`` for every game: a bot or skill level by name, or a
number, the skill dial 0..100 (docs/ladder.md; the house seats of ``POST /v1/games``)."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["DIAL", "house_seat", "opponent_name"]

DIAL = re.compile(r"\d{1,3}(?:\.\d+)?")
"""An ``--opponent`` that is a number: a skill dial 0..100 (docs/ladder.md)."""


def house_seat(opponent: str) -> dict[str, Any]:
    """A house seat's player of ``POST /v1/games``: ``dial`` for a number, else ``bot``."""
    return {"dial": float(opponent)} if DIAL.fullmatch(opponent) else {"bot": opponent}


def opponent_name(opponent: str) -> str:
    """``--opponent`` in words: "the club", "the dial at 60"."""
    return f"the dial at {float(opponent):g}" if DIAL.fullmatch(opponent) else f"the {opponent}"
