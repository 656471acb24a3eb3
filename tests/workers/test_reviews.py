"""Review jobs on real RQ workers and a real redis-server (workers/reviews.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from api import create_app
from engine.cassino import Played, new_game, record_of
from tests.workers.conftest import RedisServer, Workers
from tests.workers.test_queue import poll
from workers import Overloaded
from workers.requests import new_job_id
from workers.reviews import EmbeddedReviews, ReviewJob
from workers.store import LocalStore


def short_record() -> dict[str, object]:
    """The first deal of a game, played with each turn's first legal move."""
    state = new_game(5, "standard", 0)
    played = []
    while state.deal == 1:
        move = state.legal_moves()[0]
        played.append(Played(state.to_move, move))
        state = state.apply(move).state
    return record_of(5, "standard", 0, played).to_dict()


def test_a_review_on_a_worker_equals_the_embedded_one(redis_server: RedisServer,
                                                      workers: Workers) -> None:
    workers.start(1)
    client = create_app({"REDIS_URL": redis_server.url, "RATE_LIMIT": "",
                         "HINT_RATE_LIMIT": ""}).test_client()
    body = {"record": short_record(), "player": 1, "samples": 4, "async": True}
    answer = client.post("/v1/reviews", json=body)
    assert answer.status_code == 202, answer.json
    job = poll(client, answer.headers["Location"], 300)
    assert job["status"] == "finished", job
    total = job["progress"]["total"]
    assert total == job["progress"]["done"] == job["result"]["summary"]["moves"] > 0
    embedded = create_app({"RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}).test_client()
    local = embedded.post("/v1/reviews", json=body)
    assert poll(embedded, local.headers["Location"], 300)["result"] == job["result"]
    assert client.get("/v1/jobs/j" + "0" * 32).status_code == 404


def test_an_embedded_review_whose_process_died_is_taken_over(tmp_path: Path) -> None:
    """A review left started by a process that is gone (no heartbeat) is run again by
    the next process that is asked about it, and finishes."""
    store = LocalStore(str(tmp_path))
    job = ReviewJob(short_record(), 1, 0, 4)
    job_id = new_job_id()
    store.jobs.set(f"review:{job_id}", {"id": job_id, "status": "started", "total": job.total,
                                        "job": job.payload()})
    reviews = EmbeddedReviews(store)
    seen = reviews.job(job_id)
    assert seen is not None and seen["status"] == "queued"
    result = reviews.wait(job_id, 300)
    assert result is not None and result["summary"]["moves"] == job.total
    assert reviews.job("j" + "1" * 32) is None and reviews.job("not-a-job") is None


def test_an_embedded_process_holds_a_bounded_backlog_of_reviews(tmp_path: Path) -> None:
    reviews = EmbeddedReviews(LocalStore(str(tmp_path)), backlog=1)
    job = ReviewJob(short_record(), 1, 0, 4)
    first = reviews.start(job)
    with pytest.raises(Overloaded):
        reviews.start(job)
    assert reviews.wait(first, 300) is not None


def test_an_embedded_review_whose_review_process_is_killed_finishes(tmp_path: Path) -> None:
    """The review process killed mid-review (SIGKILL): a new one reviews the game again,
    as a hint's search process is replaced (workers/embedded.py ``retried``)."""
    import os
    import signal
    import time

    from workers import reviews as module

    store = LocalStore(str(tmp_path))
    reviews = EmbeddedReviews(store)
    job = ReviewJob(short_record(), 1, 0, 16)
    job_id = reviews.start(job)
    while not isinstance(store.jobs.get(f"review-done:{job_id}"), int):
        status = reviews.job(job_id)
        assert status is not None and status["status"] in ("queued", "started"), status
        time.sleep(0.005)  # killed once it rated a move, not after
    [reviewer] = module._reviewers[os.getpid()]._processes.values()
    os.kill(reviewer.pid, signal.SIGKILL)
    result = reviews.wait(job_id, 300)
    assert result is not None and result["summary"]["moves"] == job.total
    assert reviewer.pid not in module._reviewers[os.getpid()]._processes
