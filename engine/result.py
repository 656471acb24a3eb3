"""A game's result, one form for every game (docs/api.md "Results"): whether it is over,
who won, and the points per seat."""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Result"]


class Result(NamedTuple):
    """``over``: the game (or hand) has ended; ``winners``: the seats that won, ascending
    (partners together; empty while it is played, or when nobody won); ``points``: each
    seat's points as they stand, final once it is over (partners alike)."""

    over: bool
    winners: tuple[int, ...]
    points: tuple[int, ...]

    @classmethod
    def settled(cls, over: bool, points: tuple[int, ...]) -> Result:
        """The result of a game that settles in points: once over, the seats with the most
        points won, when some seat gained (a drawn hand, all zeros, has no winner)."""
        best = max(points, default=0)
        winners = tuple(s for s, p in enumerate(points) if p == best) if over and best > 0 \
            else ()
        return cls(over, winners, points)

    def to_dict(self) -> dict[str, Any]:
        return {"over": self.over, "winners": list(self.winners), "points": list(self.points)}
