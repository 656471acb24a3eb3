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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import orjson
from redis import Redis
from redis.exceptions import OutOfMemoryError, RedisError
from rq import Queue, Retry, Worker
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

from workers import jobs
from workers.cache import RedisCache
from workers.requests import JOB_ID, HintRequest, new_job_id
from workers.service import RESULT_TTL, HintService, JobFailed, QueueUnavailable
from workers.store import DEFAULT_CACHE_BYTES
from workers.watchdog import rescue

__all__ = ["QUEUE", "RedisService"]

QUEUE = "cassino-hints"
SHARE = "cassino:share:"
CLIENT = "cassino:client:"
"""``cassino:client:<address>``: the set of a client's recent jobs (per-client cap)."""
"""``cassino:share:<share key>``: the job of a request's scope, for identical requests."""
log = logging.getLogger(__name__)

NOTICE_WAIT = 0.1
"""Seconds at most between two reads of a job the API waits for."""

_STATUS = {
    JobStatus.QUEUED: "queued", JobStatus.DEFERRED: "queued", JobStatus.SCHEDULED: "queued",
    JobStatus.CREATED: "queued", JobStatus.STARTED: "started", JobStatus.FINISHED: "finished",
    JobStatus.FAILED: "failed", JobStatus.STOPPED: "failed", JobStatus.CANCELED: "failed",
}
for _waiting in ("READY_TO_ENQUEUE", "RATE_LIMITED"):  # RQ 3's: a dependent (a merge) about
    if hasattr(JobStatus, _waiting):                      # to be queued; a job held back
        _STATUS[JobStatus[_waiting]] = "queued"


def job_status(job: Job) -> str:
    """A job's status for clients.  A status this module does not know (a newer RQ's) reads
    as queued, never as failed: a wait ends at its deadline, and a failure is RQ's FAILED."""
    return _STATUS.get(job.get_status(), "queued")


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


def _bytes(value: bytes | str) -> bytes:
    return value.encode() if isinstance(value, str) else value


def _told(notice: bytes | None) -> Any:
    """The answer a job's notice carries (:func:`workers.jobs.tell`), or ``None``: no
    notice, the end notice (:data:`workers.jobs.ENDED`), or one that does not read."""
    if notice is None or notice == jobs.ENDED:
        return None
    try:
        return orjson.loads(notice)
    except orjson.JSONDecodeError:
        return None


class Unreadable(Exception):  # noqa: N818 - a condition, not a bug
    """A job record in Redis that does not read back as one of ours."""


@contextmanager
def _readable(job_id: str) -> Iterator[None]:
    """Anything but a Redis error while reading a job record as :class:`Unreadable`
    (logged): a foreign or corrupt record is no job, never a 500."""
    try:
        yield
    except (RedisError, Unreadable):
        raise
    except Exception as exc:
        log.warning("job record %s is unreadable (%s): ignored", job_id, type(exc).__name__)
        raise Unreadable(job_id) from exc


def _request(job: Job) -> HintRequest:
    """The request a job of ours searches (its first argument); :class:`Unreadable` else."""
    with _readable(job.id):
        return HintRequest.from_payload(job.args[0])


def _result(job: Job, request: HintRequest) -> dict[str, Any]:
    """A finished job's answer if it answers ``request``; :class:`Unreadable` else."""
    with _readable(job.id):
        result: Any = job.return_value()
        request.check_answer(result)
        return result  # type: ignore[no-any-return]


