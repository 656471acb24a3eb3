"""I Doubt It's constants, each written once (docs/rules/i-doubt-it.md)."""

from __future__ import annotations

from engine.cards import RANKS
from engine.games import GameType, VariantInfo

__all__ = ["CLAIM", "GAME", "MAX_CLAIMS", "MAX_SEATS", "MAX_SEED", "MIN_SEATS", "NAME",
           "PLURALS", "SEATS"]

NAME = "i-doubt-it"
MIN_SEATS, MAX_SEATS, SEATS = 2, 10, 4
"""IDD1: two to ten seats; four unless a game names its players."""
CLAIM = 3
"""ID4: the cards of a claim (fewer only when the hand cannot make three, IDD6)."""
MAX_CLAIMS = 100
"""IDD10: the game ends after this many claims, the seat holding fewest winning."""
MAX_SEED = 2**53 - 1
PLURALS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
           "tens", "jacks", "queens", "kings")
"""A rank's name in words, by rank 1..13 less one (RANKS)."""
assert len(PLURALS) == len(RANKS)

GAME = GameType(
    name=NAME, title="I Doubt It", information="imperfect", chance="sampled",
    default_variant=NAME, rules_page=f"/rules/{NAME}", result="settlement",
    variants=(VariantInfo(
        NAME, "The whole pack dealt round, three cards laid face down as three of a kind "
        "of any rank, the others doubting in turn; the first out collects a chip per card "
        "held (ID1-ID13).", SEATS, tuple((s,) for s in range(SEATS)), True,
        min_seats=MIN_SEATS, max_seats=MAX_SEATS),))
