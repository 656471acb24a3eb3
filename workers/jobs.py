"""The RQ jobs: search a request's worlds, one range of them (scale-out), or merge ranges.

Each job beats a heartbeat key while it runs (so that :mod:`workers.watchdog` can tell
a job whose worker died from a slow one) and keeps ``progress`` (worlds done/total) in
its meta.  The key holds the name of the worker's Redis connection (:func:`worker_name`),
so that a worker that died, whose connections Redis dropped at once, is told at once.
Finished tallies go to the Redis cache.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import orjson
from redis import Redis
from rq import get_current_job
from rq.job import Job

import solver
from workers.cache import RedisCache, configured_bytes
from workers.requests import CacheEntry, HintRequest

__all__ = ["BEAT_TTL", "DONE_TTL", "ENDED", "WORKER_PREFIX", "beat_key", "beat_value",
           "beaten", "done_key", "merge_ranges", "search", "search_range", "tell",
           "worker_name"]

log = logging.getLogger(__name__)

BEAT_TTL = 10
"""Seconds a heartbeat lives: a started job without one has lost its worker."""


WORKER_PREFIX = "cassino-worker-"
"""How a worker's Redis connections are named (``CLIENT SETNAME``), and its beats read."""


def beat_key(job_id: str) -> str:
    return f"cassino:beat:{job_id}"


DONE_TTL = 60
"""Seconds a job's end notice lives (:func:`done_key`)."""


def done_key(job_id: str) -> str:
    """``cassino:done:<id>``: a list the worker pushes to when the job ends (finished or
    failed, in the transaction that records it), on which the API's wait blocks; a hint's
    answer is pushed there first, as soon as it is searched (:func:`tell`)."""
    return f"cassino:done:{job_id}"


ENDED = b"1"
"""The notice of a job's end (RQ has recorded it: read the job); any other is an answer."""


def tell(job: Job, answer: dict[str, Any]) -> None:
    """Push ``answer`` to the job's notice list before RQ records the job's end (its
    registries, result and worker state take a few milliseconds more): the waiting API
    answers with it at once (``workers.queue``, which checks it as it checks a job's
    result). Best effort: the end notice follows in any case."""
    try:
        with job.connection.pipeline(transaction=False) as pipe:
            pipe.rpush(done_key(job.id), orjson.dumps(answer))
            pipe.expire(done_key(job.id), DONE_TTL)
            pipe.execute()
    except Exception as exc:  # Redis away for a moment: the end notice tells it later
        log.warning("the answer of job %s was not told early: %s", job.id,
                    type(exc).__name__)


_names: dict[int, str] = {}


def worker_name() -> str:
    """This process's name for its Redis connections (``python -m workers`` names them):
    unique to the process, on any machine."""
    return _names.setdefault(os.getpid(), WORKER_PREFIX + uuid.uuid4().hex)


def beat_value(connection: Redis) -> str:
    """What a beat of a job run over ``connection`` holds: the connection's name if it is
    a worker's (:func:`worker_name`), else ``1`` (known alive by its expiry alone)."""
    name = connection.connection_pool.connection_kwargs.get("client_name")
    return name if isinstance(name, str) and name.startswith(WORKER_PREFIX) else "1"


