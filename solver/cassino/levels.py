"""Skill levels: named opponents from beginner to the full solver, and a continuous dial.

The dial runs from 0 to 100 through five anchor bots of :mod:`solver.cassino.bots`: random (0),
greedy (25), heuristic (50), a light solver (75) and the solver at the default hint budget
(100).  Between two anchors a bot plays the upper anchor's move with the probability of
its distance along the segment, else the lower anchor's (an epsilon mixture), so strength
rises with the dial; the draw is a pure function of the seed, the seat and the move number.
Every level decides from its seat's :class:`engine.cassino.View` only (R29).  The named
levels are points on the dial, calibrated on the ladder (``make ladder``, docs/ladder.md).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cassino import Move, State, View
from solver.cassino.bots import Bot, make_bot

__all__ = ["ANCHORS", "DEFAULT_LEVEL", "LEVELS", "DialBot", "LevelError", "dial_of",
           "level_bot", "level_spec", "make_player"]

ANCHORS: tuple[tuple[float, str], ...] = (
    (0.0, "random"),
    (25.0, "greedy"),
    (50.0, "heuristic"),
    (75.0, "solver:samples=8,min_samples=4,nodes=4000,seat_nodes=600"),
    (100.0, "solver"),
)
"""The dial's anchors: a dial value and the arena name of the bot it plays exactly."""

LEVELS: dict[str, float] = {
    "beginner": 10.0,
    "casual": 25.0,
    "club": 50.0,
    "expert": 75.0,
    "master": 100.0,
}
"""The named levels, weakest first, and their dial values."""

DEFAULT_LEVEL = "master"
DIAL_MIN, DIAL_MAX = 0.0, 100.0


class LevelError(ValueError):
    """An unknown level name or a dial value outside 0..100."""


def dial_of(level: str | float) -> float:
    """The dial value of a level name or of a number (0..100)."""
    if isinstance(level, str):
        if level not in LEVELS:
            raise LevelError(f"unknown level {level!r}: {', '.join(LEVELS)}, or a dial 0..100")
        return LEVELS[level]
    value = float(level)
    if not DIAL_MIN <= value <= DIAL_MAX:  # also refuses NaN
        raise LevelError(f"dial {level!r} is outside {DIAL_MIN:g}..{DIAL_MAX:g}")
    return value


def level_spec(level: str | float) -> str:
    """The arena name of a level: its own name, or ``dial:VALUE`` (short where that is the
    same number, ``dial:12``; else every digit, so the bot plays the dial given)."""
    if isinstance(level, str):
        dial_of(level)
        return level
    value = dial_of(level)
    short = f"{value:g}"
    return f"dial:{short if float(short) == value else repr(value)}"


def _segment(dial: float) -> tuple[int, float]:
    """The anchor below ``dial`` and the chance of playing the one above it."""
    for i in range(len(ANCHORS) - 1):
        lo, hi = ANCHORS[i][0], ANCHORS[i + 1][0]
        if dial < hi:
            return i, (dial - lo) / (hi - lo)
    return len(ANCHORS) - 1, 0.0


@dataclass
class DialBot:
    """A bot at dial ``dial``: the lower or upper anchor's move, drawn per move."""

    dial: float
    seed: int = 0
    name: str = ""
    cheats: bool = False

    def __post_init__(self) -> None:
        self.dial = dial_of(self.dial)
        self.name = self.name or f"dial:{self.dial:g}"
        self.low, self.up = _segment(self.dial)
        self._bots: dict[int, Bot] = {}

    def _bot(self, anchor: int) -> Bot:
        if anchor not in self._bots:
            self._bots[anchor] = make_bot(ANCHORS[anchor][1], self.seed)
        return self._bots[anchor]

    def anchor(self, view: View) -> int:
        """The anchor that plays this move: drawn from the seed, seat and move number."""
        if self.up == 0.0:
            return self.low
        rng = random.Random(f"dial/{self.seed}/{view.player}/{len(view.history)}")
        return self.low + 1 if rng.random() < self.up else self.low

    def choose(self, view: View, state: State | None = None) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self._bot(self.anchor(view)).choose(view)

    def claims(self, view: View) -> bool:
        """As the nearer anchor does: greedy and above claim exactly when right (T6, T7)."""
        return self._bot(self.low + 1 if self.up >= 0.5 else self.low).claims(view)


def level_bot(spec: str, seed: int = 0) -> DialBot:
    """A level's bot from its arena name: a level (``club``) or ``dial:VALUE``."""
    name, _, value = spec.partition(":")
    if name == "dial":
        try:
            number = float(value)
        except ValueError:
            raise LevelError(f"dial {value!r} is not a number") from None
        return DialBot(number, seed)
    return DialBot(dial_of(name), seed, name=name)


def make_player(spec: str, seed: int = 0) -> Bot:
    """Any player by its arena name: a level (``club``), ``dial:VALUE``, or a bot of
    :func:`solver.cassino.bots.make_bot` (``greedy``, ``solver:nodes=10000``...)."""
    name = spec.partition(":")[0]
    if name == "dial" or name in LEVELS:
        return level_bot(spec, seed)
    try:
        return make_bot(spec, seed)
    except ValueError as exc:
        if str(exc).startswith("unknown bot"):
            raise ValueError(f"{exc}, a level ({', '.join(LEVELS)}) or dial:0..100") from None
        raise
