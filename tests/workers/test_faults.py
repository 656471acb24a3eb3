"""Faults survived: a Redis blip, a full Redis, a killed worker; readiness tells them apart
from health."""

from __future__ import annotations

import time
from typing import Any

import redis
from flask.testing import FlaskClient
from rq import Worker

from api import create_app
from tests.workers.conftest import RedisServer, Workers
from tests.workers.test_queue import body, mid_game, poll


def _client(server: RedisServer) -> FlaskClient:
    return create_app({"REDIS_URL": server.url}).test_client()


def _answered(client: FlaskClient, request: dict[str, Any], seconds: float = 60) -> Any:
    """The request's answer once the service takes it again (503 meanwhile)."""
    deadline = time.monotonic() + seconds
    while True:
        r = client.post("/v1/hints", json=request)
        if r.status_code == 200:
            return r.json
        assert r.status_code in (202, 503), r.json
        if r.status_code == 202:
            return poll(client, r.json["job"]["url"], seconds=seconds)["result"]
        assert time.monotonic() < deadline, r.json
        time.sleep(0.5)


def test_workers_survive_a_redis_blip(redis_server: RedisServer, workers: Workers) -> None:
    [process] = workers.start(1)
    client = _client(redis_server)
    state = mid_game(41)
    busy = client.post("/v1/hints", json=body(state, seed=1, samples=200, **{"async": True}))
    assert busy.status_code == 202
    time.sleep(0.5)  # the worker is searching
    redis_server.stop()
    time.sleep(3)
    assert process.poll() is None  # still there while Redis is away
    assert client.get("/health/ready").status_code == 503
    redis_server.start()  # empty again: a restart without persistence
    answer = _answered(client, body(state, seed=2, samples=4))
    assert answer["moves"]
    assert process.poll() is None
    ready = client.get("/health/ready")
    assert ready.status_code == 200 and ready.json["workers"] >= 1
    # registered again, with its state (a worker writes it when it changes)
    states = [w.get_state() for w in Worker.all(connection=redis.Redis.from_url(redis_server.url))]
    assert states and all(state in ("started", "idle", "busy") for state in states), states


def test_a_full_redis_is_a_clear_503_and_recovers(redis_server: RedisServer,
                                                  workers: Workers) -> None:
    [process] = workers.start(1)
    client = _client(redis_server)
    admin = redis.Redis.from_url(redis_server.url)
    used = int(admin.info("memory")["used_memory"])
    admin.config_set("maxmemory-policy", "noeviction")
    admin.config_set("maxmemory", used + 256 * 1024)
    filler = 0
    try:
        while True:
            admin.set(f"filler:{filler}", "x" * 4096)
            filler += 1
    except redis.exceptions.OutOfMemoryError:
        pass
    state = mid_game(42)
    r = client.post("/v1/hints", json=body(state, seed=3, samples=4))
    assert r.status_code == 503, r.json
    assert r.json["message"] == "the job queue is full: try again later"
    assert int(r.headers["Retry-After"]) >= 1
    ready = client.get("/health/ready")
    assert ready.status_code == 503 and ready.json["redis"] == "full"
    assert client.get("/health/live").status_code == 200
    assert client.post("/v1/legal-moves", json={"state": state.to_dict()}).status_code == 200
    time.sleep(2)
    assert process.poll() is None  # the worker did not crash
    admin.config_set("maxmemory", 0)  # space returns
    answer = _answered(client, body(state, seed=3, samples=4))
    assert answer["moves"]
    assert process.poll() is None
    assert client.get("/health/ready").status_code == 200


def test_readiness_of_the_embedded_default(tmp_path: Any) -> None:
    client = create_app({"STORE": str(tmp_path)}).test_client()
    ready = client.get("/health/ready")
    assert ready.status_code == 200 and ready.json["store"] == "ok"
    assert client.get("/health/live").json["status"] == "ok"


