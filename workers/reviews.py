"""Review jobs: a whole game's review (:func:`solver.cassino.review.review`) as a job, in the
same deployments as the hint jobs (docs/workers.md "Review jobs").

Embedded default: the process that starts a review runs it in a review process of its
own (beside the search process, so hints never wait behind a review) and
keeps the record, progress and result in the shared store (``review:<id>``), so any
process answers for it, and a review whose process died is taken over by the next poll.
With Redis: an RQ job on the hints' queue (:func:`run_review`), which any worker runs,
with the hint jobs' heartbeat so that the watchdog rescues it.  Job ids are the hint
jobs' kind (:func:`workers.requests.new_job_id`); ``GET /v1/jobs/<id>`` asks this
service first, then the hints'.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from abc import ABC, abstractmethod
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from engine.games import engine_of, unnamed_game
from solver.games import HintGame, hint_game
from workers.requests import JOB_ID, new_job_id
from workers.service import RESULT_TTL, HintService, JobFailed, Overloaded, QueueUnavailable

__all__ = ["REVIEW_FUNC", "EmbeddedReviews", "RedisReviews", "ReviewJob", "ReviewService",
           "reviews_for", "run_review"]

log = logging.getLogger(__name__)

STALE = 10.0
"""Seconds without a heartbeat after which an unfinished embedded review is taken over."""
REVIEW_FUNC = "workers.reviews.run_review"
REVIEW_BACKLOG = 8
"""Reviews that may wait or run in one API process (embedded default) before a 503."""


@dataclass(frozen=True)
class ReviewJob:
    """What a review searches: a game's record (canonical JSON), the seat reviewed, the
    seed of every hint, their budget in worlds and their opponent model's weight
    (``None``: the default hint's)."""

    record: dict[str, Any]
    player: int
    seed: int = 0
    samples: int | None = None
    opponent_model: float | None = None
    game: str | None = None
    """The record's game (``None``: the unnamed game's, engine.games.unnamed_game)."""

    @property
    def solver(self) -> HintGame[object]:
        """The solver of the record's game; its ``review`` rates the moves."""
        return hint_game(self.game or unnamed_game().name)

    @property
    def total(self) -> int:
        """The moves to rate: the reviewed seat's."""
        return sum(1 for deal in self.record["deals"] for turn in deal["moves"]
                   if turn["player"] == self.player)

    def payload(self) -> dict[str, Any]:
        return {"record": self.record, "player": self.player, "seed": self.seed,
                "samples": self.samples, "opponent_model": self.opponent_model,
                **({"game": self.game} if self.game else {})}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> ReviewJob:
        return cls(data["record"], int(data["player"]), int(data["seed"]), data["samples"],
                   data.get("opponent_model"), data.get("game"))

    def run(self, progress: Any = None) -> dict[str, Any]:
        game = self.solver
        assert game.review is not None
        options = game.default.with_budget(self.samples)
        if self.opponent_model is not None:
            options = replace(options, opponent_model=self.opponent_model)
        return game.review(self.record, self.player, self.seed, options, progress)

    def check(self) -> None:
        """Replay the record (its game's record error if it does not)."""
        keeper = engine_of(self.game or unnamed_game().name).records
        assert keeper is not None
        keeper.replay(keeper.read(self.record))


def job_object(job_id: str, status: str, done: int, total: int,
               result: dict[str, Any] | None = None, error: str | None = None,
               ) -> dict[str, Any]:
    """docs/api.md job object of a review: progress in moves rated."""
    out: dict[str, Any] = {"id": job_id, "status": status,
                           "progress": {"done": done, "total": total}}
    if result is not None:
        out["result"] = result
    if error is not None:
        out["error"] = error
    return out


class ReviewService(ABC):
    @abstractmethod
    def start(self, job: ReviewJob) -> str:
        """Queue the review; its (random) job id."""

    @abstractmethod
    def job(self, job_id: str) -> dict[str, Any] | None:
        """The job object, or ``None`` when ``job_id`` is no review."""

    def wait(self, job_id: str, seconds: float) -> dict[str, Any] | None:
        """The review once finished within ``seconds``, else ``None``;
        :class:`JobFailed` if it failed."""
        deadline = time.monotonic() + seconds
        while True:
            job = self.job(job_id)
            if job is not None and job["status"] == "finished":
                return job["result"]  # type: ignore[no-any-return]
            if job is not None and job["status"] == "failed":
                raise JobFailed(job.get("error") or "the review failed")
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.02)


