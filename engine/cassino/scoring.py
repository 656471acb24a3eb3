"""Point schemes (R26) and the scoring of capture piles, in the docs/api.md breakdown."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from engine.cards import ACE_MASK, BIG_CASSINO, FULL_DECK, LITTLE_CASSINO, SPADE_MASK, make_card
from engine.cassino.game import sides, teams
from engine.cassino.rules import STANDARD, Rules
from engine.errors import StateError, UnsupportedVariantError

__all__ = ["POINT_CARDS", "SCHEMES", "Breakdown", "Category", "PlayerScore", "Points", "Scheme",
           "card_points", "least_points", "point_cards", "scheme", "score", "side_piles"]

Kind = Literal["most", "each", "difference"]

JACK_OF_SPADES = make_card(11, 0)  # J♠ (V4.1)


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
    "spade": Scheme("spade", (  # V4.1: 24 a hand plus the sweeps
        Category("cards", "Most cards", 3, "most", FULL_DECK),
        Category("spades", "Spades", 1, "each", SPADE_MASK),
        Category("aces", "Aces", 1, "each", ACE_MASK),
        Category("big_cassino", "Big cassino", 2, "each", 1 << BIG_CASSINO, "10D"),
        Category("little_cassino", "Little cassino", 1, "each",
                 1 << LITTLE_CASSINO, "2S"),
        Category("jack_of_spades", "Jack of spades", 1, "each",
                 1 << JACK_OF_SPADES, "JS"),
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


@functools.cache
def card_points(rules: Rules) -> dict[int, int]:
    """The cards that score by themselves (``each`` categories) and what each is worth."""
    out: dict[int, int] = {}
    for category in scheme(rules).categories:
        if category.kind == "each" and category.mask is not None:
            for card in range(52):
                if category.mask >> card & 1:
                    out[card] = out.get(card, 0) + category.points
    return out


@functools.cache
def point_cards(rules: Rules) -> int:
    """The set of the cards that score by themselves when taken (R26: the aces, 10♦ and
    2♠; V4.1: every spade too)."""
    return sum(1 << card for card in card_points(rules))


POINT_CARDS = point_cards(STANDARD)
"""The cards that score by themselves when taken (R26): the aces, 10♦ and 2♠."""


class Points:
    """Numbers by category key, in the scheme's order (R26): ``points.aces``,
    ``points._asdict()``; iterating gives the numbers.  The counts of a pile and the points
    they make are both kept so."""

    __slots__ = ("_keys", "_values")

    def __init__(self, keys: tuple[str, ...], values: tuple[int, ...]) -> None:
        self._keys = keys
        self._values = values

    def __getattr__(self, key: str) -> int:
        if key.startswith("_"):
            raise AttributeError(key)
        try:
            return self._values[self._keys.index(key)]
        except ValueError:
            raise AttributeError(key) from None

    def __iter__(self) -> Iterator[int]:
        return iter(self._values)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Points) and (self._keys, self._values) == (other._keys,
                                                                           other._values)

    def __hash__(self) -> int:
        return hash((self._keys, self._values))

    def __repr__(self) -> str:
        return f"Points({', '.join(f'{k}={v}' for k, v in self._asdict().items())})"

    def _asdict(self) -> dict[str, int]:
        return dict(zip(self._keys, self._values, strict=True))


class PlayerScore(NamedTuple):
    """One player's counts by category, the points they make, and their total; a count is
    also an attribute (``player.spades``)."""

    counts: Points
    points: Points
    total: int

    def __getattr__(self, key: str) -> int:
        if key.startswith("_"):
            raise AttributeError(key)
        return getattr(self.counts, key)  # type: ignore[no-any-return]

    def to_dict(self) -> dict[str, Any]:
        return {**self.counts._asdict(), "points": self.points._asdict(), "total": self.total}


class Breakdown(NamedTuple):
    """The score breakdown of every side (docs/api.md "Score"): one entry per player, per
    team in partnership (V6.2)."""

    players: tuple[PlayerScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(p.total for p in self.players)

    def to_dict(self) -> dict[str, Any]:
        return {"players": [p.to_dict() for p in self.players]}

    @classmethod
    def from_dict(cls, data: Any, rules: Rules, *, field: str = "previous_round") -> Breakdown:
        """Read a breakdown of a complete round: its counts decide it, and given points
        must agree with them."""
        if not isinstance(data, dict) or not isinstance(data.get("players"), list) \
                or len(data["players"]) != sides(rules):
            raise StateError(f"{field} must be {{\"players\": [...]}} with {sides(rules)} "
                             "entries, one per side (R26, V6.2)", field=field)
        categories = scheme(rules).categories
        counts = []
        for i, player in enumerate(data["players"]):
            where = f"{field}.players[{i}]"
            if not isinstance(player, dict):
                raise StateError(f"{where} must be an object", field=where)
            row = []
            for category in categories:
                value = player.get(category.key)
                if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 52:
                    raise StateError(f"{where}.{category.key} must be an integer from 0 to 52",
                                     field=f"{where}.{category.key}")
                row.append(value)
            counts.append(row)
        for column, category in enumerate(categories):  # R24: a round takes every card
            if category.mask is None:
                continue
            taken = sum(row[column] for row in counts)
            whole = category.mask.bit_count()
            if taken != whole:
                raise StateError(f"{field}: the players took {taken} "
                                 f"{category.key.replace('_', ' ')} in all, but a round takes "
                                 f"{whole} (R24, R26)", field=f"{field}.players", rule="R24")
        result = _score_counts(counts, rules)
        if result.to_dict() != _with_defaults(data, result):
            raise StateError(f"{field}: points or totals do not follow from the counts (R26)",
                             field=field, rule="R26")
        return result


def _with_defaults(data: dict[str, Any], result: Breakdown) -> dict[str, Any]:
    """``data`` with omitted ``points``/``total`` taken from ``result`` (they are derived)."""
    players = []
    for given, derived in zip(data["players"], result.players, strict=True):
        row = {key: given[key] for key in derived.counts._asdict()}
        row["points"] = given.get("points", derived.points._asdict())
        row["total"] = given.get("total", derived.total)
        players.append(row)
    return {"players": players}


@functools.cache
def least_points(rules: Rules) -> int:
    """The fewest points a complete round can award in all (R26): every card that scores
    by itself, no sweep, and each majority that some split of its cards cannot tie at the
    top among the sides (V7.2: with three, every majority can tie)."""
    n = sides(rules)
    least = 0
    for category in scheme(rules).categories:
        if category.mask is None:
            continue
        count = category.mask.bit_count()
        if category.kind == "each":
            least += category.points * count
        elif category.kind == "most" and not any(2 * top <= count <= n * top
                                                 for top in range(1, count + 1)):
            least += category.points
    return least


def score(captured: tuple[int, ...], sweeps: tuple[int, ...], rules: Rules, *,
          majorities: bool = True) -> Breakdown:
    """The breakdown of the capture piles (one per seat) as they stand (R26), one entry per
    side: partners' piles are counted together (V6.2).  Without ``majorities`` the
    ``most`` categories score nothing yet (V4.4: the cards majority enters only at the end
    of the hand)."""
    if rules.partnerships:
        captured, sweeps = side_piles(captured, sweeps, rules)
    categories = scheme(rules).categories
    counts = [[swept if c.mask is None else (pile & c.mask).bit_count() for c in categories]
              for pile, swept in zip(captured, sweeps, strict=True)]
    return _score_counts(counts, rules, majorities)


def side_piles(captured: tuple[int, ...], sweeps: tuple[int, ...],
               rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each side's pile and sweeps: the union of its seats' piles, the sum of their sweeps
    (V6.2)."""
    piles, swept = [], []
    for seats in teams(rules):
        pile = 0
        for seat in seats:
            pile |= captured[seat]
        piles.append(pile)
        swept.append(sum(sweeps[seat] for seat in seats))
    return tuple(piles), tuple(swept)


