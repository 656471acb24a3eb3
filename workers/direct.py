"""The direct path (docs/workers.md "The direct path"): a small search runs where its
request arrives.

A default two-seat Cassino hint searches in about a millisecond, and carrying it to a job
(the store's records, the hand-off to the search process and back) cost several times
that.  So a request whose search is expected to be small is searched in the request's own
thread, within these bounds:

* **expected small**: the searches of its *class* (:func:`cost_class`: game, rules, seats,
  kind, budget; public facts of the request, never a hidden card) took at most
  ``limit_ms`` of CPU lately in this process (:class:`Costs`, an exponential mean of the
  direct searches; a job's time counts for a class not measured yet or over the limit).
  A class not measured yet goes to a job, which measures it;
* **a bounded share of the threads**: at most ``slots`` direct searches at once in a
  process (one), fewer than its threads, so a search never holds every thread; a few more
  requests may wait for the slot (:func:`waiters_for`, at most as long as a direct search
  may run), the next goes to a job as before;
* **bounded when misjudged**: a direct search still running at :data:`ABORT_FACTOR` times
  ``limit_ms`` of CPU is stopped and handed to a job (its class then measures as slow);
* **one search of a family at a time** in a process: a request whose family is being
  searched directly waits for that search (:meth:`Direct.running`) and is served from
  the cache.

The search is the job's (:meth:`HintRequest.solve` with the same worlds, budget and early
stop), cached as a job caches it, so an answer never depends on the path it took.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import solver
from workers.requests import CacheEntry, HintRequest

__all__ = ["ABORT_FACTOR", "Costs", "Direct", "TooLong", "cost_class", "waiters_for"]

log = logging.getLogger(__name__)

ABORT_FACTOR = 4.0
"""A direct search past this many times its limit is stopped and handed to a job."""
WEIGHT = 0.2
"""The weight of the newest search in a class's mean (about the last five count)."""
JOIN_WAIT = 1.0
"""Seconds a request waits for the same family's direct search before taking a job."""


class TooLong(Exception):  # noqa: N818 - a condition, not a bug
    """A direct search ran past its bound: the request is handed to a job."""


def cost_class(request: HintRequest) -> tuple[Any, ...]:
    """What a search's cost is expected from: the game, its rules, the seats, the kind and
    the budget asked (nothing of the view's cards)."""
    view = request.view
    return (view.game, view.variant, request.game.seats(view), request.kind,
            request.samples, request.time_ms, request.opponent_model)


class Costs:
    """Each class's recent search milliseconds in this process (an exponential mean)."""

    def __init__(self) -> None:
        self._means: dict[tuple[Any, ...], float] = {}
        self._lock = threading.Lock()

    def mean(self, key: tuple[Any, ...]) -> float | None:
        return self._means.get(key)

    def add(self, key: tuple[Any, ...], ms: float) -> None:
        with self._lock:
            old = self._means.get(key)
            self._means[key] = ms if old is None else old + WEIGHT * (ms - old)


def waiters_for(threads: int) -> int:
    """How many requests of a process may wait for its direct slot: all its threads but
    the searching one and one kept for cheap requests, and at least one."""
    return max(1, threads - 2)


