"""Another client's legal-moves while one address floods costly requests (``make bench-stall``).

For each flood, starts ``make run``'s gunicorn with its defaults (rate limits on, the house
paced at ``CARDGAMES_HOUSE_MOVE_MS`` 200), then one address (127.0.0.2) sends the flood's
requests from ``--connections`` connections as fast as its answers come, honouring
``Retry-After`` on a 429 or 503 (a client that keeps within the limits), while another
client (127.0.0.3, a separate process) asks ``POST /v1/legal-moves`` of mid-game states
``--rate`` times a second on a fixed schedule (open loop: a slow answer does not delay the
next request).  Prints, per flood, the other client's latency (p50, p99, max) and what the
flood was answered.

Floods (``--floods``, comma-separated; all by default):

- ``none``: no flood (the baseline).
- ``sealed``: new sealed Cassino games with a solver house seat (it leads in half).
- ``rummy6``: new sealed six-seat Poker Rum games, five solver house seats.
- ``apply``: moves in sealed Cassino games against a solver house (each answer carries
  the house's reply), each connection playing its own game, a new one when it ends.
- ``replay``: ``POST /v1/records/replay`` of a 25 KB record (a whole game).
- ``records``: ``POST /v1/records`` of the same game's last deal with the record before it.
- ``botmove``: ``POST /v1/bot-move`` at dial 100 from mid-game states.
- ``reviews``: ``POST /v1/reviews`` of a whole game's record (each waits for its job).

``--env KEY=VALUE`` sets more of the server's environment (``--env
CARDGAMES_SEALED_RATE_LIMIT=`` turns that limit off, say).
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import multiprocessing
import os
import random
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from api_bench import free_port, mid_game_states, start_gunicorn, wait_until_up

from api.app import DEFAULTS

FLOODER, PROBE = "127.0.0.2", "127.0.0.3"
FLOODS = ("none", "sealed", "rummy6", "apply", "replay", "records", "botmove", "reviews")
DEFAULT_CONNECTIONS = {"replay": 8, "records": 8}
"""The connections of a flood when ``--connections`` is not given (else 12)."""
LIMITS = {f"CARDGAMES_{key}": str(DEFAULTS[key]) for key in
          ("RATE_LIMIT", "HINT_RATE_LIMIT", "SEALED_RATE_LIMIT", "COSTLY_PER_CLIENT")
          if key in DEFAULTS}
"""``make run``'s rate limits, set here: the benches' gunicorn turns them off otherwise."""


def long_record(min_bytes: int = 24_000) -> tuple[dict[str, Any], dict[str, Any]]:
    """A whole game of standard played at random whose record is at least ``min_bytes``
    of JSON, and its last deal's final state (for ``POST /v1/records``)."""
    from engine.cassino import Played, new_game, record_of

    for seed in range(1000):
        rng = random.Random(seed)
        state = new_game(seed, "standard", 1)
        moves: list[Any] = []
        while state.status == "playing":
            move = rng.choice(state.legal_moves())
            moves.append(Played(state.to_move, move))
            state = state.apply(move).state
        record = record_of(seed, "standard", 1, moves).to_dict()
        if len(json.dumps(record)) >= min_bytes:
            return record, state.to_dict()
    raise RuntimeError("no record long enough")


def post(port: int, address: str, path: str, body: Any,
         timeout: float = 60) -> tuple[int, Any, float]:
    """One request on a new connection: status, JSON answer, ``Retry-After`` (0: none)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                            source_address=(address, 0))
    try:
        connection.request("POST", path, body if isinstance(body, bytes) else json.dumps(body),
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        data = response.read()
        retry = float(response.getheader("Retry-After") or 0)
        try:
            answer = json.loads(data)
        except ValueError:
            answer = None
        return response.status, answer, retry
    finally:
        connection.close()


class Flood:
    """The requests of one flood, one connection's worth at a time (``step``)."""

    def __init__(self, kind: str, port: int, seed: int, fixtures: dict[str, Any]) -> None:
        self.kind, self.port, self.rng, self.fixtures = kind, port, random.Random(seed), fixtures
        self.game: dict[str, str] | None = None  # ``apply``: this connection's game

    def send(self, path: str, body: Any) -> tuple[int, Any, float]:
        return post(self.port, FLOODER, path, body)

    def ask(self, path: str, body: Any) -> tuple[int, float]:
        """One request: its status and ``Retry-After``."""
        status, _, retry = self.send(path, body)
        return status, retry

    def step(self) -> list[tuple[int, float]]:
        """Send the flood's next request(s): each status and ``Retry-After``."""
        rng = self.rng
        if self.kind == "sealed":
            body = {"seed": rng.randrange(2**31), "dealer": rng.randrange(2), "sealed": True,
                    "house": [{"player": 1, "bot": "solver"}]}
            return [self.ask("/v1/games", body)]
        if self.kind == "rummy6":
            body = {"game": "rummy", "variant": "poker-rum", "players": 6, "sealed": True,
                    "seed": rng.randrange(2**31),
                    "house": [{"player": seat, "bot": "solver"} for seat in range(1, 6)]}
            return [self.ask("/v1/games", body)]
        if self.kind == "apply":
            return self.apply()
        if self.kind == "replay":
            return [self.ask("/v1/records/replay", self.fixtures["replay"])]
        if self.kind == "records":
            return [self.ask("/v1/records", self.fixtures["records"])]
        if self.kind == "botmove":
            state = rng.choice(self.fixtures["states"])
            body = {"state": state, "player": state["to_move"], "dial": 100,
                    "seed": rng.randrange(2**31)}
            return [self.ask("/v1/bot-move", body)]
        if self.kind == "reviews":
            body = {"record": self.fixtures["replay"]["record"], "player": 0,
                    "seed": rng.randrange(2**31)}
            return [self.ask("/v1/reviews", body)]
        raise ValueError(self.kind)

    def apply(self) -> list[tuple[int, float]]:
        if self.game is None:
            status, answer, retry = self.send("/v1/games", {
                "seed": self.rng.randrange(2**31), "dealer": 1, "sealed": True,
                "house": [{"player": 1, "bot": "solver"}]})
            if status == 200:
                self.game = {"game": answer["game"], "credential": answer["credentials"][0]}
            return [(status, retry)]
        status, answer, retry = self.send("/v1/legal-moves", self.game)
        if status != 200:
            if status == 409:  # the game is over
                self.game = None
            return [(status, retry)]
        move = self.rng.choice(answer["moves"])["id"]
        applied, answer, retry2 = self.send("/v1/apply", {**self.game, "move": move})
        if applied == 200:
            self.game["game"] = answer["game"]
        elif applied == 409:
            self.game = None
        return [(status, retry), (applied, retry2)]


