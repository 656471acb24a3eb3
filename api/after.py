"""Work that waits until the answer has left (docs/workers.md "The direct path").

:func:`after_answer` runs a callable once the current request's answer is written to its
client: a direct hint's tally is handed to the cache writer then, so that the writing does
not take the interpreter from the answer on its way out.  Under gunicorn with
``api.gunicorn_worker.JsonErrorWorker`` (``make run``, the docker image) the worker offers
that as the WSGI environ's ``cassino.after_answer`` and runs the work in the request's
thread once the answer is written, whatever became of the request.  Elsewhere (Flask's
test client, another server) the work runs at once.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import has_request_context, request

__all__ = ["AFTER_ANSWER", "after_answer"]

AFTER_ANSWER = "cassino.after_answer"
"""The environ key of the server's queue: a callable taking the work (no arguments)."""


def after_answer(work: Callable[[], None]) -> None:
    """Run ``work`` once the current answer has left (at once when no server queues it)."""
    queue = request.environ.get(AFTER_ANSWER) if has_request_context() else None
    if queue is None:
        work()
        return
    queue(work)
