"""Hints on RQ workers, answers cached in Redis (deployed with ``REDIS_URL``).

A request's job id is a hash of (canonical view, options, rules, solver version), and
jobs are enqueued with RQ's ``unique=True``: identical concurrent requests share one
job.  A large budget is split into ranges of worlds, each a job that any worker (on any
machine pointing at the same Redis) can run; a merge job that depends on them all
gives the answer, equal to the single-process answer for the same seed.  Redis being
unreachable raises :class:`~workers.service.QueueUnavailable` (a 503), never a hang.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError, NoSuchJobError
from rq.job import Job, JobStatus

from workers import jobs
from workers.cache import RedisCache
from workers.requests import HintRequest
from workers.service import RESULT_TTL, HintService, JobFailed, QueueUnavailable
from workers.watchdog import rescue

__all__ = ["QUEUE", "RedisService"]

QUEUE = "cassino-hints"

_STATUS = {
    JobStatus.QUEUED: "queued", JobStatus.DEFERRED: "queued", JobStatus.SCHEDULED: "queued",
    JobStatus.CREATED: "queued", JobStatus.STARTED: "started", JobStatus.FINISHED: "finished",
    JobStatus.FAILED: "failed", JobStatus.STOPPED: "failed", JobStatus.CANCELED: "failed",
}


@contextmanager
def _reachable() -> Iterator[None]:
    try:
        yield
    except RedisError as exc:
        raise QueueUnavailable(f"the job queue is unreachable: {exc}") from exc


class RedisService(HintService):
    def __init__(self, url: str, *, cache_ttl: int = 24 * 3600) -> None:
        self.connection = Redis.from_url(url, socket_connect_timeout=1, socket_timeout=5,
                                         health_check_interval=5)
        self.queue = Queue(QUEUE, connection=self.connection)
        self.cache = RedisCache(self.connection, ttl=cache_ttl)

    # --- the protocol -----------------------------------------------------------------

    def submit(self, request: HintRequest, *, force_async: bool = False) -> Any:
        with _reachable():
            return super().submit(request, force_async=force_async)

    def start(self, request: HintRequest) -> str:
        existing = self._fetch(request.job_id)
        if existing is not None:
            if _STATUS.get(existing.get_status(), "failed") != "failed":
                return existing.id  # identical request: share the job
            existing.delete()  # a failed run: try afresh
        payload = request.payload()
        ranges = request.chunks()
        timeout = max(60, int((request.time_ms or 0) / 1000) * 4 + 60)
        common: dict[str, Any] = {"retry": Retry(max=3), "result_ttl": RESULT_TTL,
                                  "failure_ttl": RESULT_TTL, "job_timeout": timeout}
        if len(ranges) == 1:
            return self._enqueue(jobs.search, (payload,), request.job_id, common).id
        range_jobs = [self._enqueue(jobs.search_range, (payload, start, stop),
                                    f"{request.job_id}-{start}-{stop}", common)
                      for start, stop in ranges]
        ids = [j.id for j in range_jobs]
        merge = self._enqueue(jobs.merge_ranges, (payload, ids), request.job_id,
                              {**common, "depends_on": range_jobs,
                               "meta": {"ranges": ids, "total": request.cap}})
        return merge.id

    def wait(self, job_id: str, seconds: float) -> dict[str, Any] | None:
        deadline = time.monotonic() + seconds
        pause, next_rescue = 0.002, time.monotonic() + 1.0
        with _reachable():
            while True:
                job = self._fetch(job_id)
                if job is None:
                    return None
                status = _STATUS.get(job.get_status(), "failed")
                if status == "finished":
                    return job.return_value()
                if status == "failed":
                    raise JobFailed(_reason(job))
                now = time.monotonic()
                if now >= deadline:
                    return None
                if now >= next_rescue:  # a worker may have died under this job
                    rescue(self.connection, self.queue)
                    next_rescue = now + 1.0
                time.sleep(min(pause, max(0.0, deadline - now)))
                pause = min(pause * 1.5, 0.02)

    def status(self, job_id: str) -> str | None:
        with _reachable():
            job = self._fetch(job_id)
            return None if job is None else self._status(job)

    def _status(self, job: Job) -> str:
        """A merge job waiting on its ranges counts as started once one of them has."""
        status = _STATUS.get(job.get_status(), "failed")
        if status == "queued" and job.meta.get("ranges"):
            for range_id in job.meta["ranges"]:
                part = self._fetch(range_id)
                if part is not None and _STATUS.get(part.get_status()) in ("started",
                                                                           "finished"):
                    return "started"
        return status

    def job(self, job_id: str) -> dict[str, Any] | None:
        with _reachable():
            job = self._fetch(job_id)
            if job is None:
                return None
            status = self._status(job)
            if status == "started":
                rescue(self.connection, self.queue)
            out: dict[str, Any] = {"id": job.id, "status": status,
                                   "progress": self._progress(job)}
            if status == "finished":
                out["result"] = job.return_value()
                done = out["result"]["solver"]["samples"]
                out["progress"] = {"done": done, "total": max(done, out["progress"]["total"])}
            elif status == "failed":
                out["error"] = _reason(job)
            return out

    # --- helpers ------------------------------------------------------------------------

    def _fetch(self, job_id: str) -> Job | None:
        try:
            return Job.fetch(job_id, connection=self.connection)
        except NoSuchJobError:
            return None

    def _enqueue(self, func: Callable[..., Any], args: tuple[Any, ...], job_id: str,
                 options: dict[str, Any]) -> Job:
        """Enqueue once: an identical request that got there first keeps its job."""
        if "depends_on" in options:  # RQ's unique=True excludes dependencies: a lock instead
            if not self.connection.set(f"cassino:enqueue:{job_id}", "1", nx=True, ex=30):
                return self._await_job(job_id)
            try:
                return self.queue.enqueue(func, args=args, job_id=job_id, **options)
            finally:
                self.connection.delete(f"cassino:enqueue:{job_id}")
        try:
            return self.queue.enqueue(func, args=args, job_id=job_id, unique=True, **options)
        except DuplicateJobError:
            job = self._fetch(job_id)
            if job is None:  # it vanished in between: ours it is
                return self.queue.enqueue(func, args=args, job_id=job_id, **options)
            return job

    def _await_job(self, job_id: str) -> Job:
        """The job another request is enqueueing right now."""
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            job = self._fetch(job_id)
            if job is not None:
                return job
            time.sleep(0.005)
        raise QueueUnavailable(f"job {job_id} was not enqueued in time")

    def _progress(self, job: Job) -> dict[str, int]:
        ranges = job.meta.get("ranges")
        if not ranges:
            progress = job.meta.get("progress") or {"done": 0, "total": 0}
            return {"done": int(progress["done"]), "total": int(progress["total"])}
        done = 0
        for range_id in ranges:
            part = self._fetch(range_id)
            if part is None:
                continue
            meta = part.meta.get("progress") or {}
            done += int(meta.get("done", 0))
        return {"done": done, "total": int(job.meta.get("total", 0))}


def _reason(job: Job) -> str:
    """The last line of a failed job's error: what went wrong, briefly."""
    latest = job.latest_result()
    info = (latest.exc_string if latest is not None else None) or job.exc_info
    if not info:
        return "the job failed (its worker was lost)"
    lines = [line for line in str(info).strip().splitlines() if line.strip()]
    return lines[-1] if lines else "the job failed"
