"""What every seat sees of a game (SC24): each seat's counted deals, and from them the
deal being played, the holes, whether the game is over, who won and the games settled
(SC11, SC20-SC23, SCD5-SCD8, SCD11).  A state and a view both derive these from here."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.cards import card_name
from engine.result import Result
from engine.solitaire_cribbage.counting import Count, count, heels
from engine.solitaire_cribbage.rules import DEALS, DOUBLE, GAME_HOLE, PARTNERS, TEAMS

__all__ = ["Counted", "Table", "counted", "last_counted"]


class Counted(NamedTuple):
    """One seat's count of one deal (SC7) or of the last hand (``deal`` 7, SC10)."""

    deal: int
    hand: tuple[int, ...]
    """The four cards kept (the last hand's four), sorted."""
    laid: tuple[int, ...]
    """The two laid away to the crib (none at the last hand), sorted."""
    crib: tuple[int, ...]
    """The crib's four, sorted (none at the last hand)."""
    starter: int | None
    hand_count: Count
    crib_count: Count | None
    heels: int

    @property
    def points(self) -> int:
        return self.hand_count.total + (self.crib_count.total if self.crib_count else 0) \
            + self.heels

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "hand": [card_name(c) for c in self.hand],
                "laid": [card_name(c) for c in self.laid],
                "crib": [card_name(c) for c in self.crib],
                "starter": None if self.starter is None else card_name(self.starter),
                "hand_points": self.hand_count.to_dict(),
                "crib_points": None if self.crib_count is None else self.crib_count.to_dict(),
                "heels": self.heels, "points": self.points}


def counted(deal: int, kept: tuple[int, ...], laid: tuple[int, ...], dealt: tuple[int, ...],
            starter: int) -> Counted:
    """SC7: deal ``deal`` counted: his heels, the hand ``kept`` with the starter, the crib
    (``laid`` and the two ``dealt`` to it) with the starter."""
    crib = tuple(sorted((*laid, *dealt)))
    return Counted(deal, tuple(sorted(kept)), tuple(sorted(laid)), crib, starter,
                   count(tuple(sorted(kept)), starter), count(crib, starter, crib=True),
                   heels(starter))


def last_counted(cards: tuple[int, ...]) -> Counted:
    """SC10, SCD9: the four cards left, counted as a hand without a starter."""
    hand = tuple(sorted(cards))
    return Counted(DEALS + 1, hand, (), (), None, count(hand, None), None, 0)


@dataclass(frozen=True)
class Table:
    """The public record of a game: its variant and each seat's counted deals, in order
    (what follows from them is worked out once)."""

    variant: str
    counts: tuple[tuple[Counted, ...], ...]

    @property
    def seats(self) -> int:
        return len(self.counts)

    @functools.cached_property
    def holes(self) -> tuple[int, ...]:
        """Each seat's holes pegged (SC7)."""
        return tuple(sum(c.points for c in seat) for seat in self.counts)

    @functools.cached_property
    def dealt(self) -> int:
        """The deals counted so far (the last hand not among them)."""
        return min(sum(c.deal <= DEALS for c in seat) for seat in self.counts)

    @functools.cached_property
    def reached(self) -> bool:
        """SC20, SCD5: a seat has reached the game (the partners play the pack out,
        SCD8)."""
        return self.variant != PARTNERS and max(self.holes) >= GAME_HOLE

    @functools.cached_property
    def over(self) -> bool:
        """SC10, SC20, SCD5: the last hand is counted, or a seat has reached 91."""
        return any(c.deal > DEALS for seat in self.counts for c in seat) or self.reached

    @functools.cached_property
    def deal(self) -> int:
        """The deal being played (1 to 6); 7 once the pack is out."""
        return min(self.dealt + 1, DEALS + 1)

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """SC23: the partners together; each seat alone otherwise."""
        if self.variant == PARTNERS:
            return TEAMS
        return tuple((s,) for s in range(self.seats))

    def side_holes(self) -> list[int]:
        holes = self.holes
        return [sum(holes[s] for s in side) for side in self.sides()]

    def winners(self) -> tuple[int, ...]:
        """SC11, SC20, SC22, SCD6: the solitaire is won at 91; else the side with the most
        holes wins, a tie at the top a drawn game (none)."""
        if not self.over:
            return ()
        holes = self.side_holes()
        if self.seats == 1:
            return (0,) if holes[0] >= GAME_HOLE else ()
        best = max(holes)
        top = [i for i, h in enumerate(holes) if h == best]
        return tuple(sorted(self.sides()[top[0]])) if len(top) == 1 else ()

    def games(self) -> list[int]:
        """SC21, SCD7, SCD8: the games settled: a winner takes one game from each loser,
        two from a loser who had not passed 60 when the winner reached 91 (never between
        partners); the solitaire settles none."""
        out = [0] * self.seats
        won = self.winners()
        if self.seats == 1 or not won:
            return out
        holes = self.holes
        for side in self.sides():
            if side[0] in won:
                continue
            for loser in side:
                partner_game = self.variant == PARTNERS
                stake = 2 if not partner_game and holes[won[0]] >= GAME_HOLE and \
                    holes[loser] <= DOUBLE else 1
                for winner in won:
                    if partner_game:  # side against side: one game a seat
                        continue
                    out[winner] += stake
                out[loser] -= stake
        if self.variant == PARTNERS:
            for winner in won:
                out[winner] = 1
        return out

    def result(self) -> Result:
        """SCD11: won or lost (the result kind ``win``); the points are the holes, the
        partners' added (alike for both)."""
        if self.variant == PARTNERS:
            side = self.side_holes()
            points = tuple(side[0 if s in TEAMS[0] else 1] for s in range(self.seats))
        else:
            points = self.holes
        return Result(self.over, self.winners(), points)

    def to_dict(self) -> dict[str, Any]:
        return {"counts": [[c.to_dict() for c in seat] for seat in self.counts],
                "holes": list(self.holes), "games": self.games(),
                "result": self.result().to_dict()}
