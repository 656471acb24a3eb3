"""Cards and sets of cards as small integers (R1, R2).

A card is an ``int`` in ``0..51``: ``(rank - 1) * 4 + suit`` with ranks ``1..13``
(A, 2..10, J, Q, K) and suits ``0..3`` (S, H, D, C).  Sorting cards as integers
sorts them by rank, then suit.  A set of cards is an ``int`` bitmask: bit ``c``
is set when card ``c`` is in the set.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from engine.errors import CardError

__all__ = [
    "ACE_MASK",
    "BIG_CASSINO",
    "CARD_PATTERN",
    "DECK",
    "FULL_DECK",
    "LITTLE_CASSINO",
    "RANKS",
    "SPADE_MASK",
    "SUITS",
    "SUIT_SYMBOLS",
    "bit",
    "card_mask",
    "card_name",
    "card_text",
    "cards_of",
    "count",
    "format_cards",
    "listed",
    "make_card",
    "parse_card",
    "parse_cards",
    "rank_mask",
    "rank_of",
    "suit_of",
]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")

DECK = tuple(range(52))
FULL_DECK = (1 << 52) - 1

_RANK_INPUT = {name: i + 1 for i, name in enumerate(RANKS)} | {"T": 10}
_SUIT_INPUT = {
    "S": 0, "H": 1, "D": 2, "C": 3,
    "♠": 0, "♥": 1, "♦": 2, "♣": 3,
    "♤": 0, "♡": 1, "♢": 2, "♧": 3,
}

_NAMES = tuple(f"{RANKS[c >> 2]}{SUITS[c & 3]}" for c in DECK)


def _pattern() -> str:
    """A regular expression of every spelling :func:`parse_card` accepts, cases written
    out (no flags), so that it reads the same in Python and in an OpenAPI ``pattern``."""
    def spelled(names: Iterable[str]) -> list[str]:
        return sorted({form for name in names for form in (name, name.lower())})

    ranks = spelled(_RANK_INPUT)
    longer = [r for r in ranks if len(r) > 1]
    single = "".join(r for r in ranks if len(r) == 1)
    suits = "".join(spelled(_SUIT_INPUT))
    return f"(?:{'|'.join(longer)}|[{single}])[{suits}]" if longer else f"[{single}][{suits}]"


CARD_PATTERN = _pattern()
"""A card as :func:`parse_card` reads it (R2), unanchored: ``10D``, ``td``, ``K♣``..."""


def make_card(rank: int, suit: int) -> int:
    """The card of ``rank`` (1..13) and ``suit`` (0..3: S, H, D, C)."""
    if not (1 <= rank <= 13 and 0 <= suit <= 3):
        raise CardError(f"no card has rank {rank} and suit {suit}", token=f"{rank}/{suit}")
    return (rank - 1) * 4 + suit


def rank_of(card: int) -> int:
    """Rank 1..13 (A=1, J=11, Q=12, K=13)."""
    return (card >> 2) + 1


def suit_of(card: int) -> int:
    """Suit 0..3 (S, H, D, C)."""
    return card & 3


def bit(card: int) -> int:
    """The one-card set holding ``card``."""
    return 1 << card


def rank_mask(rank: int) -> int:
    """The set of the four cards of ``rank``."""
    return 0xF << ((rank - 1) * 4)


SPADE_MASK = sum(1 << c for c in DECK if c & 3 == 0)
ACE_MASK = rank_mask(1)
BIG_CASSINO = make_card(10, 2)  # 10♦ (R26)
LITTLE_CASSINO = make_card(2, 0)  # 2♠ (R26)


def card_name(card: int) -> str:
    """Canonical notation (R2): rank then suit, upper case, e.g. ``10D``."""
    return _NAMES[card]


SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
"""The suits as words show them (S, H, D, C): a card in words is ``10♦``."""


def card_text(card: int) -> str:
    """A card as words show it, with its suit symbol: ``10♦`` (the games' ``words``
    modules; the wire keeps :func:`card_name`)."""
    return f"{RANKS[card >> 2]}{SUIT_SYMBOLS[card & 3]}"


def listed(words: Iterable[str]) -> str:
    """Words as an English list: ``a``, ``a and b``, ``a, b and c`` (the games' words)."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def parse_card(token: str) -> int:
    """Parse any accepted spelling of a card (R2): ``10D``, ``TD``, ``td``, ``10♦``, ``K♣``.

    Raises :class:`CardError` naming the token when it is not a card.
    """
    card = _SPELLINGS.get(token) if isinstance(token, str) else None
    if card is None:
        if not isinstance(token, str):
            raise CardError(f"a card must be a string, not {type(token).__name__}",
                            token=repr(token))
        raise CardError(f"{token!r} is not a card (expected rank A,2-10,J,Q,K then suit "
                        "S,H,D,C)", token=token)
    return card


def _spellings() -> dict[str, int]:
    """Every accepted spelling of every card (R2), so that parsing is one lookup."""
    out = {}
    for rank_text, rank in _RANK_INPUT.items():
        for suit_text, suit in _SUIT_INPUT.items():
            for r in {rank_text, rank_text.lower()}:
                for s in {suit_text, suit_text.lower()}:
                    out[r + s] = (rank - 1) * 4 + suit
    return out


_SPELLINGS = _spellings()


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a set, in ascending order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_mask(cards: Iterable[int]) -> int:
    """The set holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def count(mask: int) -> int:
    """Number of cards in a set."""
    return mask.bit_count()


def parse_cards(tokens: Iterable[str], *, field: str = "cards") -> int:
    """Parse a list of card tokens into a set; a card named twice is a :class:`CardError`."""
    mask = 0
    for token in tokens:
        card = parse_card(token)
        if mask >> card & 1:
            raise CardError(f"{field}: card {card_name(card)} is named twice", token=token)
        mask |= 1 << card
    return mask


def format_cards(mask: int) -> list[str]:
    """Canonical names of a set's cards, ascending (by rank, then suit)."""
    return [_NAMES[c] for c in cards_of(mask)]
