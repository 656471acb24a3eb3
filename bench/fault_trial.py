"""Fault trials with recovery times (``make bench-faults``).

Real components only: a redis-server on a free port, real RQ workers (``python -m
workers``) and the API under a real gunicorn with ``REDIS_URL``, spoken to over HTTP.
Each trial breaks something while hints are being computed and measures how long the
service takes to answer hints again:

1. Redis blip, twice: redis-server frozen (SIGSTOP) for 3 s while every worker is busy,
   then let go (SIGCONT); and redis-server killed and restarted empty on the same port
   after 3 s (the busy jobs end while it is away).  Measured from the moment Redis is back:
   the first 200 hint (a fresh position, so a new search on a worker), the busy jobs' end
   (SIGSTOP: nothing was lost), and the workers alive and registered again.
2. Full Redis: ``maxmemory`` just above what is used, ``noeviction``, filled up; a hint
   answers 503 (its message printed), readiness says full, the cheap endpoints keep
   answering; then ``CONFIG SET maxmemory 0``: the time to the first 200 hint.
3. Killed worker: SIGKILL the worker running a hint job (a search of about 1.5 s,
   :data:`KILLED`) once it has searched a world; the time until another worker took the
   job (the watchdog requeues a started job whose worker is gone) and until it finished.

A probe is ``POST /v1/hints`` for a position never asked before (2 worlds of a
heuristic bots' game: a few ms of search), repeated every 0.1 s until it answers 200 (a
202 is followed to its job's end); each trial also times a probe with nothing broken.
The busy jobs search crowded positions for up to 2 s.  The
machine's load shows in every figure: the workers run at ``nice`` 10 like deployed ones.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import redis
from rq import Worker
from rq.job import Job

from engine import State, new_game
from engine.cassino.play import advance
from solver.cassino.bots import HeuristicBot

ROOT = Path(__file__).resolve().parent.parent
BLIP = 3.0
"""Seconds Redis stays away in the blip trials."""
PROBE = {"seed": 1, "samples": 2}
"""The budget of a probe hint."""
KILLED = 2001
"""The :func:`heavy` position of the killed worker's job: its search runs to the budget's
48 worlds (about 1.5 s on one core; most crowded positions stop early, in well under a
second, too soon to be killed mid-search)."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


BOTS = (HeuristicBot(), HeuristicBot())


def position(seed: int) -> State:
    """A position early in batch 2 of a heuristic bots' game: a search of a few ms, so
    that a probe measures the service, not the solver."""
    state = new_game(seed, dealer=1)
    for _ in range(10):
        state = state.apply(BOTS[state.to_move].choose(state.view(state.to_move),
                                                       state)).state
    return state


def heavy(seed: int) -> State:
    """A position early in batch 2 of a game where both players only trailed: a crowded
    table, worlds of many thousand nodes (a job that keeps a worker busy)."""
    state = new_game(seed, dealer=1)
    for _ in range(10):
        state = advance(state, state.legal_moves()[-1])
    return state


class Redis:
    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            sys.exit("redis-server is not installed: apt-get install -y redis-server")
        self.binary = binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        until(lambda: _pings(self.url), 10, "redis-server did not start")

    def signal(self, signum: int) -> None:
        assert self.process is not None
        self.process.send_signal(signum)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


def _pings(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_timeout=1).ping())
    except redis.RedisError:
        return False


def until(check: Callable[[], Any], seconds: float, failure: str, pause: float = 0.05) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise RuntimeError(failure)
        time.sleep(pause)