# --- embedded --------------------------------------------------------------------------


def _key(job_id: str) -> str:
    return f"review:{job_id}"


def _done_key(job_id: str) -> str:
    return f"review-done:{job_id}"


def _beat_key(job_id: str) -> str:
    return f"review-beat:{job_id}"


def _review_in_search_process(directory: str, job_id: str,
                              payload: dict[str, Any]) -> dict[str, Any]:
    """In the search process: the review, its progress written to the shared store."""
    from workers.store import LocalStore

    store = LocalStore(directory)
    try:
        def progress(done: int, _total: int) -> None:
            store.jobs.set(_done_key(job_id), done, expire=RESULT_TTL)

        return ReviewJob.from_payload(payload).run(progress)
    finally:
        store.close()


_reviewers: dict[int, ProcessPoolExecutor] = {}


def _reviewer() -> ProcessPoolExecutor:
    """This process's review process: spawned at the first review, at the search
    process's lower priority, and apart from it, so that a long review never holds up a
    hint."""
    from workers.embedded import _lower_priority

    pid = os.getpid()
    pool = _reviewers.get(pid)
    if pool is None or getattr(pool, "_broken", False):
        if pool is not None:
            pool.shutdown(wait=False)  # its process died: its threads go too
        pool = _reviewers[pid] = ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"),
            initializer=_lower_priority)
    return pool


class EmbeddedReviews(ReviewService):
    """Reviews run by this process's review process; records in the shared store.  At
    most ``backlog`` reviews wait or run in each process (:class:`Overloaded` past it)."""

    def __init__(self, store: Any, backlog: int = REVIEW_BACKLOG) -> None:
        self.store = store
        self.backlog = backlog
        self._pid = -1
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        self._held: set[str] = set()

    def _ensure_pool(self) -> ThreadPoolExecutor:
        pid = os.getpid()
        with self._lock:
            if self._pool is None or self._pid != pid:
                self._pool = ThreadPoolExecutor(max_workers=1,
                                                thread_name_prefix="cassino-review")
                self._pid = pid
                self._held = set()
                threading.Thread(target=self._beat_loop, name="cassino-review-beat",
                                 daemon=True).start()
        return self._pool

    def _beat_loop(self) -> None:
        """Every second, the heartbeat of every review this process holds, queued ones
        too, so that no other process takes over a review waiting its turn here."""
        pid = os.getpid()
        while self._pid == pid:
            try:
                for job_id in list(self._held):
                    self.store.jobs.set(_beat_key(job_id), pid, expire=STALE)
            except Exception:  # the store is busy: beat again at the next second
                log.exception("review heartbeat")
            time.sleep(1.0)

    def start(self, job: ReviewJob) -> str:
        if self.backlog and len(self._held) >= self.backlog:
            raise Overloaded("too many reviews are waiting: try again later")
        job_id = new_job_id()
        self._claim(job_id, {"id": job_id, "status": "queued", "total": job.total,
                             "job": job.payload()})
        return job_id

    def _claim(self, job_id: str, record: dict[str, Any]) -> None:
        jobs = self.store.jobs
        pool = self._ensure_pool()
        jobs.set(_beat_key(job_id), os.getpid(), expire=STALE)
        jobs.set(_key(job_id), record, expire=RESULT_TTL)
        self._held.add(job_id)
        pool.submit(self._run, job_id, record)

    def _run(self, job_id: str, record: dict[str, Any]) -> None:
        from workers.embedded import retried

        jobs = self.store.jobs
        try:
            jobs.set(_key(job_id), {**record, "status": "started"}, expire=RESULT_TTL)
            result = retried(_reviewer, job_id, _review_in_search_process,
                             str(self.store.directory), job_id, record["job"],
                             beat=lambda: jobs.set(_beat_key(job_id), os.getpid(),
                                                   expire=STALE))
            jobs.set(_key(job_id), {**record, "status": "finished", "result": result},
                     expire=RESULT_TTL)
        except Exception:
            log.exception("review job %s failed", job_id)
            jobs.set(_key(job_id), {**record, "status": "failed",
                                    "error": "the review failed"}, expire=RESULT_TTL)
        finally:
            jobs.delete(_beat_key(job_id))
            self._held.discard(job_id)

    def job(self, job_id: str) -> dict[str, Any] | None:
        if not JOB_ID.match(job_id):
            return None
        jobs = self.store.jobs
        record = jobs.get(_key(job_id))
        if not isinstance(record, dict) or record.get("id") != job_id:
            return None
        status = record.get("status")
        if status in ("queued", "started") and job_id not in self._held and \
                jobs.get(_beat_key(job_id)) is None:
            with jobs.transact():  # its process is gone: this one takes it over
                if jobs.get(_beat_key(job_id)) is None:
                    log.warning("review %s lost its process: taken over by %d", job_id,
                                os.getpid())
                    record = {**record, "status": "queued"}
                    self._claim(job_id, record)
        total = int(record.get("total", 0))
        if status == "finished":
            return job_object(job_id, "finished", total, total, result=record["result"])
        if status == "failed":
            return job_object(job_id, "failed", 0, total, error=str(record.get("error")))
        done = jobs.get(_done_key(job_id), 0)
        return job_object(job_id, str(record["status"]), int(done) if isinstance(done, int)
                          else 0, total)


