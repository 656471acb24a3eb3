"""The embedded default: hint jobs on a small in-process thread pool, an LRU cache.

No Redis: clients still see the same protocol (200, or 202 and ``/v1/jobs/<id>``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Any

import solver
from workers.cache import MemoryCache
from workers.requests import CacheEntry, HintRequest
from workers.service import HintService, JobFailed

__all__ = ["EmbeddedService"]


@dataclass
class _Job:
    id: str
    total: int
    done: int = 0
    future: Future[dict[str, Any]] = field(default_factory=Future)


class EmbeddedService(HintService):
    """Jobs on ``threads`` threads of this process; at most ``keep`` jobs remembered."""

    def __init__(self, threads: int = 1, cache_size: int = 1024, keep: int = 1024) -> None:
        self.cache = MemoryCache(cache_size)
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="cassino-hint")
        self._jobs: OrderedDict[str, _Job] = OrderedDict()
        self._keep = keep
        self._lock = threading.Lock()

    def start(self, request: HintRequest) -> str:
        with self._lock:
            job = self._jobs.get(request.job_id)
            if job is not None and not (job.future.done() and job.future.exception()):
                return job.id  # identical requests share one job
            job = _Job(request.job_id, request.cap)
            self._jobs[job.id] = job
            while len(self._jobs) > self._keep:
                self._jobs.popitem(last=False)
        job.future = self._pool.submit(self._run, job, request)
        return job.id

    def _run(self, job: _Job, request: HintRequest) -> dict[str, Any]:
        def progress(done: int, _total: int) -> None:
            job.done = done

        tally = solver.solve(request.view, request.options, request.seed, 0, request.cap,
                             early=request.early, progress=progress)
        self.cache.put(request.family, CacheEntry.of(request, tally))
        return request.answer(tally, cached=False)

    def wait(self, job_id: str, seconds: float) -> dict[str, Any] | None:
        job = self._jobs.get(job_id)
        if job is None:
            return None
        try:
            return job.future.result(timeout=seconds)
        except FutureTimeout:
            return None
        except Exception as exc:
            raise JobFailed(f"{type(exc).__name__}: {exc}") from exc

    def status(self, job_id: str) -> str | None:
        job = self._jobs.get(job_id)
        if job is None:
            return None
        if job.future.done():
            return "failed" if job.future.exception() else "finished"
        return "started" if job.future.running() else "queued"

    def job(self, job_id: str) -> dict[str, Any] | None:
        job = self._jobs.get(job_id)
        status = self.status(job_id)
        if job is None or status is None:
            return None
        out: dict[str, Any] = {"id": job.id, "status": status,
                               "progress": {"done": job.done, "total": job.total}}
        if status == "finished":
            out["result"] = job.future.result()
            out["progress"]["done"] = out["result"]["solver"]["samples"]
        elif status == "failed":
            exc = job.future.exception()
            out["error"] = f"{type(exc).__name__}: {exc}"
        return out
