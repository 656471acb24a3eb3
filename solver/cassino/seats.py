"""One world of an N-seat round (V6 partnership, V7 three-hand) and what its searches share.

A world fixes every hand; the stock is a set.  The searches (:mod:`solver.cassino.sides`,
:mod:`solver.cassino.maxn`) play the current batch out on this lean position with the
engine's own :func:`engine.cassino.movegen.legal_moves` and
:func:`engine.cassino.table.play_card`, which know the partner builds of V6.3 (V6.6, V6.7) from the
mover and the rules, so no rule is written twice (the moves computed natively when
:mod:`solver.cassino.exact`'s extension is built: the same moves in the same order).
Turns go ``seat -> (seat + 1) % N``.

A batch holds 12 plies in three-hand and 16 in partnership, too many to search whole at
every decision, so the search deepens one ply at a time (iterative deepening) until the
batch's end is reached or the world's node budget is spent; the values of the deepest
complete iteration are kept.  The budget counts nodes, never time, so the answer is
deterministic.  A position where the depth runs out is valued like a batch end
(:class:`solver.cassino.evaluation.SideBatchEnd`, the cards still in hands joining the
pool still out, the seat to move in the place of the next batch's first player, each
build counted to its owner's side, who holds its value, R23, V6.4).  When the search
reaches the end of the batch it is exact: in the last batch the round ends inside the
search (residue R24 to the last capturer's side, R26 per side with V7.2's majorities).

Inside a search, piles, sweeps and points are per *side* (:func:`engine.cassino.teams`):
partners share one pile (V6.2).  Values are equities (:func:`solver.value.margin`): a side's
points less the mean of the other sides'.
"""

from __future__ import annotations

from engine.cassino import Build, Move, Rules, side_of
from solver.cassino.evaluation import SideBatchEnd, side_points, weights
from solver.cassino.exact import move_generator
from solver.cassino.search import twin_key
from solver.value import margin

__all__ = ["WORLD_NODES", "SeatsPosition", "SeatsSearch", "side_of"]

WORLD_NODES = 400
"""The node budget of one N-seat world: no deeper iteration is started, and one under
way is abandoned, once the world's search has visited this many nodes (positions, the
leaves included: an N-seat leaf costs about as much as an inner node)."""


