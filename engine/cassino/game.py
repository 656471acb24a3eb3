"""Cassino's entry in the registry of games (:mod:`engine.games`), and the sides that
score together: :func:`teams`, :func:`side_of`, :func:`partner` (R3, V6.1, V7.1)."""

from __future__ import annotations

import functools

from engine.cassino.rules import VARIANTS, Rules
from engine.games import GameType, VariantInfo

__all__ = ["CASSINO", "partner", "side_of", "sides", "teams"]


@functools.cache
def teams(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The sides, each the seats that score together: partners sit opposite (V6.1: seats 0
    and 2 against 1 and 3), else each seat alone (R3, V7.1).  A side's index is its number
    in ``scores``, ``winner`` and a round's breakdown."""
    n = rules.players
    if rules.partnerships:
        return tuple(tuple(range(first, n, 2)) for first in range(2))
    return tuple((seat,) for seat in range(n))


def sides(rules: Rules) -> int:
    """How many sides score: 2 in partnership (V6.2), else one per seat."""
    return len(teams(rules))


@functools.cache
def side_of(rules: Rules) -> tuple[int, ...]:
    """The side of each seat."""
    out = [0] * rules.players
    for side, seats in enumerate(teams(rules)):
        for seat in seats:
            out[seat] = side
    return tuple(out)


@functools.cache
def _partners(rules: Rules) -> tuple[int | None, ...]:
    out: list[int | None] = [None] * rules.players
    for seats in teams(rules):
        for seat in seats:
            mates = [s for s in seats if s != seat]
            out[seat] = mates[0] if len(mates) == 1 else None
    return tuple(out)


def partner(seat: int, rules: Rules) -> int | None:
    """The partner of ``seat`` (V6.1), ``None`` when it plays alone."""
    return _partners(rules)[seat]


CASSINO = GameType(
    name="cassino",
    title="Cassino",
    information="imperfect",
    chance="sampled",
    default_variant="standard",
    variants=tuple(VariantInfo(rules.name, rules.description, rules.players, teams(rules),
                               rules.playable,
                               result="team-points" if rules.partnerships else None)
                   for rules in VARIANTS.values()),
    # a seat's round and game points are its own (R26, R27), its side's in partnership (V6.2)
    rules_page="/rules",
    unnamed=True,  # every request before the other games was a Cassino one
)
