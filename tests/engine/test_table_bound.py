"""D16: a table too large to list the moves of is refused, quickly and with its rule."""

from __future__ import annotations

import random

import pytest
from flask.testing import FlaskClient

from api import create_app
from engine import State, new_game
from engine.cassino.sums import MAX_UNIONS, check_table, unions
from engine.errors import PositionTooLargeError


def trailing_table(plies: int = 32) -> State:
    """Both seats always play their last listed move (mostly trails): 36 loose cards after
    32 plies of seed 1, whose moves would run to 3.5 million."""
    state = new_game(1, dealer=1)
    for _ in range(plies):
        state = state.apply(state.legal_moves()[-1]).state
    return state


def test_a_huge_table_is_refused_naming_d16() -> None:
    state = trailing_table()
    assert state.loose.bit_count() == 36
    with pytest.raises(PositionTooLargeError) as refused:
        state.legal_moves()
    assert refused.value.rule == "D16" and refused.value.field == "table.loose"
    with pytest.raises(PositionTooLargeError):
        check_table(state.loose, state.rules)


def test_tables_of_played_games_are_far_below_the_bound() -> None:
    rng = random.Random(16)
    largest = 0
    for seed in range(300):
        state = new_game(seed, dealer=seed % 2)
        while state.status == "playing" and state.round == 1:
            check_table(state.loose, state.rules)
            largest = max(largest, *(len(unions(state.loose, t, state.rules))
                                     for t in range(1, 11)))
            moves = state.legal_moves()
            captures = [m for m in moves if m.type != "trail"]
            state = state.apply(rng.choice(captures or moves)).state
    assert largest < MAX_UNIONS // 10


def test_the_api_refuses_it_and_changes_nothing() -> None:
    client: FlaskClient = create_app({"HINT_PER_CLIENT": 0, "HINT_BACKLOG": 0}).test_client()
    body = {"state": trailing_table().to_dict()}
    for path, extra in (("/v1/legal-moves", {}), ("/v1/apply", {"move": "KC"}),
                        ("/v1/hints", {"player": 0})):
        answer = client.post(path, json={**body, **extra})
        assert answer.status_code == 422, (path, answer.json)
        assert answer.json["rule"] == "D16" and answer.json["field"] == "state.table.loose"
        assert answer.json["rule_url"] == "/rules/standard#D16"


def test_a_sealed_game_that_reaches_one_is_refused_too() -> None:
    """Trailing again and again is legal: a sealed game can reach such a table, and its
    hints are then a 422 naming D16, not a search that fails."""
    app = create_app({"HINT_PER_CLIENT": 0, "HINT_BACKLOG": 0})
    sealer = app.extensions["cassino_sealer"]
    state = trailing_table()
    game = sealer.start(state, {})
    seat = {"game": sealer.seal(game), "credential": game.credential(state.to_move)}
    client = app.test_client()
    for path in ("/v1/hints", "/v1/legal-moves"):
        answer = client.post(path, json=seat)
        assert answer.status_code == 422, (path, answer.json)
        assert answer.json["rule"] == "D16"