def test_per_client_cap_and_backlog_with_redis(redis_server: RedisServer) -> None:
    """No worker runs: jobs stay queued, so they count against the cap and the backlog."""
    client = create_app({"REDIS_URL": redis_server.url, "HINT_PER_CLIENT": 2,
                         "HINT_BACKLOG": 3}).test_client()

    def ask(seed: int, address: str) -> Any:
        state = mid_game(50 + seed)
        return client.post("/v1/hints", json=body(state, seed=seed, samples=8,
                                                  **{"async": True}),
                           environ_base={"REMOTE_ADDR": address})

    assert [ask(s, "10.0.2.1").status_code for s in (1, 2)] == [202, 202]
    busy = ask(3, "10.0.2.1")
    assert busy.status_code == 429 and int(busy.headers["Retry-After"]) >= 1
    assert ask(4, "10.0.2.2").status_code == 202  # another client: the backlog is now 3
    shed = ask(5, "10.0.2.3")
    assert shed.status_code == 503 and "too many hints are waiting" in shed.json["message"]


def test_corrupt_records_and_cache_entries_are_misses(redis_server: RedisServer,
                                                      workers: Workers) -> None:
    """Garbage in Redis is never a 500, never a quoted internal, never a wrong hint."""
    from workers.cache import PREFIX
    from workers.requests import HintRequest, new_job_id, open_scope

    workers.start(1)
    client = _client(redis_server)
    admin = redis.Redis.from_url(redis_server.url)
    job_id = new_job_id()
    admin.hset(f"rq:job:{job_id}", mapping={"status": "finished", "data": b"\x00garbage"})
    answer = client.get(f"/v1/jobs/{job_id}")
    assert answer.status_code == 404 and answer.json["code"] == 404
    admin.hset(f"rq:job:{job_id}", mapping={"status": "bogus"})
    assert client.get(f"/v1/jobs/{job_id}").status_code == 404
    state = mid_game(60)
    request = HintRequest("hints", state.view(state.to_move), samples=4, seed=4,
                          scope=open_scope(state.to_dict(), state.to_move))
    assert request.family is not None
    admin.set(PREFIX + request.family, b'{"tally": {"moves": ["forged"]}, "budget": []}')
    r = _answered(client, body(state, seed=4, samples=4))
    assert r["solver"]["cached"] is False  # the forged entry was not served
    legal = {m.id for m in state.legal_moves()}
    assert {m["move"]["id"] for m in r["moves"]} == legal


