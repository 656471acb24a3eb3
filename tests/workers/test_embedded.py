"""The embedded default served as ``make run`` serves it: real gunicorn, several processes,
keep-alive off, no Redis.  Every poll of a job answers, whichever process takes it, and
a job whose process dies is taken over by another."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import new_game
from tests.workers.conftest import free_port
from workers.settings import env_names

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 3  # make run's default on this 2-core machine: cores + 1


class Server:
    def __init__(self, port: int, process: subprocess.Popen[bytes]) -> None:
        self.port = port
        self.process = process

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """One request on a new connection (as a browser with keep-alive off would)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            payload = None if body is None else json.dumps(body)
            headers = {} if body is None else {"Content-Type": "application/json"}
            connection.request(method, path, payload, headers)
            response = connection.getresponse()
            return response.status, json.loads(response.read())
        finally:
            connection.close()

    def workers(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True,
                             text=True, check=False).stdout
        return [int(pid) for pid in out.split()]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if k not in ("REDIS_URL", *env_names("REDIS_URL", "STORE"))}
    env.update(CARDGAMES_BIND=f"127.0.0.1:{port}", CARDGAMES_WORKERS=str(PROCESSES),
               CARDGAMES_HINT_PER_CLIENT="0", CARDGAMES_HINT_BACKLOG="0")  # one client, many jobs
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "api/gunicorn_conf.py", "api:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=(tmp_path / "log").open("wb"))
    server = Server(port, process)
    deadline = time.monotonic() + 30
    while True:
        try:
            if server.call("GET", "/health")[0] == 200 and len(server.workers()) == PROCESSES:
                break
        except OSError:
            pass
        assert process.poll() is None, (tmp_path / "log").read_text()
        assert time.monotonic() < deadline, "gunicorn did not start"
        time.sleep(0.1)
    try:
        yield server
    finally:
        searchers = [pid for worker in server.workers() for pid in children(worker)]
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
    deadline = time.monotonic() + 10  # search processes end with their API process
    while any(alive(pid) for pid in searchers):
        assert time.monotonic() < deadline, f"search processes left behind: {searchers}"
        time.sleep(0.2)


def children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True,
                         check=False).stdout
    return [int(child) for child in out.split()]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "zombie" in status.read_text())


def _ask(seed: int, samples: int) -> dict[str, Any]:
    state = new_game(seed, dealer=0)
    return {"state": state.to_dict(), "player": state.to_move, "samples": samples,
            "seed": seed, "async": True}


def test_every_poll_of_200_jobs_answers(server: Server) -> None:
    jobs = []
    for i in range(200):
        status, body = server.call("POST", "/v1/hints", _ask(1000 + i, 4))
        assert status == 202, body
        jobs.append(body["job"]["url"])
    polls: dict[int, int] = {}
    pending = set(jobs)
    deadline = time.monotonic() + 240
    while pending:
        assert time.monotonic() < deadline, f"{len(pending)} jobs did not finish"
        for url in sorted(pending):
            status, body = server.call("GET", url)
            polls[status] = polls.get(status, 0) + 1
            if status == 200 and body["status"] in ("finished", "failed"):
                assert body["status"] == "finished", body
                pending.discard(url)
    assert set(polls) == {200}, polls  # not one 404: any process answers for any job
    assert polls[200] >= 200
    assert any(children(worker) for worker in server.workers())  # searches ran apart


def test_a_job_whose_process_died_is_taken_over(server: Server) -> None:
    status, body = server.call("POST", "/v1/hints", _ask(4242, 600))
    assert status == 202
    url = body["job"]["url"]
    status, job = server.call("GET", url)
    assert job["status"] in ("queued", "started")  # killed mid-run, not after
    for pid in server.workers():  # every process, the job's runner among them
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 180
    while True:
        try:
            status, job = server.call("GET", url)
        except OSError:  # gunicorn is starting new processes
            time.sleep(0.2)
            continue
        assert status == 200, job  # the record outlived the process
        if job["status"] == "finished":
            break
        assert job["status"] in ("queued", "started"), job
        assert time.monotonic() < deadline, "the job was never taken over"
        time.sleep(0.5)
    assert job["result"]["solver"]["samples"] >= 1 and job["result"]["moves"]


def test_a_search_process_killed_mid_hint_is_replaced_and_the_hint_answered(
        tmp_path: Path) -> None:
    """The embedded default's search process killed under a job (SIGKILL, as the
    out-of-memory killer does): a new one searches the job again, as RQ's workers retry
    theirs, and the request waiting for it gets its answer (issue 24: it got a 500 "the
    search failed", and the job ended failed)."""
    import threading

    from api import create_app
    from tests.workers.test_queue import body, mid_game
    from workers import embedded
    from workers.store import LocalStore

    client = create_app({"STORE": str(tmp_path), "HINT_PER_CLIENT": 0,
                         "HINT_BACKLOG": 0}).test_client()
    state = mid_game(2001)  # a search of about a second (64 worlds)
    answers: list[Any] = []
    waiting = threading.Thread(target=lambda: answers.append(
        client.post("/v1/hints", json=body(state, seed=1, samples=64))))
    waiting.start()
    jobs = LocalStore(tmp_path).jobs
    while True:  # killed once it searched a world, not after
        assert waiting.is_alive(), "the hint was answered before the kill"
        done = [jobs.get(key) for key in list(jobs.iterkeys()) if str(key).startswith("done:")]
        if any(isinstance(d, int) and d >= 1 for d in done):
            break
        time.sleep(0.005)
    [searcher] = embedded._searchers[os.getpid()]._processes.values()
    os.kill(searcher.pid, signal.SIGKILL)
    waiting.join(timeout=120)
    [answer] = answers
    result = answer.json
    if answer.status_code == 202:  # the machine was slow: the job answers instead
        while result.get("status") not in ("finished", "failed"):
            time.sleep(0.05)
            result = client.get(answer.json["job"]["url"]).json
        assert result["status"] == "finished", result
        result = result["result"]
    else:
        assert answer.status_code == 200, result
    assert result["moves"] and result["solver"]["samples"] >= 1
    assert searcher.pid not in embedded._searchers[os.getpid()]._processes  # a new one
