"""What a game's end is worth to each seat, by the game's result kind
(:data:`engine.games.ResultKind`; docs/solver.md "Values by result kind").

Every game's search values a world's end, or its estimate of the end, from here, and its
answer's ``expected_points`` are told back from the viewer's equity here:

* ``points``: each seat scores by itself (Cassino's round points, R26); a seat's value is
  its points less the mean of the others' (with two seats, the difference);
* ``team-points``: partners share their points (Cassino's partnerships, V6.2); a seat's
  value is its side's points less the mean of the other sides' (two teams: the margin);
* ``settlement``: points the seats pay one another, adding up to zero (Conquian's counters
  Q21, the rummy games' settlement RM26); a seat's value is its own points;
* ``score``: a solitaire's score; the value is the score itself (so a hint's equity is
  the expected final score);
* ``win``: 1 for a seat that won, 0 else (so a hint's equity is the chance of winning).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.games import GameType, ResultKind, engine_of, get_game
from engine.result import Result

__all__ = ["KINDS", "Value", "margin", "own", "value_at", "value_of"]

KINDS: tuple[ResultKind, ...] = ("points", "team-points", "settlement", "score", "win")


def margin(points: Sequence[float], side: int) -> float:
    """A side's points less the mean of the other sides' (``points`` one item per side):
    with two sides the difference, with three own points less the mean of the two others
    (V7).  The margins of all sides sum to zero."""
    n = len(points)
    mine = points[side]
    return mine - (sum(points) - mine) / (n - 1)


def own(points: Sequence[float], seat: int) -> float:
    """A seat's own points (a settlement's, a solitaire's score, a win's 1 or 0)."""
    return float(points[seat])


@dataclass(frozen=True, slots=True)
class Value:
    """How the ends of one variant, at its number of seats, are worth to each seat."""

    kind: ResultKind
    teams: tuple[tuple[int, ...], ...]
    """The seats that score together (each seat alone but for ``team-points``)."""
    sides: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Each seat's side: its team's index."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown result kind {self.kind!r}; known: {', '.join(KINDS)}")
        if self.kind in ("points", "team-points") and len(self.teams) < 2:
            raise ValueError(f"{self.kind}: a margin needs two sides or more")
        sides = [0] * sum(len(team) for team in self.teams)
        for side, team in enumerate(self.teams):
            for seat in team:
                sides[seat] = side
        object.__setattr__(self, "sides", tuple(sides))

    @property
    def seats(self) -> int:
        return len(self.sides)

    @property
    def seat(self) -> Callable[[Sequence[float], int], float]:
        """``(points per seat, seat)`` -> the seat's value: the function itself, for a
        search's leaves (``margin`` or ``own``; team points are read per side first)."""
        if self.kind == "points":
            return margin
        if self.kind == "team-points":
            return self.of
        return own

    def of(self, points: Sequence[float], seat: int) -> float:
        """Seat ``seat``'s value of an end (or an estimate of it) giving ``points`` per
        seat (partners alike with team points; a win's 1 or 0, or its chance)."""
        if self.kind == "team-points":
            return margin([points[team[0]] for team in self.teams], self.sides[seat])
        return self.seat(points, seat)

    def of_result(self, result: Result, seat: int) -> float:
        """Seat ``seat``'s value of a finished game (a win's from its winners)."""
        if self.kind == "win":
            return float(seat in result.winners)
        return self.of(result.points, seat)

    def expected(self, equity: float, seat: int, total: float | None = None) -> list[float]:
        """Each seat's expected points (the answer's ``expected_points``, rounded) given
        seat ``seat``'s equity: a margin's sides share ``total`` (the expected points of
        all sides together), its own side ``equity`` ahead of the others' mean; a
        settlement's others pay an even share of the seat's gain; a win's others share
        the chance it leaves.  A solitaire's is its own."""
        n = self.seats
        if self.kind in ("points", "team-points"):
            if total is None:
                raise ValueError(f"{self.kind}: the expected total is needed")
            count = len(self.teams)
            mine = ((count - 1) * equity + total) / count
            theirs = (total - mine) / (count - 1)
            hero = self.sides[seat]
            return [round(mine if side == hero else theirs, 3) for side in self.sides]
        if n == 1:
            return [round(equity, 3)]
        if self.kind == "settlement":
            others = -equity / (n - 1)
        elif self.kind == "win":
            others = (1.0 - equity) / (n - 1)
        else:
            raise ValueError("score: the other seats' scores are not told by one equity")
        return [round(equity if s == seat else others, 3) for s in range(n)]


@functools.lru_cache(maxsize=256)
def value_of(game: GameType, variant: str, seats: int | None = None) -> Value:
    """The value of ``game``'s ``variant`` (its result kind, :meth:`GameType.result_of`)
    at ``seats`` seats (the variant's own number when ``None``; a variant whose seats each
    play alone may be played by more or fewer).  A ``points`` variant played by one seat
    is a solitaire, valued as a ``score`` (its points themselves)."""
    info = game.variant(variant)
    kind = game.result_of(variant)
    teams = info.teams
    count = info.seats if seats is None else seats
    if sum(len(team) for team in teams) != count:
        if any(len(team) != 1 for team in teams):
            raise ValueError(f"{variant}: its teams are for {info.seats} seats, not {count}")
        teams = tuple((seat,) for seat in range(count))
    if kind == "points" and count == 1:  # a points game played alone is a solitaire
        kind = "score"
    return Value(kind, teams)


def value_at(position: Any) -> Value:
    """The value of a state's or a view's game (engine.protocols: its ``game``, its
    ``variant``, its number of seats)."""
    return value_of(get_game(position.game), position.variant,
                    engine_of(position.game).seat_count(position))
