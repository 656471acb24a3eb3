"""gunicorn settings for the API (``make run``): sized for a small machine.

The work is CPU-bound pure Python, so one process per core plus one, four threads each
(workers.settings.THREADS: one searching a small hint, two waiting for it, one for cheap
requests).
Keep-alive is on for 2 seconds (CARDGAMES_KEEPALIVE; 0: off): a client that keeps its
connection saves the connect, accept and close of every request (0.37 ms of a default
hint's 3.5, docs/workers.md).  A kept-alive connection sticks to one process, and with a
few long-lived connections the processes were unevenly loaded (``make bench-api``: 1,100
to 2,700 req/s from run to run, about 2,000 steadily without keep-alive), so one
connection carries at most CARDGAMES_KEEPALIVE_REQUESTS requests (100) before the answer
says ``Connection: close`` and the client's next connection is accepted by any process
(``api/gunicorn_worker.py``).  Override with CARDGAMES_BIND, CARDGAMES_WORKERS,
CARDGAMES_THREADS, CARDGAMES_KEEPALIVE (seconds), CARDGAMES_KEEPALIVE_REQUESTS,
CARDGAMES_WORKER_CLASS, CARDGAMES_ACCESS_LOG, CARDGAMES_STORE, CARDGAMES_LEDGER (or their old
names CASSINO_*: workers.settings).
The default worker class is gthread whose own refusals (414, 431, 400) are JSON like the
app's, and which reads each request whole in its event loop before a thread sees it, so
slow clients hold no thread: a request not in within CARDGAMES_READ_TIMEOUT seconds (10)
is a 408 (``api/gunicorn_worker.py``).  The app writes its own JSON access log on stderr, so
gunicorn's stays off unless CARDGAMES_ACCESS_LOG names a file.
"""

import gc
import multiprocessing
import os
import shutil
import tempfile
from typing import Any

# Metrics of every process (prometheus-client's multiprocess mode): the directory must be
# named before prometheus_client is imported, so first, before the app is loaded and before
# the settings' module (importing the package workers imports prometheus_client); made here
# unless PROMETHEUS_MULTIPROC_DIR names one, and removed when the master exits.
_made_metrics = None
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    _made_metrics = tempfile.mkdtemp(prefix="cassino-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = _made_metrics

from workers.settings import THREADS, env_name, setting  # noqa: E402  (after the metrics dir)

bind = setting("BIND", "127.0.0.1:8000")
workers = int(setting("WORKERS", str(multiprocessing.cpu_count() + 1)))
threads = int(setting("THREADS", str(THREADS)))
worker_class = setting("WORKER_CLASS", "api.gunicorn_worker.JsonErrorWorker")
keepalive = int(setting("KEEPALIVE", "2"))
timeout = 60
graceful_timeout = 10
max_requests = 50_000  # recycle workers now and then (bounded memory growth)
max_requests_jitter = 5_000
accesslog = setting("ACCESS_LOG")  # e.g. "-" for stdout; off by default
preload_app = True

# The embedded default (no REDIS_URL) is one service over all the processes: they share
# one job store and hint cache directory, made here in the master unless CARDGAMES_STORE
# names one, and removed when the master exits.  With CARDGAMES_SEAL_KEYS, sealed games'
# tokens outlive it, so their ledger is kept apart, in a durable directory
# (workers.store.durable_ledger) unless CARDGAMES_LEDGER names one.  What is made here is
# handed to the app under the new names, which win over the old ones.
_made_store = None
if not os.environ.get("REDIS_URL") and not setting("REDIS_URL") and not setting("STORE"):
    _made_store = tempfile.mkdtemp(prefix="cassino-store-")
    os.environ[env_name("STORE")] = _made_store
    if setting("SEAL_KEYS", "").strip() and not setting("LEDGER"):
        from workers.store import durable_ledger

        os.environ[env_name("LEDGER")] = str(durable_ledger())


def pre_fork(server: object, worker: Any) -> None:
    """The app, loaded here in the master (``preload_app``), leaves the garbage collector
    before each fork: a process's full collection then walks only the objects it made since,
    not the whole app (one held a process's GIL for 35-45 ms, stalling its other thread's
    requests; docs/api.md "Costly requests"), and its pages stay shared."""
    gc.freeze()


def child_exit(server: object, worker: Any) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def on_exit(server: object) -> None:
    if _made_store:
        shutil.rmtree(_made_store, ignore_errors=True)
    if _made_metrics:
        shutil.rmtree(_made_metrics, ignore_errors=True)