class SeatsPosition:
    """One N-seat world: every hand known, the stock a set.  Piles and sweeps per seat,
    as the engine keeps them; ``last`` the last capturer's seat (R24) or None."""

    __slots__ = ("builds", "dealer", "hands", "last", "loose", "piles", "stock", "sweeps",
                 "to_move")

    def __init__(self, to_move: int, hands: tuple[int, ...], loose: int,
                 builds: tuple[Build, ...], piles: tuple[int, ...], sweeps: tuple[int, ...],
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


class OutOfNodesError(Exception):
    """The world's node budget ran out during an iteration."""


_CAPTURE = "capture"
_TRAIL = "trail"


def order(move: Move) -> int:
    """Move ordering key: big captures first, then builds, then trails (low cards first)."""
    if move[0] == _CAPTURE:
        return -2 * move[2].bit_count()
    if move[0] == _TRAIL:
        return 64 + move[1]
    return 0


class SeatsSearch:
    """What the N-seat searches share: the leaves (batch end, round end, horizon) and
    the iterative deepening over the root moves.  ``viewer`` is the seat whose side's
    equity the root values give."""

    def __init__(self, rules: Rules, stock: int, dealer: int, viewer: int,
                 budget: int | None = WORLD_NODES) -> None:
        self.rules = rules
        self.n = rules.players
        self.side_of = side_of(rules)
        self.sides = max(self.side_of) + 1
        self.viewer = viewer
        self.hero = self.side_of[viewer]
        self.final = not stock
        self.stock = stock
        self.piles: dict[tuple[int, ...], tuple[float, ...]] = {}
        self.batch_end = SideBatchEnd(rules, stock, (dealer + 1) % self.n, self.side_of,
                                      self.piles)
        self.horizons: dict[int, SideBatchEnd] = {}
        self.odds: dict[int, float] = {}
        self.turns: dict[int, tuple[float, ...]] = {}
        self.pool = stock
        """The cards out at the root (the stock and every hand): a horizon's pool."""
        self.weights = weights(rules)
        self.sweep_points = rules.sweep_points
        self.legal_moves = move_generator(rules)
        """The engine's move generation (natively when built: the same moves, in order)."""
        self.budget = budget
        self.limit: int | None = None
        self.nodes = 0
        self.depth = 0
        """The depth of the deepest complete iteration of the last root search."""
        self.exact = False
        """The last root search reached the end of the batch in every line."""

    # --- leaves ---------------------------------------------------------------------

    def end_points(self, loose: int, builds: tuple[Build, ...], piles: tuple[int, ...],
                   sweeps: tuple[int, ...], last: int) -> tuple[float, ...]:
        """Every hand is empty: the batch end's estimate, or in the last batch the round's
        exact points per side (the residue to the last capturer's side, R24)."""
        self.tick()
        if not self.final:
            if builds:  # never under R23: a build's owner still holds its value
                piles = self._credit(piles, builds)
            return self.batch_end.value(piles, loose, sweeps)
        residue = loose
        for b in builds:
            residue |= b.cards
        if residue and last >= 0:
            side = self.side_of[last]
            piles = piles[:side] + (piles[side] | residue,) + piles[side + 1:]
        return tuple(side_points(piles, sweeps, self.weights))

    def horizon_points(self, me: int, hands: tuple[int, ...], loose: int,
                       builds: tuple[Build, ...], piles: tuple[int, ...],
                       sweeps: tuple[int, ...]) -> tuple[float, ...]:
        """The depth ran out with ``me`` to move: an estimate like a batch end's, with the
        cards out at the root (the stock and the hands) as the pool."""
        self.tick()
        end = self.horizons.get(me)
        if end is None:
            end = self.horizons[me] = SideBatchEnd(self.rules, self.pool, me, self.side_of,
                                                   self.piles, self.odds, self.turns)
        if builds:
            piles = self._credit(piles, builds)
        return end.value(piles, loose, sweeps)

    def _credit(self, piles: tuple[int, ...], builds: tuple[Build, ...]) -> tuple[int, ...]:
        """Each build counted to its owner's side, who holds its value (R23, V6.4)."""
        out = list(piles)
        for b in builds:
            out[self.side_of[b.owner]] |= b.cards
        return tuple(out)

    def tick(self) -> None:
        """Count a node; stop the iteration once the budget is spent."""
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfNodesError

    # --- the root -------------------------------------------------------------------

    def side_piles(self, pos: SeatsPosition) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The piles and sweep points of ``pos`` per side (V6.2: partners share a pile)."""
        piles = [0] * self.sides
        sweeps = [0] * self.sides
        for seat in range(self.n):
            piles[self.side_of[seat]] |= pos.piles[seat]
            sweeps[self.side_of[seat]] += pos.sweeps[seat] * self.sweep_points
        return tuple(piles), tuple(sweeps)

    def _root(self, pos: SeatsPosition) -> None:
        pool = pos.stock
        for h in pos.hands:
            pool |= h
        if pool != self.pool:
            self.pool = pool
            self.horizons.clear()
            self.odds.clear()
            self.turns.clear()

    def root_values(self, pos: SeatsPosition, moves: list[Move]) -> list[float]:
        """The value of each root move for the viewer's side (the viewer is to move), from
        the deepest iteration completed within the budget."""
        piles, sweeps = self.side_piles(pos)
        last = pos.last if self.final else -1
        self._root(pos)
        firsts: dict[tuple[str, int, int, int], Move] = {}
        for m in moves:
            firsts.setdefault(twin_key(m), m)
        unique = list(firsts.values())
        plies = sum(h.bit_count() for h in pos.hands)
        found: list[float] | None = None
        self.exact = False
        for depth in range(1, plies + 1):
            self.limit = None if found is None or self.budget is None else self.budget
            try:
                row = [self.move_value(pos.to_move, pos.hands, pos.loose, pos.builds, piles,
                                       sweeps, last, depth, m) for m in unique]
            except OutOfNodesError:
                break
            found, self.depth = row, depth
        self.exact = self.depth == plies
        assert found is not None
        by_key = {twin_key(m): v for m, v in zip(unique, found, strict=True)}
        return [by_key[twin_key(m)] for m in moves]

    def value(self, pos: SeatsPosition) -> float:
        """The value of the position for the viewer's side, whoever is to move."""
        piles, sweeps = self.side_piles(pos)
        last = pos.last if self.final else -1
        self._root(pos)
        if not pos.hands[pos.to_move]:
            return self.equity(self.end_points(pos.loose, pos.builds, piles, sweeps, last))
        plies = sum(h.bit_count() for h in pos.hands)
        found: float | None = None
        for depth in range(1, plies + 1):
            self.limit = None if found is None or self.budget is None else self.budget
            try:
                v = self.node_value(pos.to_move, pos.hands, pos.loose, pos.builds, piles,
                                    sweeps, last, depth)
            except OutOfNodesError:
                break
            found, self.depth = v, depth
        self.exact = self.depth == plies
        assert found is not None
        return found

    def equity(self, points: tuple[float, ...]) -> float:
        """The viewer's side's equity (:func:`solver.value.margin`) of a vector of points."""
        return margin(points, self.hero)

    # --- what each search defines ---------------------------------------------------

    def move_value(self, me: int, hands: tuple[int, ...], loose: int,
                   builds: tuple[Build, ...], piles: tuple[int, ...], sweeps: tuple[int, ...],
                   last: int, depth: int, move: Move) -> float:
        """The viewer's equity after ``me`` plays ``move``, ``depth`` plies in all."""
        raise NotImplementedError

    def node_value(self, me: int, hands: tuple[int, ...], loose: int,
                   builds: tuple[Build, ...], piles: tuple[int, ...], sweeps: tuple[int, ...],
                   last: int, depth: int) -> float:
        """The viewer's equity of the position with ``me`` to move, ``depth`` plies."""
        raise NotImplementedError
