"""Rules as a value: the options that distinguish the variants of docs/rules/README.md.

``standard`` is the rule card (R1-R29).  The book's variants V1-V7 are presets that
differ from it only in these options; a preset is ``playable`` once the engine
implements every option it sets.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal

from engine.errors import UnsupportedVariantError

__all__ = ["STANDARD", "VARIANTS", "Rules", "get_rules"]

Scoring = Literal["standard", "spade"]
Counting = Literal["round", "eleven_up", "deal", "count_out", "pegged"]


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option a variant may change, with the ``standard`` values as defaults."""

    name: str = "standard"
    description: str = "Two-player Cassino, strict building, 1-point sweeps (the rule card)."
    playable: bool = True
    players: int = 2
    """Seats at the table (R3; V6 and V7 have 4 and 3)."""
    partnerships: bool = False
    """Partners sit opposite and may build on each other's declared value (V6)."""
    hand_size: int = 4
    """Cards dealt to each player per batch (R4, R5)."""
    table_size: int = 4
    """Loose cards dealt to the table at the start of a round (R4)."""
    court_values: tuple[int, int, int] = (0, 0, 0)
    """Numeral values of J, Q, K; 0 means a court card has none (R1; V3: 11, 12, 13)."""
    ace_value: int = 1
    """Numeral value of an ace (R1; V3 may use 14)."""
    court_captures_all: bool = False
    """A court card pairs every loose card of its rank instead of exactly one (R10; V1.1)."""
    pairing_takes_all: bool = False
    """A numeral capture that takes a loose card of its own rank takes every loose card of
    that rank (V1.1); combinations and builds stay optional (R11)."""
    max_build: int = 10
    """Highest build value (R17; V3: 13)."""
    draw_after_play: bool = False
    """Each player draws from the stock after each play instead of batches (V5)."""
    target_score: int = 21
    """Cumulative total that ends the game (R27; V1.2: 11, V4.3: 61); 0 when every round is a
    game (V1.3)."""
    counting: Counting = "round"
    """How points reach the total and when the game ends (:mod:`engine.cassino.counting`):
    after each round (R27), 11 up (V1.2), every round a game (V1.3), counted out (V2),
    pegged as taken (V4)."""
    scoring: Scoring = "standard"
    """Point scheme of a round (R26; V4 scores every spade)."""
    sweep_points: int = 1
    """Points per sweep (R13)."""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    """Variant-specific notes (e.g. V1's lurch), informational until implemented; the
    twenty-one presets' keys are read by :mod:`engine.cassino.count_out` (V2)."""
    values: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    """Numeral value of each card 0..51 under these rules (0: no numeral value); derived."""
    numerals: int = field(init=False, repr=False, compare=False, hash=False)
    """The set of cards with a numeral value; derived."""
    max_value: int = field(init=False, repr=False, compare=False, hash=False)
    """The highest numeral value of a card (10; 13 in V3, 14 with aces high); derived."""
    upto: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    """``upto[v]``: the set of numerals worth at most ``v``, for ``v`` from 0 to the highest
    card or build value; derived."""
    build_values: range = field(init=False, repr=False, compare=False, hash=False)
    """The values a build may announce, 1 to ``max_build`` (R17); derived."""
    memo: dict[int, list[int] | None] = field(init=False, repr=False, compare=False, hash=False)
    """Subset-sum results for these rules (:mod:`engine.cassino.sums`); a cache, not a rule."""

    def __post_init__(self) -> None:
        by_rank = (self.ace_value, 2, 3, 4, 5, 6, 7, 8, 9, 10, *self.court_values)
        values = tuple(by_rank[c >> 2] for c in range(52))
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "numerals", sum(1 << c for c in range(52) if values[c]))
        object.__setattr__(self, "max_value", max(values))
        top = max(self.max_value, self.max_build)
        upto = tuple(sum(1 << c for c in range(52) if 0 < values[c] <= v) for v in range(top + 1))
        object.__setattr__(self, "upto", upto)
        object.__setattr__(self, "build_values", range(1, self.max_build + 1))
        object.__setattr__(self, "memo", {})

    def card_values(self) -> tuple[int, ...]:
        """Numeral value of each card 0..51 under these rules (0: no numeral value)."""
        return self.values

    def to_dict(self) -> dict[str, Any]:
        """The rule options as JSON-ready data."""
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.init}
        data["court_values"] = list(self.court_values)
        data["extra"] = dict(self.extra)
        return data


STANDARD = Rules()

COUNT_OUT_ORDER = ["cards", "spades", "big_cassino", "little_cassino", "AS", "AC", "AH", "AD",
                   "sweeps"]
"""V2.1's order of counting out (docs/rules/twenty-one.md T2): category keys of the point
scheme, or single cards of a category (the aces, one at a time)."""

VARIANTS: dict[str, Rules] = {
    rules.name: rules
    for rules in (
        STANDARD,
        Rules(name="classic", court_captures_all=True, pairing_takes_all=True, target_score=11,
              counting="eleven_up",
              description="The book's two-hand game: a pair takes every loose card of its "
                          "rank; 11 up, only the difference of the round scores counts, a "
                          "lurch is a double game (V1).",
              extra={"lurch": "the winner reaches 11 while the loser has 5 or less: game "
                              "value 2"}),
        Rules(name="classic-deal", court_captures_all=True, pairing_takes_all=True,
              target_score=0, counting="deal",
              description="The book's two-hand game, every round a game: the higher round "
                          "score wins by the difference; equal scores draw (V1.3)."),
        Rules(name="twenty-one", counting="count_out",
              description="21-point game: nothing scores during the hand; the points count "
                          "out in a fixed order at its end, the first to 21 wins (V2.1).",
              extra={"count_out_order": COUNT_OUT_ORDER, "sweeps": "difference"}),
        Rules(name="twenty-one-claims", counting="count_out",
              description="21-point game with counting out: either player may claim the game "
                          "at any moment; a wrong claim loses (V2.2, V2.3).",
              extra={"claims": True, "raise_target": 11}),
        Rules(name="royal", court_values=(11, 12, 13), max_build=13,
              description="J=11, Q=12, K=13 as numerals; builds up to 13 (V3)."),
        Rules(name="royal-14", court_values=(11, 12, 13), ace_value=14, max_build=14,
              description="Royal with aces high: A=14, J=11, Q=12, K=13 as numerals; builds "
                          "up to 14 (V3.2)."),
        Rules(name="spade", scoring="spade", target_score=61, counting="pegged",
              description="Every spade scores 1, J♠ one more; pegged as taken; game 61 (V4)."),
        Rules(name="draw", draw_after_play=True,
              description="One deal, then each player draws after each play (V5)."),
        Rules(name="partnership", players=4, partnerships=True,
              description="Four players, partners opposite (0 and 2 against 1 and 3), scoring "
                          "as teams; a player may build on his partner's build of a value "
                          "without holding it (V6)."),
        Rules(name="three-hand", players=3,
              description="Three players, each for himself; a majority scores only when "
                          "strictly ahead of both others (V7)."),
    )
}


def get_rules(variant: str) -> Rules:
    """The rules of a playable variant; :class:`UnsupportedVariantError` otherwise."""
    rules = VARIANTS.get(variant)
    if rules is None:
        raise UnsupportedVariantError(
            f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}", field="variant")
    if not rules.playable:
        raise UnsupportedVariantError(
            f"variant {variant!r} is declared but not playable yet; use 'standard'",
            field="variant")
    return rules
