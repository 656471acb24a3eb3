"""Rescue jobs whose worker died: a started job whose worker is gone runs again at once.

RQ itself notices an abandoned job only when its registry entry expires (minutes
later).  The heartbeat (:func:`workers.jobs.heartbeat`) names the worker's Redis
connection: a worker that died (even SIGKILL) has its connections closed by its
machine's kernel, so Redis no longer lists the name and the job is requeued at the next
look, within a second; a heartbeat that stopped (a machine gone, a connection that never
closed) tells within ``BEAT_TTL``.  Every worker runs :func:`watch` in a thread, and the
API calls :func:`rescue` while it waits.
"""

from __future__ import annotations

import logging
import threading
import time

from redis import Redis
from redis.exceptions import RedisError, ResponseError
from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.registry import StartedJobRegistry

from workers.jobs import BEAT_TTL, WORKER_PREFIX, beat_key

__all__ = ["rescue", "watch"]

log = logging.getLogger(__name__)
GRACE = 2.0
"""Seconds after its start during which a job may not have beaten yet."""
RECONNECT = 3
"""Seconds a restarted Redis gives live workers to connect again (each beats every
second, on a new connection under its name) before a missing name means a dead one."""


def rescue(connection: Redis, queue: Queue) -> list[str]:
    """Requeue (at the front) every started job of ``queue`` whose heartbeat is gone, or
    names a worker connection that Redis no longer has."""
    registry = StartedJobRegistry(queue=queue)
    ids = registry.get_job_ids(cleanup=False)
    if not ids:
        return []
    beats = connection.mget([beat_key(job_id) for job_id in ids])
    named = {b.decode(errors="replace") for b in beats
             if isinstance(b, bytes) and b.startswith(WORKER_PREFIX.encode())}
    connected = _connected(connection) if named else None
    rescued = []
    for job_id, beat in zip(ids, beats, strict=True):
        worker = beat.decode(errors="replace") if isinstance(beat, bytes) else None
        if worker is not None and (connected is None or worker not in named
                                   or worker in connected):
            continue  # it beats, and its worker is connected (or cannot be told)
        try:
            if _rescue(connection, queue, registry, job_id, at_once=worker is not None):
                rescued.append(job_id)
        except RedisError:
            raise
        except Exception as exc:  # a record that does not read back: not ours to rescue
            log.warning("watchdog: job %s is unreadable (%s)", job_id, type(exc).__name__)
    return rescued


def _connected(connection: Redis) -> set[str] | None:
    """The names of the worker connections Redis has now, or ``None`` when it cannot say
    for sure: ``CLIENT LIST`` refused (an ACL), or Redis started less than
    :data:`RECONNECT` seconds ago (its clients are still connecting again)."""
    try:
        with connection.pipeline(transaction=False) as pipe:
            pipe.client_list()
            pipe.info("server")
            clients, server = pipe.execute()
    except ResponseError:
        return None
    if int(server.get("uptime_in_seconds", 0)) < RECONNECT:
        return None
    return {str(c.get("name")) for c in clients if str(c.get("name", "")).startswith(
        WORKER_PREFIX)}


def _rescue(connection: Redis, queue: Queue, registry: StartedJobRegistry,
            job_id: str, *, at_once: bool) -> bool:
    """Requeue the job if it is still started: ``at_once`` (its worker is gone), or once
    its start is older than a first beat takes and a heartbeat lives."""
    try:
        job = Job.fetch(job_id, connection=connection)
    except NoSuchJobError:
        registry.remove(job_id)
        return False
    if job.get_status() != JobStatus.STARTED:
        return False
    started = job.started_at.timestamp() if job.started_at else 0.0
    if not at_once and time.time() - started < GRACE + BEAT_TTL:
        return False
    if not connection.set(f"cassino:rescue:{job_id}", "1", nx=True, ex=10):
        return False  # someone else is rescuing it
    with connection.pipeline() as pipeline:
        registry.remove_executions(job, pipeline=pipeline)
        if job.retries_left:
            job.retry(queue, pipeline)
        else:
            job.set_status(JobStatus.FAILED, pipeline=pipeline)
        pipeline.execute()
    log.warning("job %s lost its worker: %s", job_id,
                "queued again" if job.retries_left is not None else "failed")
    return True


def watch(connection: Redis, queue: Queue, every: float = 1.0) -> threading.Thread:
    """Start a daemon thread that calls :func:`rescue` every ``every`` seconds."""

    def loop() -> None:
        while True:
            try:
                rescue(connection, queue)
            except RedisError as exc:  # Redis away: try again later
                log.warning("watchdog: redis unavailable (%s)", exc)
            except Exception:
                log.exception("watchdog")
            time.sleep(every)

    thread = threading.Thread(target=loop, name="cassino-watchdog", daemon=True)
    thread.start()
    return thread
