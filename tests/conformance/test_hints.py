"""Hints, for every rule set of a game that offers them: every ranked move is a legal move
of the asking seat, and two whole states with the same view of it (the view resampled
twice) get the same answer for the same seed: a hint reads the seat's view only."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.served import served
from engine.games import engine_of
from tests.conformance.common import CASES, Case, new_state, post, random_play

PLIES = (0, 7)
"""The positions of a seeded game asked about."""
BUDGET = {"samples": 3, "seed": 4}


def _asked(client: FlaskClient, state: Any, seat: int) -> dict[str, Any]:
    answer = post(client, "/v1/hints", {"state": state.to_dict(), "player": seat,
                                            **BUDGET})
    assert answer.status_code == 200, answer.json
    result: dict[str, Any] = answer.json
    return {**result, "solver": {k: v for k, v in result["solver"].items()
                                 if k not in ("elapsed_ms", "cached")}}


@pytest.mark.parametrize("case", CASES, ids=str)
def test_hints_are_legal_and_read_the_view_only(client: FlaskClient, case: Case) -> None:
    if not served(case.game).offers("hints"):
        pytest.skip(f"{case.game} offers no hints")
    engine = engine_of(case.game)
    positions = [s for ply, (s, _m, _seat) in enumerate(random_play(
        new_state(case, 13), random.Random(13))) if ply in PLIES]
    assert positions
    for state in positions:
        seat = served(case.game).to_move(state)  # the seat whose turn it is
        view = state.view(seat)
        legal = {engine.move_json(state, m)["id"] for m in state.moves_for(seat)}
        worlds = [view.resample(random.Random(i)) for i in (1, 2)]
        assert all(w.view(seat).to_dict() == view.to_dict() for w in worlds)
        assert worlds[0].to_dict() != worlds[1].to_dict(), "the view hides nothing"
        answers = [_asked(client, world, seat) for world in (state, *worlds)]
        ranked = [item["move"]["id"] for item in answers[0]["moves"]]
        assert ranked and set(ranked) <= legal, (ranked, legal)
        assert answers[1] == answers[0] == answers[2]