class Direct:
    """The direct path of one process (:class:`~workers.service.HintService` holds one)."""

    def __init__(self, slots: int = 1, waiters: int = 1) -> None:
        self.costs = Costs()
        self._slots = threading.BoundedSemaphore(slots)
        self._waiters = threading.BoundedSemaphore(waiters)
        self._lock = threading.Lock()
        self._running: dict[str, threading.Event] = {}
        self._clients: dict[str, int] = {}
        self._pool: ThreadPoolExecutor | None = None

    def fits(self, request: HintRequest, limit_ms: float) -> bool:
        """Whether ``request`` is expected to search within ``limit_ms``."""
        if limit_ms <= 0:
            return False
        mean = self.costs.mean(cost_class(request))
        return mean is not None and mean <= limit_ms

    def computing(self, client: str) -> int:
        """The direct searches of ``client`` running in this process."""
        return self._clients.get(client, 0)

    def measured(self, request: HintRequest, result: Any, limit_ms: float) -> None:
        """Note the search time of a job's answer to ``request`` (its ``solver``), for a
        class not measured yet or measured over ``limit_ms`` (its chance to come back):
        a job's time is its wall clock in a lower-priority process, longer than its CPU
        when the machine is busy, so it does not move a class the direct path measures."""
        try:
            ms = float(result["solver"]["elapsed_ms"])
        except (KeyError, TypeError, ValueError):
            return
        key = cost_class(request)
        mean = self.costs.mean(key)
        if not result["solver"].get("cached") and (mean is None or mean > limit_ms):
            self.costs.add(key, ms)

    def running(self, request: HintRequest) -> threading.Event | None:
        """The event of this family's direct search in this process, set once its tally
        is cached; ``None`` when none runs."""
        family = request.family
        return self._running.get(family) if family else None

    def search(self, request: HintRequest, limit_ms: float, client: str | None,
               cache_put: Callable[[HintRequest, CacheEntry], None],
               defer: Callable[[Callable[[], None]], None] | None = None,
               ) -> solver.Tally | None:
        """The request's tally, searched here; ``None`` when the slot is taken, the family
        is being searched, or the search ran past its bound (then: a job).  The tally is
        cached by this process's writer thread, handed to it by ``defer`` (the API's: once
        the answer has left, :mod:`api.after`) or at once; until it is cached the family
        counts as being searched (:meth:`running`)."""
        if not self._slot(limit_ms):
            return None
        family = request.family
        event = threading.Event()
        tally = None
        try:
            with self._lock:
                if family is not None:
                    if family in self._running:
                        return None
                    self._running[family] = event
                if client is not None:
                    self._clients[client] = self._clients.get(client, 0) + 1
            tally = self._searched(request, limit_ms)
        finally:
            with self._lock:
                if client is not None:
                    left = self._clients.get(client, 1) - 1
                    if left:
                        self._clients[client] = left
                    else:
                        self._clients.pop(client, None)
            self._slots.release()
            if tally is None:
                self._done(family, event)
        if tally is None:
            return None
        found = tally

        def write() -> None:
            self._writer().submit(self._put, request, found, cache_put, event)

        if defer is None:
            write()
        else:
            defer(write)
        return tally

    def _slot(self, limit_ms: float) -> bool:
        """The direct slot, at once, or after waiting for it as the process's one waiter
        (at most as long as a direct search may run); ``False``: take a job."""
        if self._slots.acquire(blocking=False):
            return True
        if not self._waiters.acquire(blocking=False):
            return False
        try:
            return self._slots.acquire(timeout=ABORT_FACTOR * limit_ms / 1000)
        finally:
            self._waiters.release()

    def _put(self, request: HintRequest, tally: solver.Tally,
             cache_put: Callable[[HintRequest, CacheEntry], None],
             event: threading.Event) -> None:
        try:
            cache_put(request, CacheEntry.of(request, tally))
        except Exception:  # the cache is best effort: the answer stands without it
            log.exception("a direct search's tally was not cached")
        finally:
            self._done(request.family, event)

    def _done(self, family: str | None, event: threading.Event) -> None:
        with self._lock:
            if family is not None and self._running.get(family) is event:
                del self._running[family]
        event.set()

    def _writer(self) -> ThreadPoolExecutor:
        if self._pool is None:
            with self._lock:
                if self._pool is None:
                    self._pool = ThreadPoolExecutor(max_workers=1,
                                                    thread_name_prefix="cassino-direct-put")
        return self._pool

    def settle(self, seconds: float = 5.0) -> None:
        """Wait until every tally searched here is cached (tests, benchmarks)."""
        if self._pool is not None:
            self._pool.submit(lambda: None).result(seconds)

    def _searched(self, request: HintRequest, limit_ms: float) -> solver.Tally | None:
        """The search, timed in this thread's CPU (a busy machine slows the wall clock,
        not what the search costs), stopped past :data:`ABORT_FACTOR` times the limit."""
        key = cost_class(request)
        bound = ABORT_FACTOR * limit_ms / 1000
        began, wall = time.thread_time(), time.perf_counter()

        def bounded(_done: int, _total: int) -> None:
            # a thread's CPU time grows no faster than the wall clock: only past the bound
            # in wall time is the CPU clock (a system call, ~1 us) worth reading
            if time.perf_counter() - wall > bound and time.thread_time() - began > bound:
                raise TooLong

        try:
            tally = request.solve(0, request.cap, early=request.early, progress=bounded)
        except TooLong:
            self.costs.add(key, (time.thread_time() - began) * 1000)
            log.info("a direct search of %s ran past %.0f ms: handed to a job", key[0],
                     ABORT_FACTOR * limit_ms)
            return None
        self.costs.add(key, (time.thread_time() - began) * 1000)
        return tally
