"""Skill levels for every game (docs/ladder.md): named opponents from beginner to master
and a dial from 0 to 100 through a game's anchor bots.

A game's :class:`Ladder` names its anchors (a dial value and the arena name of the bot
that plays it exactly: random at 0, the solver at 100, its rule bots between) and its
levels, points on the dial, calibrated on the ladder (``make ladder``).  Between two
anchors a :class:`DialBot` plays the upper anchor's move with the probability of its place
along the segment, else the lower one's (an epsilon mixture), so strength rises with the
dial.  The draw is a pure function of the bot's seed, its seat and the view it moves from,
so the same view, dial and seed give the same move; the bot sees nothing but the view.
Cassino's levels (solver/cassino/levels.py) are the same idea with its claims.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from solver.games import Bot, House

__all__ = ["DIAL_MAX", "DIAL_MIN", "DialBot", "Ladder", "LevelError", "rule_ladder"]

DIAL_MIN, DIAL_MAX = 0.0, 100.0
LEVEL_NAMES = ("beginner", "casual", "club", "expert", "master")
"""Every game's level names, weakest first (the dial values are each game's)."""


class LevelError(ValueError):
    """An unknown level name or a dial value outside 0..100."""


@dataclass(frozen=True)
class Ladder:
    """A game's anchors and named levels (weakest first, each a dial value)."""

    anchors: tuple[tuple[float, str], ...]
    levels: Mapping[str, float]
    make: Callable[[str, int], Bot]
    """The game's own bots by arena name (``random``, ``greedy``, ``solver:...``)."""
    bots: tuple[str, ...] = field(default=())
    """The game's own house bots, which the levels join."""

    def __post_init__(self) -> None:
        values = [dial for dial, _ in self.anchors]
        if values[0] != DIAL_MIN or values[-1] != DIAL_MAX or values != sorted(values):
            raise ValueError("a ladder's anchors rise from 0 to 100")
        if tuple(self.levels) != LEVEL_NAMES:
            raise ValueError(f"a ladder names the levels {', '.join(LEVEL_NAMES)}")

    def dial_of(self, level: str | float) -> float:
        """The dial value of a level name or of a number (0..100)."""
        if isinstance(level, str):
            if level not in self.levels:
                raise LevelError(f"unknown level {level!r}: {', '.join(self.levels)}, or a "
                                 "dial 0..100")
            return self.levels[level]
        value = float(level)
        if not DIAL_MIN <= value <= DIAL_MAX:  # also refuses NaN
            raise LevelError(f"dial {level!r} is outside {DIAL_MIN:g}..{DIAL_MAX:g}")
        return value

    def segment(self, dial: float) -> tuple[int, float]:
        """The anchor below ``dial`` and the chance of playing the one above it."""
        for i in range(len(self.anchors) - 1):
            low, high = self.anchors[i][0], self.anchors[i + 1][0]
            if dial < high:
                return i, (dial - low) / (high - low)
        return len(self.anchors) - 1, 0.0

    def player(self, spec: str, seed: int = 0) -> Bot:
        """Any player by its arena name: a level (``club``), ``dial:VALUE``, or one of
        the game's own bots."""
        name, _, value = spec.partition(":")
        if name == "dial":
            try:
                number = float(value)
            except ValueError:
                raise LevelError(f"dial {value!r} is not a number") from None
            return DialBot(self, self.dial_of(number), seed)
        if name in self.levels:
            return DialBot(self, self.levels[name], seed, name=name)
        return self.make(spec, seed)

    def may_play(self, spec: str) -> tuple[str, ...]:
        """The anchors' arena names a player named ``spec`` may play (itself when it is one
        of the game's own bots): what its move may cost."""
        name, _, value = spec.partition(":")
        if name != "dial" and name not in self.levels:
            return (spec,)
        dial = self.levels[name] if name in self.levels else self.dial_of(float(value))
        low, up = self.segment(dial)
        return tuple(self.anchors[i][1] for i in ((low, low + 1) if up else (low,)))

    def house(self, bots: Callable[[str], tuple[str, ...]] | None = None,
              step: Callable[..., Any] | None = None) -> House:
        """The game's house: its own bots and the levels, the dial from 0 to 100."""
        own = self.bots

        def listed(variant: str) -> tuple[str, ...]:
            found = own if bots is None else bots(variant)
            return (*found, *(level for level in self.levels if level not in found))

        return House(bots=listed, make=self.player, levels=dict(self.levels),
                     dial=(DIAL_MIN, DIAL_MAX), dial_spec=dial_spec, ladder=self,
                     step=step)


def dial_spec(value: float) -> str:
    """The arena name of a dial value (``dial:12``, or every digit where needed)."""
    short = f"{value:g}"
    return f"dial:{short if float(short) == value else repr(value)}"


class DialBot:
    """A bot at ``dial`` on ``ladder``: the lower or upper anchor's move, drawn per move."""

    def __init__(self, ladder: Ladder, dial: float, seed: int = 0, name: str = "") -> None:
        self.ladder = ladder
        self.dial = ladder.dial_of(dial)
        self.seed = seed
        self.name = name or dial_spec(self.dial)
        self.low, self.up = ladder.segment(self.dial)
        self._bots: dict[int, Bot] = {}

    def _bot(self, anchor: int) -> Bot:
        if anchor not in self._bots:
            self._bots[anchor] = self.ladder.make(self.ladder.anchors[anchor][1], self.seed)
        return self._bots[anchor]

    def anchor(self, view: Any) -> int:
        """The anchor that plays from ``view``: drawn from the seed, the seat and the view."""
        if self.up == 0.0:
            return self.low
        seen = json.dumps(view.to_dict(), sort_keys=True, separators=(",", ":"))
        digest = hashlib.blake2b(seen.encode(), digest_size=8).hexdigest()
        rng = random.Random(f"dial/{self.seed}/{view.player}/{digest}")
        return self.low + 1 if rng.random() < self.up else self.low

    def anchor_name(self, view: Any) -> str:
        return self.ladder.anchors[self.anchor(view)][1]

    def choose(self, view: Any) -> Any:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self._bot(self.anchor(view)).choose(view)


def rule_ladder(make: Callable[[str, int], Bot], bots: tuple[str, ...]) -> Ladder:
    """The ladder of a game whose bots are random moves, a greedy rule and the solver (the
    meld games, docs/ladder.md): those three as anchors at 0, 50 and 100; the levels below
    master mix greedy with random moves (expert plays greedy's move nine times in ten),
    for a mixture of greedy and the solver played no better than greedy, and the solver
    beats greedy by a few points only (``make ladder``: each step up wins by two standard
    errors at least)."""
    return Ladder(anchors=((0.0, "random"), (50.0, "greedy"), (100.0, "solver")),
                  levels={"beginner": 10.0, "casual": 25.0, "club": 35.0, "expert": 45.0,
                          "master": 100.0},
                  make=make, bots=bots)
