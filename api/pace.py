"""Answers held back until a moment (docs/api.md "Sealed games": the house's pace).

:func:`hold_until` makes the current request's answer leave no sooner than a deadline of
``time.monotonic()``.  Under gunicorn with ``api.gunicorn_worker.JsonErrorWorker`` (``make
run``, the docker image) the worker's event loop keeps the written answer and sends it
then, so no thread waits and other requests are served meanwhile; the worker offers that
as the WSGI environ's ``cassino.hold_until``.  Elsewhere (Flask's test client, another
server) the request's thread sleeps until the deadline: the answer leaves no sooner
either way.
"""

from __future__ import annotations

import time

from flask import has_request_context, request

__all__ = ["HOLD_UNTIL", "hold_until"]

HOLD_UNTIL = "cassino.hold_until"
"""The environ key of the server's hold: a callable taking a ``time.monotonic()`` deadline."""


def hold_until(deadline: float) -> None:
    """The current answer leaves no sooner than ``deadline`` (``time.monotonic()``): held by
    the server when it offers a hold, else after this thread sleeps until then."""
    hold = request.environ.get(HOLD_UNTIL) if has_request_context() else None
    if hold is not None:
        hold(deadline)
        return
    left = deadline - time.monotonic()
    if left > 0:
        time.sleep(left)
