"""Jass's solver in a match (docs/rules/jass.md JD23): a right call ranks first and a
wrong one last, the hint still searches the deal, the house's bots call when right and
never wrongly."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.jass import CALL, State, new_game
from engine.jass.match import Match
from solver.jass.bots import Random, Rule
from solver.jass.entry import SOLVER, make_bot
from solver.jass.hints import DEFAULT, MATCH, SolverBot, finish, solve


def in_play(variant: str, seed: int, before: int) -> State:
    """A match whose seat 0 had ``before`` points before this deal, at seat 0's first card
    after it won a trick of points (or its first card)."""
    state = new_game(seed, variant)
    seats = state.seats
    first = (state.dealer - 1) % seats
    row = (before, *([0] * (seats - 1)))
    state = replace(state, match=Match(2, first, (row,)))
    bots = [Rule(s) for s in range(seats)]
    while not (state.turn == 0 and state.phase == "play" and state.deal_points()[0] >= 10):
        move = bots[state.turn].choose(state.view(state.turn))
        state = state.apply(move if move != CALL else next(
            m for m in state.moves_for(state.turn) if m != CALL))[0]
    return state


def ranked(state: State) -> list[str]:
    view = state.view(0)
    options = replace(DEFAULT, samples=4, min_samples=4)
    answer = finish(view, solve(view, options, seed=1, early=False), 1, None, True)
    return [item["move"]["id"] for item in answer["moves"]]


def test_a_right_call_ranks_first_and_a_wrong_one_last() -> None:
    right = in_play("two-hand-jass-1000", 3, 995)
    assert right.call_right(0)
    assert ranked(right)[0] == "call"
    wrong = in_play("two-hand-jass-1000", 3, 100)
    assert not wrong.call_right(0)
    order = ranked(wrong)
    assert order[-1] == "call" and order[0].startswith("play:")


@pytest.mark.parametrize("spec", ["rule", "random", "solver:2"])
def test_the_house_calls_when_right_and_never_wrongly(spec: str) -> None:
    right = in_play("three-hand-jass-1000", 5, 995)
    bot = make_bot(spec, 1)
    assert bot.choose(right.view(0)) == CALL
    wrong = in_play("three-hand-jass-1000", 5, 100)
    for seed in range(5):
        assert make_bot(spec, seed).choose(wrong.view(0)) != CALL


def test_a_hint_of_a_match_searches_the_deal_and_its_bound_covers_a_match() -> None:
    state = new_game(4, "jass-marks")
    while state.phase != "play":
        state = state.apply(Rule().choose(state.view(state.turn)))[0]
    view = state.view(state.turn)
    tally = solve(view, replace(DEFAULT, samples=3, min_samples=3), seed=2, early=False)
    assert set(tally.moves) == {m.id for m in view.legal_moves()}
    assert SOLVER.bound(view) >= MATCH
    assert isinstance(SolverBot(1, samples=2).choose(view), type(view.legal_moves()[0]))


def test_random_bot_is_sound_in_a_whole_match() -> None:
    state = new_game(9, "two-hand-jass-1000")
    bots = [Random(1), Random(2)]
    while not state.game_over:
        view = state.view(state.turn)
        move = bots[state.turn].choose(view)
        assert move != CALL or view.call_right(state.turn)
        state = state.apply(move)[0]
    assert state.result.winners


def test_a_wrong_call_is_warned_of_and_a_right_one_is_not() -> None:
    from solver.jass.risks import move_risks
    wrong = in_play("jass-1000", 4, 900)
    view = wrong.view(0)
    risks = move_risks(view, view.legal_moves())
    assert risks[CALL]["how"] == "lose" and risks[CALL]["player"] != 0
    assert risks[CALL]["lost"] == 1000 - wrong.result.points[0]
    right = in_play("jass-1000", 4, 999)
    assert CALL not in move_risks(right.view(0), right.view(0).legal_moves())
