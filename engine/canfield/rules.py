"""Canfield's rule sets (docs/rules/canfield.md): what the book's game (CF1-CF15) and the
common game (CF16-CF19) differ in, written once, and the cards' ranks and colours."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import UnsupportedVariantError

__all__ = [
    "BET",
    "BOOK",
    "CLASSIC",
    "IDLE_LIMIT",
    "LAYOUT",
    "PAY",
    "RANK_NAMES",
    "STAKE",
    "STOCK",
    "TURN",
    "Rules",
    "builds_on",
    "colour",
    "get_rules",
    "rank",
    "suit",
]

BOOK, CLASSIC = "canfield", "canfield-classic"
STAKE = 52
"""CF1: the pack bought for $52."""
PAY = 5
"""CF14: $5 paid for each card on the foundations."""
BET = 11
"""CF14: the bet is against eleven foundation cards ($55 back for the $52)."""
IDLE_LIMIT = 8
"""CFD8: moves between columns in a row with no card used."""
STOCK, LAYOUT, TURN = 13, 4, 3
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""CF2, CF4, CF6: the stock's cards, the columns, the cards turned at a time."""


@dataclass(frozen=True, slots=True)
class Rules:
    """What a variant decides."""

    name: str
    piles: bool
    """CF17: whole columns move onto another (the common game); else CFD3's one card from
    a column of one or two."""
    stock_word: str
    """What the thirteen cards are called: the book's stock, the common game's reserve."""


_RULES = {BOOK: Rules(BOOK, False, "stock"), CLASSIC: Rules(CLASSIC, True, "reserve")}


def get_rules(variant: object) -> Rules:
    try:
        return _RULES[variant]  # type: ignore[index]
    except (KeyError, TypeError):
        raise UnsupportedVariantError(
            f"unknown canfield variant {variant!r}; known: {', '.join(_RULES)}",
            field="variant") from None


def rank(card: int) -> int:
    """The card's rank, 1 (ace) to 13 (king)."""
    return (card >> 2) + 1


def suit(card: int) -> int:
    """The card's suit, 0..3 (spades, hearts, diamonds, clubs)."""
    return card & 3


def colour(card: int) -> int:
    """1 for red (hearts, diamonds), 0 for black."""
    return 1 if card & 3 in (1, 2) else 0


def builds_on(card: int, onto: int) -> bool:
    """CF8, CFD6: ``card`` goes on ``onto`` in a column: one rank lower, turning the
    corner (an ace takes a king), of the other colour."""
    return colour(card) != colour(onto) and rank(card) % 13 + 1 == rank(onto)
