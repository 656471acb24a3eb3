"""Hints over HTTP beside the search alone, in both deployments (issue 30; ``make
bench-hint-load``, and the second half of ``make bench-api``).

Each deployment is started as it runs in production, on a free port: the embedded default
(``make run``'s gunicorn, no Redis), and ``--redis``: a redis-server of its own, one RQ
worker (``make worker``) and the same gunicorn with ``REDIS_URL``.  Every hint is of a
position (and seed) not asked before, so no answer comes from the cache.  For each game
(``--games``: ``game:variant:seats``; Cassino's default two-seat game first):

* **one at a time**: ``--positions`` hints, each on a new connection, wall-clock
  p50/p95/p99 as the client sees them, beside the answers' own ``solver.elapsed_ms`` (the
  search alone) and the difference per request (what carrying it costs); taking turns
  with as many other hints on one kept-alive connection (``make run`` keeps one for 2 s
  and 100 requests: ``kept_alive``);
* **under load**: wrk with ``--clients`` connections sending hints of new positions for
  ``--seconds``, the 200 answers per second (and per core) and the 202s, 429s and 503s,
  while another client asks legal moves twenty times a second: its p50/p95/p99.

The per-address limits are off (every request comes from one address, which would
otherwise be one client: ``RATE_LIMIT``, ``HINT_RATE_LIMIT``, ``HINT_PER_CLIENT``).

    python bench/hint_load.py                       # embedded, Cassino
    python bench/hint_load.py --redis
    python bench/hint_load.py --games conquian:conquian:2 rummy:poker-rum:3 ...
"""

from __future__ import annotations

import argparse
import http.client
import json
import logging
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.api_bench import (
    ROOT,
    free_port,
    legal_moves_bodies,
    mid_game_states,
    require_wrk,
    start_gunicorn,
    wait_until_up,
)

RATE_BOUND = 800
"""More hints a second than any run answers: each run has that many new bodies a second."""
NO_LIMITS = {"CARDGAMES_RATE_LIMIT": "", "CARDGAMES_HINT_RATE_LIMIT": "",
             "CARDGAMES_HINT_PER_CLIENT": "0"}

LUA = """
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  bodies = {}
  for line in io.lines("%(path)s") do bodies[#bodies + 1] = line end
  i = 0; ok = 0; accepted = 0; busy = 0; shed = 0; other = 0
end
request = function()
  i = i %% #bodies + 1
  return wrk.format("POST", "/v1/hints", {["Content-Type"] = "application/json"}, bodies[i])
end
response = function(status, headers, body)
  if status == 200 then ok = ok + 1 elseif status == 202 then accepted = accepted + 1
  elseif status == 429 then busy = busy + 1 elseif status == 503 then shed = shed + 1
  else other = other + 1 end
end
done = function(summary, latency, requests)
  local o, a, b, s, x = 0, 0, 0, 0, 0
  for _, t in ipairs(threads) do o = o + t:get("ok"); a = a + t:get("accepted");
    b = b + t:get("busy"); s = s + t:get("shed"); x = x + t:get("other") end
  io.write(string.format("answers: %%d %%d %%d %%d %%d\\n", o, a, b, s, x))
  for _, p in pairs({50, 99}) do
    io.write(string.format("p%%g_ms: %%.2f\\n", p, latency:percentile(p) / 1000))
  end
end
"""


