"""Jass's match (docs/rules/jass.md J18, JD17-JD23): the call-out to 1,000, the end of a
deal without a call, the marks, the deals dealt from the seed, the wire forms."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from engine.errors import GameOverError, StateError
from engine.jass import CALL, Move, State, View, new_game, parse_move
from engine.jass.match import Match, marks_of, target_of, totals_of
from engine.jass.rules import GAME, SETTINGS
from solver.jass.bots import Random, Rule, rule_move

MATCHES = [name for name, s in SETTINGS.items() if s.match != "deal"]


def round_trip(state: State) -> None:
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    for seat in range(state.seats):
        view = state.view(seat)
        assert View.from_dict(json.loads(json.dumps(view.to_dict()))) == view


def at(variant: str, seed: int, scores: tuple[tuple[int | None, ...], ...]) -> State:
    """A match of ``variant`` at its deal after ``scores`` (the first dealer so that the
    deal's dealer is the last seat, as the seed's deal was made)."""
    state = new_game(seed, variant)
    first = (state.dealer - len(scores)) % state.seats
    return replace(state, match=Match(len(scores) + 1, first, scores))


def no_call(state: State) -> Move:
    """The rule bot's move, never a call."""
    move = rule_move(state.view(state.turn))
    return move if move != CALL else next(m for m in state.moves_for(state.turn)
                                          if m != CALL)


def test_the_variants_are_declared_once_and_the_one_deal_ones_keep_their_deal() -> None:
    names = [v.name for v in GAME.variants]
    assert names[:3] == ["jass", "three-hand-jass", "two-hand-jass"]
    assert set(names) == set(SETTINGS)
    assert "two-hand-jass-marks" not in SETTINGS  # J18: marks with three or four
    assert all(SETTINGS[n].deals % 4 == 0 for n in MATCHES if SETTINGS[n].match == "marks")
    for one in ("jass", "three-hand-jass", "two-hand-jass"):
        state = new_game(5, one)
        assert state.match is None and "match" not in state.to_dict()
        match = new_game(5, f"{one}-1000")
        assert match.hands == state.hands and match.dealer == state.dealer  # JD18


def test_a_right_call_wins() -> None:
    """JD20: the caller's total before the deal and his points of it so far."""
    state = at("two-hand-jass-1000", 3, ((990, 500),))
    while not (state.turn == 0 and state.phase == "play" and state.call_right(0)):
        assert CALL not in state.moves_for(state.turn) or state.phase in ("play", "declare")
        state = state.apply(no_call(state))[0]
        assert state.match is not None and state.match.deal == 2
    assert state.deal_points()[0] >= 10 and CALL in state.moves_for(0)
    over, events = state.apply(CALL)
    assert over.game_over and over.result.winners == (0,)
    assert over.result.points[0] == 990 + state.deal_points()[0]
    assert [e.type for e in events] == ["call", "match"] and events[0].right
    assert "right" in events[0].describe()
    round_trip(over)
    with pytest.raises(GameOverError, match="J18"):
        over.apply(CALL)


def test_a_wrong_call_loses_and_the_best_other_total_wins() -> None:
    state = at("three-hand-jass-1000", 4, ((600, 700, 700), (300, 100, 100)))
    while state.phase != "play":
        state = state.apply(no_call(state))[0]
    seat = state.turn
    assert not state.call_right(seat)
    over, events = state.apply(CALL)
    assert events[0].type == "call" and not events[0].right
    others = [s for s in range(3) if s != seat]
    best = max(over.result.points[s] for s in others)
    assert seat not in over.result.winners
    assert over.result.winners == tuple(s for s in others if over.result.points[s] == best)
    round_trip(over)


def test_a_thousand_reached_without_a_call_wins_at_the_deals_end() -> None:
    """JD21: a total alone at the target wins."""
    state = at("two-hand-jass-1000", 5, ((998, 400),))
    while not state.game_over:
        state, events = state.apply(no_call(state))
    assert [e.type for e in events][-3:] == ["end", "tally", "match"]
    assert state.result.winners == (0,) and state.result.points[0] >= 1000
    assert state.finished and state.match is not None and len(state.match.scores) == 2
    round_trip(state)


