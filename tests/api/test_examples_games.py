"""The other games' recorded examples (openapi/examples.json, "games"): each request
works as sent and answers what was recorded (up to the search time and the cache flag)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from api import create_app
from api.examples import game_example
from api.recording import game_requests
from tests.api.test_examples import _steady

NAMES = sorted(game_requests())


def test_every_new_game_has_its_examples() -> None:
    variants = {name.split(".")[0] for name in NAMES}
    assert variants == {"canfield", "conquian", "poker-rum", "poker-gin", "double-pack-rum",
                        "solitaire-cribbage", "patience-poker", "i-doubt-it", "jass"}
    assert all(game_example(name) is not None for name in NAMES), "run python -m api.recording"


@pytest.mark.parametrize("name", NAMES)
def test_the_example_request_answers_as_recorded(name: str) -> None:
    path, body = game_requests()[name]
    client = create_app().test_client()
    answer = client.post(path, json=body)
    result: Any = answer.json
    while answer.status_code == 202:
        time.sleep(0.05)
        job = client.get(answer.headers["Location"]).json
        if job["status"] == "finished":
            result = job["result"]
            break
    else:
        assert answer.status_code == 200, answer.json
    assert _steady(result) == _steady(game_example(name))
