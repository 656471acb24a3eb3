"""Rummy's cards: one or two packs, and jokers, each physical card its own id (RM2, RM3).

A card id is ``copy * 52 + base`` where ``base`` is the card of :mod:`engine.cards`
(``(rank - 1) * 4 + suit``) and ``copy`` is 0 for the first pack, 1 for the second;
the jokers are ``104`` and ``105``.  Notation (RM3): the first pack's cards as in
:mod:`engine.cards` (``7H``), the second pack's with a prime (``7H'``), the jokers ``JK1``
and ``JK2``.  A set of cards is an ``int`` bitmask over ids, as in the core.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from engine.cards import card_name as base_name
from engine.cards import parse_card as parse_base
from engine.errors import CardError

__all__ = [
    "JOKERS",
    "JOKER_PIPS",
    "PIPS",
    "card_name",
    "cards_of",
    "format_cards",
    "is_joker",
    "pack",
    "parse_card",
    "parse_cards",
    "pip",
    "rank_of",
    "sort_key",
    "suit_of",
]

JOKERS = (104, 105)
PRIME = "'"

PIPS = (0, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""The pip value of each rank 1..13 (RM4): the ace 11, the court cards 10, the others their
number; index 0 unused.  The only place a card's value is written, with the joker's."""

JOKER_PIPS = 15
"""A joker left in hand when another player goes out (DP9)."""


def is_joker(card: int) -> bool:
    return card >= 104


def rank_of(card: int) -> int:
    """Rank 1..13 (A=1, J=11, Q=12, K=13) of a card that is not a joker."""
    return ((card % 52) >> 2) + 1


def suit_of(card: int) -> int:
    """Suit 0..3 (S, H, D, C) of a card that is not a joker."""
    return card & 3


def pip(card: int) -> int:
    """The card's pip value in hand (RM4, DP9)."""
    return JOKER_PIPS if is_joker(card) else PIPS[rank_of(card)]


def pack(packs: int, jokers: int) -> list[int]:
    """Every card id of ``packs`` packs and ``jokers`` jokers, ascending (RM2)."""
    return list(range(52 * packs)) + list(JOKERS[:jokers])


def card_name(card: int) -> str:
    """Canonical notation (RM3): ``7H``, ``7H'`` (second pack), ``JK1``."""
    if is_joker(card):
        return f"JK{card - 103}"
    return base_name(card % 52) + (PRIME if card >= 52 else "")


def parse_card(token: str) -> int:
    """Read a card in any spelling :func:`engine.cards.parse_card` accepts, with a trailing
    prime for the second pack, or a joker ``JK1``/``JK2`` (RM3); :class:`CardError`
    naming the token otherwise."""
    if not isinstance(token, str):
        raise CardError(f"a card must be a string, not {type(token).__name__}",
                        token=repr(token))
    if token.upper() in ("JK1", "JK2"):
        return 103 + int(token[2])
    if token.endswith(PRIME):
        return 52 + parse_base(token[:-1])
    return parse_base(token)


def sort_key(card: int) -> tuple[int, int]:
    """Cards are listed by rank, then suit, then pack; jokers last."""
    return (card % 52 if card < 104 else card, card // 52)


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a set, by id."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def format_cards(mask: int) -> list[str]:
    """Canonical names of a set's cards, by rank, suit and pack."""
    return [card_name(c) for c in sorted(cards_of(mask), key=sort_key)]


def parse_cards(tokens: Iterable[str], *, field: str) -> int:
    """A set from a list of card names; a card named twice is a :class:`CardError` naming
    ``field``."""
    if isinstance(tokens, (str, bytes)) or not isinstance(tokens, Iterable):
        raise CardError(f"{field} must be a list of cards", field=field)
    mask = 0
    for i, token in enumerate(tokens):
        try:
            card = parse_card(token)
        except CardError as error:
            raise CardError(f"{field}[{i}]: {error.message}", field=f"{field}[{i}]",
                            token=error.token) from None
        if mask >> card & 1:
            raise CardError(f"{field}: card {card_name(card)} is named twice",
                            field=f"{field}[{i}]", token=token)
        mask |= 1 << card
    return mask
