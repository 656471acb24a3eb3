"""``make run``'s processes start with the app frozen out of the garbage collector
(api/gunicorn_conf.py ``pre_fork``): a process's full collection walks only what it made
since the fork, not the whole loaded app, which held the process's GIL for 35-45 ms and
stalled its other thread's requests (docs/api.md "Costly requests")."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterable
from pathlib import Path

from tests.workers.conftest import free_port
from workers.settings import env_names

ROOT = Path(__file__).resolve().parents[2]


def probe_app(environ: dict[str, object],
              start_response: Callable[..., object]) -> Iterable[bytes]:
    """A WSGI app that answers how many objects its process holds frozen."""
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [str(gc.get_freeze_count()).encode()]


def test_a_process_starts_with_the_loaded_app_frozen(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PROMETHEUS_MULTIPROC_DIR", *env_names("STORE", "WORKER_CLASS"))}
    env.update(CARDGAMES_BIND=f"127.0.0.1:{port}", CARDGAMES_WORKERS="1", TMPDIR=str(tmp_path))
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "api/gunicorn_conf.py",
         "tests.api.test_gc_freeze:probe_app"], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    frozen = int(answer.read())
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)
        assert frozen > 10_000  # the modules and everything else loaded before the fork
    finally:
        process.terminate()
        process.wait(timeout=30)
