"""solver.rummy.worlds: world ``i`` of a seed is the view resampled (RM27); a call is
valued by the engine's settlement (RM16-RM23), a false call as its discard less the
penalty (RM24)."""

import pytest

from engine.rummy import DISCARD, State, advance, deadwood_points
from solver.rummy import GreedyBot, Worlds, world_rng
from tests.solver.rummy.helpers import mid_hand


def test_a_world_has_the_view_and_is_fixed_by_seed_and_index() -> None:
    state = mid_hand("poker-rum", 10, 1)[0]
    view = state.view(state.to_move)
    worlds = Worlds(view)
    a, b = worlds.draw(3, 7), worlds.draw(3, 7)
    assert a == b
    assert a.view(view.player) == view
    assert worlds.draw(3, 8) != a
    assert world_rng(3, 7).random() == world_rng(3, 7).random()


def near_a_call(state: State) -> State | None:
    """The first position from ``state``, greedy play without calls, where the seat to
    move may discard down to the call limit (RM14, RM22)."""
    bot = GreedyBot()
    while not state.game_over:
        hand = state.hands[state.to_move]
        if state.phase == DISCARD and any(
                deadwood_points(hand & ~(1 << m.card)) <= state.rules.call_limit
                for m in state.legal_moves() if m.card is not None):
            return state
        state, _ = advance(state, bot.choose(state.view(state.to_move))._replace(call=False))
    return None


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
def test_show_down_values_are_the_engines_settlement(variant: str) -> None:
    checked = 0
    for start in mid_hand(variant, 11, 12):
        state = near_a_call(start)
        if state is None:
            continue
        view = state.view(state.to_move)
        worlds = Worlds(view)
        moves = view.legal_moves()
        world = worlds.draw(0, 0)
        values, nodes = worlds.values(world, moves)
        assert nodes >= 1
        for move, value in zip(moves, values, strict=True):
            if not move.call:
                continue
            after, _ = advance(world, move)
            if after.status == "showdown":  # a show-down: exactly the engine's points (RM26)
                assert value == after.returns()[view.player]
                checked += 1
            else:  # Poker Gin's call over the limit (RM24)
                plain = values[moves.index(move._replace(call=False))]
                assert value == plain - 5
                checked += 1
    assert checked >= 10


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
def test_a_view_lists_the_movers_legal_moves(variant: str) -> None:
    """engine.rummy.View.legal_moves (added for the solver): the state's moves for the
    seat to move (RM7, RM8, RM14, RM24), none for the others; View.taken as State.taken."""
    for state in mid_hand(variant, 14, 10):
        mover = state.to_move
        assert state.view(mover).legal_moves() == state.legal_moves()
        assert state.view(mover).taken == state.taken
        assert state.view(1 - mover).legal_moves() == []
