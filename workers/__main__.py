"""``python -m workers`` (``make worker``): one RQ worker for hint jobs.

Reads ``REDIS_URL`` (or ``CARDGAMES_REDIS_URL``, or the old ``CASSINO_REDIS_URL``: see
:mod:`workers.settings`; default ``redis://127.0.0.1:6379/0``).  The worker runs jobs in
its own process (RQ's SimpleWorker: no fork per job, warm caches) and watches for jobs
whose worker died (:mod:`workers.watchdog`).  It never exits on a Redis error: a blip, a
restart or a full Redis (which refuses to register the worker) ends the current work loop,
and a new one starts after a backoff of 0.5 s doubling to 10 s; a job cut short is requeued
by the watchdog.  SIGTERM stops it.  At start it registers the games of
``CARDGAMES_GAMES`` (:func:`workers.settings.register_games`), the games from outside the
tree that the API serves too.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from types import FrameType
from typing import Any

from redis import Redis
from redis.client import Pipeline
from redis.exceptions import RedisError
from rq import Queue, SimpleWorker
from rq.executions import Execution
from rq.job import Job
from rq.utils import now
from rq.worker import WorkerStatus
from rq.worker_registration import REDIS_WORKER_KEYS

from workers.jobs import (
    BEAT_TTL,
    DONE_TTL,
    ENDED,
    beat_key,
    beat_value,
    beaten,
    done_key,
    worker_name,
)
from workers.queue import QUEUE
from workers.settings import register_games, setting
from workers.watchdog import watch

log = logging.getLogger("workers")
BACKOFF = (0.5, 10.0)
"""The first and the longest wait before reconnecting, in seconds."""


BEAT_EVERY = 1.0
"""Seconds between two of the worker's own beats (RQ beats several times a job; each
beat keeps the worker's key for minutes)."""

SUSPENSION_CHECK = 1.0
"""Seconds between two checks for ``rq suspend`` (RQ checks before every job)."""

REGISTRATION_CHECK = 1.0
"""Seconds between two checks that Redis still holds the worker's registration."""

NICE = 10
"""How much lower a worker runs than the API beside it (``CARDGAMES_WORKER_NICE``): on a
shared machine searches take the CPU that requests leave (``make bench-flood``)."""


