"""States no game can reach are refused: scores, capture piles, the previous round (R12,
R24, R26, R27).  The same checks guard views."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import State, new_game
from engine.cassino.play import advance
from engine.cassino.rules import get_rules
from engine.cassino.scoring import least_points
from engine.errors import StateError
from tests.engine.test_rules import position_dict


def refused(data: dict[str, Any]) -> StateError:
    with pytest.raises(StateError) as caught:
        State.from_dict(data)
    return caught.value


def played(seed: int, rounds: int) -> State:
    """A real game played (seeded random moves) into round ``rounds``."""
    rng = random.Random(seed)
    state = new_game(seed, dealer=0)
    while state.round < rounds and state.status == "playing":
        state = advance(state, rng.choice(state.legal_moves()))
    return state


def test_a_round_awards_at_least_eight_points() -> None:
    assert least_points(get_rules("standard")) == 8  # spades 1, aces 4, 10♦ 2, 2♠ 1 (R26)


def test_scores_below_what_the_rounds_played_award_are_refused() -> None:
    data = position_dict((["7S"], ["KC"]), ["2H"], stock=8, round_=3, deal=3, scores=(5, 6))
    err = refused(data)
    assert err.field == "scores" and err.rule == "R27" and "16 points" in err.message
    State.from_dict(position_dict((["7S"], ["KC"]), ["2H"], stock=8, round_=3, deal=3,
                                  scores=(9, 7)))


def test_scores_that_end_the_game_cannot_be_playing() -> None:
    err = refused(position_dict((["7S"], ["KC"]), ["2H"], stock=8, round_=3, deal=3,
                                scores=(25, 3)))
    assert err.field == "status" and err.rule == "R27"
    State.from_dict(position_dict((["7S"], ["KC"]), ["2H"], stock=8, round_=4, deal=4,
                                  scores=(22, 22)))  # a tie at the top plays on


def test_a_capture_pile_of_one_card_is_refused() -> None:
    data = position_dict((["7S"], ["KC"]), ["2H"], stock=8)
    pile = data["captured"][1]
    data["captured"][0] = [pile.pop()]
    data["last_capturer"] = 0
    err = refused(data)
    assert err.field == "captured[0]" and err.rule == "R12"


def test_a_previous_round_must_take_the_whole_pack() -> None:
    state = played(3, rounds=2)
    assert state.previous_round is not None
    data = state.to_dict()
    data["previous_round"]["players"][0]["aces"] -= 1  # one ace lost
    data["previous_round"]["players"][0].pop("points")
    data["previous_round"]["players"][0].pop("total")
    err = refused(data)
    assert err.rule == "R24" and "aces" in err.message


def test_scores_include_the_previous_round() -> None:
    state = played(5, rounds=2)
    data = state.to_dict()
    data["scores"] = [0, sum(state.scores)]
    totals = state.previous_round.totals if state.previous_round else (0, 0)
    if totals[0] > 0:
        err = refused(data)
        assert err.field == "scores" and "previous round" in err.message


@pytest.mark.parametrize("seed", range(6))
def test_every_state_of_real_games_passes(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(seed)
    while state.status == "playing":
        assert State.from_dict(state.to_dict()) == state
        for seat in (0, 1):
            state.view(seat).to_dict()
        state = advance(state, rng.choice(state.legal_moves()))
    assert State.from_dict(state.to_dict()) == state