def test_two_totals_at_the_target_raise_it_and_the_match_goes_on() -> None:
    state = at("two-hand-jass-1000", 5, ((995, 995),))
    while state.match is not None and state.match.deal == 2:
        state, events = state.apply(no_call(state))
    assert not state.game_over
    tally = next(e for e in events if e.type == "tally")
    assert tally.worth == 1250 and state.to_dict()["match"]["target"] == 1250
    assert events[-1].type != "match" and any(e.type == "deal" for e in events)
    assert state.dealer == 0 and state.match.deal == 3  # JD18: the deal passes left
    round_trip(state)


def test_marks_two_highest_rub_off_and_under_21_is_set_back() -> None:
    """JD22, with the book's numbers: the two higher scores rub off a mark; less than 21
    sets a player back a mark; a passer neither."""
    settings = SETTINGS["jass-marks"]
    assert marks_of(settings, ((100, 40, 17, None),), 4) == (11, 11, 13, 12)
    assert marks_of(settings, ((60, 60, 60, 0),), 4) == (11, 11, 11, 13)  # tied at the top
    assert marks_of(settings, ((90, 40, 40, 20),), 4) == (11, 11, 11, 13)  # tied second
    assert marks_of(settings, ((150, 12, 0),), 3) == (11, 12, 13)  # second under 21: both


def test_a_marks_deal_is_tallied_and_the_twelfth_ends_the_match() -> None:
    state = new_game(2, "three-hand-jass-marks")
    while state.match is not None and state.match.deal == 1:
        state, events = state.apply(rule_move(state.view(state.turn)))
    row = state.match.scores[0]
    tally = next(e for e in events if e.type == "tally")
    assert tally.scores == marks_of(SETTINGS["three-hand-jass-marks"], (row,), 3)
    assert state.to_dict()["match"]["marks"] == list(tally.scores)
    assert sum(m < 12 for m in tally.scores) >= 2
    assert CALL not in state.moves_for(state.turn)  # no call-out on marks
    round_trip(state)
    last = at("three-hand-jass-marks", 2, ((80, 60, 17),) * 11)
    while not last.game_over:
        last = last.apply(rule_move(last.view(last.turn)))[0]
    assert len(last.match.scores) == 12 if last.match else False
    marks = marks_of(SETTINGS["three-hand-jass-marks"], last.match.scores, 3)
    assert last.result.winners == tuple(s for s in range(3) if marks[s] == min(marks))
    assert last.result.points == tuple(12 - m for m in marks)
    round_trip(last)


def test_the_target_rises_once_per_deal_as_often_as_two_reach_it() -> None:
    settings = SETTINGS["jass-1000"]
    assert target_of(settings, ((1000, 1300, 0, 0),), 4) == 1250  # 1,300 alone wins
    assert target_of(settings, ((1300, 1300, 0, 0),), 4) == 1500
    assert target_of(settings, ((500, 500, 0, 0), (600, 200, 0, 0)), 4) == 1000
    assert totals_of(((10, None, 5, 0), (1, 2, 3, 4)), 4) == (11, 2, 8, 4)


@pytest.mark.parametrize("variant", MATCHES)
def test_random_matches_end_with_a_valid_result(variant: str) -> None:
    """Whole matches by the house's rule and random bots: every state reads back, a bot
    never calls wrongly, the match always ends with winners."""
    state = new_game(7, variant)
    bots = [Rule(1) if s % 2 else Random(s) for s in range(state.seats)]
    deals, moves = {1}, 0
    while not state.game_over:
        view = state.view(state.turn)
        move = bots[state.turn].choose(view)
        if move == CALL:
            assert view.call_right(state.turn)
        state = state.apply(move)[0]
        moves += 1
        assert state.match is not None
        deals.add(state.match.deal)
        if moves % 97 == 0:
            round_trip(state)
    round_trip(state)
    result = state.result
    assert result.over and result.winners
    assert sorted(deals) == list(range(1, max(deals) + 1))
    if SETTINGS[variant].match == "marks":
        assert max(deals) == SETTINGS[variant].deals


