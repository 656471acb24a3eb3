"""Cheap endpoints while slow clients hold connections open (``make bench-slow``).

Starts ``make run``'s gunicorn (or, with ``--url``, attacks a service already running:
the docker deployment, say), opens ``--slow`` connections that send their requests a
few bytes at a time, and meanwhile drives ``POST /v1/legal-moves`` with wrk.  Half of
the slow connections send their headers one byte every 1-2 s (a slowloris), half send
whole headers announcing a 200,000-byte body and then send that body 4 bytes every
1-2 s.  Each slow connection gives up after ``--slow-limit`` seconds (30), and a
connection that ends, by the server or by itself, is opened again at once: the attacker
keeps ``--slow`` connections open for the whole trial.  Prints legal-moves' throughput
and latency (wrk waits up to 30 s for an answer, so a request stuck behind the slow
clients counts with its real latency instead of dropping out as a timeout), and what
the slow connections were answered.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import random
import re
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from api_bench import (
    free_port,
    legal_moves_bodies,
    mid_game_states,
    require_wrk,
    run_wrk,
    start_gunicorn,
    wait_until_up,
)

from workers.settings import setting

BODY_LENGTH = 200_000  # within the 256 KiB limit: the server has to wait for all of it


class Tally:
    """What happened to the slow connections (updated from the attacker's thread)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.opened = 0
        self.open_now = 0
        self.ended: collections.Counter[str] = collections.Counter()
        self.lifetimes: list[float] = []

    def end(self, how: str, lifetime: float) -> None:
        with self.lock:
            self.ended[how] += 1
            self.lifetimes.append(lifetime)
            self.open_now -= 1


async def slow_connection(host: str, port: int, kind: str, limit: float, tally: Tally,
                          rng: random.Random) -> None:
    """One slow client: ``kind`` "headers" or "body"; returns when its connection ends."""
    started = time.monotonic()
    try:
        reader, writer = await asyncio.open_connection(host, port)
    except OSError:
        with tally.lock:
            tally.ended["connect failed"] += 1
        await asyncio.sleep(0.5)
        return
    with tally.lock:
        tally.opened += 1
        tally.open_now += 1
    if kind == "headers":
        first = b"POST /v1/legal-moves HTTP/1.1\r\nHost: x\r\n"
        trickle = (b"X-Slow-%d: %d\r\n" % (i, i) for i in range(10**6))
        pending = b""
    else:
        first = (b"POST /v1/legal-moves HTTP/1.1\r\nHost: x\r\n"
                 b"Content-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n" % BODY_LENGTH)
        trickle = iter(lambda: b" " * 4, None)
        pending = b""
    answer = asyncio.ensure_future(reader.read(1024))
    how = "gave up (client limit)"
    try:
        writer.write(first)
        await writer.drain()
        while time.monotonic() - started < limit:
            done, _ = await asyncio.wait({answer}, timeout=rng.uniform(1.0, 2.0))
            if done:
                data = answer.result()
                status = re.match(rb"HTTP/1\.[01] (\d{3})", data)
                how = f"answered {status.group(1).decode()}" if status else "closed by server"
                break
            if not pending:
                pending = next(trickle)
            if kind == "headers":  # one byte at a time
                writer.write(pending[:1])
                pending = pending[1:]
            else:
                writer.write(pending)
                pending = b""
            await writer.drain()
    except OSError:
        how = "reset by server"
    finally:
        answer.cancel()
        writer.close()
        tally.end(how, time.monotonic() - started)


async def attack(host: str, port: int, count: int, limit: float, stop: threading.Event,
                 tally: Tally) -> None:
    """Keep ``count`` slow connections open until ``stop`` is set."""

    async def keep_one(i: int) -> None:
        rng = random.Random(i)
        kind = "headers" if i % 2 == 0 else "body"
        await asyncio.sleep(i * 0.005)  # 200 connections in one second
        while not stop.is_set():
            await slow_connection(host, port, kind, limit, tally, rng)

    await asyncio.gather(*(keep_one(i) for i in range(count)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=30, help="wrk's duration")
    parser.add_argument("--slow", type=int, default=200, help="slow connections")
    parser.add_argument("--slow-limit", type=float, default=30.0,
                        help="seconds a slow connection lasts at most")
    parser.add_argument("--connections", type=int, default=8, help="wrk connections")
    parser.add_argument("--url", help="attack this running service instead of starting one "
                                      "(e.g. http://127.0.0.1:8000 for docker compose)")
    args = parser.parse_args()
    require_wrk()
    bodies = legal_moves_bodies(mid_game_states(200))
    server = None
    if args.url:
        parts = urlsplit(args.url)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
        where = args.url
    else:
        host, port = "127.0.0.1", free_port()
        env = dict(os.environ, CARDGAMES_BIND=f"{host}:{port}", CARDGAMES_ACCESS_LOG_JSON="false")
        server = start_gunicorn(env)
        where = (f"make run's gunicorn ({setting('WORKERS', 'default', env)} workers, "
                 f"{os.cpu_count()} cores)")
    tally = Tally()
    stop = threading.Event()
    attacker = threading.Thread(
        target=lambda: asyncio.run(attack(host, port, args.slow, args.slow_limit, stop,
                                          tally)), daemon=True)
    try:
        wait_until_up(f"http://{host}:{port}/health")
        attacker.start()
        time.sleep(3)  # every slow connection is open and has sent its first bytes
        out = run_wrk(port, bodies, args.seconds, args.connections, host=host, timeout=30)
        stop.set()
        attacker.join(timeout=args.slow_limit + 10)
    finally:
        stop.set()
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    total = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    pct = dict(re.findall(r"(p[\d.]+)_ms: ([\d.]+)", out))
    non200 = int(re.search(r"non-200: (\d+)", out).group(1))  # type: ignore[union-attr]
    socket_errors = re.search(r"Socket errors: (.*)", out)
    lifetimes = sorted(tally.lifetimes) or [0.0]
    print(f"{where}: {args.slow} slow connections (half slow headers, half slow bodies, "
          f"each at most {args.slow_limit:g} s, reopened when they end), wrk "
          f"{args.connections} connections on legal-moves for {args.seconds} s")
    print(f"legal-moves: {total} requests, {rate:,.0f} req/s, non-200 {non200}, socket errors: "
          f"{socket_errors.group(1) if socket_errors else 0}; latency ms: "
          + "  ".join(f"{k}={v}" for k, v in pct.items()))
    print(f"slow connections: {tally.opened} opened; ended: "
          + ", ".join(f"{how} {n}" for how, n in sorted(tally.ended.items()))
          + f"; median lifetime {lifetimes[len(lifetimes) // 2]:.1f} s")


if __name__ == "__main__":
    main()