class RedisService(HintService):
    def __init__(self, url: str, *, cache_ttl: int = 24 * 3600,
                 cache_bytes: int = DEFAULT_CACHE_BYTES) -> None:
        self.connection = Redis.from_url(url, socket_connect_timeout=1, socket_timeout=5,
                                         health_check_interval=5)
        self.queue = Queue(QUEUE, connection=self.connection)
        self.cache = RedisCache(self.connection, ttl=cache_ttl, budget=cache_bytes)

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

    def quick(self, request: HintRequest, *, client: str | None = None,
              direct_ms: float = 0,
              defer: Callable[[Callable[[], None]], None] | None = None) -> Any:
        with _reachable():
            return super().quick(request, client=client, direct_ms=direct_ms, defer=defer)

    def submit(self, request: HintRequest, *, force_async: bool = False,
               client: str | None = None, per_client: int = 0, backlog: int = 0,
               cached: bool = True, direct_ms: float = 0) -> Any:
        with _reachable():
            return super().submit(request, force_async=force_async, client=client,
                                  per_client=per_client, backlog=backlog, cached=cached,
                                  direct_ms=direct_ms)

    def start(self, request: HintRequest) -> str:
        key = request.share_key
        if key:
            joined = self._joinable(key, request, wait=False)
            if joined is not None:
                return joined  # an identical request of the same scope: share its job
        job_id = new_job_id()
        if key and not self.connection.set(SHARE + key, job_id, nx=True, ex=RESULT_TTL):
            joined = self._joinable(key, request, wait=True)  # claimed a moment ago, or failed
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

    def wait(self, job_id: str, seconds: float) -> Any:
        """Block on the job's notices (:func:`workers.jobs.done_key`: its answer, pushed by
        the worker as soon as it is searched, then its end) between reads of the job, in
        slices of at most :data:`NOTICE_WAIT` (a worker that pushes none is still read that
        often); a notice taken for a job that did end, or an answer, is put back for the
        next waiter of a shared job (one taken for a job retried since is not: the retry's
        end pushes another)."""
        deadline = time.monotonic() + seconds
        next_rescue = time.monotonic() + 1.0
        notice = jobs.done_key(job_id)
        taken: bytes | None = None
        with _reachable():
            while True:
                told = _told(taken)
                if told is not None:  # the answer, pushed as soon as it was searched
                    self._pass_on(notice, taken)
                    return told  # submit checks it, as a job's result
                job = self._fetch(job_id)
                if job is None:
                    return {}  # gone or unreadable: no answer (submit searches again)
                try:
                    with _readable(job_id):
                        status = job_status(job)
                        if status == "finished":
                            self._pass_on(notice, taken)
                            return job.return_value()  # submit checks it
                except Unreadable:
                    return {}
                if status == "failed":
                    self._pass_on(notice, taken)
                    raise JobFailed(_reason(job))
                now = time.monotonic()
                if now >= deadline:
                    return None
                if now >= next_rescue:  # a worker may have died under this job
                    rescue(self.connection, self.queue)
                    next_rescue = now + 1.0
                popped = self.connection.blpop([notice], timeout=max(
                    0.001, min(NOTICE_WAIT, deadline - now)))
                taken = None if popped is None else _bytes(popped[1])

    def _pass_on(self, notice: str, taken: bytes | None) -> None:
        if taken is not None:
            with self.connection.pipeline() as pipe:
                pipe.lpush(notice, taken)
                pipe.expire(notice, jobs.DONE_TTL)
                pipe.execute()

    def status(self, job_id: str) -> str | None:
        with _reachable():
            job = self._fetch(job_id)
            if job is None:
                return None
            try:
                return self._status(job)
            except Unreadable:
                return None

    def _status(self, job: Job) -> str:
        """A merge job waiting on its ranges counts as started once one of them has."""
        with _readable(job.id):
            status = job_status(job)
            ranges = job.meta.get("ranges")
            if status == "queued" and ranges:
                for range_id in ranges:
                    part = self._fetch(str(range_id))
                    if part is not None and job_status(part) in ("started", "finished"):
                        return "started"
            return status

    def job(self, job_id: str) -> dict[str, Any] | None:
        if not JOB_ID.match(job_id):  # range jobs and anything else are not jobs of the API
            return None
        with _reachable():
            job = self._fetch(job_id)
            if job is None:
                return None
            try:
                return self._job(job)
            except Unreadable:  # foreign, corrupt or forged: no job (logged)
                return None

    def _job(self, job: Job) -> dict[str, Any]:
        status = self._status(job)
        try:
            request: HintRequest | None = _request(job)
        except Unreadable:  # a failed job may say so; nothing else of it is served
            if status == "finished":
                raise
            request = None
        if status == "started":
            rescue(self.connection, self.queue)
        out: dict[str, Any] = {"id": job.id, "status": status,
                               "progress": self._progress(job, request)}
        if status == "finished":
            assert request is not None
            result = _result(job, request)
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

    def _joinable(self, key: str, request: HintRequest, *, wait: bool) -> str | None:
        """The job that an identical request of the same scope started, if any, unless it
        failed or finished without an answer to ``request`` (with ``wait``, give a claim
        made a moment ago the time to be enqueued)."""
        deadline = time.monotonic() + (5 if wait else 0)
        while True:
            raw = self.connection.get(SHARE + key)
            job_id = raw.decode(errors="replace") if isinstance(raw, bytes) else None
            job = self._fetch(job_id) if job_id and JOB_ID.match(job_id) else None
            if job is not None:
                try:
                    status = self._status(job)
                    if status == "finished":
                        _result(job, request)
                except Unreadable:
                    return None
                return job.id if status != "failed" else None
            if not job_id or time.monotonic() >= deadline:
                return None
            time.sleep(0.005)

    def _progress(self, job: Job, request: HintRequest | None) -> dict[str, int]:
        """Worlds done and to do (a progress that does not read back counts as none)."""
        total = 0
        try:
            if request is not None:
                total = request.cap
            else:
                total = max(0, int(job.meta.get("total")
                                   or (job.meta.get("progress") or {}).get("total", 0)))
            ranges = job.meta.get("ranges")
            if not ranges:
                progress = job.meta.get("progress") or {}
                return {"done": max(0, min(int(progress.get("done", 0)), total)),
                        "total": total}
            done = 0
            for range_id in ranges:
                part = self._fetch(str(range_id))
                if part is None:
                    continue
                meta = part.meta.get("progress") or {}
                done += int(meta.get("done", 0))
            return {"done": max(0, min(done, total)), "total": total}
        except (AttributeError, TypeError, ValueError):
            log.warning("progress of job %s is unreadable: none shown", job.id)
            return {"done": 0, "total": total}


def _reason(job: Job) -> str:
    """Why a job failed, for the client: no Python or Redis internals (they are logged)."""
    try:
        latest = job.latest_result()
        info = (latest.exc_string if latest is not None else None) or job.exc_info
    except RedisError:
        raise
    except Exception:  # an unreadable result: say no more than that the search failed
        log.warning("job %s failed, and its error is unreadable", job.id)
        return "the search failed"
    if not info:
        return "the job failed (its worker was lost)"
    log.warning("job %s failed: %s", job.id, str(info).strip().splitlines()[-1:])
    return "the search failed"
