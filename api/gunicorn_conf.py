"""gunicorn settings for the API (``make run``): sized for a small machine.

The work is CPU-bound pure Python, so one process per core plus one, two threads each.
Keep-alive is off by default: a kept-alive connection sticks to one process, and with a
few long-lived client connections the processes end up unevenly loaded (measured with
``make bench-api``: 1,100 to 2,700 req/s from run to run with keep-alive, about 2,000
steadily without).  Override with CASSINO_BIND, CASSINO_WORKERS, CASSINO_THREADS,
CASSINO_KEEPALIVE (seconds), CASSINO_WORKER_CLASS, CASSINO_ACCESS_LOG, CASSINO_STORE,
CASSINO_LEDGER.
The default worker class is gthread whose own refusals (414, 431, 400) are JSON like the
app's, and which reads each request whole in its event loop before a thread sees it, so
slow clients hold no thread: a request not in within CASSINO_READ_TIMEOUT seconds (10)
is a 408 (``api/gunicorn_worker.py``).  The app writes its own JSON access log on stderr, so
gunicorn's stays off unless CASSINO_ACCESS_LOG names a file.
"""

import multiprocessing
import os
import shutil
import tempfile
from typing import Any

bind = os.environ.get("CASSINO_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("CASSINO_WORKERS", str(multiprocessing.cpu_count() + 1)))
threads = int(os.environ.get("CASSINO_THREADS", "2"))
worker_class = os.environ.get("CASSINO_WORKER_CLASS", "api.gunicorn_worker.JsonErrorWorker")
keepalive = int(os.environ.get("CASSINO_KEEPALIVE", "0"))
timeout = 60
graceful_timeout = 10
max_requests = 50_000  # recycle workers now and then (bounded memory growth)
max_requests_jitter = 5_000
accesslog = os.environ.get("CASSINO_ACCESS_LOG")  # e.g. "-" for stdout; off by default
preload_app = True

# The embedded default (no REDIS_URL) is one service over all the processes: they share
# one job store and hint cache directory, made here in the master unless CASSINO_STORE
# names one, and removed when the master exits.  With CASSINO_SEAL_KEYS, sealed games'
# tokens outlive it, so their ledger is kept apart, in a durable directory
# (workers.store.durable_ledger) unless CASSINO_LEDGER names one.
_made_store = None
if not os.environ.get("REDIS_URL") and not os.environ.get("CASSINO_REDIS_URL") \
        and not os.environ.get("CASSINO_STORE"):
    _made_store = tempfile.mkdtemp(prefix="cassino-store-")
    os.environ["CASSINO_STORE"] = _made_store
    if os.environ.get("CASSINO_SEAL_KEYS", "").strip() and not os.environ.get("CASSINO_LEDGER"):
        from workers.store import durable_ledger

        os.environ["CASSINO_LEDGER"] = str(durable_ledger())


# Metrics of every process (prometheus-client's multiprocess mode): the directory must be
# named before prometheus_client is imported, so here, before the app is loaded; made here
# unless PROMETHEUS_MULTIPROC_DIR names one, and removed when the master exits.
_made_metrics = None
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    _made_metrics = tempfile.mkdtemp(prefix="cassino-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = _made_metrics


def child_exit(server: object, worker: Any) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def on_exit(server: object) -> None:
    if _made_store:
        shutil.rmtree(_made_store, ignore_errors=True)
    if _made_metrics:
        shutil.rmtree(_made_metrics, ignore_errors=True)
