"""The value of a hand cut short (RM12, RM18-RM23, RM26): each seat's expected points at
the end of the hand from the least deadwood of every hand now, a linear fit to greedy
self-play.

A seat's points at the end of a hand played by the greedy rule were regressed on the
difference between the others' mean deadwood and its own, and on whether it moves next
(+1) or not (-1), at every turn of 400 greedy hands of each variant (game seeds
10000-10399, about 10,000 and 12,000 observations): Poker Rum
``0.466 * diff + 2.09 * next``, Poker Gin ``0.344 * diff + 1.41 * next`` (the settlement
is the difference of the counts at the show-down, RM18, RM23, and the counts fall as the
hand goes on: hence a slope under one).  The fit explains a sixth of the variance of a
hand's points; the search needs it only to compare moves played out in the same world.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rummy import Rules

__all__ = ["FIT", "estimate"]

FIT = {"poker-rum": (0.466, 2.09), "poker-gin": (0.344, 1.41),
       "poker-gin-caller": (0.344, 1.41)}
"""Slope on the deadwood difference and the value of moving next, by variant (Poker Gin's
two readings share the fit: it was made at two seats, where they settle alike, RM23)."""


def estimate(rules: Rules, deadwood: Sequence[int], scores: Sequence[int],
             to_move: int) -> tuple[float, ...]:
    """Each seat's expected points at the end of the hand: the points already won or paid
    (RM24) and the fit on the hands' least deadwood (RM12) and who moves next."""
    slope, tempo = FIT.get(rules.name, FIT["poker-rum"])
    n = len(deadwood)
    total = sum(deadwood)
    out = []
    for seat, mine in enumerate(deadwood):
        others = (total - mine) / (n - 1)
        lead = 1.0 if seat == to_move else -1.0 / (n - 1)
        out.append(scores[seat] + slope * (others - mine) + tempo * lead)
    return tuple(out)
