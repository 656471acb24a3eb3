"""Load test of ``POST /v1/legal-moves`` against a real gunicorn (``make bench-api``).

Starts gunicorn with the project's config on a free port, drives it with wrk (a C load
generator; ``apt-get install wrk``) cycling through mid-game states for ``--seconds``,
and prints throughput, latency percentiles and errors.  Then a short in-process profile
says where a request's time goes (validation, engine, JSON).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from engine import new_game
from engine.cassino.play import advance
from workers.settings import setting

ROOT = Path(__file__).resolve().parent.parent


def mid_game_states(count: int, seed: int = 7) -> list[dict[str, object]]:
    rng = random.Random(seed)
    states = []
    for game in range(count):
        state = new_game(game)
        for _ in range(rng.randrange(6, 40)):
            state = advance(state, rng.choice(state.legal_moves()))
        states.append(state.to_dict())
    return states


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_up(url: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not answer at {url}")


LUA = """
local bodies = {}
for line in io.lines("%(path)s") do bodies[#bodies + 1] = line end
local i = 0
local errors = 0
request = function()
  i = i %% #bodies + 1
  return wrk.format("POST", "/v1/legal-moves", {["Content-Type"] = "application/json"}, bodies[i])
end
response = function(status, headers, body)
  if status ~= 200 then errors = errors + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format("non-200: %%d\\n", summary.errors.status))
  for _, p in pairs({50, 90, 99, 99.9}) do
    io.write(string.format("p%%g_ms: %%.2f\\n", p, latency:percentile(p) / 1000))
  end
end
"""


NO_RATE_LIMITS = {"CARDGAMES_RATE_LIMIT": "", "CARDGAMES_HINT_RATE_LIMIT": "",
                  "CARDGAMES_SEALED_RATE_LIMIT": "", "CARDGAMES_COSTLY_PER_CLIENT": "0"}
"""A benchmark sends from one address, thousands of requests a second: no rate limits
unless ``env`` sets them."""


def start_gunicorn(env: dict[str, str]) -> subprocess.Popen[bytes]:
    """``make run``'s gunicorn with ``env`` (``CARDGAMES_BIND`` and the rest), without rate
    limits unless ``env`` sets them (``CARDGAMES_RATE_LIMIT`` and the rest)."""
    env = {**NO_RATE_LIMITS, **env}
    return subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "api" / "gunicorn_conf.py"),
         "api:create_app()"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)


def require_wrk() -> None:
    """Exit with how to install wrk when it is missing."""
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed: apt-get install -y wrk")


def legal_moves_bodies(states: list[dict[str, object]]) -> list[bytes]:
    """The ``POST /v1/legal-moves`` bodies of ``states``, compact JSON."""
    return [json.dumps({"state": s}, separators=(",", ":")).encode() for s in states]


def run_wrk(port: int, bodies: list[bytes], seconds: int, connections: int,
            threads: int = 1, host: str = "127.0.0.1", timeout: int | None = None) -> str:
    """wrk's report of ``POST /v1/legal-moves`` cycling through ``bodies``; ``timeout``
    (seconds) is how long a request may wait for its answer (wrk's default: 2 s, past
    which a slow answer counts as a timeout, not in the latencies)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bodies.jsonl"
        path.write_bytes(b"\n".join(bodies) + b"\n")
        script = Path(tmp) / "legal_moves.lua"
        script.write_text(LUA % {"path": path})
        wait = [] if timeout is None else [f"--timeout={timeout}s"]
        return subprocess.run(
            ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", *wait,
             "-s", str(script), f"http://{host}:{port}"],
            capture_output=True, text=True, check=True).stdout


def profile_in_process(bodies: list[bytes], rate_limit: str = "") -> str:
    """Where a request's time goes, in one process (test client, no HTTP server)."""
    from api import create_app

    client = create_app({"RATE_LIMIT": rate_limit, "HINT_RATE_LIMIT": ""}).test_client()
    profiler = cProfile.Profile()
    profiler.enable()
    for body in bodies * 3:
        client.post("/v1/legal-moves", data=body, content_type="application/json")
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = sum(row[3] for row in stats.stats.values() if row[3]) or 1.0  # type: ignore[attr-defined]
    groups = {
        "engine: State.from_dict (validation)": ("engine/play.py", "from_dict"),
        "engine: legal moves": ("engine/play.py", "legal_moves"),
        "api: move dicts (id, kind, groups)": ("api/games.py", "move_out"),
        "JSON out: state/moves to dict + orjson": ("api/jsonio.py", "respond"),
        "webargs + marshmallow request schema": ("webargs/core.py", "parse"),
    }
    whole = next(v[3] for k, v in stats.stats.items()  # type: ignore[attr-defined]
                 if k[0].endswith("flask/app.py") and k[2] == "wsgi_app")
    lines = [f"in-process profile over {len(bodies) * 3} requests "
             f"(cumulative share of Flask's wsgi_app):"]
    for label, (path, func) in groups.items():
        cum = sum(v[3] for k, v in stats.stats.items()  # type: ignore[attr-defined]
                  if k[0].endswith(path) and k[2] == func)
        lines.append(f"  {label:42s} {100 * cum / whole:5.1f}%")
    del total
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--threads", type=int, default=1, help="wrk threads")
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers")
    parser.add_argument("--rate-limit", default="",
                        help="CARDGAMES_RATE_LIMIT of the run: off by default; a limit above "
                             "the benchmark's rate ('1000000 per second') measures the "
                             "limiter's cost")
    args = parser.parse_args()
    require_wrk()
    bodies = legal_moves_bodies(mid_game_states(200))
    port = free_port()
    env = dict(os.environ, CARDGAMES_BIND=f"127.0.0.1:{port}",
               CARDGAMES_RATE_LIMIT=args.rate_limit)
    if args.workers:
        env["CARDGAMES_WORKERS"] = str(args.workers)
    server = start_gunicorn(env)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/health")
        out = run_wrk(port, bodies, args.seconds, args.connections, args.threads)
    finally:
        server.terminate()
        server.wait(timeout=20)

    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    total = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    socket_errors = re.search(r"Socket errors: (.*)", out)
    non200 = int(re.search(r"non-200: (\d+)", out).group(1))  # type: ignore[union-attr]
    pct = dict(re.findall(r"(p[\d.]+)_ms: ([\d.]+)", out))
    print(f"POST /v1/legal-moves, {args.seconds} s, {args.connections} connections, "
          f"gunicorn {setting('WORKERS', 'default', env)} workers, {os.cpu_count()} cores, "
          f"rate limit {args.rate_limit or 'off'}")
    print(f"requests: {total}   throughput: {rate:,.0f} req/s")
    print("latency ms: " + "  ".join(f"{k}={v}" for k, v in pct.items()))
    print(f"errors: non-200 {non200}; socket: {socket_errors.group(1) if socket_errors else 0}")
    buf = io.StringIO()
    buf.write(profile_in_process(bodies[:100], args.rate_limit))
    print(buf.getvalue())


if __name__ == "__main__":
    main()
