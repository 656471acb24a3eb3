"""Conquian and rummy hints through real RQ workers on a real redis-server: the job
carries the game, the answer is the embedded one, the cache is per game (fixtures in
conftest.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask.testing import FlaskClient

import engine.conquian as conquian
import engine.rummy as rummy
from api import create_app
from tests.workers.conftest import RedisServer, Workers

POSITIONS = {"conquian": conquian.new_game(4, dealer=1),
             "poker-gin": rummy.new_game(4, "poker-gin", dealer=1)}


def answer(client: FlaskClient, body: dict[str, Any], seconds: float = 120) -> dict[str, Any]:
    r = client.post("/v1/hints", json=body)
    deadline = time.monotonic() + seconds
    while r.status_code == 202 and time.monotonic() < deadline:
        time.sleep(0.05)
        job = client.get(r.headers["Location"])
        if job.json["status"] in ("finished", "failed"):
            assert job.json["status"] == "finished", job.json
            return job.json["result"]  # type: ignore[no-any-return]
    assert r.status_code == 200, r.json
    return r.json  # type: ignore[no-any-return]


@pytest.mark.parametrize("variant", list(POSITIONS))
def test_a_worker_answers_another_game_as_the_embedded_service_does(
        redis_server: RedisServer, workers: Workers, variant: str) -> None:
    workers.start(1)
    client = create_app({"REDIS_URL": redis_server.url}).test_client()
    state = POSITIONS[variant]
    body = {"state": state.to_dict(), "player": state.to_move, "samples": 6, "seed": 3}
    queued = answer(client, body)
    embedded = answer(create_app().test_client(), body)
    assert queued["moves"] == embedded["moves"] and queued["moves"]
    assert queued["evaluation"] == embedded["evaluation"]
    again = client.post("/v1/hints", json=body)
    assert again.status_code == 200 and again.json["solver"]["cached"] is True


def test_a_large_rummy_budget_is_split_and_merged_exactly(redis_server: RedisServer,
                                                          workers: Workers) -> None:
    workers.start(2)
    client = create_app({"REDIS_URL": redis_server.url, "HINT_MAX_SAMPLES": 200}).test_client()
    state = POSITIONS["poker-gin"]
    body = {"state": state.to_dict(), "player": state.to_move, "samples": 70, "seed": 5}
    split = answer(client, body)
    whole = answer(create_app({"HINT_MAX_SAMPLES": 200}).test_client(), body)
    assert split["solver"]["samples"] == whole["solver"]["samples"] == 70
    assert split["moves"] == whole["moves"] and split["evaluation"] == whole["evaluation"]
