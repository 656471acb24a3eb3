"""Point schemes (R26) and the scoring of capture piles, in the docs/api.md breakdown."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from engine.cards import ACE_MASK, BIG_CASSINO, FULL_DECK, LITTLE_CASSINO, SPADE_MASK
from engine.cassino.rules import STANDARD, Rules
from engine.errors import StateError, UnsupportedVariantError

__all__ = ["CATEGORIES", "POINT_CARDS", "SCHEMES", "Breakdown", "Category", "PlayerScore",
           "Points", "Scheme", "card_points", "least_points", "scheme", "score"]

Kind = Literal["most", "each", "difference"]


@dataclass(frozen=True, slots=True)
class Category:
    """One line of a point scheme: what is counted in a capture pile and what it scores."""

    key: str
    """Its key in a breakdown (docs/api.md "Score")."""
    name: str
    """Its words for people: "Most cards", "Big cassino"."""
    points: int
    """Points to the strict majority (``most``: a tie scores nothing), per item (``each``), or
    per item more than the other side has, to the side with more (``difference``, V2.1)."""
    kind: Kind
    mask: int | None
    """The cards counted; ``None`` for the sweeps (counted as they are made, R13)."""
    card: str | None = None
    """The one card the category is, when it is one ("10D"), for its label."""

    @property
    def each_item(self) -> bool:
        """Points per item taken (aces, sweeps), not for a majority or a single card."""
        return self.kind != "most" and (self.mask is None or self.mask.bit_count() > 1)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "name": self.name, "points": self.points,
                               "each": self.each_item}
        if self.kind == "difference":
            out["difference"] = True
        if self.card is not None:
            out["card"] = self.card
        return out


@dataclass(frozen=True, slots=True)
class Scheme:
    """A point scheme of a round (``Rules.scoring``): its categories in breakdown order."""

    name: str
    categories: tuple[Category, ...]

    def to_dicts(self) -> list[dict[str, Any]]:
        return [category.to_dict() for category in self.categories]


SCHEMES: dict[str, Scheme] = {
    "standard": Scheme("standard", (  # R26, and R13 for the sweeps
        Category("cards", "Most cards", 3, "most", FULL_DECK),
        Category("spades", "Most spades", 1, "most", SPADE_MASK),
        Category("aces", "Aces", 1, "each", ACE_MASK),
        Category("big_cassino", "Big cassino", 2, "each", 1 << BIG_CASSINO, "10D"),
        Category("little_cassino", "Little cassino", 1, "each", 1 << LITTLE_CASSINO, "2S"),
        Category("sweeps", "Sweeps", 1, "each", None),
    )),
}
"""Every implemented point scheme by its ``Rules.scoring`` name: the one place that writes
a point value.  The engine, the solver, the bots and (through ``GET /v1/variants``) the
clients read them here."""


@functools.cache
def scheme(rules: Rules) -> Scheme:
    """The point scheme of ``rules``, its sweeps worth ``rules.sweep_points`` (R13), and
    only their difference scoring where the variant says so (V2.1)."""
    found = SCHEMES.get(rules.scoring)
    if found is None:
        raise UnsupportedVariantError(
            f"the {rules.scoring!r} scoring of {rules.name!r} is not implemented")
    sweeps: Kind = "difference" if rules.extra.get("sweeps") == "difference" else "each"
    return Scheme(found.name, tuple(
        dataclasses.replace(c, points=rules.sweep_points, kind=sweeps) if c.mask is None else c
        for c in found.categories))


def card_points(rules: Rules) -> dict[int, int]:
    """The cards that score by themselves (``each`` categories) and what each is worth."""
    out: dict[int, int] = {}
    for category in scheme(rules).categories:
        if category.kind == "each" and category.mask is not None:
            for card in range(52):
                if category.mask >> card & 1:
                    out[card] = out.get(card, 0) + category.points
    return out


CATEGORIES = tuple(c.key for c in SCHEMES["standard"].categories)
POINT_CARDS = sum(1 << card for card in card_points(STANDARD))
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
    return [swept if c.mask is None else (pile & c.mask).bit_count()
            for c in SCHEMES["standard"].categories]


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


def _difference(counts: list[int], points: int) -> list[int]:
    """Only the difference scores, to the side with more (V2.1's sweeps)."""
    return [points * max(0, c - max(o for j, o in enumerate(counts) if j != i))
            for i, c in enumerate(counts)]


def _score_counts(counts: list[list[int]], rules: Rules) -> Breakdown:
    columns = []
    for column, category in enumerate(scheme(rules).categories):
        taken = [row[column] for row in counts]
        columns.append(_majority(taken, category.points) if category.kind == "most"
                       else _difference(taken, category.points)
                       if category.kind == "difference"
                       else [category.points * n for n in taken])
    players = []
    for i, row in enumerate(counts):
        points = Points(*(column[i] for column in columns))
        n_cards, n_spades, aces, big, little, swept = row
        players.append(PlayerScore(n_cards, n_spades, aces, big, little, swept, points,
                                   sum(points)))
    return Breakdown(tuple(players))