def test_each_deal_is_dealt_from_the_seed_and_the_deals_number() -> None:
    def deal_two(seed: int) -> State:
        state = new_game(seed, "jass-marks")
        while state.match is not None and state.match.deal == 1:
            state = state.apply(rule_move(state.view(state.turn)))[0]
        return state

    one, two = deal_two(8), deal_two(8)
    assert one == two and one.dealer == 0
    assert one.hands != new_game(8, "jass-marks", dealer=0).hands
    assert one.log[0].type == "deal" and one.log[0].worth == 2


def test_a_call_is_refused_naming_its_rule() -> None:
    plain = new_game(3, "jass")
    while plain.phase != "play":
        plain = plain.apply(plain.moves_for(plain.turn)[0])[0]
    assert CALL not in plain.moves_for(plain.turn)
    assert plain.refusal(CALL, plain.turn).rule == "JD19"  # type: ignore[union-attr]
    match = new_game(3, "jass-1000")
    assert match.phase == "pass" and CALL not in match.moves_for(match.turn)
    assert match.refusal(CALL, match.turn).rule == "JD19"  # type: ignore[union-attr]
    while match.phase != "play":
        match = match.apply(match.moves_for(match.turn)[1])[0]
    other = (match.turn + 1) % 4
    refused = match.view(other).refusal(CALL)
    assert refused is not None and refused.rule == "JD19" and "own turn" in refused.message
    assert match.view(match.turn).refusal(CALL) is None
    assert parse_move("call") == CALL == parse_move({"type": "call"})


def mangle(state: State, **fields: Any) -> dict[str, Any]:
    data = state.to_dict()
    data["match"] = {**data["match"], **fields}
    return data


def test_a_match_read_back_is_checked_naming_the_rule() -> None:
    match = at("jass-1000", 3, ((100, 50, 0, None),))
    round_trip(match)
    cases = [(mangle(match, totals=[1, 2, 3, 4]), "JD21"),
             (mangle(match, first_dealer=0), "JD18"),
             (mangle(match, scores=[[100, None, 0, None]]), "JD4"),
             (mangle(match, caller=1), "JD20"),
             (mangle(match, scores=[[1000, 0, 0, 0]], totals=[1000, 0, 0, 0]), "JD21")]
    for data, rule in cases:
        with pytest.raises(StateError) as error:
            State.from_dict(data)
        assert error.value.rule == rule, (data["match"], error.value)
    plain = new_game(3, "jass").to_dict()
    with pytest.raises(StateError, match="JD16"):
        State.from_dict({**plain, "match": match.to_dict()["match"]})
    data = match.to_dict()
    del data["match"]
    with pytest.raises(StateError, match="JD17"):
        State.from_dict(data)


def test_views_hide_nothing_new() -> None:
    """JD18: the match is public: every seat's view shows it whole."""
    state = at("jass-marks", 6, ((70, 50, 30, 7),))
    for seat in range(4):
        assert state.view(seat).to_dict()["match"] == state.to_dict()["match"]


def test_a_random_call_is_always_judged() -> None:
    """Calls at random moments of random deals: right exactly when the total reaches the
    target, and the match is over either way."""
    rng = random.Random(1)
    for seed in range(20):
        state = at("three-hand-jass-1000", seed, ((rng.randrange(900, 1000), 0, 0),))
        for _ in range(rng.randrange(3, 25)):
            state = state.apply(no_call(state))[0]
        if CALL not in state.moves_for(state.turn):
            continue
        total = state.result.points[state.turn]
        over, events = state.apply(CALL)
        assert events[0].right == (total >= 1000) == (over.result.winners == (state.turn,))
