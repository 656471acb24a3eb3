"""api/after.py: work after the answer, queued by the server when it offers a queue (make
run's worker class: tests/api/test_gunicorn_limits.py), else run at once."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

from api.after import AFTER_ANSWER, after_answer


def test_without_a_server_queue_the_work_runs_at_once() -> None:
    done: list[str] = []
    after_answer(lambda: done.append("outside a request"))
    with Flask(__name__).test_request_context():
        after_answer(lambda: done.append("in a request"))
    assert done == ["outside a request", "in a request"]


def test_with_a_server_queue_the_work_waits_in_it() -> None:
    done: list[str] = []
    queued: list[Callable[[], None]] = []
    with Flask(__name__).test_request_context(environ_base={AFTER_ANSWER: queued.append}):
        after_answer(lambda: done.append("after"))
    assert done == [] and len(queued) == 1
    queued[0]()
    assert done == ["after"]