class Service:
    """redis-server, N workers and a gunicorn API with REDIS_URL."""

    def __init__(self, workers: int) -> None:
        self.redis = Redis()
        self.redis.start()
        self.port = free_port()
        env = dict(os.environ, REDIS_URL=self.redis.url, PYTHONUNBUFFERED="1")
        self.workers = [subprocess.Popen([sys.executable, "-m", "workers"], cwd=ROOT, env=env,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                        for _ in range(workers)]
        api_env = dict(env, CARDGAMES_BIND=f"127.0.0.1:{self.port}", CARDGAMES_WORKERS="2",
                       CARDGAMES_HINT_PER_CLIENT="0", CARDGAMES_HINT_BACKLOG="0",
                       CARDGAMES_RATE_LIMIT="", CARDGAMES_HINT_RATE_LIMIT="")  # one client
        self.api = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c",
                                     "api/gunicorn_conf.py", "api:create_app()"], cwd=ROOT,
                                    env=api_env, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
        until(lambda: self.get("/health/ready")[0] == 200, 30, "the service did not start")
        self.admin = redis.Redis.from_url(self.redis.url)
        self.seed = 1000 * workers

    def close(self) -> None:
        for process in (*self.workers, self.api):
            if process.poll() is None:
                process.terminate()
        for process in (*self.workers, self.api):
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        self.redis.stop()

    # --- HTTP --------------------------------------------------------------------------

    def call(self, method: str, path: str, body: Any = None,
             timeout: float = 30) -> tuple[int, Any, dict[str, str]]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data,
                                         method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, json.loads(response.read()), dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null"), dict(error.headers)
        except OSError as error:  # the API itself did not answer in time
            return 0, {"message": str(error)}, {}

    def get(self, path: str) -> tuple[int, Any]:
        status, body, _ = self.call("GET", path)
        return status, body

    def hint(self, state: State, **options: Any) -> tuple[int, Any, dict[str, str]]:
        return self.call("POST", "/v1/hints", {"state": state.to_dict(),
                                               "player": state.to_move, **options})

    def fresh(self) -> State:
        self.seed += 1
        return position(self.seed)

    def answered(self, state: State, seconds: float = 120, **options: Any) -> Any:
        """The hint's answer: a 202 followed to its job's end; 503 and the like retried."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            status, body, _ = self.hint(state, **options)
            if status == 200:
                return body
            if status == 202:
                job = self.job_end(body["job"]["url"], deadline - time.monotonic())
                if job is not None and job.get("status") == "finished":
                    return job["result"]
            time.sleep(0.1)
        raise RuntimeError("no hint was answered")

    def job_end(self, url: str, seconds: float) -> Any:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            status, job = self.get(url)
            if status == 200 and job["status"] in ("finished", "failed"):
                return job
            if status == 404:
                return None  # the job was lost (a restart without persistence)
            time.sleep(0.05)
        return None

    def probe(self, seconds: float = 120) -> float:
        """Seconds until a hint for a new position answers 200."""
        began = time.monotonic()
        self.answered(self.fresh(), seconds, **PROBE)
        return time.monotonic() - began

    def alive(self) -> int:
        return sum(1 for p in self.workers if p.poll() is None)

    def registered(self) -> int:
        try:
            return len(Worker.all(connection=self.admin))
        except redis.RedisError:
            return 0

    def busy(self, count: int, time_ms: int, seeds: list[int] | None = None) -> list[str]:
        """Start ``count`` async hint jobs of ``time_ms`` each (of :func:`heavy` positions:
        fresh ones, or of ``seeds``); their poll URLs."""
        urls = []
        for i in range(count):
            self.seed += 1
            state = heavy(self.seed if seeds is None else seeds[i])
            status, body, _ = self.hint(state, seed=1, time_ms=time_ms, **{"async": True})
            assert status == 202, (status, body)
            urls.append(body["job"]["url"])
        until(lambda: self.started() >= min(count, len(self.workers)), 30,
              "the workers did not start the jobs")
        return urls

    def started(self) -> int:
        from rq.registry import StartedJobRegistry

        from workers.queue import QUEUE

        return len(StartedJobRegistry(QUEUE, connection=self.admin).get_job_ids())


# --- the trials ---------------------------------------------------------------------------

def redis_blip(workers: int, *, restart: bool) -> dict[str, Any]:
    service = Service(workers)
    try:
        service.probe()  # warm: every process has imported and connected
        baseline = service.probe()  # a probe with nothing broken, for comparison
        urls = service.busy(workers, time_ms=2000)  # they end while Redis is away
        time.sleep(0.5)
        if restart:
            service.redis.kill()
            time.sleep(BLIP)
            service.redis.start()
        else:
            service.redis.signal(signal.SIGSTOP)
            time.sleep(BLIP)
            service.redis.signal(signal.SIGCONT)
        back = time.monotonic()
        first = service.probe()
        out: dict[str, Any] = {"first_200_s": first, "baseline_s": baseline}
        if not restart:  # nothing was lost: the busy jobs finish too
            ends = [service.job_end(url, 120) for url in urls]
            out["busy_finished"] = sum(1 for j in ends if j and j["status"] == "finished")
            out["busy_done_s"] = time.monotonic() - back
        out["registered_s"] = until(
            lambda: service.registered() >= workers and time.monotonic() - back, 60,
            "the workers did not register again")
        out["alive"] = service.alive()
        out["registered"] = service.registered()
        status, ready = service.get("/health/ready")
        out["ready"] = (status, ready)
        return out
    finally:
        service.close()


def full_redis(workers: int) -> dict[str, Any]:
    service = Service(workers)
    admin = service.admin
    try:
        service.probe()
        baseline = service.probe()
        used = int(admin.info("memory")["used_memory"])
        admin.config_set("maxmemory-policy", "noeviction")
        admin.config_set("maxmemory", used + 256 * 1024)
        filler = 0
        for size in (4096, 256, 16):  # to the last bytes: not even a small write passes
            try:
                while True:
                    admin.set(f"filler:{filler}", "x" * size)
                    filler += 1
            except redis.exceptions.OutOfMemoryError:
                pass
        status, body, headers = service.hint(service.fresh(), **PROBE)
        out: dict[str, Any] = {"filler_keys": filler, "baseline_s": baseline,
                               "hint": (status, body.get("message"), headers.get("Retry-After"))}
        out["ready"] = service.get("/health/ready")
        state = service.fresh()
        out["legal_moves"] = service.call("POST", "/v1/legal-moves",
                                          {"state": state.to_dict()})[0]
        time.sleep(2)
        out["alive_while_full"] = service.alive()
        admin.config_set("maxmemory", 0)
        out["first_200_s"] = service.probe()
        out["registered"] = service.registered()
        out["alive"] = service.alive()
        return out
    finally:
        service.close()


def killed_worker(workers: int) -> dict[str, Any]:
    service = Service(workers)
    try:
        service.probe()
        [url] = service.busy(1, time_ms=6000, seeds=[KILLED])
        job_id = url.rsplit("/", 1)[1]

        def running() -> tuple[str, int] | None:
            """The worker running the job once it has searched a world, and the worlds."""
            job = Job.fetch(job_id, connection=service.admin)
            done = int((job.meta.get("progress") or {}).get("done", 0))
            if job.get_status() == "started" and job.worker_name and done >= 1:
                return job.worker_name, done
            if job.get_status() == "finished":
                raise RuntimeError("the job ended before the kill: a longer one is needed")
            return None

        name, worlds = until(running, 30, "the job did not start", pause=0.01)
        victim = next(w for w in Worker.all(connection=service.admin) if w.name == name)
        process = next(p for p in service.workers if p.pid == victim.pid)
        process.send_signal(signal.SIGKILL)
        killed = time.monotonic()
        process.wait(timeout=10)

        def taken() -> bool:
            job = Job.fetch(job_id, connection=service.admin)
            return job.get_status() in ("started", "finished") and job.worker_name != name

        until(taken, 120, "no worker took the job over", pause=0.02)
        taken_s = time.monotonic() - killed
        job = service.job_end(url, 120)
        done_s = time.monotonic() - killed
        return {"worlds": worlds, "taken_s": taken_s, "done_s": done_s,
                "status": job["status"] if job else None,
                "samples": job["result"]["solver"]["samples"] if job else None,
                "alive": service.alive()}
    finally:
        service.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=["blip", "restart", "full", "kill"], action="append")
    parser.add_argument("--repeat", type=int, default=1, help="killed-worker trials to run")
    args = parser.parse_args()
    trials = args.only or ["blip", "restart", "full", "kill"]
    version = subprocess.run([shutil.which("redis-server") or "redis-server", "--version"],
                             check=True, capture_output=True, text=True).stdout.split()[2]
    print(f"fault trials: redis-server {version.removeprefix('v=')}, {args.workers} workers "
          f"(python -m workers), gunicorn with 2 processes, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")
    began = time.monotonic()
    if "blip" in trials:
        r = redis_blip(args.workers, restart=False)
        print(f"Redis blip (SIGSTOP {BLIP:.0f} s, {args.workers} workers busy): first 200 hint "
              f"{r['first_200_s']:.2f} s after SIGCONT; busy jobs finished "
              f"{r['busy_finished']}/{args.workers} {r['busy_done_s']:.2f} s after; workers "
              f"alive {r['alive']}/{args.workers}, registered {r['registered']} "
              f"({r['registered_s']:.2f} s); ready {r['ready'][0]}; a probe with nothing "
              f"broken: {r['baseline_s']:.2f} s")
    if "restart" in trials:
        r = redis_blip(args.workers, restart=True)
        print(f"Redis restart (killed, restarted empty after {BLIP:.0f} s, {args.workers} "
              f"workers busy): first 200 hint {r['first_200_s']:.2f} s after the restart; "
              f"workers alive {r['alive']}/{args.workers}, registered {r['registered']} "
              f"({r['registered_s']:.2f} s); ready {r['ready'][0]}; a probe with nothing "
              f"broken: {r['baseline_s']:.2f} s")
    if "full" in trials:
        r = full_redis(args.workers)
        status, message, retry = r["hint"]
        print(f"full Redis (maxmemory used + 256 KiB, noeviction, {r['filler_keys']} filler "
              f"keys): hint -> {status} {json.dumps(message)} (Retry-After {retry}); ready -> "
              f"{r['ready'][0]} {json.dumps(r['ready'][1])}; legal-moves -> "
              f"{r['legal_moves']}; workers alive {r['alive_while_full']}/{args.workers}")
        print(f"  after CONFIG SET maxmemory 0: first 200 hint {r['first_200_s']:.2f} s "
              f"(a probe with nothing broken: {r['baseline_s']:.2f} s); workers alive "
              f"{r['alive']}/{args.workers}, registered {r['registered']}")
    if "kill" in trials:
        for _ in range(args.repeat):
            r = killed_worker(args.workers)
            print(f"killed worker (SIGKILL after {r['worlds']} worlds of a 48-world job, "
                  f"{args.workers} workers): taken over by another worker "
                  f"{r['taken_s']:.2f} s after the kill, {r['status']} ({r['samples']} "
                  f"worlds) {r['done_s']:.2f} s after; workers alive "
                  f"{r['alive']}/{args.workers}")
    print(f"run time {time.monotonic() - began:.0f} s")


if __name__ == "__main__":
    main()
