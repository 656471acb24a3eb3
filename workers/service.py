"""The hint service: one protocol for every deployment (docs/api.md "Hints").

``submit`` answers from the cache when it can, else starts (or joins) the request's
job and waits for it up to its time budget plus a margin; past that, or when the
client asked for ``async``, it answers 202 with the job.  ``job`` reports a job's
status, progress and result.  :class:`workers.embedded.EmbeddedService` runs jobs in
process; :class:`workers.queue.RedisService` on RQ workers.
"""

from __future__ import annotations

import logging
import os
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, NamedTuple

from workers.cache import DiskCache, RedisCache
from workers.direct import JOIN_WAIT, Direct, waiters_for
from workers.metrics import HINT_CACHE_HITS, HINT_CACHE_MISSES, HINT_DIRECT
from workers.requests import HintRequest, Unfit
from workers.settings import THREADS, setting

__all__ = ["RESULT_TTL", "Answer", "ClientBusy", "HintService", "JobFailed", "Overloaded",
           "QueueUnavailable", "job_summary"]

log = logging.getLogger(__name__)

DEFAULT_WAIT_MS = 5_000
"""How long a synchronous request without ``time_ms`` waits before answering 202."""
MARGIN_MS = 1_000
"""Added to a request's ``time_ms`` before a synchronous request answers 202."""
RESULT_TTL = 3600
"""Seconds a finished job (and its result) stays readable at ``/v1/jobs/<id>``."""


class Answer(NamedTuple):
    status: int
    body: dict[str, Any]


class QueueUnavailable(Exception):  # noqa: N818 - a condition, not a bug
    """The job queue (Redis) cannot be reached: the API answers 503."""


class ClientBusy(Exception):  # noqa: N818 - a condition, not a bug
    """The client already has as many hints computing as it may: the API answers 429."""


class Overloaded(Exception):  # noqa: N818
    """Too many hints wait already: the API sheds the request with a 503."""


class JobFailed(Exception):  # noqa: N818
    """A job ended ``failed``; the message says why."""


def job_summary(job_id: str, status: str) -> dict[str, Any]:
    return {"id": job_id, "status": status, "url": f"/v1/jobs/{job_id}"}


