"""The ledger of sealed games (workers/ledger.py): on disk and in a real Redis, the same."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import redis
from cryptography.fernet import Fernet

from api import create_app
from tests.workers.conftest import RedisServer
from workers.ledger import LOST, DiskLedger, Ledger, RedisLedger
from workers.store import LocalStore


@pytest.fixture(params=["disk", "redis"])
def ledger(request: pytest.FixtureRequest, tmp_path: Any) -> Ledger:
    if request.param == "disk":
        return DiskLedger(LocalStore(tmp_path))
    server: RedisServer = request.getfixturevalue("redis_server")
    return RedisLedger(redis.Redis.from_url(server.url))


def test_a_game_moves_one_step_at_a_time(ledger: Ledger) -> None:
    assert ledger.latest("g1") is None
    assert ledger.advance("g1", -1, 60) is None  # a new game: move 0
    assert ledger.latest("g1") == 0
    assert ledger.advance("g1", 0, 60) is None
    assert ledger.latest("g1") == 1
    assert ledger.advance("g1", 0, 60) == 1  # a second move from move 0: refused
    assert ledger.latest("g1") == 1
    assert ledger.latest("g2") is None  # games are apart


def test_a_game_the_ledger_does_not_know_is_lost_not_new(ledger: Ledger) -> None:
    """Only a new game (move -1) starts an entry: a move of a game the ledger forgot (it
    expired, or the ledger was lost) is refused, never taken for the first."""
    assert ledger.advance("forgotten", 3, 60) == LOST
    assert ledger.advance("forgotten", 0, 60) == LOST
    assert ledger.latest("forgotten") is None


def test_a_ledger_keeps_one_epoch_for_its_life(ledger: Ledger, tmp_path: Any) -> None:
    epoch = ledger.epoch()
    assert isinstance(epoch, str) and len(epoch) == 32
    assert ledger.epoch() == epoch
    again = (DiskLedger(LocalStore(tmp_path)) if isinstance(ledger, DiskLedger)
             else RedisLedger(ledger.connection))  # another process on the same store
    assert again.epoch() == epoch
    other = DiskLedger(LocalStore(tmp_path / "other"))
    assert other.epoch() != epoch  # another store: another life


def test_the_embedded_ledger_is_apart_from_jobs_and_evicts_nothing(tmp_path: Any) -> None:
    store = LocalStore(tmp_path / "store", ledger=tmp_path / "kept")
    ledger = DiskLedger(store)
    assert ledger.advance("g", -1, 60) is None
    assert store.jobs.get("game:g") is None  # not among the jobs, which a full store evicts
    assert store.ledger.directory == str(tmp_path / "kept")
    assert store.ledger.eviction_policy == "none"
    assert DiskLedger(LocalStore(tmp_path / "elsewhere", ledger=tmp_path / "kept")
                      ).latest("g") == 0


def test_of_racing_moves_exactly_one_wins(ledger: Ledger) -> None:
    ledger.advance("race", -1, 60)
    results: list[int | None] = []
    start = threading.Barrier(8)

    def move() -> None:
        start.wait()
        results.append(ledger.advance("race", 0, 60))

    threads = [threading.Thread(target=move) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results.count(None) == 1 and results.count(1) == 7


def test_a_foreign_value_reads_as_unknown_and_is_refused(redis_server: RedisServer) -> None:
    connection = redis.Redis.from_url(redis_server.url)
    connection.set(RedisLedger.PREFIX + "odd", "not a number")
    ledger = RedisLedger(connection)
    assert ledger.latest("odd") is None
    assert ledger.advance("odd", 4, 60) == LOST and ledger.latest("odd") is None


def test_with_redis_every_api_process_refuses_a_stale_token(redis_server: RedisServer) -> None:
    config = {"REDIS_URL": redis_server.url, "SEAL_KEYS": Fernet.generate_key().decode()}
    one, two = create_app(config).test_client(), create_app(config).test_client()
    created = one.post("/v1/games", json={"seed": 3, "dealer": 1, "sealed": True}).json
    seat0 = {"game": created["game"], "credential": created["credentials"][0]}
    move = one.post("/v1/legal-moves", json=seat0).json["moves"][0]["id"]
    assert two.post("/v1/apply", json={**seat0, "move": move}).status_code == 200
    stale = one.post("/v1/apply", json={**seat0, "move": move})
    assert stale.status_code == 409 and "newest token" in stale.json["message"]


def test_without_redis_a_sealed_request_is_a_clean_503(redis_server: RedisServer) -> None:
    config = {"REDIS_URL": redis_server.url, "SEAL_KEYS": Fernet.generate_key().decode()}
    client = create_app(config).test_client()
    created = client.post("/v1/games", json={"seed": 3, "sealed": True}).json
    redis_server.stop()
    answer = client.post("/v1/view", json={"game": created["game"],
                                           "credential": created["credentials"][0]})
    assert answer.status_code == 503, answer.json
    assert "redis" not in answer.json["message"].lower()
    assert answer.headers.get("Retry-After")
    fresh = client.post("/v1/games", json={"sealed": True})
    assert fresh.status_code == 503
