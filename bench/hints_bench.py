"""Hint throughput on 1 and 2 RQ workers, and cache-hit latency (``make bench-hints``).

Starts a real redis-server and real workers (``python -m workers``), takes positions
from real games (heuristic bots playing each other), and measures:

* throughput: the same distinct hint requests (default budget) enqueued at once and
  run by 1, then by 2 workers (cache flushed in between): hints per second and speedup;
* cache-hit latency: the same requests again through a real gunicorn with REDIS_URL,
  one at a time over HTTP: p50, p95, p99.

Redis runs without persistence, or with ``--persist`` as docker/compose.yaml runs it
(its append-only file, every write on disk before it is answered), in a temporary
directory: what the persistence costs.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import redis
from rq.registry import FailedJobRegistry, FinishedJobRegistry

from engine import State, new_game
from solver.cassino.bots import HeuristicBot
from workers.queue import RedisService
from workers.requests import HintRequest, open_scope

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def positions(count: int) -> list[State]:
    """Positions from heuristic-vs-heuristic games where the mover has a real choice."""
    bots = (HeuristicBot(), HeuristicBot())
    found: list[State] = []
    game = 0
    while len(found) < count:
        state = new_game(1000 + game)
        game += 1
        deal = state.deal
        while state.deal == deal and len(found) < count:
            if len(state.legal_moves()) > 1 and len(found) < count and len(state.stock) > 0:
                found.append(state)
            state = state.apply(bots[state.to_move].choose(state.view(state.to_move),
                                                           state)).state
    return found


def start_workers(url: str, count: int) -> list[subprocess.Popen[bytes]]:
    env = dict(os.environ, REDIS_URL=url)
    procs = [subprocess.Popen([sys.executable, "-m", "workers"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for _ in range(count)]
    time.sleep(2.0)  # imports done, registered
    return procs


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        p.terminate()
    for p in procs:
        p.wait(timeout=20)


def throughput(url: str, requests: list[HintRequest], workers: int) -> float:
    redis.Redis.from_url(url).flushdb()
    procs = start_workers(url, workers)
    try:
        service = RedisService(url)
        done = FinishedJobRegistry(queue=service.queue)
        failed = FailedJobRegistry(queue=service.queue)
        began = time.perf_counter()
        for request in requests:
            service.start(request)
        while done.count + failed.count < len(requests):  # cheap polling: two counters
            time.sleep(0.01)
        if failed.count:
            raise RuntimeError(f"{failed.count} jobs failed")
        return len(requests) / (time.perf_counter() - began)
    finally:
        stop(procs)


def cache_latency(url: str, states: list[State], rounds: int) -> list[float]:
    port = free_port()
    env = dict(os.environ, REDIS_URL=url, CARDGAMES_BIND=f"127.0.0.1:{port}",
               CARDGAMES_WORKERS="2", CARDGAMES_RATE_LIMIT="",  # hits back to back from one
               CARDGAMES_HINT_RATE_LIMIT="")  # address: no rate limits
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "api/gunicorn_conf.py",
                               "api:create_app()"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        bodies = [json.dumps({"state": s.to_dict(), "player": s.to_move, "seed": 1}).encode()
                  for s in states]  # open mode: a bare view shares no cache entry (no oracle)
        times = []
        for _ in range(rounds):
            for body in bodies:
                request = urllib.request.Request(
                    f"http://127.0.0.1:{port}/v1/hints", data=body,
                    headers={"Content-Type": "application/json"})
                began = time.perf_counter()
                with urllib.request.urlopen(request, timeout=30) as response:
                    answer = json.loads(response.read())
                times.append((time.perf_counter() - began) * 1000)
                assert answer["solver"]["cached"], "expected a cache hit"
        return times
    finally:
        server.terminate()
        server.wait(timeout=20)


def pct(xs: list[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=5, help="cache-hit passes")
    parser.add_argument("--persist", action="store_true",
                        help="Redis with docker/compose.yaml's persistence settings")
    args = parser.parse_args()
    binary = shutil.which("redis-server")
    if binary is None:
        sys.exit("redis-server is not installed: apt-get install -y redis-server")
    port = free_port()
    settings = ["--save", "", "--appendonly", "no"]
    kept = tempfile.mkdtemp(prefix="cassino-bench-redis-")
    if args.persist:
        import yaml

        compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
        settings = [*compose["services"]["redis"]["command"][1:], "--dir", kept]
    print(f"redis-server {' '.join(a or repr(a) for a in settings)}")
    server = subprocess.Popen([binary, "--port", str(port), *settings],
                              stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        time.sleep(0.5)
        states = positions(args.positions)
        requests = [HintRequest("hints", s.view(s.to_move), seed=1,
                                scope=open_scope(s.to_dict(), s.to_move)) for s in states]
        one = throughput(url, requests, 1)
        two = throughput(url, requests, 2)
        print(f"{len(requests)} hint requests (default budget), positions from real games")
        print(f"throughput, 1 worker:  {one:6.1f} hints/s")
        print(f"throughput, 2 workers: {two:6.1f} hints/s   speedup {two / one:.2f}x")
        times = cache_latency(url, states, args.rounds)  # the cache is warm from the run above
        print(f"cache hits over HTTP (gunicorn, {len(times)} requests): "
              f"p50 {statistics.median(times):.2f} ms, p95 {pct(times, 0.95):.2f} ms, "
              f"p99 {pct(times, 0.99):.2f} ms")
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(kept, ignore_errors=True)


if __name__ == "__main__":
    main()
