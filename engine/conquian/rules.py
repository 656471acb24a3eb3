"""Conquian's rules as a value (docs/rules/conquian.md): the pack, the table, the deal, the
goal and the stakes, each written once here."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import make_card, rank_mask
from engine.errors import UnsupportedVariantError

__all__ = ["AMERICAN", "CONQUIAN", "VARIANTS", "Rules", "get_rules"]


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of a Conquian preset, with the book's values as defaults."""

    name: str = "conquian"
    description: str = ("Two-hand Conquian with the forty-card Spanish pack: the first to "
                        "lay eleven cards down wins the hand.")
    playable: bool = True
    """Served by the API (docs/api.md "Other games")."""
    players: int = 2
    """Seats at a table that names none (Q3)."""
    max_players: int = 3
    """The most seats: three at the table, the dealer sitting out of each hand (QD12)."""
    ranks: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
    """The ranks of the pack, in sequence order (Q1, Q2): the 7 is next below the J."""
    pack_words: str = "the forty-card pack"
    """The pack as a refusal names it: a card outside it is refused (Q1)."""
    pack_rule: str = "Q1"
    """The rule that says what the pack is."""
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

    @property
    def seat_range(self) -> range:
        """The seats a table may have (Q3, QD12)."""
        return range(self.players, self.max_players + 1)

    @staticmethod
    def players_of(dealer: int, seats: int) -> tuple[int, int]:
        """The two players of the hand ``dealer`` deals, the pone first (Q3, Q4): at two
        seats the pone and the dealer; at three the two seats after the dealer, who sits
        out (QD12)."""
        pone = (dealer + 1) % seats
        return pone, (pone + 1) % seats

    @staticmethod
    def sitting_out(dealer: int, seats: int) -> int:
        """The seat out of the hand: the dealer at three (QD12); -1 at two."""
        return dealer if seats > 2 else -1

    @classmethod
    def adversary(cls, seat: int, dealer: int, seats: int) -> int:
        """The other player of the hand (Q3, QD12)."""
        if seats == 2:  # the one other seat (the common case, kept cheap)
            return 1 - seat
        pone, other = cls.players_of(dealer, seats)
        return other if seat == pone else pone

    @staticmethod
    def next_dealer(dealer: int, seats: int) -> int:
        """The deal passes to the seat after the dealer, the pone (Q22, QD12)."""
        return (dealer + 1) % seats

    def stakes(self, dealer: int, pool: int, seats: int) -> tuple[int, ...]:
        """Each seat's counters in the pool (QD16): ``pool`` tableaux came in a row before
        this hand, the one ``back`` hands before it dealt by the seat ``back`` places before
        ``dealer`` (Q22), and each took one stake from each of its two players (Q21)."""
        out = [0] * seats
        for back in range(1, pool + 1):
            for seat in self.players_of((dealer - back) % seats, seats):
                out[seat] += self.stake
        return tuple(out)

    def settle(self, winner: int, dealer: int, pool: int, seats: int) -> tuple[int, ...]:
        """Counters won per seat when ``winner`` goes out (Q21, QD11, QD16): the loser pays
        one stake, and the winner takes the pool, every seat's counters in it."""
        stakes = self.stakes(dealer, pool, seats)
        loser = self.adversary(winner, dealer, seats)
        out = [-s for s in stakes]
        out[winner] += sum(stakes) + self.stake
        out[loser] -= self.stake
        return tuple(out)

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
AMERICAN = Rules(
    name="conquian-american",
    description=("Conquian with the American pack of forty cards, ace to ten in each suit "
                 "(the court cards out): the first to lay eleven cards down wins the hand."),
    ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    pack_words="the American pack of ace to ten", pack_rule="QD1")
"""The American pack (QD1): each suit one unbroken sequence from the ace to the ten."""
VARIANTS: dict[str, Rules] = {rules.name: rules for rules in (CONQUIAN, AMERICAN)}


def get_rules(name: str) -> Rules:
    """The preset ``name``; :class:`UnsupportedVariantError` naming the field if unknown."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise UnsupportedVariantError(
            f"unknown conquian variant {name!r}; known: {', '.join(VARIANTS)}",
            field="variant") from None