def positions(game: str, variant: str, seats: int, count: int,
              seed: int = 11) -> list[tuple[dict[str, Any], int]]:
    """``count`` positions of random play (each a state and the seat to hint), made
    through the app in process: a new game, then 2 to 30 random legal moves."""
    from api import create_app

    logging.disable(logging.INFO)
    rng = random.Random(seed)
    client = create_app({"STORE": tempfile.mkdtemp(prefix="hint-load-"),
                         "RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}).test_client()
    found: list[tuple[dict[str, Any], int]] = []
    game_seed = seed * 1000
    while len(found) < count:
        game_seed += 1
        body = {"game": game, "variant": variant, "seed": game_seed}
        if seats:
            body["players"] = seats
        state = client.post("/v1/games", json=body).json["state"]
        for _ in range(rng.randrange(2, 30)):
            listed = client.post("/v1/legal-moves", json={"state": state})
            if listed.status_code != 200 or not listed.json["moves"]:
                break
            applied = client.post("/v1/apply", json={
                "state": state, "move": rng.choice(listed.json["moves"])["id"]})
            if applied.status_code != 200:
                break
            state = applied.json["state"]
        listed = client.post("/v1/legal-moves", json={"state": state})
        if listed.status_code == 200 and listed.json["moves"]:
            found.append((state, listed.json["player"]))
    logging.disable(logging.NOTSET)
    return found


CASSINO = ("cassino", "standard", 2)


def cassino_positions(count: int) -> list[tuple[dict[str, Any], int]]:
    """The default two-seat game's mid-game states of ``make bench-api`` (6 to 40 random
    moves in), as the issue's and ``make bench-hint-path``'s figures were measured."""
    return [(state, int(state["to_move"])) for state in mid_game_states(count)]


def hint_bodies(found: list[tuple[dict[str, Any], int]], seeds: int) -> list[bytes]:
    """Each position with ``seeds`` seeds: every body a new family (no cache hit)."""
    bodies = [json.dumps({"state": state, "player": player, "seed": seed},
                         separators=(",", ":")).encode()
              for seed in range(seeds) for state, player in found]
    random.Random(5).shuffle(bodies)
    return bodies


@contextmanager
def deployment(redis: bool) -> Iterator[int]:
    """A running deployment's port: the embedded default, or Redis and one RQ worker."""
    port = free_port()
    env = dict(os.environ, **NO_LIMITS, CARDGAMES_BIND=f"127.0.0.1:{port}")
    env.pop("REDIS_URL", None)
    helpers: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory(prefix="hint-load-") as store:
        if redis:
            redis_port = free_port()
            helpers.append(subprocess.Popen(
                ["redis-server", "--port", str(redis_port), "--save", "", "--appendonly",
                 "no"], stdout=subprocess.DEVNULL))
            env["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
            time.sleep(0.5)
            helpers.append(subprocess.Popen([sys.executable, "-m", "workers"], cwd=ROOT,
                                            env=env, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL))
        else:
            env["CARDGAMES_STORE"] = store
        server = start_gunicorn(env)
        try:
            wait_until_up(f"http://127.0.0.1:{port}/health/ready", timeout=30)
            yield port
        finally:
            server.terminate()
            server.wait(timeout=30)
            for helper in reversed(helpers):
                helper.terminate()
                try:
                    helper.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    helper.kill()


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))], 2)


def _stats(xs: list[float]) -> dict[str, float]:
    return {"p50": round(statistics.median(xs), 2), "p95": _pct(xs, 0.95),
            "p99": _pct(xs, 0.99)}


