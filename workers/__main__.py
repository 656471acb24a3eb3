"""``python -m workers`` (``make worker``): one RQ worker for hint jobs.

Reads ``REDIS_URL`` (or ``CASSINO_REDIS_URL``; default ``redis://127.0.0.1:6379/0``).
The worker runs jobs in its own process (RQ's SimpleWorker: no fork per job, warm
caches) and watches for jobs whose worker died (:mod:`workers.watchdog`).  It never
exits on a Redis error: a blip, a restart or a full Redis (which refuses to register
the worker) ends the current work loop, and a new one starts after a backoff of 0.5 s
doubling to 10 s; a job cut short is requeued by the watchdog.  SIGTERM stops it.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from types import FrameType

from redis import Redis
from redis.client import Pipeline
from redis.exceptions import RedisError
from rq import Queue, SimpleWorker
from rq.worker_registration import REDIS_WORKER_KEYS

from workers.queue import QUEUE
from workers.watchdog import watch

log = logging.getLogger("workers")
BACKOFF = (0.5, 10.0)
"""The first and the longest wait before reconnecting, in seconds."""


REGISTRATION_CHECK = 1.0
"""Seconds between two checks that Redis still holds the worker's registration."""

NICE = 10
"""How much lower a worker runs than the API beside it (``CASSINO_WORKER_NICE``): on a
shared machine searches take the CPU that requests leave (``make bench-flood``)."""


class HintWorker(SimpleWorker):
    """RQ's SimpleWorker, which also registers again when Redis lost its registration (a
    restart without persistence while it waited for jobs: RQ's loop reconnects and works
    on, unregistered), so that readiness counts it again within a beat."""

    checked = 0.0
    """When the registration was last checked (RQ beats several times a job: once a second
    is enough, and spares each short job Redis round trips)."""

    def heartbeat(self, timeout: int | None = None, pipeline: Pipeline | None = None) -> None:
        if pipeline is not None:
            super().heartbeat(timeout, pipeline)
            return
        with self.connection.pipeline(transaction=False) as batch:  # RQ's three commands
            super().heartbeat(timeout, batch)  # (HSET, EXPIRE, EXPIRE) in one round trip
            batch.execute()
        if not self._stop_requested \
                and time.monotonic() - self.checked >= REGISTRATION_CHECK:
            self.checked = time.monotonic()
            self._register_again()

    def _register_again(self) -> None:
        if not self.connection.sismember(REDIS_WORKER_KEYS, self.key):
            self.connection.delete(self.key)  # the beat above left a bare hash
            self.register_birth()  # type: ignore[no-untyped-call]
            log.warning("worker %s registered again (Redis had lost it)", self.name)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        os.nice(int(os.environ.get("CASSINO_WORKER_NICE", NICE)))
    except OSError:
        log.warning("the worker keeps its priority")
    url = (os.environ.get("REDIS_URL") or os.environ.get("CASSINO_REDIS_URL")
           or "redis://127.0.0.1:6379/0")
    connection = Redis.from_url(url, socket_connect_timeout=2, health_check_interval=5)
    queue = Queue(QUEUE, connection=connection)
    watch(connection, queue)
    stopping = []

    def stop(signum: int, frame: FrameType | None) -> None:
        stopping.append(signum)
        raise SystemExit(0)

    delay = BACKOFF[0]
    while not stopping:
        signal.signal(signal.SIGTERM, stop)  # RQ installs its own handlers while working
        signal.signal(signal.SIGINT, stop)
        worker = None
        try:
            worker = HintWorker([queue], connection=connection)  # it talks to Redis too
            worker.work(with_scheduler=False)
        except Exception as exc:  # Redis away or full (RQ quits its loop or cannot register)
            log.warning("worker loop failed: %s", exc)
        signal.signal(signal.SIGTERM, stop)  # RQ's handlers stay behind after its loop
        signal.signal(signal.SIGINT, stop)
        if worker is not None and (worker._stop_requested
                                   or worker._shutdown_requested_date is not None):
            return  # a warm shutdown (SIGTERM, SIGINT), asked while busy or idle
        log.warning("starting again in %.1f s", delay)
        if worker is not None:
            _cleanup(worker)
        time.sleep(delay)
        delay = min(delay * 2, BACKOFF[1])
        if _reachable(connection):
            delay = BACKOFF[0]


def _reachable(connection: Redis) -> bool:
    try:
        return bool(connection.ping())
    except RedisError:
        return False


def _cleanup(worker: HintWorker) -> None:
    """Unregister a worker whose loop died (best effort: Redis may still be away)."""
    try:
        worker.register_death()  # type: ignore[no-untyped-call]
    except Exception:  # it expires by itself
        log.info("worker %s not unregistered", worker.name)


if __name__ == "__main__":
    main()