class _Beats:
    """One daemon thread per process that refreshes, every second, the heartbeat key of
    each job running in this process (a thread per job cost a short hint as much as its
    search).  A job's first beat is written when it starts: by the worker, in the pipeline
    that marks the job started (:func:`beaten`), or here."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running: dict[str, Redis] = {}
        self.written: str | None = None
        """The key of the job whose first beat its worker wrote (one job at a time)."""
        self.thread: threading.Thread | None = None
        self.pid = 0

    def begin(self, job_id: str, connection: Redis) -> None:
        key = beat_key(job_id)
        with self.lock:
            first = key != self.written
            self.written = None
        if first:
            _beat(connection, key)
        with self.lock:
            self.running[key] = connection
            if self.thread is None or self.pid != os.getpid() or not self.thread.is_alive():
                self.pid = os.getpid()  # a fork keeps no threads
                self.thread = threading.Thread(target=self.loop, name="cassino-job-beats",
                                               daemon=True)
                self.thread.start()

    def end(self, job_id: str) -> None:
        with self.lock:
            self.running.pop(beat_key(job_id), None)

    def loop(self) -> None:
        while True:
            time.sleep(1.0)
            with self.lock:
                running = list(self.running.items())
            for key, connection in running:
                _beat(connection, key)


def _beat(connection: Redis, key: str) -> None:
    try:
        connection.set(key, beat_value(connection), ex=BEAT_TTL)
    except Exception:  # Redis away for a moment: beat again at the next second
        log.warning("heartbeat of job %s missed", key)


_BEATS = _Beats()


def beaten(job_id: str) -> None:
    """The worker wrote the first beat of ``job_id`` itself (with the job's start)."""
    with _BEATS.lock:
        _BEATS.written = beat_key(job_id)


@contextmanager
def heartbeat(job: Job | None) -> Iterator[None]:
    """Refresh the job's heartbeat key every second while the body runs."""
    if job is None:  # called outside a worker (tests, embedded use)
        yield
        return
    _BEATS.begin(job.id, job.connection)
    try:
        yield
    finally:
        # The key is left to expire: RQ marks the job finished only after the body returns,
        # and a job still "started" without a heartbeat in that moment would be taken
        # for lost by the watchdog and run again (seen as failed merges under load).
        _BEATS.end(job.id)


PROGRESS_EVERY = 0.05
"""Seconds between progress writes; a job done sooner writes none (its result says it)."""


def _reporter(job: Job | None, total: int) -> Callable[[int, int], None] | None:
    """A progress callback that saves ``{"done", "total"}`` in the job's meta (throttled):
    first after :data:`PROGRESS_EVERY`, so that a hint of a few milliseconds spends no Redis
    write on it (a job without progress reads as none done, workers/queue.py)."""
    if job is None:
        return None
    last = [time.monotonic()]
    saved = [False]

    def report(done: int, _total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY or (done >= total and saved[0]):
            last[0] = now
            saved[0] = True
            job.meta["progress"] = {"done": done, "total": total}
            try:
                job.save_meta()  # type: ignore[no-untyped-call]
            except Exception:  # Redis away for a moment: the search goes on
                log.warning("progress of job %s not saved", job.id)

    return report


def search(payload: dict[str, Any]) -> dict[str, Any]:
    """Search one request (early stopping on), cache its tally, return its answer."""
    job = get_current_job()
    request = HintRequest.from_payload(payload)
    with heartbeat(job):
        tally = request.solve(progress=_reporter(job, request.cap))
    answer = request.answer(tally, cached=False)
    if job is not None:
        _keep(job, request, tally)
        tell(job, answer)
    return answer


def _keep(job: Job, request: HintRequest, tally: solver.Tally) -> None:
    """Cache a searched tally (best effort: a full or lost Redis costs the entry, not the
    answer), within the ``CARDGAMES_CACHE_BYTES`` budget."""
    if request.family is None:
        return
    try:
        RedisCache(job.connection, budget=configured_bytes()).put(
            request, CacheEntry.of(request, tally))
    except Exception as exc:
        log.warning("the tally of job %s was not cached: %s", job.id, type(exc).__name__)


def search_range(payload: dict[str, Any], start: int, stop: int) -> dict[str, Any]:
    """Search worlds ``start .. stop-1`` of a request in full; returns the tally."""
    job = get_current_job()
    request = HintRequest.from_payload(payload)
    with heartbeat(job):
        tally = request.solve(start, stop, early=False, progress=_reporter(job, stop - start))
    return tally.to_dict()


def merge_ranges(payload: dict[str, Any], range_ids: list[str]) -> dict[str, Any]:
    """Merge the tallies of a request's ranges (they ran as the jobs ``range_ids``)."""
    job = get_current_job()
    request = HintRequest.from_payload(payload)
    connection = job.connection if job is not None else None
    tallies = []
    for range_id in range_ids:
        value = Job.fetch(range_id, connection=connection).return_value()
        if not isinstance(value, dict):
            raise RuntimeError(f"range {range_id} has no result")
        tallies.append(solver.Tally.from_dict(value))
    tally = solver.merge(tallies)
    answer = request.answer(tally, cached=False)
    if job is not None:
        _keep(job, request, tally)
        tell(job, answer)
    return answer
