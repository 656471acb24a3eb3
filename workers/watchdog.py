"""Rescue jobs whose worker died: a started job with no heartbeat runs again at once.

RQ itself notices an abandoned job only when its registry entry expires (minutes
later); the heartbeat (:func:`workers.jobs.heartbeat`) tells within seconds.  Every
worker runs :func:`watch` in a thread, and the API calls :func:`rescue` while it waits.
"""

from __future__ import annotations

import logging
import threading
import time

from redis import Redis
from redis.exceptions import RedisError
from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.registry import StartedJobRegistry

from workers.jobs import BEAT_TTL, beat_key

__all__ = ["rescue", "watch"]

log = logging.getLogger(__name__)
GRACE = 2.0
"""Seconds after its start during which a job may not have beaten yet."""


def rescue(connection: Redis, queue: Queue) -> list[str]:
    """Requeue (at the front) every started job of ``queue`` whose heartbeat is gone."""
    registry = StartedJobRegistry(queue=queue)
    rescued = []
    for job_id in registry.get_job_ids(cleanup=False):
        if connection.exists(beat_key(job_id)):
            continue
        try:
            if _rescue(connection, queue, registry, job_id):
                rescued.append(job_id)
        except RedisError:
            raise
        except Exception as exc:  # a record that does not read back: not ours to rescue
            log.warning("watchdog: job %s is unreadable (%s)", job_id, type(exc).__name__)
    return rescued


def _rescue(connection: Redis, queue: Queue, registry: StartedJobRegistry,
            job_id: str) -> bool:
    try:
        job = Job.fetch(job_id, connection=connection)
    except NoSuchJobError:
        registry.remove(job_id)
        return False
    if job.get_status() != JobStatus.STARTED:
        return False
    started = job.started_at.timestamp() if job.started_at else 0.0
    if time.time() - started < GRACE + BEAT_TTL:
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
