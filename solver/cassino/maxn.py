"""Max-n search of one three-hand world (V7): every player maximises his own equity.

The value of a position is a vector: each side's equity (:func:`solver.value.margin`, its points
less the mean of the others').  The player to move picks the move whose vector is best for
his own side (the first such move in the search's fixed order on ties).  The equities sum
to zero, and none is below ``-U`` (``U`` the most points all sides together can still make,
divided by the number of other sides), so Korf's *shallow pruning* is valid: once the
mover has secured ``b``, his predecessor can get at most ``(S - 2) U - b`` here, and the
node stops when that is no more than what the predecessor already has.  There is no deep
pruning, so max-n searches fewer plies than alpha-beta in the same budget.  A transposition
table keeps exact vectors per depth.  Depth and leaves: :mod:`solver.cassino.seats`.
"""

from __future__ import annotations

from engine.cassino import Build, Move, Rules, play_card
from solver.cassino.seats import WORLD_NODES, SeatsSearch, order
from solver.value import margin

__all__ = ["MaxnSearch"]

Vector = tuple[float, ...]


class MaxnSearch(SeatsSearch):
    """Max-n with shallow pruning to the batch end."""

    def __init__(self, rules: Rules, stock: int, dealer: int, viewer: int,
                 budget: int | None = WORLD_NODES) -> None:
        super().__init__(rules, stock, dealer, viewer, budget)
        self.tt: dict[tuple[object, ...], Vector] = {}
        self.reach = 0.0
        """``(S - 2) U``: the pruning margin."""

    def _margin(self, hands: tuple[int, ...], sweeps: tuple[int, ...]) -> None:
        w = self.weights
        most = sum(points for _, _, points in w.most)
        plies = sum(h.bit_count() for h in hands)
        total = w.natural + most + sum(sweeps) + self.sweep_points * (plies + 1)
        self.reach = (self.sides - 2) * total / (self.sides - 1)

    def move_value(self, me: int, hands: tuple[int, ...], loose: int,
                   builds: tuple[Build, ...], piles: tuple[int, ...], sweeps: tuple[int, ...],
                   last: int, depth: int, move: Move) -> float:
        self._margin(hands, sweeps)
        return self._play(me, hands, loose, builds, piles, sweeps, last, depth, move,
                          None)[self.hero]

    def node_value(self, me: int, hands: tuple[int, ...], loose: int,
                   builds: tuple[Build, ...], piles: tuple[int, ...], sweeps: tuple[int, ...],
                   last: int, depth: int) -> float:
        self._margin(hands, sweeps)
        return self._search(me, hands, loose, builds, piles, sweeps, last, depth, -1,
                            None)[self.hero]

    def _vector(self, points: tuple[float, ...]) -> Vector:
        return tuple(margin(points, s) for s in range(self.sides))

    def _play(self, me: int, hands: tuple[int, ...], loose: int, builds: tuple[Build, ...],
              piles: tuple[int, ...], sweeps: tuple[int, ...], last: int, depth: int,
              move: Move, bound: float | None) -> Vector:
        """The vector after ``me`` plays ``move``; ``bound`` is what ``me`` already has."""
        nl, nb, taken, _ = play_card(loose, builds, me, move, self.rules)
        hands = hands[:me] + (hands[me] & ~(1 << move[1]),) + hands[me + 1:]
        s = self.side_of[me]
        if taken:
            piles = piles[:s] + (piles[s] | taken,) + piles[s + 1:]
            if not nl and not nb:  # R13
                sweeps = sweeps[:s] + (sweeps[s] + self.sweep_points,) + sweeps[s + 1:]
            if self.final:
                last = me
        nxt = me + 1 if me + 1 < self.n else 0
        if not hands[nxt]:
            return self._vector(self.end_points(nl, nb, piles, sweeps, last))
        if depth <= 1:
            return self._vector(self.horizon_points(nxt, hands, nl, nb, piles, sweeps))
        return self._search(nxt, hands, nl, nb, piles, sweeps, last, depth - 1, s, bound)

    def _search(self, me: int, hands: tuple[int, ...], loose: int, builds: tuple[Build, ...],
                piles: tuple[int, ...], sweeps: tuple[int, ...], last: int, depth: int,
                parent: int, bound: float | None) -> Vector:
        """The vector with ``me`` to move; ``parent`` is the previous mover's side and
        ``bound`` what it already has (None: nothing yet), for shallow pruning."""
        self.tick()
        key = (hands, loose, builds, piles, sweeps, last, me, depth)
        hit = self.tt.get(key)
        if hit is not None:
            return hit
        mine = self.side_of[me]
        stop = None if bound is None or parent in (mine, -1) else self.reach - bound
        kids = self.legal_moves(hands[me], loose, builds, me, self.rules)
        if len(kids) > 1:
            kids.sort(key=order)
        best: Vector | None = None
        for kid in kids:
            v = self._play(me, hands, loose, builds, piles, sweeps, last, depth, kid,
                           None if best is None else best[mine])
            if best is None or v[mine] > best[mine]:
                best = v
                if stop is not None and best[mine] >= stop:
                    return best  # shallow cut: the predecessor will not come here
        assert best is not None
        self.tt[key] = best
        return best
