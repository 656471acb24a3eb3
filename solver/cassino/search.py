"""Alpha-beta search of one world to the end of the current batch (the hot path).

A world fixes both hands; the stock is only a *set* of cards still to come.  The search
plays the current batch out exactly (negamax with alpha-beta, a transposition table
and move ordering) on a lean position built on the engine's own
:func:`engine.cassino.movegen.legal_moves` and :func:`engine.cassino.table.play_card`, so no
rule is written twice.  What follows the batch is chance:

* in the last batch (empty stock) the round ends inside the search and is scored
  exactly (R24, R26): the endgame is solved;
* otherwise the batch end is a leaf valued by :class:`solver.cassino.evaluation.BatchEnd`, the
  expectation over the coming deals in closed form.  The order of the stock is never
  used, so the search is not clairvoyant about it.

Values are round-point differences from the point of view of the player to move.
"""

from __future__ import annotations

from engine.cards import BIG_CASSINO
from engine.cassino import Build, Move, Rules, play_card
from engine.cassino import generate_moves as legal_moves
from solver.cassino import kernel
from solver.cassino.evaluation import BatchEnd, final_diff, weights

__all__ = ["DRAW_PLIES", "INF", "DrawSearch", "Position", "Search"]

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


def _twin_class(card: int) -> int:
    """Cards of one class are interchangeable for scoring (R26): the hearts, diamonds and
    clubs of a rank, except the 10 of diamonds; every spade is a class of its own."""
    if card & 3 == 0 or card == BIG_CASSINO:
        return card
    return 64 + (card >> 2)


_CLASS = tuple(_twin_class(c) for c in range(52))



def twin_key(move: Move) -> tuple[str, int, int, int]:
    """Moves with equal keys from one hand have equal values in every world: they differ
    only by interchangeable cards (:func:`_twin_class`) held by the same player."""
    return (move[0], _CLASS[move[1]], move[2], move[3])


class Search:
    """Negamax to the end of the batch for one world; reuse it for every root move."""

    __slots__ = ("batch_end", "final", "kernel", "nodes", "rules", "sweep_points", "tt",
                 "weights")

    def __init__(self, rules: Rules, stock: int, dealer: int) -> None:
        # The compiled kernel when built and not disabled (solver/cassino/kernel.py): the
        # same values and node counts; this class stays the reference and the fallback.
        self.kernel = kernel.search(rules, stock, dealer)
        self.rules = rules
        self.final = not stock
        self.batch_end = BatchEnd(rules, stock, 1 - dealer)
        self.sweep_points = rules.sweep_points
        self.weights = weights(rules)
        self.tt: dict[tuple[object, ...], tuple[float, float, Move | None]] = {}
        self.nodes = 0

    def root_values(self, pos: Position, moves: list[Move]) -> list[float]:
        """The exact value of each root move for the player to move (full window each)."""
        if self.kernel is not None:
            native = self.kernel.root_values(pos.to_move, *pos.hands, pos.loose, pos.builds,
                                             *pos.piles, *pos.sweeps, pos.last, moves)
            self.nodes = self.kernel.nodes
            if native is not None:
                return native
        me = pos.to_move
        mine, theirs = pos.hands[me], pos.hands[1 - me]
        pm, pt = pos.piles[me], pos.piles[1 - me]
        sd = (pos.sweeps[me] - pos.sweeps[1 - me]) * self.sweep_points
        last = pos.last if self.final else -1
        done: dict[tuple[str, int, int, int], float] = {}
        out = []
        for m in moves:
            key = twin_key(m)
            v = done.get(key)
            if v is None:
                v = done[key] = self._after(me, mine, theirs, pos.loose, pos.builds, pm, pt, sd,
                                            last, m)
            out.append(v)
        return out

    def value(self, pos: Position) -> float:
        """The value of the position for the player to move."""
        if self.kernel is not None:
            native = self.kernel.value(pos.to_move, *pos.hands, pos.loose, pos.builds,
                                       *pos.piles, *pos.sweeps, pos.last)
            self.nodes = self.kernel.nodes
            if native is not None:
                return native
        me = pos.to_move
        sd = (pos.sweeps[me] - pos.sweeps[1 - me]) * self.sweep_points
        mine, theirs = pos.hands[me], pos.hands[1 - me]
        last = pos.last if self.final else -1
        if not mine:
            return self._leaf(me, pos.loose, pos.builds, pos.piles[me], pos.piles[1 - me], sd,
                              last)
        return self._search(me, mine, theirs, pos.loose, pos.builds, pos.piles[me],
                            pos.piles[1 - me], sd, last, -INF, INF)

    def _after(self, me: int, mine: int, theirs: int, loose: int, builds: tuple[Build, ...],
               pm: int, pt: int, sd: int, last: int, move: Move) -> float:
        """Value for ``me`` of playing ``move`` (full window)."""
        nl, nb, taken, _ = play_card(loose, builds, me, move, self.rules)
        mine &= ~(1 << move.card)
        if taken:
            pm |= taken
            if not nl and not nb:  # R13
                sd += self.sweep_points
            if self.final:
                last = me
        if not theirs:
            return self._leaf(me, nl, nb, pm, pt, sd, last)
        return -self._search(1 - me, theirs, mine, nl, nb, pt, pm, -sd, last, -INF, INF)

    def _leaf(self, me: int, loose: int, builds: tuple[Build, ...], pm: int, pt: int, sd: int,
              last: int) -> float:
        """Both hands are empty: the batch end's estimate, or the round's exact score."""
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
        return float(final_diff(pm, pt, sd, self.weights))

    def _search(self, me: int, mine: int, theirs: int, loose: int, builds: tuple[Build, ...],
                pm: int, pt: int, sd: int, last: int, alpha: float, beta: float) -> float:
        """Negamax value for ``me`` to move holding ``mine`` (not empty)."""
        self.nodes += 1
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
            if lo > alpha:  # noqa: PLR1730
                alpha = lo
            if hi < beta:  # noqa: PLR1730
                beta = hi
        rules = self.rules
        kids = legal_moves(mine, loose, builds, me, rules)
        if len(kids) > 1:
            kids.sort(key=_order)
            if first is not None and kids[0] != first:
                kids.remove(first)
                kids.insert(0, first)
        final = self.final
        sweep = self.sweep_points
        alpha0 = alpha
        best = -INF
        best_kid: Move | None = None
        other = 1 - me
        for kid in kids:
            nl, nb, taken, _ = play_card(loose, builds, me, kid, rules)
            if not theirs:  # the batch's last card: a leaf
                if taken:
                    v = self._leaf(me, nl, nb, pm | taken, pt,
                                   sd + sweep if not nl and not nb else sd, me if final else -1)
                else:
                    v = self._leaf(me, nl, nb, pm, pt, sd, last)
            elif taken:
                v = -self._search(other, theirs, mine & ~(1 << kid[1]), nl, nb, pt, pm | taken,
                                  -sd - sweep if not nl and not nb else -sd, me if final else -1,
                                  -beta, -alpha)
            else:
                v = -self._search(other, theirs, mine & ~(1 << kid[1]), nl, nb, pt, pm, -sd,
                                  last, -beta, -alpha)
            if v > best:
                best = v
                best_kid = kid
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        if best <= alpha0:
            self.tt[key] = (-INF, best, best_kid)
        elif best >= beta:
            self.tt[key] = (best, INF, best_kid)
        else:
            self.tt[key] = (best, best, best_kid)
        return best