class HintService(ABC):
    cache: DiskCache | RedisCache

    def wait_ms(self, request: HintRequest) -> float:
        return (request.time_ms or DEFAULT_WAIT_MS) + MARGIN_MS

    @property
    def direct(self) -> Direct:
        """This process's direct path (:mod:`workers.direct`), made on first use (a
        forked process makes its own)."""
        pid = os.getpid()
        found = self.__dict__.get("_direct")
        if found is None or found[0] != pid:
            threads = int(setting("THREADS", "0") or 0) or THREADS  # gunicorn's, per process
            found = self.__dict__["_direct"] = (pid, Direct(waiters=waiters_for(threads)))
        return found[1]

    def cached(self, request: HintRequest) -> Answer | None:
        """The request's answer from the cache, or ``None`` (a miss); when its family is
        being searched on the direct path in this process, after that search."""
        for _attempt in range(2):
            # the search's event is taken before the cache is read: a tally written between
            # the two reads is then found by the second
            running = self.direct.running(request)
            entry = self.cache.get(request)  # checked against the request: a misfit is a miss
            if entry is not None and entry.serves(request):
                HINT_CACHE_HITS.inc()
                return Answer(200, request.answer(entry.tally, cached=True))
            if running is None:
                break
            running.wait(JOIN_WAIT)
        return None

    def quick(self, request: HintRequest, *, client: str | None = None,
              direct_ms: float = 0,
              defer: Callable[[Callable[[], None]], None] | None = None) -> Answer | None:
        """The answer without a job, or ``None``: from the cache, else searched here when
        the request's search is expected within ``direct_ms`` (:mod:`workers.direct`;
        0: never; ``defer``: when its tally is handed to the cache writer).  :meth:`submit`
        with ``cached=False`` takes it from there."""
        answer = self.cached(request)
        if answer is not None:
            return answer
        HINT_CACHE_MISSES.inc()
        direct = self.direct
        if not direct.fits(request, direct_ms):
            return None
        try:
            tally = direct.search(request, direct_ms, client, self.cache.put, defer)
        except Exception as exc:
            log.exception("a direct search failed")
            raise JobFailed("the search failed") from exc
        if tally is None:
            return None
        HINT_DIRECT.inc()
        return Answer(200, request.answer(tally, cached=False))

    def submit(self, request: HintRequest, *, force_async: bool = False,
               client: str | None = None, per_client: int = 0, backlog: int = 0,
               cached: bool = True, direct_ms: float = 0) -> Answer:
        """Answer ``request`` now (200) or with its job (202); ``cached=False``: the cache
        was asked already (:meth:`quick`); ``direct_ms``: the direct path's limit, for which
        the job's search time is noted (:meth:`workers.direct.Direct.measured`).

        A request that needs a new search is refused when ``client`` already has
        ``per_client`` hints computing (:class:`ClientBusy`) or when ``backlog`` jobs wait
        already (:class:`Overloaded`); 0 means no limit.
        """
        if cached:
            answer = self.cached(request)
            if answer is not None:
                return answer
            HINT_CACHE_MISSES.inc()
        if client is not None and per_client and self.computing(client) >= per_client:
            raise ClientBusy(f"you have {per_client} hints computing already: wait for one")
        if backlog and self.backlog() >= backlog:
            raise Overloaded("too many hints are waiting: try again later")
        for _attempt in range(2):
            job_id = self.start(request)
            if client is not None and per_client:
                self.track(client, job_id)
            if force_async:
                break
            result = self.wait(job_id, self.wait_ms(request) / 1000)
            if result is None:
                break
            try:
                request.check_answer(result)
            except Unfit as exc:  # a job record that does not read back, or not this answer
                log.warning("job %s gave no answer to its request (%s): searched again",
                            job_id, exc)
                continue  # start() joins no job whose answer does not fit: a new search
            self.direct.measured(request, result, direct_ms)
            return Answer(200, result)
        else:
            raise QueueUnavailable("the answer could not be read back: try again later")
        return Answer(202, {"job": job_summary(job_id, self.status(job_id) or "queued")})

    def computing(self, client: str) -> int:
        """How many of ``client``'s jobs are queued or running."""
        ids = self.tracked(client)
        return self.direct.computing(client) + sum(
            1 for job_id in ids if self.status(job_id) in ("queued", "started"))

    @abstractmethod
    def tracked(self, client: str) -> list[str]:
        """The ids of ``client``'s recent jobs (:meth:`track`)."""

    @abstractmethod
    def track(self, client: str, job_id: str) -> None:
        """Remember that ``client`` asked for ``job_id``."""

    @abstractmethod
    def backlog(self) -> int:
        """How many jobs wait for a worker (the embedded default: in this process)."""

    @abstractmethod
    def ready(self) -> dict[str, Any]:
        """``{"ready": bool, ...checks}``: whether hints can be answered now."""

    @abstractmethod
    def start(self, request: HintRequest) -> str:
        """Start the request's job, or join the identical one of the same scope already
        there (unless it failed, or finished with a result that is not the request's
        answer); its (random) id."""

    @abstractmethod
    def wait(self, job_id: str, seconds: float) -> Any:
        """The job's result once finished within ``seconds``, else ``None``;
        :class:`JobFailed` if it failed.  A job gone or unreadable gives ``{}``, which
        answers nothing: :meth:`submit` checks every result it serves."""

    @abstractmethod
    def status(self, job_id: str) -> str | None:
        """queued, started, finished or failed; ``None`` for an unknown job."""

    @abstractmethod
    def job(self, job_id: str) -> dict[str, Any] | None:
        """docs/api.md job object (id, status, progress, result or error), or ``None``."""