def _majority(counts: list[int], points: int) -> list[int]:
    """The strict majority scores ``points``: more than every other side; a tie at the top
    scores nothing (R26, V7.2)."""
    best = max(counts)
    if counts.count(best) > 1:
        return [0] * len(counts)
    return [points if c == best else 0 for c in counts]


def _difference(counts: list[int], points: int) -> list[int]:
    """Only the difference scores, to the side with more (V2.1's sweeps)."""
    return [points * max(0, c - max(o for j, o in enumerate(counts) if j != i))
            for i, c in enumerate(counts)]


def _score_counts(counts: list[list[int]], rules: Rules, majorities: bool = True) -> Breakdown:
    categories = scheme(rules).categories
    keys = tuple(c.key for c in categories)
    columns = []
    for column, category in enumerate(categories):
        taken = [row[column] for row in counts]
        if category.kind == "most":
            columns.append(_majority(taken, category.points) if majorities
                           else [0] * len(taken))
        elif category.kind == "difference":
            columns.append(_difference(taken, category.points))
        else:
            columns.append([category.points * n for n in taken])
    players = []
    for i, row in enumerate(counts):
        points = tuple(column[i] for column in columns)
        players.append(PlayerScore(Points(keys, tuple(row)), Points(keys, points),
                                   sum(points)))
    return Breakdown(tuple(players))
