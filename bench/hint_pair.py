"""Two deployments side by side, the same hints sent to each in turn (issue 30's A/B).

This shared machine's speed drifts by up to twice within an hour, so two runs one after the
other compare the hour, not the code.  Here two ``make run`` servers (the embedded default)
run at once, from two checkouts (``--a``, ``--b``: this one by default) or with other
settings (``--a-env``, ``--b-env``: ``KEY=VALUE``), and each default two-seat Cassino hint
of a new position goes to both, one after the other, the first to go taking turns.  Both
then see the machine in the same moment; the median of the per-position differences says
which is faster, by how much.  ``--a-kept``/``--b-kept``: that side's client keeps one
connection alive (else each request opens a new one).

    python bench/hint_pair.py --b /tmp/base            # this checkout against another
    python bench/hint_pair.py --a-env CARDGAMES_KEEPALIVE=0
    python bench/hint_pair.py --a-kept                  # kept-alive against new connections
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from time import perf_counter
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.api_bench import ROOT, free_port, wait_until_up
from bench.hint_load import NO_LIMITS, cassino_positions, hint_bodies

WARM = 15
"""The first positions start each process's search process: not counted."""


class Side:
    """One deployment: its gunicorn, its client connection, its timings."""

    def __init__(self, root: Path, settings: list[str], kept: bool, store: str) -> None:
        self.port = free_port()
        env = dict(os.environ, **NO_LIMITS, CARDGAMES_BIND=f"127.0.0.1:{self.port}",
                   CARDGAMES_STORE=store, **dict(s.split("=", 1) for s in settings))
        env.pop("REDIS_URL", None)
        self.server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "api/gunicorn_conf.py",
             "api:create_app()"], cwd=root, env=env, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        self.kept = kept
        self.connection: http.client.HTTPConnection | None = None
        self.wall: list[float] = []
        self.search: list[float] = []

    def hint(self, body: bytes) -> tuple[float, dict[str, Any], int]:
        connection = self.connection if self.kept else None
        if connection is None:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            if self.kept:
                self.connection = connection
        began = perf_counter()
        connection.request("POST", "/v1/hints", body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = json.loads(response.read())
        took = (perf_counter() - began) * 1000
        if not self.kept:
            connection.close()
        return took, answer, response.status

    def stop(self) -> None:
        if self.connection is not None:
            self.connection.close()
        self.server.terminate()
        self.server.wait(timeout=30)


def _pct(xs: list[float], q: float) -> float:
    return round(sorted(xs)[min(len(xs) - 1, int(q * len(xs)))], 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", type=Path, default=ROOT, help="checkout A (this one)")
    parser.add_argument("--b", type=Path, default=ROOT, help="checkout B (this one)")
    parser.add_argument("--a-env", nargs="*", default=[], help="A's settings, KEY=VALUE")
    parser.add_argument("--b-env", nargs="*", default=[], help="B's settings, KEY=VALUE")
    parser.add_argument("--a-kept", action="store_true", help="A's client keeps its connection")
    parser.add_argument("--b-kept", action="store_true", help="B's client keeps its connection")
    parser.add_argument("--positions", type=int, default=300)
    args = parser.parse_args()
    bodies = hint_bodies(cassino_positions(args.positions), 1)
    with tempfile.TemporaryDirectory(prefix="hint-pair-") as store:
        sides = [Side(args.a, args.a_env, args.a_kept, str(Path(store) / "a")),
                 Side(args.b, args.b_env, args.b_kept, str(Path(store) / "b"))]
        try:
            for side in sides:
                wait_until_up(f"http://127.0.0.1:{side.port}/health/ready", timeout=30)
            differences: list[float] = []
            for index, body in enumerate(bodies):
                order = sides if index % 2 else sides[::-1]
                got = {id(side): side.hint(body) for side in order}
                (a_ms, a, a_status), (b_ms, b, b_status) = got[id(sides[0])], got[id(sides[1])]
                if index < WARM or a_status != 200 or b_status != 200 or \
                        a["solver"]["cached"] or b["solver"]["cached"]:
                    continue
                for side, ms, answer in ((sides[0], a_ms, a), (sides[1], b_ms, b)):
                    side.wall.append(ms)
                    side.search.append(answer["solver"]["elapsed_ms"])
                differences.append(a_ms - b_ms)
        finally:
            for side in sides:
                side.stop()
    row: dict[str, Any] = {"pairs": len(differences),
                           "median_a_minus_b_ms": round(statistics.median(differences), 3)}
    for name, side in zip("ab", sides, strict=True):
        row[name] = {"hint_p50": round(statistics.median(side.wall), 2),
                     "hint_p95": _pct(side.wall, 0.95),
                     "search_p50": round(statistics.median(side.search), 2)}
    print(json.dumps(row))


if __name__ == "__main__":
    main()
