"""Solitaire Cribbage's fixed numbers and variants (docs/rules/solitaire-cribbage.md)."""

from __future__ import annotations

from engine.games import GameType, VariantInfo

__all__ = ["CRIB", "DEALS", "DEAL_SIZE", "DOUBLE", "GAME", "GAME_HOLE", "HAND", "LAID",
           "LAST_HAND", "MAX_SEED", "NAME", "PACK", "PARTNERS", "SOLITAIRE", "TEAMS",
           "deal_positions", "seat_range"]

NAME = "solitaire-cribbage"
SOLITAIRE = NAME
"""SC2: one to four seats, each for himself (one: the solitaire)."""
PARTNERS = "solitaire-cribbage-partners"
"""SC2, SC23: four seats, partners opposite."""
MAX_SEED = 2**53 - 1
PACK = 52
"""SC1: each seat's own full pack."""
GAME_HOLE = 91
"""SC11: the game."""
DOUBLE = 60
"""SC21: a loser who has not passed this when the winner reaches the game loses double."""
DEALS = 6
"""SC9: six deals with a starter."""
DEAL_SIZE = 8
"""SC4: eight cards a deal (six to the hand, two to the crib)."""
HAND, LAID, CRIB, LAST_HAND = 6, 2, 4, 4
"""SC4, SC5, SC10: six dealt to the hand, two laid away, the crib's four, the last four."""
TEAMS = ((0, 2), (1, 3))
"""SC23: partners sit opposite."""

GAME = GameType(
    name=NAME, title="Solitaire Cribbage", information="imperfect", chance="sampled",
    default_variant=NAME, rules_page=f"/rules/{NAME}", result="win",
    variants=(
        VariantInfo(NAME, "Alone, or two to four each for himself with his own pack, level "
                    "deal by deal; 91 holes in one pass through the pack (SC1-SC22).",
                    1, ((0,),), True, min_seats=1, max_seats=4),
        VariantInfo(PARTNERS, "Four seats, partners opposite, each with his own pack; the "
                    "partners' holes added (SC23).", 4, TEAMS, True),
    ))


def seat_range(variant: str) -> tuple[int, int]:
    """SC2: the seats a variant is played by."""
    return GAME.variant(variant).seat_range


def deal_positions(deal: int) -> tuple[tuple[int, ...], tuple[int, int], int]:
    """SC4, SC6: the places in the pack (top first, from 0) of deal ``deal``'s (1 to 6)
    hand cards, crib cards and starter."""
    base = DEAL_SIZE * (deal - 1)
    return ((base, base + 1, base + 2, base + 5, base + 6, base + 7), (base + 3, base + 4),
            base + DEAL_SIZE)
