"""Canfield's greedy rule (docs/solver.md "Canfield"): the move a careful player makes
without looking ahead, from the cards face up only, and the playout it drives."""

from __future__ import annotations

from engine.canfield import Move, State, View, get_rules
from engine.canfield.state import STOP_MOVE, Table

__all__ = ["greedy_move", "playout"]


def _priority(table: Table, src: str, move: Move) -> int:
    """Lower first: a card up (the columns', the stock's, then the talon's), the stock's
    card onto the layout, a column emptied while the stock lasts (a stock card comes out),
    the talon's card onto the layout, a turn; never a stop while anything else is left, nor
    a move between columns that frees nothing."""
    if move.dst == "f":
        return {"s": 0, "w": 2}.get(src, 1)
    if src == "s":
        return 3
    if src[:1] == "c":
        col = table.cols[int(src[1])]
        piles = get_rules(table.variant).piles
        if table.stock and (piles or len(col) == 1):
            return 4
        if not piles and len(col) == 2 and table.goes_up(col[0]):
            return 4  # the card under goes up next
        return 99
    if src == "w":
        return 6 if table.cols[int(move.dst[1])] else 5
    if move.word == "turn":
        return 7
    return 100


def greedy_move(table: Table, moves: list[Move] | None = None) -> Move:
    """The greedy rule's move among ``moves`` (the legal moves by default)."""
    sourced = table.sourced()
    if moves is not None:
        sourced = [(s, m) for s, m in sourced if m in moves]
    src, best = min(sourced, key=lambda sm: _priority(table, *sm))
    if _priority(table, src, best) >= 99:
        turn = [m for _, m in sourced if m.word == "turn"]
        return turn[0] if turn else best
    return best


def playout(state: State, limit: int = 2000) -> tuple[State, int]:
    """``state`` played to its end by the greedy rule (a stop after ``limit`` moves);
    the moves it took."""
    n = 0
    while not state.game_over:
        move = greedy_move(state) if n < limit else STOP_MOVE
        state = state.apply(move)[0]
        n += 1
    return state, n


def view_move(view: View) -> Move:
    return greedy_move(view)
