"""Conquian's entry in the registry of games (:mod:`engine.games`)."""

from __future__ import annotations

from engine.conquian.rules import CONQUIAN as RULES
from engine.conquian.rules import VARIANTS
from engine.games import GameType, VariantInfo

__all__ = ["CONQUIAN_GAME"]

CONQUIAN_GAME = GameType(
    name="conquian",
    title="Conquian",
    information="imperfect",
    chance="sampled",
    default_variant=RULES.name,
    variants=tuple(VariantInfo(rules.name, rules.description, rules.players,
                               tuple((seat,) for seat in range(rules.players)),
                               rules.playable) for rules in VARIANTS.values()),
    rules_page="/rules/conquian",
    result="settlement",  # what the winner gains the others pay (Q21, QD11)
)
