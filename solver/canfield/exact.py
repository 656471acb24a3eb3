"""Canfield with every card known (an analysis, never a sealed game's view): a depth-first
search over the positions of one deal, each position searched once (a transposition set),
that says whether the deal can be played out (all 52 up), the most foundation cards it can
reach, and the line (docs/solver.md "Canfield").  The search never plays the stop (it
never gains) and tries the greedy rule's order first (solver/canfield/policy.py); it is
exact when it ends within its node budget (``decided``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.canfield import Move, State
from solver.canfield.policy import greedy_move

__all__ = ["Solved", "key", "solve_open"]

NODES = 200_000
"""The default node budget of one deal."""


@dataclass
class Solved:
    """What a search of one deal found: the most foundation cards ``best`` and a line that
    reaches them, whether the search was exhaustive or found all 52 (``decided``)."""

    best: int
    line: list[Move]
    decided: bool
    nodes: int
    won: bool = False
    extra: dict[str, int] = field(default_factory=dict)


def key(state: State) -> tuple[object, ...]:
    """What the rest of the game depends on (CF12: the hand and talon in order; CFD7: the
    pass's use; CFD8: the moves between columns)."""
    return (state.found, len(state.stock), state.cols, state.hand, state.waste, state.used,
            state.idle)


def _ordered(state: State) -> list[Move]:
    moves = [m for m in state.legal_moves() if m.word != "stop"]
    if not moves:
        return moves
    first = greedy_move(state, moves)
    return [first, *(m for m in moves if m != first)]


def solve_open(state: State, nodes: int = NODES) -> Solved:
    """The deal from ``state`` searched, at most ``nodes`` positions."""
    seen: set[tuple[object, ...]] = set()
    best: tuple[int, list[Move]] = (state.score, [])
    count = 0
    line: list[Move] = []
    # an explicit stack of (state, moves left) so that deep lines do not recurse
    stack: list[tuple[State, list[Move]]] = [(state, _ordered(state))]
    seen.add(key(state))
    exhausted = True
    while stack:
        here, moves = stack[-1]
        if not moves:
            stack.pop()
            if line:
                line.pop()
            continue
        move = moves.pop(0)
        after = here.apply(move)[0]
        k = key(after)
        if k in seen:
            continue
        seen.add(k)
        count += 1
        line.append(move)
        if after.score > best[0]:
            best = (after.score, list(line))
            if after.score == 52:
                return Solved(52, best[1], True, count, True)
        if count >= nodes:
            exhausted = False
            break
        if after.game_over:
            line.pop()
            continue
        stack.append((after, _ordered(after)))
    return Solved(best[0], best[1], exhausted, count, best[0] == 52)
