"""The last batch is solved exactly: the search agrees with brute-force minimax."""

import pytest

from engine.cassino.moves import Move
from engine.cassino.play import State, advance
from solver.cassino.search import Position, Search

from .helpers import states


def after(state: State, move: Move, player: int) -> int:
    """Round-point difference for ``player`` once ``move`` is played and both play
    perfectly (the round's score if the move ends it)."""
    events: list = []
    nxt = advance(state, move, events)
    scored = [e for e in events if e.type == "round_scored"]
    if scored:
        totals = scored[0].get("breakdown").totals
        return totals[player] - totals[1 - player]
    return brute_force(nxt, player)


def brute_force(state: State, player: int) -> int:
    """Round-point difference for ``player`` with perfect play by both, by plain minimax
    over full states (the engine's own apply, residue and scoring)."""
    best = None
    for move in state.legal_moves():
        value = after(state, move, player)
        if best is None:
            best = value
        elif state.to_move == player:
            best = max(best, value)
        else:
            best = min(best, value)
    assert best is not None
    return best


def position(state: State) -> Position:
    return Position(state.to_move, (state.hands[0], state.hands[1]), state.loose, state.builds,
                    (state.captured[0], state.captured[1]), (state.sweeps[0], state.sweeps[1]),
                    state.last_capturer, 0, state.dealer)


@pytest.mark.parametrize("seed", range(4))
def test_exact_endgame_matches_brute_force(seed: int) -> None:
    checked = 0
    for state in states(100 + seed, 40, last_batch=True):
        cards = state.hands[0].bit_count() + state.hands[1].bit_count()
        if cards > 6:
            continue
        p = state.to_move
        moves = state.legal_moves()
        search = Search(state.rules, 0, state.dealer)
        values = search.root_values(position(state), moves)
        for move, value in zip(moves, values, strict=True):
            assert value == after(state, move, p), (state.to_dict(), move.id)
        assert search.value(position(state)) == max(values)
        checked += 1
    assert checked >= 5


def test_longer_endgames_match_brute_force() -> None:
    """Seven cards to play (the brute force grows fast beyond)."""
    checked = 0
    for state in states(7, 200, last_batch=True):
        if state.hands[0].bit_count() + state.hands[1].bit_count() != 7:
            continue
        search = Search(state.rules, 0, state.dealer)
        assert search.value(position(state)) == brute_force(state, state.to_move)
        checked += 1
        if checked == 2:
            break
    assert checked == 2
