"""Two-sided alpha-beta of one N-seat world: partnership (V6) and three-hand's paranoid search.

The seats split into two camps: the viewer's side, and everyone else.  In partnership
the camps are the teams (turns alternate 0, 1, 2, 3 -> teams 0, 1, 0, 1), and the game is
two-sided and zero-sum: the value is the team margin (:func:`solver.value.margin`).  In three-hand
(V7) this is the *paranoid* search: the two other players are assumed to play together
against the viewer, who maximises his points less the mean of theirs; they minimise it.
Negamax with alpha-beta, where the sign (and the window) flips only when the camp changes
from one mover to the next, a transposition table (bounds and best move per depth) and
the move ordering of the two-seat search.  Depth and leaves: :mod:`solver.cassino.seats`.
"""

from __future__ import annotations

from engine.cassino import Build, Move, Rules, play_card
from solver.cassino.seats import WORLD_NODES, SeatsSearch, order
from solver.value import margin

__all__ = ["SideSearch"]

INF = float("inf")


class SideSearch(SeatsSearch):
    """Alpha-beta over two camps (the viewer's side against the rest) to the batch end."""

    def __init__(self, rules: Rules, stock: int, dealer: int, viewer: int,
                 budget: int | None = WORLD_NODES) -> None:
        super().__init__(rules, stock, dealer, viewer, budget)
        self.camp = tuple(0 if s == self.hero else 1 for s in self.side_of)
        self.tt: dict[tuple[object, ...], tuple[int, float, float, Move | None]] = {}

    def move_value(self, me: int, hands: tuple[int, ...], loose: int,
                   builds: tuple[Build, ...], piles: tuple[int, ...], sweeps: tuple[int, ...],
                   last: int, depth: int, move: Move) -> float:
        v = self._play(me, hands, loose, builds, piles, sweeps, last, depth, move, -INF, INF)
        return -v if self.camp[me] else v

    def node_value(self, me: int, hands: tuple[int, ...], loose: int,
                   builds: tuple[Build, ...], piles: tuple[int, ...], sweeps: tuple[int, ...],
                   last: int, depth: int) -> float:
        v = self._search(me, hands, loose, builds, piles, sweeps, last, depth, -INF, INF)
        return -v if self.camp[me] else v

    def _leaf(self, me: int, points: tuple[float, ...]) -> float:
        v = margin(points, self.hero)
        return -v if self.camp[me] else v

    def _play(self, me: int, hands: tuple[int, ...], loose: int, builds: tuple[Build, ...],
              piles: tuple[int, ...], sweeps: tuple[int, ...], last: int, depth: int,
              move: Move, alpha: float, beta: float) -> float:
        """The value for ``me``'s camp of ``me`` playing ``move`` (``depth`` plies with it)."""
        nl, nb, taken, _ = play_card(loose, builds, me, move, self.rules)
        hands = hands[:me] + (hands[me] & ~(1 << move[1]),) + hands[me + 1:]
        if taken:
            s = self.side_of[me]
            piles = piles[:s] + (piles[s] | taken,) + piles[s + 1:]
            if not nl and not nb:  # R13
                sweeps = sweeps[:s] + (sweeps[s] + self.sweep_points,) + sweeps[s + 1:]
            if self.final:
                last = me
        nxt = me + 1 if me + 1 < self.n else 0
        if not hands[nxt]:  # every hand is empty: the batch (or the round) is over
            return self._leaf(me, self.end_points(nl, nb, piles, sweeps, last))
        if depth <= 1:
            return self._leaf(me, self.horizon_points(nxt, hands, nl, nb, piles, sweeps))
        if self.camp[nxt] == self.camp[me]:
            return self._search(nxt, hands, nl, nb, piles, sweeps, last, depth - 1, alpha, beta)
        return -self._search(nxt, hands, nl, nb, piles, sweeps, last, depth - 1, -beta, -alpha)

    def _search(self, me: int, hands: tuple[int, ...], loose: int, builds: tuple[Build, ...],
                piles: tuple[int, ...], sweeps: tuple[int, ...], last: int, depth: int,
                alpha: float, beta: float) -> float:
        """The value for ``me``'s camp with ``me`` to move (``depth`` plies left)."""
        self.tick()
        key = (hands, loose, builds, piles, sweeps, last, me)
        entry = self.tt.get(key)
        first: Move | None = None
        if entry is not None:
            d, lo, hi, first = entry
            if d == depth:
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:  # noqa: PLR1730
                    alpha = lo
                if hi < beta:  # noqa: PLR1730
                    beta = hi
        kids = self.legal_moves(hands[me], loose, builds, me, self.rules)
        if len(kids) > 1:
            kids.sort(key=order)
            if first is not None and kids[0] != first and first in kids:
                kids.remove(first)
                kids.insert(0, first)
        alpha0 = alpha
        best = -INF
        best_kid: Move | None = None
        for kid in kids:
            v = self._play(me, hands, loose, builds, piles, sweeps, last, depth, kid, alpha,
                           beta)
            if v > best:
                best = v
                best_kid = kid
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        if best <= alpha0:
            self.tt[key] = (depth, -INF, best, best_kid)
        elif best >= beta:
            self.tt[key] = (depth, best, INF, best_kid)
        else:
            self.tt[key] = (depth, best, best, best_kid)
        return best
