"""The search on one world (solver/conquian/search.py): equal to brute force on tiny
endgames, exact when nothing is cut, and an immediate win taken."""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine.conquian import State, advance, new_game
from solver.conquian import Search
from tests.engine.conquian.helpers import greedy_random, position


def brute_force(state: State) -> float:
    """Minimax over the engine's states to the end of the hand: the value for the seat to
    move (Q21, QD11), no pruning, no estimate."""

    @cache
    def value(s: State) -> float:
        if s.game_over:
            return float(s.returns()[s.to_move])
        best = -float("inf")
        for move in s.legal_moves():
            child = advance(s, move).state
            v = value(child)
            if child.game_over:
                v = float(child.returns()[s.to_move])
            elif child.to_move != s.to_move:
                v = -v
            best = max(best, v)
        return best

    return value(state)


def endgames(count: int, stock: int, seed: int) -> list[State]:
    """Positions of melding-biased random hands with at most ``stock`` cards left and a
    choice to make."""
    rng = random.Random(seed)
    out: list[State] = []
    game = seed * 1000
    while len(out) < count:
        state = new_game(game)
        game += 1
        while not state.game_over:
            if len(state.stock) <= stock and len(state.legal_moves()) > 1:
                out.append(state)
                break
            state = state.apply(greedy_random(rng, state)).state
    return out


@pytest.mark.parametrize("seed", range(4))
def test_the_search_equals_brute_force_on_tiny_endgames(seed: int) -> None:
    for state in endgames(3, 1, seed):
        search = Search(depth=60)
        moves = state.legal_moves()
        values = search.root_values(state, moves)
        assert search.exact
        for move, v in zip(moves, values, strict=True):
            child = advance(state, move).state
            want = brute_force(child)
            if child.game_over:
                want = float(child.returns()[state.to_move])
            elif child.to_move != state.to_move:
                want = -want
            assert v == want, move.id
        assert max(values) == brute_force(state)


def test_the_position_value_is_the_viewers() -> None:
    for state in endgames(4, 1, 9):
        search = Search(depth=60)
        mover = state.to_move
        assert search.position(state, mover) == brute_force(state)
        search.reset()
        assert search.position(state, 1 - mover) == -brute_force(state)


def test_a_horizon_is_not_exact_and_estimates_in_counters() -> None:
    state = new_game(5)
    search = Search(depth=2)
    values = search.root_values(state, state.legal_moves())
    assert not search.exact
    assert all(-1.0 <= v <= 1.0 for v in values)
    assert search.nodes > 0


def test_an_immediate_win_is_worth_the_stake_and_the_pool() -> None:
    state = position([["KH", "KD"], None],
                     [[["AS", "2S", "3S", "4S"], ["5H", "5D", "5C", "5S"]], []],
                     up="KC", pool=2)
    moves = state.legal_moves()
    values = dict(zip([m.id for m in moves], Search(depth=2).root_values(state, moves),
                      strict=True))
    assert values["take:KC=KHKDKC"] == 3.0  # 1 + pool (QD11)
    assert max(values.values()) == 3.0
