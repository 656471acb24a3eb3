"""Scoring of capture piles (R26), in the docs/api.md breakdown."""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

from engine.cards import ACE_MASK, BIG_CASSINO, FULL_DECK, LITTLE_CASSINO, SPADE_MASK
from engine.errors import StateError
from engine.rules import Rules

__all__ = ["CATEGORIES", "POINT_CARDS", "Breakdown", "PlayerScore", "Points", "least_points",
           "score"]

CATEGORIES = ("cards", "spades", "aces", "big_cassino", "little_cassino", "sweeps")
POINT_CARDS = ACE_MASK | 1 << BIG_CASSINO | 1 << LITTLE_CASSINO
"""The cards that score by themselves when taken (R26): the aces, 10♦ and 2♠."""


class Points(NamedTuple):
    """Points by category (R26)."""

    cards: int
    spades: int
    aces: int
    big_cassino: int
    little_cassino: int
    sweeps: int


class PlayerScore(NamedTuple):
    """One player's counts, the points they make, and their total."""

    cards: int
    spades: int
    aces: int
    big_cassino: int
    little_cassino: int
    sweeps: int
    points: Points
    total: int

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {key: getattr(self, key) for key in CATEGORIES}
        out["points"] = self.points._asdict()
        out["total"] = self.total
        return out


class Breakdown(NamedTuple):
    """The score breakdown of every player (docs/api.md "Score")."""

    players: tuple[PlayerScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(p.total for p in self.players)

    def to_dict(self) -> dict[str, Any]:
        return {"players": [p.to_dict() for p in self.players]}

    @classmethod
    def from_dict(cls, data: Any, rules: Rules, *, field: str = "previous_round") -> Breakdown:
        """Read a breakdown: its counts decide it, and given points must agree with them."""
        if not isinstance(data, dict) or not isinstance(data.get("players"), list) \
                or len(data["players"]) != rules.players:
            raise StateError(f"{field} must be {{\"players\": [...]}} with {rules.players} entries",
                             field=field)
        counts = []
        for i, player in enumerate(data["players"]):
            where = f"{field}.players[{i}]"
            if not isinstance(player, dict):
                raise StateError(f"{where} must be an object", field=where)
            row = []
            for key in CATEGORIES:
                value = player.get(key)
                if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 52:
                    raise StateError(f"{where}.{key} must be an integer from 0 to 52",
                                     field=f"{where}.{key}")
                row.append(value)
            counts.append(row)
        for column, key in enumerate(CATEGORIES[:5]):  # R24: a round ends with every card taken
            taken = sum(row[column] for row in counts)
            if taken != PACK_COUNTS[column]:
                raise StateError(f"{field}: the players took {taken} {key.replace('_', ' ')} in "
                                 f"all, but a round takes {PACK_COUNTS[column]} (R24, R26)",
                                 field=f"{field}.players", rule="R24")
        result = _score_counts(counts, rules)
        if result.to_dict() != _with_defaults(data, result):
            raise StateError(f"{field}: points or totals do not follow from the counts (R26)",
                             field=field, rule="R26")
        return result


def _with_defaults(data: dict[str, Any], result: Breakdown) -> dict[str, Any]:
    """``data`` with omitted ``points``/``total`` taken from ``result`` (they are derived)."""
    players = []
    for given, derived in zip(data["players"], result.players, strict=True):
        row = {key: given[key] for key in CATEGORIES}
        row["points"] = given.get("points", derived.points._asdict())
        row["total"] = given.get("total", derived.total)
        players.append(row)
    return {"players": players}


def _counts(pile: int, swept: int) -> list[int]:
    """A capture pile's counts in :data:`CATEGORIES` order."""
    return [pile.bit_count(), (pile & SPADE_MASK).bit_count(), (pile & ACE_MASK).bit_count(),
            pile >> BIG_CASSINO & 1, pile >> LITTLE_CASSINO & 1, swept]


PACK_COUNTS = _counts(FULL_DECK, 0)[:5]
"""What the whole pack holds of each counted category: 52 cards, 13 spades, 4 aces..."""


@functools.cache
def least_points(rules: Rules) -> int:
    """The fewest points a complete round can award in all (R26): the pack split as evenly
    as it goes, so that every majority that can tie does."""
    piles = (sum(1 << c for c in range(0, 52, 2)), sum(1 << c for c in range(1, 52, 2)))
    return sum(score(piles, (0,) * len(piles), rules).totals)


def score(captured: tuple[int, ...], sweeps: tuple[int, ...], rules: Rules) -> Breakdown:
    """The breakdown of the capture piles as they stand (R26)."""
    counts = [_counts(pile, swept) for pile, swept in zip(captured, sweeps, strict=True)]
    return _score_counts(counts, rules)


def _majority(counts: list[int], points: int) -> list[int]:
    """The strict majority scores ``points``; a tie at the top scores nothing (R26)."""
    best = max(counts)
    if counts.count(best) > 1:
        return [0] * len(counts)
    return [points if c == best else 0 for c in counts]


def _score_counts(counts: list[list[int]], rules: Rules) -> Breakdown:
    cards = _majority([row[0] for row in counts], 3)
    spades = _majority([row[1] for row in counts], 1)
    players = []
    for i, (n_cards, n_spades, aces, big, little, swept) in enumerate(counts):
        points = Points(cards[i], spades[i], aces, 2 * big, little, rules.sweep_points * swept)
        players.append(PlayerScore(n_cards, n_spades, aces, big, little, swept, points,
                                   sum(points)))
    return Breakdown(tuple(players))
