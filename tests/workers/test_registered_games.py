"""``CARDGAMES_GAMES`` registers games kept outside the tree in every process: the API's
(its configuration's ``GAMES``) and the RQ workers' (``python -m workers`` reads it at
start), so that a worker on a real redis-server answers a hint of the example game, War,
as the embedded service does (workers/settings.py ``register_games``)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
import redis
from rq import Worker

from api import create_app
from engine.games import engine_of, game_names, registered, unregister
from tests.workers.conftest import RedisServer, Workers
from tests.workers.test_games_queue import answer
from workers.settings import games, register_games

SETTING = "war=tests.games.war"
OFF = {"RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}


@pytest.fixture(autouse=True)
def forgotten() -> Iterator[None]:
    """War out of this process's registry after each test, as before it."""
    assert "war" not in game_names()
    yield
    unregister("war")


def test_a_worker_answers_a_hint_of_a_game_the_setting_registers(
        redis_server: RedisServer, workers: Workers) -> None:
    workers.start(1, env={"CARDGAMES_GAMES": SETTING})
    client = create_app({**OFF, "REDIS_URL": redis_server.url, "GAMES": SETTING}
                        ).test_client()
    assert registered() == {"war": "tests.games.war"}
    state = engine_of("war").new_game(3, "war-alternate")
    body = {"state": state.to_dict(), "player": 0, "samples": 6, "seed": 3}
    worker = answer(client, body)
    # the job was the worker's: RQ records it a moment after the answer is told
    deadline = time.monotonic() + 10
    while True:
        (ran,) = Worker.all(connection=redis.Redis.from_url(redis_server.url))
        if ran.successful_job_count == 1 or time.monotonic() > deadline:
            break
        time.sleep(0.01)
    assert ran.successful_job_count == 1
    embedded = answer(create_app({**OFF, "GAMES": SETTING}).test_client(), body)
    assert worker["moves"] == embedded["moves"] and worker["moves"]
    assert worker["evaluation"] == embedded["evaluation"]


def test_the_setting_is_read_in_either_name_and_refused_naming_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert games(" war = tests.games.war ,, ") == {"war": "tests.games.war"}
    monkeypatch.setenv("CASSINO_GAMES", SETTING)  # the old name, still read
    assert register_games() == {"war": "tests.games.war"} and "war" in game_names()
    unregister("war")
    monkeypatch.setenv("CARDGAMES_GAMES", "")  # the new name wins, even empty
    assert register_games() == {} and "war" not in game_names()
    for wrong, says in [("war", "is not name=package"), ("War=tests.games.war", "not name"),
                        ("war=tests.games.war,war=tests.games.war", "given twice"),
                        ("cassino=tests.games.war", "already a game"),
                        ("war=tests.games.nothing", "could not be read"),
                        ("snap=tests.games.war", "declares the game 'war'")]:
        with pytest.raises(ValueError, match=says) as refused:
            create_app({**OFF, "GAMES": wrong})
        assert str(refused.value).startswith("CARDGAMES_GAMES: "), wrong
        assert "war" not in game_names() and "snap" not in game_names(), wrong
