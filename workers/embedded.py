"""The embedded default: hint jobs run by each API process, one shared store.

No Redis, and still one service however many processes serve it: job records, progress
and results, and the hint cache live in the :class:`~workers.store.LocalStore` that every
process of the deployment opens.  The process that starts a job runs it; any process
answers for it.  The search itself runs in a companion process at a lower priority
(:data:`SEARCH_NICE`), so that requests come first.  A running job's process beats a
heartbeat key every second; a job whose heartbeat is gone (its process died or was
recycled) is taken over by the next process that looks at it, so no poll is ever left
without an answer.  A search process that dies under a job (killed, out of memory) is
replaced and the job searched again, :data:`SEARCH_RETRIES` times at most, as RQ's
workers retry theirs (``Retry(max=3)``).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import solver
from engine.games import register, registered
from workers.cache import DiskCache
from workers.requests import JOB_ID, CacheEntry, HintRequest, new_job_id
from workers.service import RESULT_TTL, HintService, JobFailed
from workers.store import LocalStore

__all__ = ["BEAT_EVERY", "SEARCH_RETRIES", "STALE", "EmbeddedService", "retried"]

T = TypeVar("T")

log = logging.getLogger(__name__)

BEAT_EVERY = 1.0
"""Seconds between heartbeats of a process's queued and running jobs."""
STALE = 10.0
"""Seconds without a heartbeat after which an unfinished job is taken over."""
PROGRESS_EVERY = 0.05
"""Seconds between progress writes of a running job."""
UNFINISHED = ("queued", "started")
WRITTEN = 256
"""Job records a process remembers having written (``EmbeddedService._record``)."""


def _beat(job_id: str) -> str:
    return f"beat:{job_id}"


def _done(job_id: str) -> str:
    return f"done:{job_id}"


def _share(key: str) -> str:
    return f"share:{key}"


def _valid(record: Any) -> bool:
    """A job record as this module writes it: its request reads back, and a finished
    job's result is that request's answer (anything else reads as no job)."""
    if not (isinstance(record, dict) and isinstance(record.get("id"), str)
            and record.get("status") in ("queued", "started", "finished", "failed")
            and isinstance(record.get("total"), int) and isinstance(record.get("request"), dict)):
        return False
    try:
        request = HintRequest.from_payload(record["request"])
        if record["status"] == "finished":
            request.check_answer(record.get("result"))
    except Exception:  # a request that does not parse, an answer to something else
        return False
    return bool(record["total"] == request.cap)


SEARCH_RETRIES = 3
"""How many times a job is run again when its search (or review) process dies under it."""

SEARCH_NICE = 10
"""How much lower the search process runs than the API's: searches take the CPU the
requests leave, so cheap endpoints stay fast while hints flood (``make bench-flood``)."""

_searchers: dict[int, ProcessPoolExecutor] = {}
_stores: dict[str, LocalStore] = {}


def _searcher() -> ProcessPoolExecutor:
    """This process's search process (spawned, never forked from a threaded server)."""
    pid = os.getpid()
    pool = _searchers.get(pid)
    if pool is None or getattr(pool, "_broken", False):
        if pool is not None:
            pool.shutdown(wait=False)  # its process died: its threads go too
        pool = _searchers[pid] = ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"),
            initializer=_lower_priority)
    return pool


def _lower_priority() -> None:
    """The search process's start: a lower priority, and an end with its API process
    (gunicorn's workers leave without shutting their pools down)."""
    try:
        os.nice(SEARCH_NICE)
    except OSError:  # not allowed here: searches run at the API's priority
        log.warning("the search process keeps its priority")
    parent = os.getppid()

    def follow() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=follow, name="cassino-follow-parent", daemon=True).start()


def retried(pool: Callable[[], ProcessPoolExecutor], job_id: str, run: Callable[..., T],
            *args: Any, beat: Callable[[], None] | None = None) -> T:
    """``run(*args)`` in the process of ``pool()``; when that process dies under it, again
    in the new process ``pool()`` makes, :data:`SEARCH_RETRIES` times at most (then
    :class:`BrokenProcessPool`).  ``beat`` is called every second while it runs."""
    for retry in range(SEARCH_RETRIES + 1):
        future = pool().submit(run, *args)
        try:
            while True:
                if beat is not None:
                    beat()
                try:
                    return future.result(timeout=None if beat is None else 1.0)
                except FutureTimeout:
                    continue
        except BrokenProcessPool:
            if retry == SEARCH_RETRIES:
                raise
            log.warning("the process running job %s died: run again (%d of %d)",
                        job_id, retry + 1, SEARCH_RETRIES)
    raise AssertionError  # the loop returns or raises  # pragma: no cover