def test_forged_entries_and_answers_in_redis_are_not_served(redis_server: RedisServer,
                                                            workers: Workers) -> None:
    """Well-formed forgeries written straight into Redis: cache entries that no search of
    the request makes, and job answers that are not the request's, are misses (logged):
    the hint is searched again and the fresh result replaces the entry."""
    from rq.job import Job
    from rq.results import Result

    from tests.workers.test_cache import _misfits, same
    from workers.cache import PREFIX, RedisCache
    from workers.requests import HintRequest, open_scope

    workers.start(1)
    client = _client(redis_server)
    admin = redis.Redis.from_url(redis_server.url)
    cache = RedisCache(admin)
    state = mid_game(63)
    ask = body(state, seed=7, samples=4)
    first = _answered(client, ask)  # (a 202 followed when the machine is busy)
    assert first["solver"]["cached"] is False
    request = HintRequest("hints", state.view(state.to_move), samples=4, seed=7,
                          scope=open_scope(state.to_dict(), state.to_move))
    real = cache.get(request)
    assert real is not None
    for top, (why, raw) in enumerate(_misfits(real, request).items(), start=100):
        admin.set(PREFIX + str(request.family), raw)  # behind the account's back
        r = _answered(client, {**ask, "top": top})  # a job of its own
        assert r["solver"]["cached"] is False, why
        assert r["moves"] == first["moves"], why
        entry = cache.get(request)
        assert entry is not None and same(entry, real), why  # the fresh result replaced it
    assert client.post("/v1/hints", json=ask).json["solver"]["cached"] is True

    # a finished job whose answer is forged: no job to its poller, never joined again
    other = body(state, seed=8, samples=4)
    accepted = client.post("/v1/hints", json={**other, "async": True})
    assert accepted.status_code == 202
    url = accepted.json["job"]["url"]
    truth = poll(client, url)["result"]
    job = Job.fetch(accepted.json["job"]["id"], connection=admin)
    bad = {**truth, "moves": [{**truth["moves"][0], "move": {
        **truth["moves"][0]["move"], "id": "KSxKH"}}, *truth["moves"][1:]]}
    request8 = HintRequest("hints", state.view(state.to_move), samples=4, seed=8,
                           scope=request.scope)
    for forged in (bad, {"moves": "none"}, "Traceback (most recent call last)"):
        Result.create(job, Result.Type.SUCCESSFUL, ttl=600, return_value=forged)
        r = client.get(url)
        assert r.status_code == 404, r.json
        assert "KSxKH" not in r.get_data(as_text=True) and "Traceback" not in r.get_data(
            as_text=True)
        admin.delete(PREFIX + str(request8.family))  # so that the request goes to the job
        again = _answered(client, other)
        assert again["moves"] == truth["moves"] and again["solver"]["cached"] is False
        share = [k for k in admin.scan_iter(match="cassino:share:*")]
        for key in share:  # point the request's scope back at the forged job
            if admin.get(key) != job.id.encode():
                admin.set(key, job.id, ex=600)
        admin.delete(PREFIX + str(request8.family))


def test_a_worker_stops_on_sigterm_even_while_redis_is_away(redis_server: RedisServer,
                                                             workers: Workers) -> None:
    [process] = workers.start(1)
    redis_server.stop()
    time.sleep(2)  # it is retrying now
    assert process.poll() is None
    process.terminate()
    assert process.wait(timeout=15) is not None  # no retry loop that outlives a stop


def test_a_killed_workers_job_is_requeued_while_its_heartbeat_lives(
        redis_server: RedisServer, workers: Workers) -> None:
    """A worker killed mid-job: Redis drops its connections at once, so the watchdog
    requeues the job without waiting for the heartbeat to expire (issue 24: the answer
    came 13 s after the kill, for the heartbeat's 10 s and the 2 s grace)."""
    from rq import Queue
    from rq.job import Job

    from workers.jobs import beat_key
    from workers.queue import QUEUE
    from workers.watchdog import RECONNECT, rescue

    [victim] = workers.start(1)
    client = _client(redis_server)
    connection = redis.Redis.from_url(redis_server.url)
    [worker] = Worker.all(connection=connection)
    names = {str(c.get("name")) for c in connection.client_list()}
    assert worker.name not in names  # RQ renames no connection: each keeps the process's
    while int(connection.info("server")["uptime_in_seconds"]) < RECONNECT:
        time.sleep(0.1)  # a Redis this young is still taking its workers back
    asked = client.post("/v1/hints", json=body(mid_game(2001), seed=1, samples=64,
                                               **{"async": True}))  # about a second
    job_id = asked.json["job"]["id"]
    while True:  # killed once it searched a world, not after
        job = Job.fetch(job_id, connection=connection)
        assert job.get_status() in ("queued", "started"), "the job ended before the kill"
        if (job.meta.get("progress") or {}).get("done", 0) >= 1:
            break
        time.sleep(0.005)
    workers.kill(victim)
    queue = Queue(QUEUE, connection=connection)
    while True:
        assert connection.exists(beat_key(job_id)), "requeued only once its heartbeat expired"
        if rescue(connection, queue) == [job_id]:
            break
        time.sleep(0.02)
    assert Job.fetch(job_id, connection=connection).get_status() == "queued"
    workers.start(1)
    done = poll(client, asked.json["job"]["url"])
    assert done["status"] == "finished" and done["result"]["moves"], done
