"""Fairness: a client may have only so many hints computing, and a full backlog sheds load.

One client's flood of distinct hint requests must not starve the others: past
``HINT_PER_CLIENT`` computing jobs the client gets 429 with ``Retry-After``; past
``HINT_BACKLOG`` waiting jobs everyone gets 503 with ``Retry-After``.  Cached answers and
cheap endpoints are never limited by either.
"""

from __future__ import annotations

import time
from typing import Any

from flask.testing import FlaskClient

from api import create_app
from engine import new_game


def ask(client: FlaskClient, seed: int, address: str = "10.0.0.1") -> Any:
    state = new_game(seed, dealer=0)
    return client.post("/v1/hints", json={"state": state.to_dict(), "player": state.to_move,
                                          "samples": 64, "seed": seed, "async": True},
                       environ_base={"REMOTE_ADDR": address})


def finish(client: FlaskClient, url: str) -> None:
    deadline = time.monotonic() + 120
    while client.get(url).json["status"] not in ("finished", "failed"):
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_a_client_past_its_cap_gets_429_and_others_go_on(tmp_path: Any) -> None:
    client = create_app({"STORE": str(tmp_path), "HINT_PER_CLIENT": 2,
                         "HINT_BACKLOG": 0}).test_client()
    first, second = ask(client, 1), ask(client, 2)
    assert first.status_code == second.status_code == 202
    third = ask(client, 3)
    assert third.status_code == 429, third.json
    assert third.json["code"] == 429 and "2 hints computing" in third.json["message"]
    assert int(third.headers["Retry-After"]) >= 1
    other = ask(client, 4, address="10.0.0.2")
    assert other.status_code == 202  # another client is not held back
    state = new_game(1, dealer=0)
    assert client.post("/v1/legal-moves", json={"state": state.to_dict()},
                       environ_base={"REMOTE_ADDR": "10.0.0.1"}).status_code == 200
    for answer in (first, second, other):
        finish(client, answer.headers["Location"])
    again = ask(client, 1)  # the same request: now answered from the cache
    assert again.status_code == 200 and again.json["solver"]["cached"] is True
    assert ask(client, 5).status_code == 202  # its jobs are done: it may ask again


def test_a_full_backlog_sheds_new_searches_with_503(tmp_path: Any) -> None:
    client = create_app({"STORE": str(tmp_path), "HINT_PER_CLIENT": 0,
                         "HINT_BACKLOG": 2}).test_client()
    held = [ask(client, seed, address=f"10.0.1.{seed}") for seed in (11, 12)]
    assert [a.status_code for a in held] == [202, 202]
    shed = ask(client, 13, address="10.0.1.13")
    assert shed.status_code == 503, shed.json
    assert "too many hints are waiting" in shed.json["message"]
    assert int(shed.headers["Retry-After"]) >= 1
    for answer in held:
        finish(client, answer.headers["Location"])
    assert ask(client, 13, address="10.0.1.13").status_code == 202


def test_waiting_requests_never_take_every_thread(tmp_path: Any) -> None:
    """Past HINT_SYNC_WAITS requests waiting on searches, a hint answers 202 at once, so a
    process keeps threads for cheap requests while hints flood."""
    import threading

    app = create_app({"STORE": str(tmp_path), "HINT_SYNC_WAITS": 1, "HINT_PER_CLIENT": 0})
    answers: list[Any] = []

    def wait_for(seed: int) -> None:
        state = new_game(seed, dealer=0)
        answers.append(app.test_client().post("/v1/hints", json={
            "state": state.to_dict(), "player": state.to_move, "samples": 64, "seed": seed}))

    threads = [threading.Thread(target=wait_for, args=(seed,)) for seed in (31, 32, 33)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    codes = sorted(a.status_code for a in answers)
    assert codes[0] == 200 and 202 in codes  # one waited; the others were told to poll
    for answer in answers:
        if answer.status_code == 202:
            assert answer.headers["Location"] == answer.json["job"]["url"]