def flooder(kind: str, port: int, connections: int, seconds: float,
            fixtures: dict[str, Any], out: Any) -> None:
    """The flooding client (its own process): ``connections`` threads for ``seconds``."""
    answers: collections.Counter[int] = collections.Counter()
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def run(seed: int) -> None:
        flood = Flood(kind, port, seed, fixtures)
        while time.monotonic() < stop:
            try:
                got = flood.step()
            except OSError:
                got = [(0, 1.0)]
            with lock:
                for status, _ in got:
                    answers[status] += 1
            wait = max(retry for _, retry in got)
            if wait:
                time.sleep(min(wait, max(0.0, stop - time.monotonic())))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put(dict(answers))


def probe(port: int, bodies: list[bytes], seconds: float, rate: float) -> tuple[list[float],
                                                                               collections.Counter[int]]:
    """The other client: legal-moves every ``1 / rate`` s; each latency (ms) and status."""
    latencies: list[float] = []
    statuses: collections.Counter[int] = collections.Counter()

    def one(body: bytes) -> None:
        began = time.perf_counter()
        try:
            status = post(port, PROBE, "/v1/legal-moves", body, timeout=30)[0]
        except OSError:
            status = 0
        latencies.append((time.perf_counter() - began) * 1000)
        statuses[status] += 1

    with ThreadPoolExecutor(max_workers=64) as pool:
        start = time.monotonic()
        for i in range(int(seconds * rate)):
            time.sleep(max(0.0, start + i / rate - time.monotonic()))
            pool.submit(one, bodies[i % len(bodies)])
    return latencies, statuses


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def run_flood(kind: str, args: argparse.Namespace, fixtures: dict[str, Any],
              bodies: list[bytes]) -> str:
    port = free_port()
    env = dict(os.environ, CARDGAMES_BIND=f"127.0.0.1:{port}", CARDGAMES_ACCESS_LOG_JSON="false",
               **LIMITS)
    for setting in args.env:
        key, _, value = setting.partition("=")
        env[key] = value
    server = start_gunicorn(env)
    connections = args.connections or DEFAULT_CONNECTIONS.get(kind, 12)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/health")
        results: Any = multiprocessing.Queue()
        flooding = None
        if kind != "none":
            flooding = multiprocessing.Process(target=flooder, args=(
                kind, port, connections, args.warmup + args.seconds, fixtures, results))
            flooding.start()
            time.sleep(args.warmup)
        latencies, statuses = probe(port, bodies, args.seconds, args.rate)
        answers = results.get(timeout=120) if flooding is not None else {}
        if flooding is not None:
            flooding.join(timeout=30)
    finally:
        server.terminate()
        server.wait(timeout=30)
    figures = (f"p50 {statistics.median(latencies):7.1f}  p99 {percentile(latencies, 99):7.1f}  "
               f"max {max(latencies):7.1f} ms")
    others = ", ".join(f"{code}: {n}" for code, n in sorted(statuses.items()) if code != 200)
    flood = ", ".join(f"{code or 'error'}: {n}" for code, n in sorted(answers.items()))
    return (f"{kind:8s} {connections:2d} conn | legal-moves {len(latencies)} "
            f"{figures}{'  (' + others + ')' if others else ''} | flood {flood or '-'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--floods", default=",".join(FLOODS))
    parser.add_argument("--seconds", type=float, default=15.0, help="the probe's time per flood")
    parser.add_argument("--warmup", type=float, default=2.0, help="the flood's head start (s)")
    parser.add_argument("--rate", type=float, default=20.0, help="the other client's req/s")
    parser.add_argument("--connections", type=int, default=None,
                        help="the flood's connections (12; replay and records 8)")
    parser.add_argument("--env", action="append", default=[], metavar="KEY=VALUE",
                        help="more of the server's environment")
    args = parser.parse_args()
    kinds = [k for k in args.floods.split(",") if k]
    unknown = set(kinds) - set(FLOODS)
    if unknown:
        parser.error(f"unknown floods: {', '.join(sorted(unknown))}")
    states = mid_game_states(200)
    bodies = [json.dumps({"state": s}, separators=(",", ":")).encode() for s in states]
    record, last = long_record()
    earlier = {**record, "deals": record["deals"][:-1]}
    earlier.pop("result", None)
    fixtures = {"replay": {"record": record}, "records": {"state": last, "record": earlier},
                "states": states}
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; the other client "
          f"{args.rate:g} legal-moves/s for {args.seconds:g} s per flood; record "
          f"{len(json.dumps(record)):,} bytes ({sum(len(d['moves']) for d in record['deals'])} "
          f"moves); server env {' '.join(args.env) or 'as make run'}", flush=True)
    for kind in kinds:
        print(run_flood(kind, args, fixtures, bodies), flush=True)
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