def _search(directory: str, job_id: str, payload: dict[str, Any],
            games: dict[str, str] | None = None) -> dict[str, Any]:
    """In the search process: one request's worlds, progress written to the shared store.
    ``games``: the games registered in the API's process (engine.games.registered),
    registered here too, so that the search knows every game the API serves."""
    for name, package in (games or {}).items():
        register(name, package)
    store = _stores.get(directory)
    if store is None:
        store = _stores[directory] = LocalStore(directory)
    request = HintRequest.from_payload(payload)
    last = [0.0]

    def progress(done: int, _total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            store.jobs.set(_done(job_id), done, expire=RESULT_TTL)

    tally = request.solve(0, request.cap, early=request.early, progress=progress)
    return tally.to_dict()


class EmbeddedService(HintService):
    """Jobs on ``threads`` threads of each process, records and cache in ``store``."""

    def __init__(self, store: LocalStore, threads: int = 1) -> None:
        self.store = store
        self.cache = DiskCache(store)
        self.threads = threads
        self._lock = threading.Lock()
        self._pid = -1
        self._pool: ThreadPoolExecutor | None = None
        self._events: dict[str, threading.Event] = {}
        self._written: dict[str, dict[str, Any]] = {}
        """The last record this process wrote of each of its recent jobs (at most
        :data:`WRITTEN`): one read back equal to it needs no checking again."""

    # --- records ------------------------------------------------------------------------

    def _record(self, job_id: str) -> dict[str, Any] | None:
        if not JOB_ID.match(job_id):
            return None
        record = self.store.jobs.get(job_id)
        if record is None:
            return None
        if record == self._written.get(job_id):  # this process's own, read back unchanged
            return record  # type: ignore[no-any-return]
        if not _valid(record) or record["id"] != job_id:
            log.warning("job record %s is unreadable: ignored", job_id)
            return None
        return record  # type: ignore[no-any-return]

    def _write(self, record: dict[str, Any]) -> None:
        self.store.jobs.set(record["id"], record, expire=RESULT_TTL)
        with self._lock:
            self._written.pop(record["id"], None)
            self._written[record["id"]] = record
            while len(self._written) > WRITTEN:
                del self._written[next(iter(self._written))]

    def _held(self) -> dict[str, threading.Event]:
        """The jobs this process holds (queued or running here), by id."""
        return self._events if self._pid == os.getpid() else {}

    def _stale(self, record: dict[str, Any]) -> bool:
        return (record["status"] in UNFINISHED and record["id"] not in self._held()
                and self.store.jobs.get(_beat(record["id"])) is None)

    # --- the protocol -----------------------------------------------------------------

    def tracked(self, client: str) -> list[str]:
        ids = self.store.jobs.get(f"client:{client}")
        return [i for i in ids if isinstance(i, str)] if isinstance(ids, list) else []

    def track(self, client: str, job_id: str) -> None:
        jobs = self.store.jobs
        with jobs.transact():
            ids = [i for i in self.tracked(client) if i != job_id
                   and self.status(i) in ("queued", "started")]
            jobs.set(f"client:{client}", [*ids, job_id], expire=RESULT_TTL)

    def backlog(self) -> int:
        """Jobs queued or running in this process (each process bounds its own pool)."""
        return len(self._held())

    def ready(self) -> dict[str, Any]:
        """Ready when the shared store takes a write and gives it back."""
        key = f"ready:{os.getpid()}"
        try:
            self.store.jobs.set(key, key, expire=60)
            ok = self.store.jobs.get(key) == key
        except Exception:
            log.exception("the job store is not writable")
            ok = False
        return {"ready": ok, "store": "ok" if ok else "failing"}

    def start(self, request: HintRequest) -> str:
        key = request.share_key
        jobs = self.store.jobs
        with jobs.transact():
            shared = jobs.get(_share(key)) if key else None
            record = self._record(shared) if isinstance(shared, str) else None
            if record is not None and record["status"] != "failed" and not self._stale(record):
                return record["id"]  # type: ignore[no-any-return]  # the same scope's job
            job_id = new_job_id()
            self._claim({"id": job_id, "status": "queued", "total": request.cap,
                         "request": request.payload()})
            if key:
                jobs.set(_share(key), job_id, expire=RESULT_TTL)
        self._launch(job_id, request)
        return job_id

    def wait(self, job_id: str, seconds: float) -> Any:
        deadline = time.monotonic() + seconds
        pause = 0.005
        while True:
            event = self._held().get(job_id)
            left = deadline - time.monotonic()
            if event is not None:
                event.wait(max(0.0, left))
            record = self._current(job_id)
            if record is None:
                return {}  # gone or unreadable: no answer (submit searches again)
            if record["status"] == "finished":
                return record["result"]
            if record["status"] == "failed":
                raise JobFailed(str(record.get("error") or "the search failed"))
            if time.monotonic() >= deadline:
                return None
            if event is None:
                time.sleep(min(pause, max(0.0, deadline - time.monotonic())))
                pause = min(pause * 2, 0.05)

    def status(self, job_id: str) -> str | None:
        record = self._current(job_id)
        return None if record is None else str(record["status"])

    def job(self, job_id: str) -> dict[str, Any] | None:
        record = self._current(job_id)
        if record is None:
            return None
        status = record["status"]
        done = self.store.jobs.get(_done(job_id), 0)
        out: dict[str, Any] = {"id": job_id, "status": status,
                               "progress": {"done": int(done) if isinstance(done, int) else 0,
                                            "total": record["total"]}}
        if status == "finished":
            out["result"] = record["result"]
            out["progress"]["done"] = out["result"]["solver"]["samples"]
        elif status == "failed":
            out["error"] = str(record.get("error") or "the search failed")
        return out

    # --- running jobs ---------------------------------------------------------------------

    def _current(self, job_id: str) -> dict[str, Any] | None:
        """The job's record, after taking the job over if its process is gone."""
        record = self._record(job_id)
        if record is None or not self._stale(record):
            return record
        with self.store.jobs.transact():
            record = self._record(job_id)
            if record is None or not self._stale(record):
                return record
            log.warning("job %s lost its process: taken over by %d", job_id, os.getpid())
            record = {**record, "status": "queued"}
            self._claim(record)
        self._launch(job_id, HintRequest.from_payload(record["request"]))
        return record

    def _claim(self, record: dict[str, Any]) -> None:
        """Write ``record`` as this process's job (inside the caller's transaction)."""
        self._ensure_pool()
        self._events[record["id"]] = threading.Event()
        self.store.jobs.set(_beat(record["id"]), os.getpid(), expire=STALE)
        self._write(record)

    def _launch(self, job_id: str, request: HintRequest) -> None:
        pool = self._ensure_pool()
        pool.submit(self._run, job_id, request)

    def _run(self, job_id: str, request: HintRequest) -> None:
        jobs = self.store.jobs
        base = {"id": job_id, "total": request.cap, "request": request.payload()}
        try:
            self._write({**base, "status": "started"})
            tally = solver.Tally.from_dict(self._searched(job_id, request))
            try:
                self.cache.put(request, CacheEntry.of(request, tally))
            except Exception:  # the cache is best effort: the answer stands without it
                log.exception("the tally of job %s was not cached", job_id)
            self._write({**base, "status": "finished",
                         "result": request.answer(tally, cached=False)})
        except Exception:
            log.exception("hint job %s failed", job_id)
            self._write({**base, "status": "failed", "error": "the search failed"})
        finally:
            event = self._events.pop(job_id, None)
            jobs.delete(_beat(job_id))
            if event is not None:
                event.set()

    def _searched(self, job_id: str, request: HintRequest) -> dict[str, Any]:
        """The job's tally from the search process (again in a new one if it dies)."""
        return retried(_searcher, job_id, _search, str(self.store.directory), job_id,
                       request.payload(), registered())

    def _ensure_pool(self) -> ThreadPoolExecutor:
        """This process's thread pool and heartbeat thread (none survive a fork)."""
        pid = os.getpid()
        if self._pid != pid or self._pool is None:
            with self._lock:
                if self._pid != pid or self._pool is None:
                    self._events = {}
                    self._pool = ThreadPoolExecutor(max_workers=self.threads,
                                                    thread_name_prefix="cassino-hint")
                    self._pid = pid
                    threading.Thread(target=self._beat_loop, name="cassino-beat",
                                     daemon=True).start()
        return self._pool

    def _beat_loop(self) -> None:
        """Every ``BEAT_EVERY`` s, the heartbeat of every job this process holds."""
        pid = os.getpid()
        while self._pid == pid:
            try:
                for job_id in list(self._events):
                    self.store.jobs.set(_beat(job_id), pid, expire=STALE)
            except Exception:  # the store is busy or gone: try again at the next beat
                log.exception("heartbeat")
            time.sleep(BEAT_EVERY)
