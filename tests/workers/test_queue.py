"""Hints through real RQ workers on a real redis-server (fixtures in conftest.py)."""

from __future__ import annotations

import time
from typing import Any

import orjson
import pytest
import redis
from flask.testing import FlaskClient
from rq import Queue, Worker
from rq.registry import FinishedJobRegistry

import solver
from api import create_app
from engine import State, new_game
from engine.cassino.play import advance
from tests.workers.conftest import RedisServer, Workers
from workers import jobs
from workers.queue import QUEUE
from workers.requests import HintRequest, new_job_id, open_scope


def mid_game(seed: int, plies: int = 10) -> State:
    """A position early in batch 2: three cards in each hand, so the other hand is hidden."""
    state = new_game(seed, dealer=1)
    for _ in range(plies):
        state = advance(state, state.legal_moves()[-1])
    return state


def client_for(server: RedisServer) -> FlaskClient:
    return create_app({"REDIS_URL": server.url}).test_client()


def body(state: State, **options: Any) -> dict[str, Any]:
    return {"state": state.to_dict(), "player": state.to_move, **options}


def poll(client: FlaskClient, url: str, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        job = client.get(url).json
        if job["status"] in ("finished", "failed"):
            return job  # type: ignore[no-any-return]
        time.sleep(0.05)
    raise AssertionError(f"{url} did not finish in {seconds} s")


def test_hints_on_a_worker_equal_the_embedded_answer(redis_server: RedisServer,
                                                      workers: Workers) -> None:
    workers.start(1)
    client = client_for(redis_server)
    state = mid_game(31)
    r = client.post("/v1/hints", json=body(state, seed=4))
    assert r.status_code == 200, r.json
    embedded = create_app().test_client().post("/v1/hints", json=body(state, seed=4)).json
    assert r.json["moves"] == embedded["moves"]
    assert r.json["evaluation"] == embedded["evaluation"]
    again = client.post("/v1/hints", json=body(state, seed=4)).json
    assert again["solver"]["cached"] is True and again["moves"] == r.json["moves"]
    smaller = client.post("/v1/hints", json=body(state, seed=4, samples=2)).json
    assert smaller["solver"]["cached"] is True  # more worlds serve a smaller request


def test_identical_concurrent_requests_share_one_job(redis_server: RedisServer,
                                                     workers: Workers) -> None:
    client = client_for(redis_server)  # no worker yet: both requests find the job queued
    state = mid_game(32)
    first = client.post("/v1/hints", json=body(state, seed=9, samples=30, **{"async": True}))
    second = client.post("/v1/hints", json=body(state, seed=9, samples=30, **{"async": True}))
    assert first.status_code == second.status_code == 202
    assert first.json["job"]["id"] == second.json["job"]["id"]
    workers.start(1)
    done = poll(client, first.json["job"]["url"])
    assert done["status"] == "finished"
    assert done["progress"] == {"done": done["result"]["solver"]["samples"], "total": 30}
    connection = redis.Redis.from_url(redis_server.url)
    finished = FinishedJobRegistry(queue=Queue(QUEUE, connection=connection))
    assert finished.get_job_ids() == [first.json["job"]["id"]]  # it ran once


def test_a_worker_tells_the_answer_before_rq_records_the_end(redis_server: RedisServer,
                                                             workers: Workers) -> None:
    """The searched answer is pushed to the job's notices first, then RQ's end notice: the
    answer told is the job's result, byte for byte as JSON."""
    workers.start(1)
    client = client_for(redis_server)
    accepted = client.post("/v1/hints", json=body(mid_game(35), seed=2, **{"async": True}))
    assert accepted.status_code == 202
    done = poll(client, accepted.json["job"]["url"])
    notices = redis.Redis.from_url(redis_server.url).lrange(
        jobs.done_key(accepted.json["job"]["id"]), 0, -1)
    assert [orjson.loads(n) for n in notices[:-1]] == [done["result"]]
    assert notices[-1] == jobs.ENDED


def test_a_waiter_answers_with_the_told_answer_and_passes_it_on(
        redis_server: RedisServer) -> None:
    """No worker runs: the job stays queued, yet an answer told on its notices is what the
    wait returns (submit checks it as a result), and it stays for the next waiter."""
    app = create_app({"REDIS_URL": redis_server.url})
    service = app.extensions["cardgames_hints"]
    state = mid_game(36)
    request = HintRequest("hints", state.view(state.to_move), seed=5,
                          scope=open_scope(state.to_dict(), state.to_move))
    job_id = service.start(request)
    assert service.wait(job_id, 0.2) is None  # queued, nothing told: its deadline
    answer = request.answer(request.solve(), cached=False)
    connection = redis.Redis.from_url(redis_server.url)
    connection.rpush(jobs.done_key(job_id), orjson.dumps(answer))
    for _waiter in range(2):
        told = service.wait(job_id, 5.0)
        assert told == answer
        request.check_answer(told)
    assert service.status(job_id) == "queued"


def test_a_large_budget_is_split_and_merged_exactly(redis_server: RedisServer,
                                                     workers: Workers) -> None:
    workers.start(2)
    client = client_for(redis_server)
    state = mid_game(33)
    r = client.post("/v1/hints", json=body(state, seed=6, samples=150, **{"async": True}))
    assert r.status_code == 202
    done = poll(client, r.json["job"]["url"], seconds=120)
    assert done["status"] == "finished", done
    request = HintRequest("hints", state.view(state.to_move), samples=150, seed=6)
    assert len(request.chunks()) == 3
    whole = solver.solve(request.view, request.options, 6, early=False)
    expected = request.answer(whole, cached=False)
    assert done["result"]["moves"] == expected["moves"]
    assert done["result"]["evaluation"] == expected["evaluation"]
    connection = redis.Redis.from_url(redis_server.url)
    ran_on = {Worker.find_by_key(w.key, connection=connection).name  # type: ignore[union-attr]
              for w in Worker.all(connection=connection)}
    assert len(ran_on) == 2


def test_a_job_whose_worker_is_killed_still_finishes(redis_server: RedisServer,
                                                     workers: Workers,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # The job must outlast the look that finds its worker: with the compiled kernel a hint
    # of 64 worlds can end in milliseconds, so these workers search in pure Python.
    monkeypatch.setenv("CASSINO_KERNEL", "python")
    victim, _spare = workers.start(2)
    client = client_for(redis_server)
    state = mid_game(34, plies=2)
    r = client.post("/v1/hints", json=body(state, seed=1, samples=64, **{"async": True}))
    url = r.json["job"]["url"]
    connection = redis.Redis.from_url(redis_server.url)
    deadline = time.monotonic() + 20
    busy = None
    while busy is None:
        assert time.monotonic() < deadline, "the job never started"
        for worker in Worker.all(connection=connection):
            if worker.get_current_job_id() == r.json["job"]["id"]:
                busy = worker
        time.sleep(0.02)
    killed = next(p for p in workers.processes if p.pid == busy.pid)
    workers.kill(killed)
    done = poll(client, url, seconds=60)
    assert done["status"] == "finished", done
    assert done["result"]["solver"]["samples"] >= 1
    del victim


def test_a_failing_job_ends_failed_with_a_reason(redis_server: RedisServer,
                                                 workers: Workers) -> None:
    workers.start(1)
    client = client_for(redis_server)
    queue = Queue(QUEUE, connection=redis.Redis.from_url(redis_server.url))
    payload = HintRequest("hints", mid_game(35).view(0)).payload()
    payload["view"]["hand"] = ["ZZ"]  # only a worker ever sees this: the API checks views
    job_id = new_job_id()
    queue.enqueue(jobs.search, args=(payload,), job_id=job_id)
    done = poll(client, f"/v1/jobs/{job_id}", seconds=30)
    assert done["status"] == "failed"
    assert done["error"] == "the search failed"  # the worker's traceback stays in its log


def test_redis_down_is_503_and_the_api_recovers(redis_server: RedisServer,
                                                workers: Workers) -> None:
    client = client_for(redis_server)
    state = mid_game(36)
    redis_server.stop()
    r = client.post("/v1/hints", json=body(state, seed=2))
    assert r.status_code == 503 and r.json["code"] == 503 and "unreachable" in r.json["message"]
    down = client.get(f"/v1/jobs/{new_job_id()}")
    assert down.status_code == 503 and "Error" not in down.json["message"]
    assert "127.0.0.1" not in down.json["message"]  # no Redis internals
    assert client.get("/v1/jobs/anything").status_code == 404  # not a job id: no Redis asked
    assert client.post("/v1/legal-moves", json={"state": state.to_dict()}).status_code == 200
    redis_server.start()
    workers.start(1)
    r = client.post("/v1/hints", json=body(state, seed=2))
    assert r.status_code == 200, r.json


@pytest.mark.parametrize("kind", ["hints", "evaluate"])
def test_evaluate_and_hints_share_the_cache(redis_server: RedisServer, workers: Workers,
                                            kind: str) -> None:
    workers.start(1)
    client = client_for(redis_server)
    state = mid_game(37)
    other = "evaluate" if kind == "hints" else "hints"
    first = client.post(f"/v1/{kind}", json=body(state, seed=3)).json
    second = client.post(f"/v1/{other}", json=body(state, seed=3)).json
    assert first["solver"]["cached"] is False and second["solver"]["cached"] is True
    assert first["evaluation"] == second["evaluation"]


def test_a_worker_keeps_rqs_records_of_each_job(redis_server: RedisServer,
                                                 workers: Workers) -> None:
    """The worker's cuts of RQ's round trips (workers/__main__.py) leave every record RQ
    keeps: each job finished with its answer, in the finished registry and in none of the
    started ones, with no execution left; its heartbeat key written (with a TTL); its
    tally cached; the worker idle, counting the jobs, registered for minutes."""
    from rq.registry import StartedJobRegistry

    from workers.cache import RedisCache
    from workers.queue import RedisService

    workers.start(1)
    service = RedisService(redis_server.url)
    requests = [HintRequest("hints", s.view(s.to_move), seed=2,
                            scope=open_scope(s.to_dict(), s.to_move))
                for s in (mid_game(40 + i, plies=2 + i) for i in range(6))]
    ids = [service.start(request) for request in requests]
    connection = redis.Redis.from_url(redis_server.url)
    done = FinishedJobRegistry(queue=service.queue)
    deadline = time.monotonic() + 60
    while set(done.get_job_ids()) != set(ids):
        assert time.monotonic() < deadline, "the jobs did not finish"
        time.sleep(0.02)
    assert StartedJobRegistry(queue=service.queue).get_job_ids() == []
    cache = RedisCache(connection)
    for job_id, request in zip(ids, requests, strict=True):
        job = service._fetch(job_id)
        assert job is not None and job.get_status() == "finished"
        request.check_answer(job.return_value())
        assert job.started_at is not None and job.ended_at is not None
        assert job.last_heartbeat is not None and job.last_heartbeat >= job.started_at
        assert connection.zcard(f"rq:executions:{job_id}") == 0
        assert 0 < connection.ttl(jobs.beat_key(job_id)) <= jobs.BEAT_TTL
        assert cache.get(request) is not None
    [worker] = Worker.all(connection=connection)
    assert worker.get_state() == "idle"
    assert worker.successful_job_count == len(ids)
    assert worker.get_current_job_id() is None
    assert connection.scard(f"{worker.key}:executions") == 0
    assert connection.ttl(worker.key) > 120  # beaten after the jobs: minutes, not a job's
