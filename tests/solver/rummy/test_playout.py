"""solver.rummy.playout: the careful rule played out on a lean copy gives exactly the
points the engine gives when the same rule plays every move (RM14-RM25)."""

import pytest

from engine.rummy import DISCARD, DRAW, TAKE, Move, State, advance
from solver.rummy import CarefulBot, play_out
from solver.rummy.careful import careful_takes
from solver.rummy.policy import greedy_call, greedy_discard
from tests.solver.rummy.helpers import mid_hand


def careful(state: State) -> Move:
    """The careful rule on the full state (the seat's own cards only)."""
    hand = state.hands[state.to_move]
    if state.phase == DRAW:
        take = state.pile and careful_takes(hand, state.pile[-1])
        return Move(TAKE) if take else Move(DRAW)
    card, after = greedy_discard(hand, state.taken)
    return Move(DISCARD, card, greedy_call(state.rules, after))


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
def test_the_playout_is_the_engine_playing_careful(variant: str) -> None:
    for state in mid_hand(variant, 1, 40):
        result, turns = play_out(state)
        engine_state = state
        while not engine_state.game_over:
            engine_state, _ = advance(engine_state, careful(engine_state))
        assert result == engine_state.returns()  # the engine's settlement (RM18-RM23)
        assert turns >= 1


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
def test_the_playout_reshuffles_as_the_engine_does(variant: str) -> None:
    """A short stock: the pile but its top becomes the stock once, then the hand is
    drawn (RM25), the same in the playout as in the engine."""
    ends = set()
    for state in mid_hand(variant, 4, 30):
        if state.phase != DRAW:
            continue
        for once in (False, True):
            short = state._replace(stock=state.stock[:2], reshuffled=once,
                                   pile=state.pile[:-1] + state.stock[2:] + state.pile[-1:])
            short.validate()
            result, _ = play_out(short)
            engine_state = short
            while not engine_state.game_over:
                engine_state, _ = advance(engine_state, careful(engine_state))
            assert result == engine_state.returns()
            ends.add((engine_state.reshuffled, engine_state.status))
    assert (True, "drawn") in ends
    assert (True, "showdown") in ends


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
def test_the_careful_bot_is_the_playout_rule(variant: str) -> None:
    bot = CarefulBot()
    for state in mid_hand(variant, 2, 20):
        assert bot.choose(state.view(state.to_move)) == careful(state)


def test_a_finished_hand_is_its_points() -> None:
    state = mid_hand("poker-rum", 3, 1)[0]
    while not state.game_over:
        state, _ = advance(state, careful(state))
    assert play_out(state) == (state.returns(), 0)
