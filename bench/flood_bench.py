"""Cheap endpoints under a hint flood (``make bench-flood``).

Starts ``make run``'s gunicorn (the embedded default, or ``--redis`` with a redis-server
and RQ workers of its own), lets ``--clients`` hint clients, each from its own loopback
address, send hints for fresh positions as fast as they can, and meanwhile drives
``POST /v1/legal-moves`` with wrk.  Prints the cheap endpoint's throughput and latency,
and what the hint clients were answered (200, 202, 429, 503).
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from api_bench import (
    ROOT,
    free_port,
    legal_moves_bodies,
    mid_game_states,
    require_wrk,
    run_wrk,
    start_gunicorn,
    wait_until_up,
)

SAMPLES: dict[int, str] = {}
"""The first body of each refusal the hint clients got."""


def flood(port: int, address: str, states: list[dict[str, object]], stop: threading.Event,
          answers: collections.Counter[int], seed: int) -> None:
    """One hint client: a new position and seed each time, so the cache never answers."""
    rng = random.Random(seed)
    while not stop.is_set():
        state = rng.choice(states)
        body = json.dumps({"state": state, "player": state["to_move"],
                           "seed": rng.randrange(2**31)})
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60,
                                                source_address=(address, 0))
        try:
            connection.request("POST", "/v1/hints", body,
                               {"Content-Type": "application/json"})
            response = connection.getresponse()
            text = response.read()
            answers[response.status] += 1
            if response.status >= 400:
                SAMPLES.setdefault(response.status, text.decode()[:160])
            if response.status in (429, 503):
                time.sleep(float(response.getheader("Retry-After") or 1))
        except OSError:
            answers[0] += 1
        finally:
            connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--clients", type=int, default=12, help="hint clients")
    parser.add_argument("--connections", type=int, default=8, help="wrk connections")
    parser.add_argument("--redis", action="store_true", help="Redis and 2 RQ workers")
    args = parser.parse_args()
    require_wrk()
    states = mid_game_states(200)
    bodies = legal_moves_bodies(states)
    port = free_port()
    env = dict(os.environ, CARDGAMES_BIND=f"127.0.0.1:{port}", CARDGAMES_ACCESS_LOG_JSON="false")
    helpers: list[subprocess.Popen[bytes]] = []
    if args.redis:
        redis_port = free_port()
        helpers.append(subprocess.Popen(
            ["redis-server", "--port", str(redis_port), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL))
        env["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
        time.sleep(0.5)
        log = open(Path(tempfile.gettempdir()) / "flood-workers.log", "wb")  # noqa: SIM115
        helpers += [subprocess.Popen([sys.executable, "-m", "workers"], cwd=ROOT, env=env,
                                     stdout=log, stderr=log)
                    for _ in range(2)]
    server = start_gunicorn(env)
    answers: collections.Counter[int] = collections.Counter()
    stop = threading.Event()
    try:
        wait_until_up(f"http://127.0.0.1:{port}/health")
        flooders = [threading.Thread(target=flood, args=(port, f"127.0.0.{i + 2}", states, stop,
                                                         answers, i), daemon=True)
                    for i in range(args.clients)]
        for thread in flooders:
            thread.start()
        time.sleep(2)  # the flood is on
        out = run_wrk(port, bodies, args.seconds, args.connections)
        stop.set()
        for thread in flooders:
            thread.join(timeout=70)
    finally:
        stop.set()
        server.terminate()
        server.wait(timeout=30)
        for helper in reversed(helpers):  # the workers, then Redis
            helper.terminate()
            try:
                helper.wait(timeout=15)
            except subprocess.TimeoutExpired:
                helper.kill()
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    pct = dict(re.findall(r"(p[\d.]+)_ms: ([\d.]+)", out))
    non200 = int(re.search(r"non-200: (\d+)", out).group(1))  # type: ignore[union-attr]
    print(f"{'Redis + 2 workers' if args.redis else 'embedded default'}: {args.clients} hint "
          f"clients flooding, wrk {args.connections} connections on legal-moves, "
          f"{args.seconds} s, {os.cpu_count()} cores")
    print(f"legal-moves: {rate:,.0f} req/s, non-200 {non200}; latency ms: "
          + "  ".join(f"{k}={v}" for k, v in pct.items()))
    print("hint answers: " + ", ".join(f"{code or 'error'}: {n}"
                                       for code, n in sorted(answers.items())))
    for code, text in sorted(SAMPLES.items()):
        print(f"  {code}: {text}")


if __name__ == "__main__":
    main()
