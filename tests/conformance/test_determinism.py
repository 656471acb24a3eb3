"""Determinism per seed, for every rule set: a seed deals the same game, by the engine and
over HTTP (and another seed another game), and each house bot made with a seed plays the
same moves from the same views."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from api.served import served
from solver.games import solver_of
from tests.conformance.common import CASES, Case, new_state, post

SEEDS = (5, 6, 7)
HOUSE_PLIES = 6
"""The moves each house bot plays in each game (twice, from the same seeds)."""


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_seed_deals_the_same_game(case: Case, client: FlaskClient) -> None:
    deals = [new_state(case, seed).to_dict() for seed in SEEDS]
    assert [new_state(case, seed).to_dict() for seed in SEEDS] == deals
    assert len({str(deal) for deal in deals}) > 1, "the seed deals nothing"
    body = {**case.table, "seed": SEEDS[0]}
    answers = [post(client, "/v1/games", body) for _ in range(2)]
    assert all(a.status_code == 200 for a in answers), answers[0].json
    assert answers[0].json == answers[1].json == {"state": deals[0]}


def _house_moves(case: Case, bot: str, seed: int) -> list[str]:
    """The moves the house plays with ``bot`` in every seat, as the service plays them
    (ServedGame.house_step), each bot made afresh with a seed of its ply."""
    entry = served(case.game)
    state, played = new_state(case, seed), []
    house = dict.fromkeys(range(case.seats), bot)
    for ply in range(HOUSE_PLIES):
        step = None if state.game_over else entry.house_step(
            state, house, lambda spec, ply=ply: entry.make_bot(spec, seed * 1000 + ply))
        if step is None:
            break
        seat, move, _last = step
        played.append(f"{seat}:{entry.engine.move_json(state, move)['id']}")
        state = state.apply(move)[0]
    return played


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_seed_makes_the_same_house_moves(case: Case) -> None:
    solver = solver_of(case.game)
    if solver is None:
        pytest.skip(f"{case.game} has no house")
    for bot in solver.house.bots(case.variant):
        first = _house_moves(case, bot, SEEDS[0])
        assert first, bot
        assert _house_moves(case, bot, SEEDS[0]) == first, bot
