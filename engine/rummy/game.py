"""Rummy's entry in the registry of games (:mod:`engine.games`)."""

from __future__ import annotations

from engine.games import GameType, VariantInfo
from engine.rummy.rules import VARIANTS

__all__ = ["RUMMY"]

RUMMY = GameType(
    name="rummy",
    title="Rummy (Poker Rum, Poker Gin, Double-Pack Rum)",
    information="imperfect",
    chance="sampled",
    default_variant="poker-rum",
    variants=tuple(
        VariantInfo(rules.name, rules.description, rules.default_players,
                    tuple((seat,) for seat in range(rules.default_players)), rules.playable,
                    rules.min_players, rules.max_players)
        for rules in VARIANTS.values()),
    rules_page="/rules/rummy",
    result="settlement",  # what the winner gains the others pay (RM26)
)
"""Each variant is listed with its default table (two seats, each on his own) and the seats
a game of it may have: 2 to 6 (RM1)."""
