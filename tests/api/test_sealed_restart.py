"""An earlier token stays refused whatever restarts (issue 24): the ledger of sealed games
survives a real restart of the service (the embedded default, under gunicorn) and of a
real redis-server run as docker/compose.yaml runs it; a ledger that was lost (a Redis
without persistence, a store removed) refuses the game's tokens rather than trusting
them, with a 410 that says so."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import redis
import yaml
from cryptography.fernet import Fernet
from flask.testing import FlaskClient

from api import create_app
from tests.workers.conftest import RedisServer, free_port
from workers.ledger import RedisLedger
from workers.settings import env_names
from workers.store import LocalStore

ROOT = Path(__file__).resolve().parents[2]
KEY = Fernet.generate_key().decode()
LOST = "lost this game's ledger"


class Http:
    """A client of a real server over HTTP, with the test client's ``post``."""

    def __init__(self, port: int) -> None:
        self.port = port

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}",
                                         data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


class InProcess:
    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        answer = self.client.post(path, json=body)
        return answer.status_code, answer.json


Client = Http | InProcess


@contextmanager
def gunicorn(env: dict[str, str], log: Path) -> Iterator[Http]:
    """``make run``'s server (gunicorn, api/gunicorn_conf.py) until the block ends."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "api/gunicorn_conf.py", "api:create_app()"],
        cwd=ROOT, env={**env, "CARDGAMES_BIND": f"127.0.0.1:{port}"},
        stdout=subprocess.DEVNULL, stderr=log.open("ab"))
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5):
                break
        except OSError:
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "gunicorn did not start"
            time.sleep(0.1)
    try:
        yield Http(port)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)


def new_game(client: Client) -> tuple[str, list[str]]:
    status, body = client.post("/v1/games", {"seed": 7, "dealer": 1, "sealed": True})
    assert status == 200, body
    return body["game"], body["credentials"]


def moves(client: Client, token: str, credential: str) -> list[str]:
    status, body = client.post("/v1/legal-moves", {"game": token, "credential": credential})
    assert status == 200, body
    return [move["id"] for move in body["moves"]]


def play(client: Client, token: str, credential: str, move: str) -> tuple[int, Any]:
    return client.post("/v1/apply", {"game": token, "credential": credential, "move": move})


def opened(client: Client) -> tuple[str, str, list[str], list[str]]:
    """A sealed game after one move: token 0, token 1, the credentials, token 0's moves."""
    token0, credentials = new_game(client)
    first = moves(client, token0, credentials[0])
    assert len(first) >= 2
    status, body = play(client, token0, credentials[0], first[0])
    assert status == 200, body
    return token0, body["game"], credentials, first


def assert_lost(answer: tuple[int, Any]) -> None:
    status, body = answer
    assert status == 410, body
    assert body["field"] == "game" and LOST in body["message"], body


def test_the_embedded_default_keeps_its_ledger_over_a_restart(tmp_path: Path) -> None:
    """``make run`` with CARDGAMES_SEAL_KEYS and no CARDGAMES_STORE: the job store is made
    afresh at each start, the ledger is kept in the durable default directory."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("REDIS_URL", *env_names("REDIS_URL", "STORE", "LEDGER"))}
    env.update(CARDGAMES_SEAL_KEYS=KEY, XDG_STATE_HOME=str(tmp_path / "state"),
               CARDGAMES_WORKERS="1")
    log = tmp_path / "log"
    with gunicorn(env, log) as server:
        token0, token1, credentials, first = opened(server)
    assert (tmp_path / "state" / "cassino" / "ledger").is_dir()
    with gunicorn(env, log) as server:  # the same keys, the default store: restarted
        again = play(server, token0, credentials[0], first[1])  # take the move back
        assert again[0] == 409, again
        assert again[1]["field"] == "game" and "newest token" in again[1]["message"]
        on = moves(server, token1, credentials[1])
        status, body = play(server, token1, credentials[1], on[0])  # the game goes on
        assert status == 200, body
        token2 = body["game"]
    shutil.rmtree(tmp_path / "state" / "cassino" / "ledger")  # the ledger lost
    with gunicorn(env, log) as server:
        assert_lost(server.post("/v1/view", {"game": token2, "credential": credentials[0]}))
        assert_lost(play(server, token0, credentials[0], first[1]))
        assert new_game(server)  # new games start as before


def test_a_redis_restarted_without_persistence_refuses_the_games_it_lost(
        redis_server: RedisServer) -> None:
    client = InProcess(create_app({"REDIS_URL": redis_server.url,
                                   "SEAL_KEYS": KEY}).test_client())
    token0, token1, credentials, first = opened(client)
    redis_server.stop()
    redis_server.start()  # empty: the compose file's Redis before issue 24
    assert_lost(play(client, token0, credentials[0], first[1]))  # not a new house reply
    assert_lost(client.post("/v1/view", {"game": token1, "credential": credentials[1]}))
    token, fresh = new_game(client)  # a new game plays
    assert play(client, token, fresh[0], moves(client, token, fresh[0])[0])[0] == 200


def compose_redis_args() -> tuple[str, ...]:
    """The redis-server arguments of docker/compose.yaml's redis service."""
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
    command = compose["services"]["redis"]["command"]
    assert command[0] == "redis-server"
    return tuple(str(arg) for arg in command[1:])


