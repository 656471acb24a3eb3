"""Alpha-beta search of one world to the end of the current batch (the hot path).

A world fixes both hands; the stock is only a *set* of cards still to come.  The search
plays the current batch out exactly (negamax with alpha-beta, a transposition table
and move ordering) on a lean position built on the engine's own
:func:`engine.movegen.legal_moves` and :func:`engine.play.play_card`, so no rule is
written twice.  What follows the batch is chance:

* in the last batch (empty stock) the round ends inside the search and is scored
  exactly (R24, R26): the endgame is solved;
* otherwise the batch end is a leaf valued by :class:`solver.evaluation.BatchEnd`, the
  expectation over the coming deals in closed form.  The order of the stock is never
  used, so the search is not clairvoyant about it.

Values are round-point differences from the point of view of the player to move.
"""

from __future__ import annotations

from engine.movegen import legal_moves
from engine.moves import Move
from engine.play import play_card
from engine.rules import Rules
from engine.table import Build
from solver.evaluation import BatchEnd, final_diff

__all__ = ["INF", "Position", "Search"]

INF = float("inf")

_CAPTURE = "capture"
_TRAIL = "trail"


class Position:
    """One world's position: both hands known, the stock a set (its order is chance)."""

    __slots__ = ("builds", "dealer", "hands", "last", "loose", "piles", "stock", "sweeps",
                 "to_move")

    def __init__(self, to_move: int, hands: tuple[int, int], loose: int,
                 builds: tuple[Build, ...], piles: tuple[int, int], sweeps: tuple[int, int],
                 last: int | None, stock: int, dealer: int) -> None:
        self.to_move = to_move
        self.hands = hands
        self.loose = loose
        self.builds = builds
        self.piles = piles
        self.sweeps = sweeps
        self.last = -1 if last is None else last
        self.stock = stock
        self.dealer = dealer


def _order(move: Move) -> int:
    """Move ordering key: big captures first, then builds, then trails (low cards first)."""
    if move[0] == _CAPTURE:
        return -2 * move[2].bit_count()
    if move[0] == _TRAIL:
        return 64 + move[1]
    return 0


class Search:
    """Negamax to the end of the batch for one world; reuse it for every root move."""

    __slots__ = ("batch_end", "final", "nodes", "rules", "sweep_points", "tt")

    def __init__(self, rules: Rules, stock: int, dealer: int) -> None:
        self.rules = rules
        self.final = not stock
        self.batch_end = BatchEnd(rules, stock, 1 - dealer)
        self.sweep_points = rules.sweep_points
        self.tt: dict[tuple[object, ...], tuple[float, float, Move | None]] = {}
        self.nodes = 0

    def root_values(self, pos: Position, moves: list[Move]) -> list[float]:
        """The exact value of each root move for the player to move (full window each)."""
        me = pos.to_move
        mine, theirs = pos.hands[me], pos.hands[1 - me]
        pm, pt = pos.piles[me], pos.piles[1 - me]
        sd = (pos.sweeps[me] - pos.sweeps[1 - me]) * self.sweep_points
        last = pos.last if self.final else -1
        return [self._after(me, mine, theirs, pos.loose, pos.builds, pm, pt, sd, last, m, -INF,
                            INF) for m in moves]

    def value(self, pos: Position) -> float:
        """The value of the position for the player to move."""
        me = pos.to_move
        sd = (pos.sweeps[me] - pos.sweeps[1 - me]) * self.sweep_points
        return self._search(me, pos.hands[me], pos.hands[1 - me], pos.loose, pos.builds,
                            pos.piles[me], pos.piles[1 - me], sd,
                            pos.last if self.final else -1, -INF, INF)

    def _after(self, me: int, mine: int, theirs: int, loose: int, builds: tuple[Build, ...],
               pm: int, pt: int, sd: int, last: int, move: Move, alpha: float,
               beta: float) -> float:
        """Value for ``me`` of playing ``move``."""
        nl, nb, taken, _ = play_card(loose, builds, me, move, self.rules)
        mine &= ~(1 << move.card)
        if taken:
            pm |= taken
            if not nl and not nb:  # R13
                sd += self.sweep_points
            if self.final:
                last = me
        return -self._search(1 - me, theirs, mine, nl, nb, pt, pm, -sd, last, -beta, -alpha)

    def _search(self, me: int, mine: int, theirs: int, loose: int, builds: tuple[Build, ...],
                pm: int, pt: int, sd: int, last: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if not mine:
            if theirs:  # only the other player has cards left in this batch: pass
                return -self._search(1 - me, theirs, 0, loose, builds, pt, pm, -sd, last,
                                     -beta, -alpha)
            if not self.final:
                return self.batch_end.value(me, pm, pt, loose, sd)
            residue = loose
            for b in builds:
                residue |= b.cards
            if residue:  # R24
                if last == me:
                    pm |= residue
                elif last >= 0:
                    pt |= residue
            return float(final_diff(pm, pt, sd))
        key = (mine, theirs, loose, builds, pm, sd, last, me)
        entry = self.tt.get(key)
        first: Move | None = None
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        alpha0 = alpha
        moves = legal_moves(mine, loose, builds, me, self.rules)
        if len(moves) > 1:
            moves.sort(key=_order)
            if first is not None and moves[0] != first:
                moves.remove(first)
                moves.insert(0, first)
        best = -INF
        best_move: Move | None = None
        rules = self.rules
        final = self.final
        for move in moves:
            nl, nb, taken, _ = play_card(loose, builds, me, move, rules)
            if taken:
                s = sd + self.sweep_points if not nl and not nb else sd
                v = -self._search(1 - me, theirs, mine & ~(1 << move.card), nl, nb, pt,
                                  pm | taken, -s, me if final else -1, -beta, -alpha)
            else:
                v = -self._search(1 - me, theirs, mine & ~(1 << move.card), nl, nb, pt, pm, -sd,
                                  last, -beta, -alpha)
            if v > best:
                best = v
                best_move = move
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        if best <= alpha0:
            self.tt[key] = (-INF, best, best_move)
        elif best >= beta:
            self.tt[key] = (best, INF, best_move)
        else:
            self.tt[key] = (best, best, best_move)
        return best
