"""Alpha-beta on one Conquian world (docs/rules/conquian.md), seen as perfect
information: both hands and the stock's order are fixed by the world.

Negamax over the engine's own states and moves (``State.legal_moves``, ``advance``: no
rule is written twice).  Turns do not alternate (a use is followed by the same seat's
lays and discard, QD4, Q9; a pass of a turned card by the adversary's decision, Q7), so
a child's value changes sign only when the seat to move changes.  The horizon counts
decisions: a position with a single legal move costs nothing, nor does a lay (the lays of
a turn lead to its one discard, QD4).  Past the horizon the position is rated by
:func:`solver.conquian.evaluation.estimate`, after the best use of the card offered when
there is one (Q6: a discard the adversary can use is seen as such); a position where the
hand is over scores its counters exactly (Q21, QD11), so a search that never meets its
horizon has solved the world (``exact``).  Moves are tried uses and lays first (the
largest melds first), then discards of the least useful card, then passes and forces.
A transposition table merges the orders in which the same melds are laid (QD4).
"""

from __future__ import annotations

from engine.conquian import (
    DISCARD,
    LAY,
    MELD,
    OFFER,
    OVER,
    PASS,
    TAKE,
    Move,
    State,
    advance,
    layout,
)
from solver.conquian.evaluation import Weights, card_values, estimate
from solver.value import Value, own

__all__ = ["EXACT", "LOWER", "UNBOUNDED", "UPPER", "Search"]

EXACT, LOWER, UPPER = 0, 1, 2
UNBOUNDED = 1_000
"""A depth no hand reaches (40 cards, each offered at most twice): search to the end."""
_INF = float("inf")


def _key(state: State) -> tuple[object, ...]:
    """What decides the rest of the hand (the seed and the seat numbering aside)."""
    return (state.to_move, state.phase, state.hands, state.melds, len(state.stock),
            state.up, state.source)


class Search:
    """Negamax alpha-beta with a horizon of ``depth`` decisions in one world."""

    def __init__(self, depth: int, weights: type[Weights] = Weights,
                 value: Value | None = None) -> None:
        self.depth = depth
        self.weights = weights
        if value is not None and value.kind != "settlement":
            raise ValueError(f"negamax needs a two-seat settlement, not {value.kind}")
        self.worth = own if value is None else value.seat
        """A finished hand's value for a seat (solver.value: a settlement's own counters,
        so the other seat's is its negation)."""
        self.nodes = 0
        self.exact = True
        """No position was cut at the horizon: every value is the hand's true result."""
        self.table: dict[tuple[object, ...], tuple[int, int, float]] = {}
        self.moves: dict[tuple[object, ...], list[Move]] = {}
        """Legal moves by what they depend on (kept across worlds, :meth:`reset`)."""

    def reset(self) -> None:
        """Forget the transposition table (its keys hold no stock order) for a new world;
        keep the move lists, which depend on no hidden card."""
        self.table.clear()
        self.exact = True

    def legal(self, state: State) -> list[Move]:
        """``state.legal_moves()``, ordered (:meth:`ordered`), remembered."""
        seat = state.to_move
        key = (seat, state.phase, state.up, state.source, state.hands[seat], state.melds)
        moves = self.moves.get(key)
        if moves is None:
            moves = self.ordered(state, state.legal_moves())
            self.moves[key] = moves
        return moves

    def ordered(self, state: State, moves: list[Move]) -> list[Move]:
        """Uses and lays (largest meld first), discards (least useful first), the rest."""
        if len(moves) < 2:
            return moves
        seat = state.to_move
        worth: dict[int, float] = {}
        if state.phase == MELD:
            live = layout(state.rules).pack & ~state.hands[seat]
            for m in state.melds:
                for meld in m:
                    live &= ~meld
            worth = {c: v for v, c in card_values(state.rules, state.hands[seat],
                                                  state.melds[seat], live, self.weights)}

        def key(move: Move) -> tuple[int, float]:
            kind = move.type
            if kind in (TAKE, LAY):
                return 0, -move.meld.bit_count()
            if kind == DISCARD:
                return 1, worth.get(move.card, 0.0)
            if kind == PASS:
                return 2, 0.0
            return 3, 0.0  # FORCE

        return sorted(moves, key=key)

    def value(self, state: State, depth: int, alpha: float = -_INF,
              beta: float = _INF) -> float:
        """The value of ``state`` for the seat to move, within ``(alpha, beta)``, searched
        ``depth`` more decisions deep."""
        self.nodes += 1
        if state.phase == OVER:
            return self.worth(state.returns(), state.to_move)
        moves = self.legal(state)
        if len(moves) > 1 and depth <= 0:
            return self.horizon(state, moves)
        key = _key(state)
        hit = self.table.get(key)
        if hit is not None and hit[0] >= depth:
            _, flag, stored = hit
            if flag == EXACT:
                return stored
            if flag == LOWER:
                alpha = max(alpha, stored)
            else:
                beta = min(beta, stored)
            if alpha >= beta:
                return stored
        start = alpha
        best = -_INF
        seat = state.to_move
        for move in moves:
            child = advance(state, move).state
            below = self.below(depth, move, moves)
            if child.to_move == seat or child.phase == OVER:
                v = self._child(child, seat, below, alpha, beta)
            else:
                v = -self.value(child, below, -beta, -alpha)
            best = max(best, v)
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        flag = UPPER if best <= start else LOWER if best >= beta else EXACT
        self.table[key] = (depth, flag, best)
        return best

    @staticmethod
    def below(depth: int, move: Move, moves: list[Move]) -> int:
        """The depth left after ``move``: a decision costs one, but a lone move and a lay
        (QD4: the lays of a turn lead to one discard) cost nothing."""
        return depth if len(moves) == 1 or move.type == LAY else depth - 1

    def horizon(self, state: State, moves: list[Move]) -> float:
        """The estimate at the horizon, for the seat to move; a seat offered a card it can
        use (Q6) is rated after its best use (going out scores exactly, Q19)."""
        self.exact = False
        seat = state.to_move
        best = estimate(state, seat, self.weights)
        if state.phase == OFFER:
            for move in moves:
                if move.type != TAKE:
                    continue
                child = advance(state, move).state
                self.nodes += 1
                v = (self.worth(child.returns(), seat) if child.phase == OVER
                     else estimate(child, seat, self.weights))
                best = max(best, v)
        return best

    def _child(self, child: State, seat: int, depth: int, alpha: float, beta: float) -> float:
        if child.phase == OVER:
            self.nodes += 1
            return self.worth(child.returns(), seat)
        return self.value(child, depth, alpha, beta)

    def root_values(self, state: State, moves: list[Move]) -> list[float]:
        """Each of ``moves`` valued exactly (a full window) for the seat to move."""
        seat = state.to_move
        out = []
        for move in moves:
            child = advance(state, move).state
            depth = self.below(self.depth, move, moves)
            if child.to_move == seat or child.phase == OVER:
                out.append(self._child(child, seat, depth, -_INF, _INF))
            else:
                out.append(-self.value(child, depth))
        return out

    def position(self, state: State, seat: int) -> float:
        """The value of ``state`` for ``seat`` (the viewer, whoever is to move)."""
        v = self.value(state, self.depth)
        if state.phase == OVER:
            return self.worth(state.returns(), seat)
        return v if state.to_move == seat else -v