def test_with_the_compose_files_redis_the_ledger_survives_a_crash(tmp_path: Path) -> None:
    server = RedisServer(free_port(), args=compose_redis_args(), directory=str(tmp_path))
    server.start()
    try:
        client = InProcess(create_app({"REDIS_URL": server.url,
                                       "SEAL_KEYS": KEY}).test_client())
        token0, token1, credentials, first = opened(client)
        server.kill()  # SIGKILL: nothing written after the last answer
        server.start()
        again = play(client, token0, credentials[0], first[1])
        assert again[0] == 409 and "newest token" in again[1]["message"], again
        status, body = play(client, token1, credentials[1], moves(client, token1,
                                                                  credentials[1])[0])
        assert status == 200, body
    finally:
        server.stop()


@pytest.fixture(params=["disk", "redis"])
def deployment(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Client, Any]:
    """A sealed-game client and the raw store of its ledger (a ``LocalStore``'s ledger
    cache, or a Redis connection)."""
    if request.param == "disk":
        app = create_app({"STORE": str(tmp_path), "SEAL_KEYS": KEY})
        return InProcess(app.test_client()), LocalStore(tmp_path).ledger
    server: RedisServer = request.getfixturevalue("redis_server")
    app = create_app({"REDIS_URL": server.url, "SEAL_KEYS": KEY})
    return InProcess(app.test_client()), redis.Redis.from_url(server.url)


def test_a_token_of_another_ledger_life_is_refused(deployment: tuple[Client, Any]) -> None:
    """The epoch alone: the ledger's entries are all there, but its life began again."""
    client, raw = deployment
    _token0, token1, credentials, _ = opened(client)
    body = {"game": token1, "credential": credentials[1]}
    assert client.post("/v1/view", body)[0] == 200
    raw.delete(RedisLedger.EPOCH if isinstance(raw, redis.Redis) else "epoch")
    assert_lost(client.post("/v1/view", body))
    token, fresh = new_game(client)  # a game of the new life plays
    assert play(client, token, fresh[0], moves(client, token, fresh[0])[0])[0] == 200


def test_a_game_whose_entry_is_gone_is_refused(deployment: tuple[Client, Any]) -> None:
    """The ledger alone: its epoch is the token's, but it no longer knows the game (an
    entry evicted or expired early) and trusts nothing of it."""
    client, raw = deployment
    token0, token1, credentials, first = opened(client)
    if isinstance(raw, redis.Redis):
        [key] = raw.keys(RedisLedger.PREFIX + "*")
        raw.delete(key)
    else:
        [key] = [k for k in raw.iterkeys() if str(k).startswith("game:")]
        raw.delete(key)
    assert_lost(play(client, token0, credentials[0], first[1]))
    assert_lost(client.post("/v1/view", {"game": token1, "credential": credentials[1]}))


def test_a_token_sealed_before_tokens_carried_an_epoch_still_plays(tmp_path: Path) -> None:
    app = create_app({"STORE": str(tmp_path), "SEAL_KEYS": KEY})
    client = InProcess(app.test_client())
    token0, credentials = new_game(client)
    sealer = app.extensions["cardgames_sealer"]
    older = sealer.seal(replace(sealer.open(token0), epoch=None))
    status, body = play(client, older, credentials[0], moves(client, older, credentials[0])[0])
    assert status == 200, body
