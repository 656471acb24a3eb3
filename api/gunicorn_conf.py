"""gunicorn settings for the API (``make run``): sized for a small machine.

The work is CPU-bound pure Python, so one process per core plus one, each with two
threads so that keep-alive connections are served (the sync worker closes them).
Override with CASSINO_BIND, CASSINO_WORKERS, CASSINO_THREADS.
"""

import multiprocessing
import os

bind = os.environ.get("CASSINO_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("CASSINO_WORKERS", str(multiprocessing.cpu_count() + 1)))
threads = int(os.environ.get("CASSINO_THREADS", "2"))
worker_class = "gthread"
keepalive = 5
timeout = 60
graceful_timeout = 10
max_requests = 50_000  # recycle workers now and then (bounded memory growth)
max_requests_jitter = 5_000
accesslog = os.environ.get("CASSINO_ACCESS_LOG")  # e.g. "-" for stdout; off by default
preload_app = True
