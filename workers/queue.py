"""Hints on RQ workers, answers cached in Redis (deployed with ``REDIS_URL``).

A job id is random (:func:`workers.requests.new_job_id`) and told only to its
requester; identical requests of one scope (:attr:`HintRequest.share_key`) share a job
through ``cassino:share:<key>``, claimed with ``SET NX``.  A large budget is split into
ranges of worlds, each a job that any worker (on any machine pointing at the same
Redis) can run; a merge job that depends on them all
gives the answer, equal to the single-process answer for the same seed.  Redis being
unreachable raises :class:`~workers.service.QueueUnavailable` (a 503), never a hang.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from redis import Redis
from redis.exceptions import OutOfMemoryError, RedisError
from rq import Queue, Retry, Worker
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

from workers import jobs
from workers.cache import RedisCache
from workers.requests import JOB_ID, HintRequest, new_job_id
from workers.service import RESULT_TTL, HintService, JobFailed, QueueUnavailable
from workers.watchdog import rescue

__all__ = ["QUEUE", "RedisService"]

QUEUE = "cassino-hints"
SHARE = "cassino:share:"
CLIENT = "cassino:client:"
"""``cassino:client:<address>``: the set of a client's recent jobs (per-client cap)."""
"""``cassino:share:<share key>``: the job of a request's scope, for identical requests."""
log = logging.getLogger(__name__)

_STATUS = {
    JobStatus.QUEUED: "queued", JobStatus.DEFERRED: "queued", JobStatus.SCHEDULED: "queued",
    JobStatus.CREATED: "queued", JobStatus.STARTED: "started", JobStatus.FINISHED: "finished",
    JobStatus.FAILED: "failed", JobStatus.STOPPED: "failed", JobStatus.CANCELED: "failed",
}


@contextmanager
def _reachable() -> Iterator[None]:
    """Redis errors as :class:`QueueUnavailable`, whose message names no internals."""
    try:
        yield
    except OutOfMemoryError as exc:
        log.warning("redis is full: %s", exc)
        raise QueueUnavailable("the job queue is full: try again later") from exc
    except RedisError as exc:
        log.warning("redis error: %s", exc)
        raise QueueUnavailable("the job queue is unreachable: try again later") from exc


def _answer_like(result: Any) -> bool:
    return (isinstance(result, dict) and isinstance(result.get("solver"), dict)
            and isinstance(result["solver"].get("samples"), int)
            and isinstance(result.get("evaluation"), dict))


class RedisService(HintService):
    def __init__(self, url: str, *, cache_ttl: int = 24 * 3600) -> None:
        self.connection = Redis.from_url(url, socket_connect_timeout=1, socket_timeout=5,
                                         health_check_interval=5)
        self.queue = Queue(QUEUE, connection=self.connection)
        self.cache = RedisCache(self.connection, ttl=cache_ttl)

    # --- the protocol -----------------------------------------------------------------

    def tracked(self, client: str) -> list[str]:
        with _reachable():
            members: Any = self.connection.smembers(CLIENT + client)
            return [i.decode() if isinstance(i, bytes) else str(i) for i in members]

    def track(self, client: str, job_id: str) -> None:
        with _reachable():
            key = CLIENT + client
            done = [i for i in self.tracked(client)
                    if self.status(i) not in ("queued", "started")]
            with self.connection.pipeline() as pipe:
                if done:
                    pipe.srem(key, *done)
                pipe.sadd(key, job_id)
                pipe.expire(key, RESULT_TTL)
                pipe.execute()

    def backlog(self) -> int:
        """Jobs waiting in the queue for a worker."""
        with _reachable():
            return int(self.queue.count)

    def ready(self) -> dict[str, Any]:
        """Ready when Redis answers, takes a write (not full) and a worker is alive."""
        try:
            self.connection.set("cassino:ready", "1", ex=60)
            workers = Worker.count(connection=self.connection)
        except OutOfMemoryError:
            return {"ready": False, "redis": "full", "workers": None}
        except RedisError:
            return {"ready": False, "redis": "unreachable", "workers": None}
        return {"ready": workers > 0, "redis": "ok", "workers": workers}

    def submit(self, request: HintRequest, *, force_async: bool = False,
               client: str | None = None, per_client: int = 0, backlog: int = 0) -> Any:
        with _reachable():
            return super().submit(request, force_async=force_async, client=client,
                                  per_client=per_client, backlog=backlog)

    def start(self, request: HintRequest) -> str:
        key = request.share_key
        if key:
            joined = self._joinable(key, wait=False)
            if joined is not None:
                return joined  # an identical request of the same scope: share its job
        job_id = new_job_id()
        if key and not self.connection.set(SHARE + key, job_id, nx=True, ex=RESULT_TTL):
            joined = self._joinable(key, wait=True)  # claimed a moment ago, or failed
            if joined is not None:
                return joined
            self.connection.set(SHARE + key, job_id, ex=RESULT_TTL)
        payload = request.payload()
        ranges = request.chunks()
        timeout = max(60, int((request.time_ms or 0) / 1000) * 4 + 60)
        common: dict[str, Any] = {"retry": Retry(max=3), "result_ttl": RESULT_TTL,
                                  "failure_ttl": RESULT_TTL, "job_timeout": timeout}
        if len(ranges) == 1:
            return self.queue.enqueue(jobs.search, args=(payload,), job_id=job_id,
                                      **common).id
        range_jobs = [self.queue.enqueue(jobs.search_range, args=(payload, start, stop),
                                         job_id=f"{job_id}-{start}-{stop}", **common)
                      for start, stop in ranges]
        ids = [j.id for j in range_jobs]
        merge = self.queue.enqueue(jobs.merge_ranges, args=(payload, ids), job_id=job_id,
                                   depends_on=range_jobs,
                                   meta={"ranges": ids, "total": request.cap}, **common)
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
        if not JOB_ID.match(job_id):  # range jobs and anything else are not jobs of the API
            return None
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
                result: Any = job.return_value()
                if not _answer_like(result):
                    log.warning("job %s has no readable answer: ignored", job_id)
                    return None
                out["result"] = result
                done = int(result["solver"]["samples"])
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
        except RedisError:
            raise
        except Exception:  # a record that does not read back: as if there were none
            log.warning("job record %s is unreadable: ignored", job_id)
            return None

    def _joinable(self, key: str, *, wait: bool) -> str | None:
        """The unfailed job that an identical request of the same scope started, if any
        (with ``wait``, give a claim made a moment ago the time to be enqueued)."""
        deadline = time.monotonic() + (5 if wait else 0)
        while True:
            raw = self.connection.get(SHARE + key)
            job_id = raw.decode() if isinstance(raw, bytes) else None
            job = self._fetch(job_id) if job_id else None
            if job is not None:
                return job.id if self._status(job) != "failed" else None
            if not job_id or time.monotonic() >= deadline:
                return None
            time.sleep(0.005)

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
    """Why a job failed, for the client: no Python or Redis internals (they are logged)."""
    latest = job.latest_result()
    info = (latest.exc_string if latest is not None else None) or job.exc_info
    if not info:
        return "the job failed (its worker was lost)"
    log.warning("job %s failed: %s", job.id, str(info).strip().splitlines()[-1:])
    return "the search failed"
