"""Per-client request rates (api/limits.py): past ``RATE_LIMIT`` (every /v1 request) or
``HINT_RATE_LIMIT`` (hints and evaluations) a client gets a JSON 429 with ``Retry-After``;
other clients go on; health, metrics, docs and static files are never limited; with Redis the
counts are shared by every app on it; under gunicorn without Redis, each process counts."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families
from werkzeug.test import TestResponse

from api import create_app
from api.app import DEFAULTS, EXPOSED_HEADERS
from api.limits import HEADERS, _Memory
from api.schemas import ErrorSchema
from engine.cassino import Played, new_game, record_of
from tests.workers.conftest import ROOT, RedisServer, free_port
from workers.settings import env_names

LIMIT, REMAINING, RESET = HEADERS


def app_with(**config: Any) -> Flask:
    settings = {"RATE_LIMIT": "", "HINT_RATE_LIMIT": "", "ACCESS_LOG_JSON": False}
    settings.update(config)
    return create_app(settings)


def get(client: FlaskClient, path: str = "/v1/variants", address: str = "10.0.0.1",
        **kwargs: Any) -> TestResponse:
    return client.get(path, environ_base={"REMOTE_ADDR": address}, **kwargs)


def refused() -> float:
    return REGISTRY.get_sample_value("cassino_rate_limited_total") or 0.0


def test_past_the_limit_a_client_gets_a_json_429_with_retry_after() -> None:
    client = app_with(RATE_LIMIT="3 per minute").test_client()
    before = refused()
    for left in (2, 1, 0):
        answer = get(client)
        assert answer.status_code == 200
        assert answer.headers[LIMIT] == "3" and answer.headers[REMAINING] == str(left)
        assert "Retry-After" not in answer.headers
    over = get(client)
    assert over.status_code == 429
    assert over.json["code"] == 429 and over.json["status"] == "Too Many Requests"
    assert over.json["message"].startswith("too many requests from this address: "
                                           "3 per minute at most; retry after ")
    assert ErrorSchema().validate(over.json) == {}
    retry = int(over.headers["Retry-After"])
    assert 1 <= retry <= 60 and over.json["message"].endswith(f"retry after {retry} s")
    assert over.headers[LIMIT] == "3" and over.headers[REMAINING] == "0"
    reset = int(over.headers[RESET])
    assert math.floor(time.time()) <= reset <= time.time() + 61
    assert over.headers["X-Request-Id"]
    assert refused() == before + 1
    assert get(client).status_code == 429 and refused() == before + 2


def test_another_address_is_not_affected() -> None:
    client = app_with(RATE_LIMIT="2 per minute").test_client()
    for _ in range(3):
        get(client, address="10.0.0.1")
    assert get(client, address="10.0.0.1").status_code == 429
    other = get(client, address="10.0.0.2")
    assert other.status_code == 200 and other.headers[REMAINING] == "1"


def test_every_api_request_counts_whatever_its_answer() -> None:
    client = app_with(RATE_LIMIT="3 per minute").test_client()
    assert client.post("/v1/legal-moves", json={}).status_code == 422
    assert get(client, "/v1/jobs/jnothere", address="127.0.0.1").status_code == 404
    assert get(client, address="127.0.0.1").status_code == 200
    assert client.post("/v1/score", json={}).status_code == 429  # before its body is read


def test_health_metrics_docs_static_files_and_preflights_are_never_limited() -> None:
    client = app_with(RATE_LIMIT="1 per minute", HINT_RATE_LIMIT="1 per minute").test_client()
    paths = ["/health", "/health/live", "/health/ready", "/metrics", "/openapi.json", "/docs",
             "/play/", "/sdk/cassino.js", "/rules/standard", "/no/such/page"]
    for _ in range(3):
        for path in paths:
            answer = get(client, path)
            assert answer.status_code != 429, path
            assert LIMIT not in answer.headers, path
        preflight = client.options("/v1/hints", environ_base={"REMOTE_ADDR": "10.0.0.1"},
                                   headers={"Origin": "https://table.example",
                                            "Access-Control-Request-Method": "POST"})
        assert preflight.status_code == 200
    first = get(client)  # the API's budget is whole
    assert first.status_code == 200 and first.headers[REMAINING] == "0"


def test_hints_and_evaluations_share_a_tighter_limit() -> None:
    client = app_with(RATE_LIMIT="20 per minute", HINT_RATE_LIMIT="2 per minute").test_client()
    assert client.post("/v1/hints", json={}).status_code == 422  # counted: the limit comes
    evaluate = client.post("/v1/evaluate", json={})  # before the body is read
    assert evaluate.status_code == 422
    assert evaluate.headers[LIMIT] == "2" and evaluate.headers[REMAINING] == "0"
    over = client.post("/v1/hints", json={})
    assert over.status_code == 429
    assert over.json["message"].startswith("too many hints and evaluations from this address: "
                                           "2 per minute at most")
    assert client.post("/v1/evaluate", json={}).status_code == 429
    cheap = client.post("/v1/legal-moves", json={})  # the general limit is not spent
    assert cheap.status_code == 422 and cheap.headers[LIMIT] == "20"
    assert cheap.headers[REMAINING] == str(20 - 5)


def test_the_tightest_limit_is_the_one_shown() -> None:
    client = app_with(RATE_LIMIT="5 per minute; 100 per hour").test_client()
    answer = get(client)
    assert answer.headers[LIMIT] == "5" and answer.headers[REMAINING] == "4"


def test_headers_are_readable_across_origins() -> None:
    assert set(HEADERS) <= set(EXPOSED_HEADERS)
    client = app_with(RATE_LIMIT="5 per minute").test_client()
    answer = get(client, headers={"Origin": "https://table.example"})
    exposed = answer.headers["Access-Control-Expose-Headers"].split(", ")
    assert set(HEADERS) <= set(exposed) and "Retry-After" in exposed


def test_the_defaults_limit_and_empty_or_zero_turns_them_off() -> None:
    client = app_with(RATE_LIMIT=DEFAULTS["RATE_LIMIT"],
                      HINT_RATE_LIMIT=DEFAULTS["HINT_RATE_LIMIT"],
                      SEALED_RATE_LIMIT=DEFAULTS["SEALED_RATE_LIMIT"]).test_client()
    assert get(client).headers[LIMIT] == "50"
    assert client.post("/v1/hints", json={}).headers[LIMIT] == "10"
    assert client.post("/v1/games", json={"sealed": True}).headers[LIMIT] == "20"
    for off in ("", "0", 0, None, False):
        client = app_with(RATE_LIMIT=off, HINT_RATE_LIMIT=off).test_client()
        for _ in range(5):
            answer = get(client)
            assert answer.status_code == 200 and LIMIT not in answer.headers
    with pytest.raises(ValueError, match="rate limit 'ten per minute'"):
        app_with(RATE_LIMIT="ten per minute")


def test_an_ipv6_client_is_its_slash_64() -> None:
    client = app_with(RATE_LIMIT="2 per minute").test_client()
    assert get(client, address="2001:db8:1:2::1").status_code == 200
    assert get(client, address="2001:db8:1:2:ffff::9").status_code == 200
    assert get(client, address="2001:db8:1:2::77").status_code == 429  # the same /64
    assert get(client, address="2001:db8:1:3::1").status_code == 200


@pytest.mark.parametrize("hops", [0, 1])
def test_behind_proxy_hops_the_forwarded_address_is_the_client(hops: int) -> None:
    client = app_with(RATE_LIMIT="1 per minute", PROXY_HOPS=hops).test_client()

    def via_proxy(client_address: str) -> int:
        return get(client, address="10.0.0.254",
                   headers={"X-Forwarded-For": client_address}).status_code

    assert via_proxy("203.0.113.1") == 200
    assert via_proxy("203.0.113.2") == (200 if hops else 429)  # 0: the proxy is the client


def test_a_client_may_start_so_many_sealed_games() -> None:
    """Each sealed game keeps a key in the ledger's store for its tokens' lifetime (7 days):
    SEALED_RATE_LIMIT bounds what one client holds; open games store nothing."""
    client = app_with(SEALED_RATE_LIMIT="2 per minute").test_client()
    post = {"environ_base": {"REMOTE_ADDR": "10.0.0.8"}}
    for body in ({"sealed": True}, {"game": "rummy", "sealed": True}):
        assert client.post("/v1/games", json=body, **post).status_code == 200
    assert client.post("/v1/games", json={}, **post).status_code == 200  # open: not counted
    over = client.post("/v1/games", json={"sealed": True}, **post)
    assert over.status_code == 429
    assert over.json["message"].startswith("too many new sealed games from this address: "
                                           "2 per minute at most; retry after ")
    assert int(over.headers["Retry-After"]) >= 1 and over.headers[REMAINING] == "0"
    assert client.post("/v1/games", json={"sealed": True},
                       environ_base={"REMOTE_ADDR": "10.0.0.9"}).status_code == 200


# --- Redis -------------------------------------------------------------------------------


def test_with_redis_a_charge_counts_its_whole_cost(redis_server: RedisServer) -> None:
    """A replay of 130 moves counts 3 searches (api/costs.py), in one round trip."""
    state = new_game(2, "standard", 1)
    moves = []
    while len(moves) < 130:
        move = state.legal_moves()[0]
        moves.append(Played(state.to_move, move))
        state = state.apply(move).state
    body = {"record": record_of(2, "standard", 1, moves).to_dict()}
    one, two = (app_with(REDIS_URL=redis_server.url, HINT_RATE_LIMIT="5 per minute"
                         ).test_client() for _ in range(2))
    assert one.post("/v1/records/replay", json=body).status_code == 200
    over = two.post("/v1/records/replay", json=body)
    assert over.status_code == 429 and "a replay of 130 moves counts 3" in over.json["message"]


def test_with_redis_every_app_shares_the_counts(redis_server: RedisServer) -> None:
    one = app_with(REDIS_URL=redis_server.url, RATE_LIMIT="3 per minute",
                   HINT_RATE_LIMIT="1 per minute").test_client()
    two = app_with(REDIS_URL=redis_server.url, RATE_LIMIT="3 per minute",
                   HINT_RATE_LIMIT="1 per minute").test_client()
    assert get(one).headers[REMAINING] == "2"
    assert get(two).headers[REMAINING] == "1"
    assert get(one).headers[REMAINING] == "0"
    over = get(two)
    assert over.status_code == 429 and int(over.headers["Retry-After"]) >= 1
    assert get(one, address="10.0.0.2").status_code == 200
    assert one.post("/v1/hints", json={}, environ_base={"REMOTE_ADDR": "10.0.0.3"}
                    ).status_code == 422
    assert two.post("/v1/evaluate", json={}, environ_base={"REMOTE_ADDR": "10.0.0.3"}
                    ).status_code == 429


def test_with_redis_away_requests_are_answered_and_limited_in_memory() -> None:
    client = app_with(REDIS_URL=f"redis://127.0.0.1:{free_port()}/0",
                      RATE_LIMIT="2 per minute").test_client()
    assert [get(client).status_code for _ in range(3)] == [200, 200, 429]


# --- gunicorn, several processes, no Redis ------------------------------------------------


def call(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_under_gunicorn_without_redis_each_process_counts(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if k not in ("REDIS_URL", *env_names("REDIS_URL", "STORE"))}
    env.update(CARDGAMES_BIND=f"127.0.0.1:{port}", CARDGAMES_WORKERS="2",
               CARDGAMES_RATE_LIMIT="5 per minute", CARDGAMES_ACCESS_LOG_JSON="false")
    log = tmp_path / "log"
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "api/gunicorn_conf.py", "api:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log.open("wb"))
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if call(port, "/health")[0] == 200:
                    break
            except OSError:
                pass
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "gunicorn did not start"
            time.sleep(0.1)
        answers = [call(port, "/v1/variants") for _ in range(14)]
        ok = sum(status == 200 for status, _ in answers)
        assert 5 <= ok <= 10, answers  # 5 a process, 2 processes: however they were spread
        for status, body in answers:
            if status != 200:
                assert status == 429 and json.loads(body)["code"] == 429
        metrics = call(port, "/metrics")[1]
        counted = sum(sample.value for family in text_string_to_metric_families(metrics)
                      for sample in family.samples if sample.name == "cassino_rate_limited_total")
        assert counted == 14 - ok  # every process's refusals
    finally:
        process.terminate()
        process.wait(timeout=30)


# --- the in-memory counts ---------------------------------------------------------------


def test_memory_counts_start_no_thread_and_expired_ones_are_swept() -> None:
    memory = _Memory()
    memory.timer.join()  # the library's first sweeper, started with the storage, ends
    assert memory.incr("old", 1) == 1
    memory.expirations["old"] = time.time() - 1  # its window is over
    memory._next_sweep = 0.0
    assert memory.incr("new", 60) == 1
    assert not memory.timer.is_alive()  # no sweeper thread started by a count
    assert "old" not in memory.storage and "old" not in memory.expirations
    assert memory.incr("new", 60) == 2


def test_a_house_seats_move_counts_as_a_search() -> None:
    """Each apply of a sealed game with a house seat makes the house search: it counts
    against HINT_RATE_LIMIT, refused before anything is played."""
    client = app_with(HINT_RATE_LIMIT="2 per minute").test_client()
    post = {"environ_base": {"REMOTE_ADDR": "10.0.0.9"}}
    created = client.post("/v1/games", json={"seed": 4, "dealer": 0, "sealed": True,
                                             "house": [{"player": 1, "bot": "greedy"}]},
                          **post)
    assert created.status_code == 200  # one search: the house leads
    seat = {"game": created.json["game"], "credential": created.json["credentials"][0]}
    moves = client.post("/v1/legal-moves", json=seat, **post).json["moves"]
    played = client.post("/v1/apply", json={**seat, "move": moves[0]["id"]}, **post)
    assert played.status_code == 200  # two
    seat["game"] = played.json["game"]
    moves = client.post("/v1/legal-moves", json=seat, **post).json["moves"]
    over = client.post("/v1/apply", json={**seat, "move": moves[0]["id"]}, **post)
    assert over.status_code == 429 and "house seat" in over.json["message"]
    assert int(over.headers["Retry-After"]) >= 1
    # nothing was played: the same token still holds the position
    again = client.post("/v1/view", json=seat, **post)
    assert again.status_code == 200 and again.json["view"] == played.json["view"]
