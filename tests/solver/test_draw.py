"""The solver in ``draw`` (docs/rules/draw.md W8): worlds, the stock's order, the horizon."""

from __future__ import annotations

import random

import engine
import solver
from engine import State
from engine.cassino.play import advance
from solver.cassino.search import DrawSearch, Position, Search


def game_states(game_seed: int, plies: int = 48) -> list[State]:
    rng = random.Random(game_seed)
    state = engine.new_game(game_seed, "draw")
    out = [state]
    while state.status == "playing" and len(out) <= plies:
        state = advance(state, rng.choice(state.legal_moves()))
        out.append(state)
    return out


def test_hints_are_repeatable_and_rank_every_legal_move() -> None:
    state = game_states(6, 10)[-1]
    view = state.view(state.to_move)
    first = solver.hint(view, seed=2, samples=10)
    again = solver.hint(view, seed=2, samples=10)
    assert first["moves"] == again["moves"] and first["evaluation"] == again["evaluation"]
    assert sorted(m["move"]["id"] for m in first["moves"]) == sorted(
        m.id for m in state.legal_moves())
    assert first["solver"]["samples"] == 10


def test_the_solver_takes_an_obvious_sweep() -> None:
    """Big cassino and a sweep on offer: every world agrees."""
    from tests.engine.test_variant_draw import draw_position

    state = draw_position([["10S", "2C", "KS", "QD"], ["3C", "4C", "JH", "JD"]],
                          ["4D", "6H", "10D"], dealer=1)
    answer = solver.hint(state.view(0), seed=1, samples=8)
    assert answer["moves"][0]["move"]["id"] == "10Sx4D6H10D"


def position(state: State) -> Position:
    stock = sum(1 << c for c in state.stock)
    return Position(state.to_move, (state.hands[0], state.hands[1]), state.loose, state.builds,
                    (state.captured[0], state.captured[1]), (state.sweeps[0], state.sweeps[1]),
                    state.last_capturer, stock, state.dealer)


def test_the_horizon_plays_out_a_small_endgame_exactly() -> None:
    """With the stock empty and four cards left, DrawSearch sees to the round's end: it
    agrees with the standard last-batch search, which is exact."""
    states = game_states(7)
    end = next(s for s in states if not s.stock and sum(h.bit_count() for h in s.hands) == 4)
    moves = end.legal_moves()
    exact = Search(end.rules, 0, end.dealer).root_values(position(end), moves)
    drawn = DrawSearch(end.rules, ()).root_values(position(end), moves)
    assert drawn == exact


def test_the_horizon_uses_the_worlds_order() -> None:
    """The same hands with the stock in other orders get other values: the search draws
    from the world's order (W8)."""
    states = game_states(8, 20)
    state = states[-1]
    moves = state.legal_moves()
    values = {DrawSearch(state.rules, order).root_values(position(state), moves)[0]
              for order in (state.stock, tuple(reversed(state.stock)),
                            state.stock[2:] + state.stock[:2])}
    assert len(values) > 1
