"""A sealed game's paced answer is held by gunicorn's event loop, not by a thread
(api/gunicorn_worker.py, api/pace.py): one process of one thread, whose house answers are
paced at 1 s a move, answers another request while two paced answers wait; a paced
answer still leaves no sooner than its pace, whole, on a kept-alive connection too, and
when the server stops meanwhile."""

from __future__ import annotations

import http.client
import json
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import new_game
from tests.api.test_gunicorn_limits import Gunicorn, start_gunicorn

PACE = 1.0
"""Seconds a house move's answer is held (CARDGAMES_HOUSE_MOVE_MS)."""
SEALED = {"seed": 5, "dealer": 0, "sealed": True, "house": [{"player": 1, "bot": "greedy"}]}


def paced_server(tmp: Path) -> Gunicorn:
    return start_gunicorn(tmp, processes=1, CARDGAMES_THREADS="1", CARDGAMES_KEEPALIVE="5",
                          CARDGAMES_HOUSE_MOVE_MS=str(int(PACE * 1000)))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gunicorn]:
    started = paced_server(tmp_path_factory.mktemp("held"))
    try:
        yield started
    finally:
        started.stop()


def post(connection: http.client.HTTPConnection, path: str,
         body: dict[str, Any]) -> tuple[int, Any]:
    connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    answer = connection.getresponse()
    return answer.status, json.loads(answer.read())


def test_a_paced_answer_holds_no_thread(server: Gunicorn) -> None:
    done: list[tuple[str, int, float]] = []
    began = time.monotonic()

    def start(name: str, path: str, body: dict[str, Any]) -> None:
        status, _ = post(http.client.HTTPConnection("127.0.0.1", server.port, timeout=30),
                         path, body)
        done.append((name, status, time.monotonic() - began))

    paced = [threading.Thread(target=start, args=(f"game {i}", "/v1/games",
                                                  {**SEALED, "seed": i}))
             for i in range(2)]
    for thread in paced:
        thread.start()
    time.sleep(0.3)  # both are in, their answers held (the old worker: its thread asleep)
    start("legal moves", "/v1/legal-moves", {"state": new_game(3).to_dict()})
    for thread in paced:
        thread.join()
    assert done[0][0] == "legal moves", done  # the one thread was free
    assert all(status == 200 for _, status, _ in done), done
    assert all(took >= PACE for name, _, took in done if name.startswith("game")), done


def test_a_held_answer_is_whole_and_its_connection_kept_alive(server: Gunicorn) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    began = time.monotonic()
    status, game = post(connection, "/v1/games", SEALED)
    assert status == 200 and time.monotonic() - began >= PACE
    sock = connection.sock
    assert sock is not None  # kept alive: the next request goes on the same socket
    seat = {"game": game["game"], "credential": game["credentials"][0]}
    status, view = post(connection, "/v1/view", seat)
    assert status == 200 and connection.sock is sock
    assert view["view"]["player"] == 0


def test_a_held_answer_is_sent_when_the_server_stops(tmp_path: Path) -> None:
    server = paced_server(tmp_path)
    try:
        answers: list[tuple[int, Any]] = []
        asking = threading.Thread(target=lambda: answers.append(post(
            http.client.HTTPConnection("127.0.0.1", server.port, timeout=30),
            "/v1/games", SEALED)))
        asking.start()
        time.sleep(0.3)  # held
        server.process.send_signal(signal.SIGTERM)  # a graceful stop, as at a restart
        asking.join()
        status, game = answers[0]
        assert status == 200 and game["credentials"][0]
    finally:
        server.stop()