class HintWorker(SimpleWorker):
    """RQ's SimpleWorker, which also registers again when Redis lost its registration (a
    restart without persistence while it waited for jobs: RQ's loop reconnects and works
    on, unregistered), so that readiness counts it again within a beat.

    It also spares each job RQ's redundant round trips to Redis (issue 15: a short hint's
    search takes less time than RQ's bookkeeping around it), keeping every record RQ
    writes: the worker's beats outside a job's pipelines, and its check for ``rq
    suspend``, go at most once a second (each beat lasts minutes), its state is written
    when it changes, the execution record and the
    job's start go in one transaction with the job's first heartbeat, the worker's idle
    state and beat go in the transaction that records the job's end, and the job's last
    beat before that is written by it too."""

    checked = 0.0
    """When the registration was last checked (RQ beats several times a job: once a second
    is enough, and spares each short job Redis round trips)."""

    suspension_checked = 0.0
    """When RQ last asked Redis whether workers are suspended (``rq suspend``)."""

    beaten = 0.0
    """When the worker's key was last given a TTL (``time.monotonic``), and for how long:"""
    beaten_for = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("log_job_description", False)  # a job's id, not its payload
        super().__init__(*args, **kwargs)
        self.log_result_lifespan = False
        self._prepared: Pipeline | None = None

    def heartbeat(self, timeout: int | None = None, pipeline: Pipeline | None = None) -> None:
        timeout = timeout or self.worker_ttl + 60
        if pipeline is not None:
            super().heartbeat(timeout, pipeline)
            self._beaten(timeout)
            return
        if time.monotonic() - self.beaten >= BEAT_EVERY or self.beaten_for < timeout:
            with self.connection.pipeline(transaction=False) as batch:  # RQ's three commands
                super().heartbeat(timeout, batch)  # (HSET, EXPIRE, EXPIRE) in one round trip
                batch.execute()
            self._beaten(timeout)
        if not self._stop_requested \
                and time.monotonic() - self.checked >= REGISTRATION_CHECK:
            self.checked = time.monotonic()
            self._register_again()

    def check_for_suspension(self, burst: bool) -> None:
        """RQ's (``rq suspend``), at most once a second rather than before every job."""
        if time.monotonic() - self.suspension_checked < SUSPENSION_CHECK:
            return
        super().check_for_suspension(burst)
        self.suspension_checked = time.monotonic()

    def _set_ip_address(self, connection: Redis) -> None:
        """RQ's, without renaming a connection after this worker (``CLIENT SETNAME``): its
        connections keep the process's name (:func:`workers.jobs.worker_name`), which the
        watchdog looks for to tell that the worker lives."""
        try:
            self.ip_address = str(connection.client_info()["addr"])
        except RedisError:
            self.ip_address = "unknown"

    def _beaten(self, timeout: int) -> None:
        self.beaten, self.beaten_for = time.monotonic(), timeout

    def set_state(self, state: str, pipeline: Pipeline | None = None) -> None:
        if pipeline is None and state == self._state:
            return  # Redis holds it (a lost registration is written again whole)
        super().set_state(state, pipeline)

    def prepare_execution(self, job: Job) -> Execution:
        """RQ's execution record and busy state, sent with the job's start (below)."""
        pipeline = self.connection.pipeline()
        execution = Execution.create(job, self.get_heartbeat_ttl(job), pipeline=pipeline,
                                     worker_name=self.name)
        self.executions[execution.id] = execution
        self.set_state(WorkerStatus.BUSY, pipeline=pipeline)
        self._prepared = pipeline
        return execution

    def prepare_job_execution(self, job: Job, remove_from_intermediate_queue: bool = False
                              ) -> None:
        """RQ's, in the transaction of :meth:`prepare_execution`, with the job's first
        heartbeat key (:func:`workers.jobs.heartbeat`)."""
        pipeline, self._prepared = self._prepared, None
        if pipeline is None:
            super().prepare_job_execution(job, remove_from_intermediate_queue)
            return
        with pipeline:
            ttl = self.get_heartbeat_ttl(job)
            self.heartbeat(ttl, pipeline=pipeline)
            job.prepare_for_execution(self.name, pipeline=pipeline)  # its last_heartbeat too
            pipeline.persist(job.key)
            if remove_from_intermediate_queue:
                queue = Queue(job.origin, connection=self.connection)
                pipeline.lrem(queue.intermediate_queue_key, 1, job.id)
            pipeline.set(beat_key(job.id), beat_value(self.connection), ex=BEAT_TTL)
            pipeline.execute()
        beaten(job.id)
        self.procline(  # type: ignore[no-untyped-call]
            f"Processing {job.func_name} from {job.origin} since {time.time()}")

    def handle_execution_ended(self, job: Job, queue: Queue, heartbeat_ttl: int) -> None:
        """RQ's, but the job's last beat goes to Redis with its end (RQ saves the job)."""
        job.ended_at = job.last_heartbeat = now()

    def cleanup_execution(self, job: Job, pipeline: Pipeline,
                          execution: Execution | None = None) -> None:
        super().cleanup_execution(job, pipeline, execution)
        self.set_state(WorkerStatus.IDLE, pipeline=pipeline)
        self.heartbeat(pipeline=pipeline)
        pipeline.rpush(done_key(job.id), ENDED)  # wakes the API's wait (workers.queue)
        pipeline.expire(done_key(job.id), DONE_TTL)

    def _register_again(self) -> None:
        if not self.connection.sismember(REDIS_WORKER_KEYS, self.key):
            self.connection.delete(self.key)  # the beat above left a bare hash
            self.register_birth()  # type: ignore[no-untyped-call]
            super().set_state(self._state)  # its birth does not say it (written on changes)
            log.warning("worker %s registered again (Redis had lost it)", self.name)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    known = register_games()  # CARDGAMES_GAMES: the games the API serves from outside
    if known:
        log.info("games registered: %s", ", ".join(known))
    try:
        os.nice(int(setting("WORKER_NICE", str(NICE))))
    except OSError:
        log.warning("the worker keeps its priority")
    url = (os.environ.get("REDIS_URL") or setting("REDIS_URL")
           or "redis://127.0.0.1:6379/0")
    connection = Redis.from_url(url, socket_connect_timeout=2, health_check_interval=5,
                                client_name=worker_name())  # the watchdog looks for it
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
