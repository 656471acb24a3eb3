"""The cards a text in words names (``7♥``, ``10♦``, a second pack's ``7♥'``, ``JK1``), as
wire names, to check that a description names only cards its JSON shows."""

from __future__ import annotations

import re
from typing import Any

CARD_IN_WORDS = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AJQK])[♠♥♦♣]'?|JK[12]")
"""A card as the ``words`` modules write it."""
STAND_IN = re.compile(r" \(as [^)]*\)")
"""What a joker stands for (``JK1 (as 8♣)``): no card of the packs, so not a card named."""
LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})


def named_cards(text: str) -> set[str]:
    """The wire names of the cards ``text`` names, a joker's stand-in left out."""
    return {name.translate(LETTERS) for name in CARD_IN_WORDS.findall(STAND_IN.sub("", text))}


def strings(value: Any) -> set[str]:
    """Every string anywhere in a JSON value, card names among them."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value))
    return set()


def shown_cards(wire: dict[str, Any]) -> set[str]:
    """The card names a JSON object shows, its ``description`` aside, and the cards of the
    melds its ``text`` fields write (``6C+7C+JK1@6``)."""
    out = set()
    for key, value in wire.items():
        if key == "description":
            continue
        if key == "text" and isinstance(value, str):
            out |= set(value.partition("@")[0].split("+"))
        else:
            out |= strings(value)
    return out
