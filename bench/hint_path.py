"""Where a hint's time goes in the embedded default (issue 30; ``make bench-hint-path``).

Part 1, in process: the app of ``make run`` (no ``REDIS_URL``, its own temporary store)
through Flask's test client, one default two-seat Cassino hint at a time on ``--positions``
mid-game states, each new to the cache.  The service's steps are timed where they run
(wrappers around the methods of the one service instance):

* ``flask``: ``total`` less ``answer``: the request's routing, the body's JSON and schema
  (webargs, marshmallow), the answer's schema and JSON, the access log and metrics;
* ``answer``: ``api.hints.answer``, the rest, made of:
* ``read``: ``api.hints.read_request`` (the state parsed, the view made, the budget);
* ``submit``: the service's ``submit``, made of the steps below and the answer's check;
* ``cache_get``: the cache asked for the request's family (a miss each time);
* ``start``: the job record claimed in the store and the job handed to the thread pool;
* ``track``: the client's jobs counted and remembered (``HINT_PER_CLIENT``);
* ``records``: the job records read back and checked (``_record``: each one's request
  parsed again), on the request's thread and the job's;
* ``write``: the job's records written to the store (started, finished), summed;
* ``process``: the round trip to the search process (the payload sent, the view read
  again there, the search, the tally sent back), of which ``search`` is the answer's own
  ``solver.elapsed_ms``;
* ``cache_put``: the tally stored in the cache (on the direct path after the answer left,
  by the process's writer thread: not part of the request's time);
* ``direct``: the direct path's search in the request's thread (docs/workers.md "The
  direct path"), the search and its bookkeeping, when the request took that path;
* ``wait``: from the job started to its result read back by the request's thread;
* ``total``: the whole request, as the test client sees it (JSON both ways included).

Part 2, over HTTP: the same requests against a real gunicorn started as ``make run``
starts it (its config, a free port), one at a time, with a legal-moves request of the
same state beside each: wall-clock p50 and p95.  The per-address rate limits are off in
both (every request comes from one client).

    python bench/hint_path.py --positions 150
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.api_bench import free_port, mid_game_states, wait_until_up

ROOT = Path(__file__).resolve().parent.parent
NO_LIMITS = {"CARDGAMES_RATE_LIMIT": "", "CARDGAMES_HINT_RATE_LIMIT": ""}
"""One client sends every request: the per-address rate limits (api/limits.py) are off."""
STEPS = ("total", "flask", "answer", "read", "submit", "cache_get", "start", "track",
         "wait", "records", "write", "process", "direct", "search", "cache_put")


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def _summary(times: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    return {step: {"p50": round(statistics.median(times[step]), 2),
                   "p95": round(_pct(times[step], 0.95), 2)}
            for step in STEPS if times.get(step)}


def in_process(states: list[dict[str, Any]]) -> dict[str, Any]:
    """Part 1: each step's milliseconds, p50 and p95 over the requests."""
    import api.hints
    from api import create_app

    with tempfile.TemporaryDirectory(prefix="hint-path-") as store:
        app = create_app({"STORE": store})
        client = app.test_client()
        service = app.extensions["cardgames_hints"]
        current: dict[str, float] = defaultdict(float)

        def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                began = time.perf_counter()
                try:
                    return fn(*args, **kwargs)
                finally:
                    current[name] += (time.perf_counter() - began) * 1000
            return wrapper

        service.cache.get = timed("cache_get", service.cache.get)
        service.track = timed("track", service.track)
        service.computing = timed("track", service.computing)
        service.submit = timed("submit", service.submit)
        service._record = timed("records", service._record)
        service.cache.put = timed("cache_put", service.cache.put)
        service.start = timed("start", service.start)
        service.wait = timed("wait", service.wait)
        service._write = timed("write", service._write)
        service._searched = timed("process", service._searched)
        service.direct.search = timed("direct", service.direct.search)
        read_request, answer_of = api.hints.read_request, api.hints.answer
        api.hints.read_request = timed("read", read_request)
        api.hints.answer = timed("answer", answer_of)
        times: dict[str, list[float]] = defaultdict(list)
        try:
            for index, state in enumerate(states):
                body = {"state": state, "player": state["to_move"], "seed": index}
                current.clear()
                began = time.perf_counter()
                answer = client.post("/v1/hints", json=body)
                total = (time.perf_counter() - began) * 1000
                if answer.status_code != 200 or answer.json["solver"]["cached"]:
                    continue  # a 202 or a cache hit is not the path measured
                if index < 5:
                    continue  # the first requests start the search process
                current["total"] = total
                current["flask"] = total - current["answer"]
                current["search"] = answer.json["solver"]["elapsed_ms"]
                for step in STEPS:
                    times[step].append(current.get(step, 0.0))
        finally:
            api.hints.read_request, api.hints.answer = read_request, answer_of
        return {"requests": len(times["total"]), **_summary(times)}


def over_http(states: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Part 2: a real gunicorn, one request at a time: hint, its search, legal moves."""
    port = free_port()
    env = {**os.environ, "CARDGAMES_BIND": f"127.0.0.1:{port}"}
    env.pop("REDIS_URL", None)
    with tempfile.TemporaryDirectory(prefix="hint-path-") as store:
        env["CARDGAMES_STORE"] = store
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "api/gunicorn_conf.py",
             "api:create_app()"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(base + "/v1/catalog")
            times: dict[str, list[float]] = defaultdict(list)
            for index, state in enumerate(states):
                hint = _post(base + "/v1/hints", {"state": state, "player": state["to_move"],
                                                  "seed": index})
                legal = _post(base + "/v1/legal-moves", {"state": state})
                if index < 5 or hint[1] is None:
                    continue
                times["hint"].append(hint[0])
                times["hint_search"].append(hint[1])
                times["legal_moves"].append(legal[0])
        finally:
            server.terminate()
            server.wait(10)
    return {name: {"p50": round(statistics.median(xs), 2), "p95": round(_pct(xs, 0.95), 2)}
            for name, xs in times.items()}


def _post(url: str, body: dict[str, Any]) -> tuple[float, float | None]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data,
                                     headers={"Content-Type": "application/json"})
    began = time.perf_counter()
    with urllib.request.urlopen(request, timeout=30) as response:
        answer = json.loads(response.read())
        status = response.status
    took = (time.perf_counter() - began) * 1000
    solver = answer.get("solver") if status == 200 else None
    search = solver["elapsed_ms"] if solver and not solver.get("cached") else None
    return took, search


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--no-http", dest="http", action="store_false")
    args = parser.parse_args()
    os.environ.update(NO_LIMITS)
    states = mid_game_states(args.positions + 5)
    print(json.dumps({"in_process_ms": in_process(states)}))
    if args.http:
        print(json.dumps({"http_ms": over_http(states)}))


if __name__ == "__main__":
    main()