DRAW_PLIES = 4
"""W8: how far :class:`DrawSearch` looks while the stock lasts: two plays of each player."""
DRAW_ENDGAME = 4
"""W8: at the horizon with the stock empty, the search goes on to the round's end when the
hands hold this many cards or fewer (else it estimates, as while the stock lasts)."""


class DrawSearch:
    """Negamax of one ``draw`` world (docs/rules/draw.md W8) with a horizon in plies.

    There are no batches to search to the end of: every play is followed by a draw from
    the world's stock order (a uniform shuffle, :func:`engine.cassino.worlds.stock_order`), and
    the search stops after ``plies`` plays.  A position at the horizon is valued like a
    batch end (:class:`solver.cassino.evaluation.BatchEnd`, with the player to move there in the
    place of the next batch's first player and the cards not yet played in the place of
    the stock); a build still on the table counts as its owner's, who holds the card to
    take it (R22).  When the stock is empty at the horizon and the hands hold at most
    :data:`DRAW_ENDGAME` cards, the search plays them out instead and scores the round
    exactly (R24, R26), as in a last batch.  (From an empty stock at the root the solver
    uses :class:`Search`: that is a last batch, solved.)
    """

    __slots__ = ("ends", "kernel", "nodes", "order", "plies", "pool", "rules", "sweep_points",
                 "tt", "weights")

    def __init__(self, rules: Rules, order: tuple[int, ...], plies: int = DRAW_PLIES) -> None:
        self.kernel = kernel.draw_search(rules, order, plies)  # compiled, when built (as Search)
        self.rules = rules
        self.order = order
        self.plies = plies
        self.pool = 0
        self.ends: dict[int, BatchEnd] = {}
        self.sweep_points = rules.sweep_points
        self.weights = weights(rules)
        self.tt: dict[tuple[object, ...], tuple[float, float, Move | None]] = {}
        self.nodes = 0

    def _start(self, pos: Position) -> None:
        self.pool = pos.hands[0] | pos.hands[1] | pos.stock

    def root_values(self, pos: Position, moves: list[Move]) -> list[float]:
        """The value of each root move for the player to move (full window each)."""
        if self.kernel is not None:
            native = self.kernel.draw_root_values(pos.stock, pos.to_move, *pos.hands, pos.loose,
                                                  pos.builds, *pos.piles, *pos.sweeps, pos.last,
                                                  moves)
            self.nodes = self.kernel.nodes
            if native is not None:
                return native
        self._start(pos)
        me = pos.to_move
        sd = (pos.sweeps[me] - pos.sweeps[1 - me]) * self.sweep_points
        done: dict[tuple[str, int, int, int], float] = {}
        out = []
        for m in moves:
            key = twin_key(m)
            v = done.get(key)
            if v is None:
                v = done[key] = self._play(me, pos.hands[me], pos.hands[1 - me], pos.loose,
                                           pos.builds, pos.piles[me], pos.piles[1 - me], sd,
                                           pos.last, 0, self.plies, m, -INF, INF)
            out.append(v)
        return out

    def value(self, pos: Position) -> float:
        """The value of the position for the player to move."""
        if self.kernel is not None:
            native = self.kernel.draw_value(pos.stock, pos.to_move, *pos.hands, pos.loose,
                                            pos.builds, *pos.piles, *pos.sweeps, pos.last)
            self.nodes = self.kernel.nodes
            if native is not None:
                return native
        self._start(pos)
        me = pos.to_move
        sd = (pos.sweeps[me] - pos.sweeps[1 - me]) * self.sweep_points
        return self._search(me, pos.hands[me], pos.hands[1 - me], pos.loose, pos.builds,
                            pos.piles[me], pos.piles[1 - me], sd, pos.last, 0, self.plies,
                            -INF, INF)

    def _play(self, me: int, mine: int, theirs: int, loose: int, builds: tuple[Build, ...],
              pm: int, pt: int, sd: int, last: int, drawn: int, depth: int, move: Move,
              alpha: float, beta: float) -> float:
        """Value for ``me`` of playing ``move`` and drawing (W2), ``depth`` plies left."""
        nl, nb, taken, _ = play_card(loose, builds, me, move, self.rules)
        mine &= ~(1 << move.card)
        if drawn < len(self.order):
            mine |= 1 << self.order[drawn]
            drawn += 1
        if taken:
            pm |= taken
            last = me
            if not nl and not nb:  # R13
                sd += self.sweep_points
        if not theirs:  # the round's last card (W5): both hands are empty now
            return self._final(me, nl, nb, pm, pt, sd, last)
        if depth <= 1 and (drawn < len(self.order)
                           or (mine | theirs).bit_count() > DRAW_ENDGAME):  # the horizon
            return -self._estimate(1 - me, nl, nb, pt, pm, -sd)
        return -self._search(1 - me, theirs, mine, nl, nb, pt, pm, -sd, last, drawn,
                             depth - 1, -beta, -alpha)

    def _final(self, me: int, loose: int, builds: tuple[Build, ...], pm: int, pt: int,
               sd: int, last: int) -> float:
        """The round is over: the residue to the last capturer (R24), exact points (R26)."""
        residue = loose
        for b in builds:
            residue |= b.cards
        if residue:
            if last == me:
                pm |= residue
            elif last >= 0:
                pt |= residue
        return float(final_diff(pm, pt, sd, self.weights))

    def _estimate(self, me: int, loose: int, builds: tuple[Build, ...], pm: int, pt: int,
                  sd: int) -> float:
        """W8: the horizon's estimate for ``me``, the player to move there."""
        for b in builds:
            if b.owner == me:
                pm |= b.cards
            else:
                pt |= b.cards
        end = self.ends.get(me)
        if end is None:
            end = self.ends[me] = BatchEnd(self.rules, self.pool, me)
        return end.value(me, pm, pt, loose, sd)

    def _search(self, me: int, mine: int, theirs: int, loose: int, builds: tuple[Build, ...],
                pm: int, pt: int, sd: int, last: int, drawn: int, depth: int, alpha: float,
                beta: float) -> float:
        """Negamax value for ``me`` to move holding ``mine`` (not empty)."""
        self.nodes += 1
        key = (mine, theirs, loose, builds, pm, sd, last, me, depth)
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
            if lo > alpha:  # noqa: PLR1730
                alpha = lo
            if hi < beta:  # noqa: PLR1730
                beta = hi
        kids = legal_moves(mine, loose, builds, me, self.rules)
        if len(kids) > 1:
            kids.sort(key=_order)
            if first is not None and kids[0] != first:
                kids.remove(first)
                kids.insert(0, first)
        alpha0 = alpha
        best = -INF
        best_kid: Move | None = None
        for kid in kids:
            v = self._play(me, mine, theirs, loose, builds, pm, pt, sd, last, drawn, depth,
                           kid, alpha, beta)
            if v > best:
                best = v
                best_kid = kid
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        if best <= alpha0:
            self.tt[key] = (-INF, best, best_kid)
        elif best >= beta:
            self.tt[key] = (best, INF, best_kid)
        else:
            self.tt[key] = (best, best, best_kid)
        return best
