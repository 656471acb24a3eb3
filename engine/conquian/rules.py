"""Conquian's rules as a value (docs/rules/conquian.md): the pack, the deal, the goal and
the stakes, each written once here."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import make_card, rank_mask
from engine.errors import UnsupportedVariantError

__all__ = ["CONQUIAN", "VARIANTS", "Rules", "get_rules"]


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of a Conquian preset, with the book's values as defaults."""

    name: str = "conquian"
    description: str = ("Two-hand Conquian with the forty-card Spanish pack: the first to "
                        "lay eleven cards down wins the hand.")
    playable: bool = True
    """Served by the API (docs/api.md "Other games")."""
    players: int = 2
    """Seats (Q3, QD12)."""
    ranks: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
    """The ranks of the pack, in sequence order (Q1, Q2, QD1): the 7 is next below the J."""
    hand_size: int = 10
    """Cards dealt to each player (Q4)."""
    deal_by: int = 2
    """Cards given at a time while dealing (Q4)."""
    out: int = 11
    """Cards down that win the hand (Q18)."""
    min_meld: int = 3
    """The fewest cards of a meld (Q11, Q12, Q14)."""
    stake: int = 1
    """Counters the loser of a hand pays; each player's stake in the pool at a tableau (Q21)."""

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat``: the adversary (Q3), the pone after the dealer (Q4),
        the next dealer (Q22)."""
        return (seat + 1) % self.players

    @property
    def pack(self) -> int:
        """The set of the pack's cards."""
        mask = 0
        for rank in self.ranks:
            mask |= rank_mask(rank)
        return mask

    @property
    def pack_size(self) -> int:
        return 4 * len(self.ranks)

    @property
    def suits(self) -> tuple[tuple[int, ...], ...]:
        """Each suit's cards in sequence order (Q2), suit by suit (S, H, D, C)."""
        return tuple(tuple(make_card(rank, suit) for rank in self.ranks) for suit in range(4))

    @property
    def position(self) -> dict[int, int]:
        """Each card's place in its suit's sequence (Q2)."""
        return {card: i for line in self.suits for i, card in enumerate(line)}


CONQUIAN = Rules()
VARIANTS: dict[str, Rules] = {CONQUIAN.name: CONQUIAN}


def get_rules(name: str) -> Rules:
    """The preset ``name``; :class:`UnsupportedVariantError` naming the field if unknown."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise UnsupportedVariantError(
            f"unknown conquian variant {name!r}; known: {', '.join(VARIANTS)}",
            field="variant") from None