def one_at_a_time(port: int, bodies: list[bytes], warm: int = 10) -> dict[str, Any]:
    """Each body once, one request at a time, taking turns: one on a new connection, the
    next on one connection kept alive (http.client opens another when the server closes
    it), so that both see the machine in the same moment."""
    times: dict[bool, dict[str, list[float]]] = {
        kept: {"wall": [], "search": [], "beyond": []} for kept in (False, True)}
    statuses: dict[int, int] = {}
    alive = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for index, body in enumerate(bodies):
        kept = index % 2 == 1
        connection = alive if kept else http.client.HTTPConnection("127.0.0.1", port,
                                                                   timeout=60)
        began = time.perf_counter()
        connection.request("POST", "/v1/hints", body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = json.loads(response.read())
        took = (time.perf_counter() - began) * 1000
        if not kept:
            connection.close()
        statuses[response.status] = statuses.get(response.status, 0) + 1
        if index < warm or response.status != 200 or answer["solver"]["cached"]:
            continue  # the first requests start each process's search process
        times[kept]["wall"].append(took)
        times[kept]["search"].append(answer["solver"]["elapsed_ms"])
        times[kept]["beyond"].append(took - answer["solver"]["elapsed_ms"])
    alive.close()

    def summary(kept: bool) -> dict[str, Any]:
        got = times[kept]
        return {"requests": len(got["wall"]), "hint_ms": _stats(got["wall"]),
                "search_ms": _stats(got["search"]), "beyond_search_ms": _stats(got["beyond"])}

    return {"statuses": statuses, **summary(False), "kept_alive": summary(True)}


def direct_share(port: int) -> dict[str, float]:
    """The deployment's hint counters so far (``/metrics``): searches on the direct path
    and cache misses (every search, either path)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", "/metrics")
    text = connection.getresponse().read().decode()
    connection.close()
    found = {name: float(value) for name, value in re.findall(
        r"^cassino_hint_(direct|cache_misses)_total (\S+)$", text, re.MULTILINE)}
    return {"direct": found.get("direct", 0.0), "searched": found.get("cache_misses", 0.0)}


BESIDE_EVERY = 0.05
"""Seconds between two legal-moves requests of the client beside the load (20 a second:
another player at a table, not a flood of its own)."""


def paced_legal_moves(port: int, bodies: list[bytes], stop: threading.Event,
                      took: list[float]) -> None:
    """Another client: a legal-moves request every :data:`BESIDE_EVERY` s until ``stop``,
    each one's milliseconds into ``took``."""
    index = 0
    while not stop.is_set():
        body = bodies[index % len(bodies)]
        index += 1
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        began = time.perf_counter()
        connection.request("POST", "/v1/legal-moves", body,
                           {"Content-Type": "application/json"})
        connection.getresponse().read()
        took.append((time.perf_counter() - began) * 1000)
        connection.close()
        stop.wait(BESIDE_EVERY)


def under_load(port: int, bodies: list[bytes], legal: list[bytes], clients: int,
               seconds: int) -> dict[str, Any]:
    """wrk: ``clients`` connections of hints, and one of legal moves beside them."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hints.jsonl"
        path.write_bytes(b"\n".join(bodies) + b"\n")
        script = Path(tmp) / "hints.lua"
        script.write_text(LUA % {"path": path})
        beside: list[float] = []
        stop = threading.Event()
        thread = threading.Thread(target=paced_legal_moves, args=(port, legal, stop, beside))
        thread.start()
        out = subprocess.run(
            ["wrk", "-t1", f"-c{clients}", f"-d{seconds}s", "--latency", "--timeout=30s",
             "-s", str(script), f"http://127.0.0.1:{port}"],
            capture_output=True, text=True, check=True).stdout
        stop.set()
        thread.join()
    ok, accepted, busy, shed, other = (int(x) for x in re.search(  # type: ignore[union-attr]
        r"answers: (\d+) (\d+) (\d+) (\d+) (\d+)", out).groups())
    hints = dict(re.findall(r"(p[\d.]+)_ms: ([\d.]+)", out))
    cores = os.cpu_count() or 1
    return {"clients": clients, "hints_per_s": round(ok / seconds, 1),
            "hints_per_s_per_core": round(ok / seconds / cores, 1), "answered_202": accepted,
            "answered_429": busy, "answered_503": shed, "other": other, "hint_latency_ms": hints,
            "legal_moves_beside_ms": {**_stats(beside), "requests": len(beside)}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--redis", action="store_true")
    parser.add_argument("--games", nargs="*", default=["cassino:standard:2"])
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--clients", type=int, nargs="*", default=[1, 8])
    parser.add_argument("--seconds", type=int, default=10)
    args = parser.parse_args()
    require_wrk()
    games = [(g, v, int(s)) for g, v, s in (spec.split(":") for spec in args.games)]
    made = {spec: cassino_positions(args.positions) if spec == CASSINO else
            positions(*spec, count=args.positions) for spec in games}
    legal = legal_moves_bodies([state for state, _ in made[games[0]]])
    with deployment(args.redis) as port:
        for spec in games:
            found = made[spec]
            runs = len(args.clients)
            seeds = 3 + (runs * RATE_BOUND * args.seconds) // len(found)  # and two passes
            bodies = hint_bodies(found, seeds)
            row: dict[str, Any] = {
                "deployment": "redis + 1 RQ worker" if args.redis else "embedded",
                "game": ":".join(map(str, spec)), "cores": os.cpu_count(),
                "one_at_a_time": one_at_a_time(port, bodies[:2 * args.positions + 10])}
            rest = bodies[2 * args.positions + 10:]
            chunk = len(rest) // max(1, runs)  # each run its own positions: no cache hit
            row["after_one_at_a_time"] = direct_share(port)
            row["under_load"] = [
                under_load(port, rest[i * chunk:(i + 1) * chunk], legal, clients,
                           args.seconds) for i, clients in enumerate(args.clients)]
            row["after_load"] = direct_share(port)
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