# --- Redis / RQ ---------------------------------------------------------------------------


def run_review(payload: dict[str, Any]) -> dict[str, Any]:
    """The RQ job: one review, with the hint jobs' heartbeat and progress in its meta."""
    from rq import get_current_job

    from workers.jobs import heartbeat

    job = get_current_job()
    review_job = ReviewJob.from_payload(payload)

    def progress(done: int, total: int) -> None:
        if job is not None:
            job.meta["progress"] = {"done": done, "total": total}
            try:
                job.save_meta()  # type: ignore[no-untyped-call]
            except Exception:  # Redis away for a moment: the review goes on
                log.warning("progress of review %s not saved", job.id)

    with heartbeat(job):
        return review_job.run(progress)


class RedisReviews(ReviewService):
    """Reviews as RQ jobs on the hints' queue and connection."""

    def __init__(self, hints: Any) -> None:
        self.hints = hints

    def start(self, job: ReviewJob) -> str:
        from rq import Retry

        from workers.queue import _reachable

        with _reachable():
            queued = self.hints.queue.enqueue(
                run_review, args=(job.payload(),), job_id=new_job_id(),
                retry=Retry(max=3), result_ttl=RESULT_TTL, failure_ttl=RESULT_TTL,
                job_timeout=3600, meta={"total": job.total, "review": True})
            if not isinstance(queued.id, str):
                raise QueueUnavailable("the review was not queued")
        return str(queued.id)

    def job(self, job_id: str) -> dict[str, Any] | None:
        if not JOB_ID.match(job_id):
            return None
        from workers.queue import _reachable, _reason, job_status

        with _reachable():
            found = self.hints._fetch(job_id)
            try:
                if found is None or found.func_name != REVIEW_FUNC:
                    return None
            except Exception:  # a record that does not read back: no review of ours
                return None
            status = job_status(found)
            total = int(found.meta.get("total", 0))
            if status == "finished":
                return job_object(job_id, status, total, total, result=found.return_value())
            if status == "failed":
                return job_object(job_id, status, 0, total, error=_reason(found))
            progress = found.meta.get("progress") or {}
            return job_object(job_id, status, int(progress.get("done", 0)), total)


def reviews_for(hints: HintService) -> ReviewService:
    """The review service beside ``hints``: on its Redis queue, or its shared store."""
    from workers.embedded import EmbeddedService

    if isinstance(hints, EmbeddedService):
        return EmbeddedReviews(hints.store)
    return RedisReviews(hints)
