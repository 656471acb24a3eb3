"""Cassino's entry in the registry of games (:mod:`engine.games`)."""

from __future__ import annotations

from engine.cassino.rules import VARIANTS, Rules
from engine.games import GameType, VariantInfo

__all__ = ["CASSINO", "teams"]


def teams(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The seats that score together: partners sit opposite (V6), else each seat alone."""
    n = rules.players
    if rules.partnerships:
        return tuple(tuple(range(first, n, 2)) for first in range(2))
    return tuple((seat,) for seat in range(n))


CASSINO = GameType(
    name="cassino",
    title="Cassino",
    information="imperfect",
    chance="sampled",
    default_variant="standard",
    variants=tuple(VariantInfo(rules.name, rules.description, rules.players, teams(rules),
                               rules.playable) for rules in VARIANTS.values()),
    rules_page="/rules",
)
