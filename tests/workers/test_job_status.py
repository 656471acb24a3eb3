"""Every status RQ can give a job reads as one of ours (workers/queue.py): a status left out
read as "failed", and RQ 3's READY_TO_ENQUEUE, a merge job between its ranges' end and its
own queueing, turned a split hint into a 500 about one time in ten."""

from __future__ import annotations

from typing import Any

from rq.job import JobStatus

from workers.queue import _STATUS, job_status


class _Job:
    def __init__(self, status: Any) -> None:
        self.status = status

    def get_status(self) -> Any:
        return self.status


def test_every_rq_status_is_mapped() -> None:
    assert set(JobStatus) <= set(_STATUS), set(JobStatus) - set(_STATUS)


def test_only_rq_failures_read_as_failed() -> None:
    failed = {status for status in JobStatus if job_status(_Job(status)) == "failed"}
    assert failed == {JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED}


def test_a_status_unknown_to_us_reads_as_queued() -> None:
    assert job_status(_Job("some-future-status")) == "queued"
