"""gunicorn's gthread worker whose own error answers are JSON like the app's.

gunicorn refuses some requests before the app sees them: a request line over
``limit_request_line`` (414), a header over ``limit_request_field_size`` or too many headers
(431), a malformed request line or header, a bad chunk (400), and so on.  Its worker writes
them as HTML pages (``gunicorn.workers.base.Worker.handle_error``).  This worker lets
gunicorn decide the status and log as usual, then sends the same answer as
``{"code", "status", "message"}`` with an ``X-Request-Id``, and counts and logs it
(``api.observe``).  It is the default ``worker_class`` of ``api/gunicorn_conf.py``.
"""

from __future__ import annotations

import html
import re
import time
from typing import Any

import orjson
from gunicorn import util  # type: ignore[import-untyped]
from gunicorn.http.errors import (  # type: ignore[import-untyped]
    LimitRequestHeaders,
    LimitRequestLine,
)
from gunicorn.workers.gthread import ThreadWorker  # type: ignore[import-untyped]

from api.observe import HEADER, record_refused, request_id

__all__ = ["JsonErrorWorker"]

_STATUS_LINE = re.compile(rb"HTTP/1\.[01] (\d{3}) ([^\r\n]*)\r\n")
_MESSAGE = re.compile(rb"</h1>(.*)</body>", re.DOTALL)


class _Recorder:
    """Stands in for the client socket while gunicorn writes its HTML error page."""

    def __init__(self) -> None:
        self.data = b""

    def gettimeout(self) -> float:
        return 0.0

    def setblocking(self, flag: bool) -> None:
        pass

    def sendall(self, data: bytes) -> None:
        self.data += data

    def answer(self) -> tuple[int, str, str] | None:
        """(status, reason, message) of what gunicorn wrote, ``None`` if nothing."""
        line = _STATUS_LINE.match(self.data)
        if line is None:
            return None
        found = _MESSAGE.search(self.data)
        message = html.unescape(found.group(1).decode("latin-1")).strip() if found else ""
        return int(line.group(1)), line.group(2).decode("latin-1"), message


def json_error(status: int, reason: str, message: str, rid: str) -> bytes:
    """A whole HTTP/1.1 answer: the app's error body, ``Connection: close``."""
    body = orjson.dumps({"code": status, "status": reason, "message": message})
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            f"{HEADER}: {rid}\r\n\r\n")
    return head.encode("latin-1") + body


class JsonErrorWorker(ThreadWorker):  # type: ignore[misc]
    """``gthread`` with JSON error answers (same status codes as gunicorn's)."""

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        started = time.perf_counter()
        recorder = _Recorder()
        super().handle_error(req, recorder, addr, exc)  # gunicorn's status, logs, page
        answer = recorder.answer()
        if answer is None:
            return
        status, reason, message = answer
        if isinstance(exc, LimitRequestLine):
            message = (f"the request line (method, URL and version) is over "
                       f"{self.cfg.limit_request_line} bytes")
        elif isinstance(exc, LimitRequestHeaders):
            message = (f"the request headers are too large: at most "
                       f"{self.cfg.limit_request_fields} headers of at most "
                       f"{self.cfg.limit_request_field_size} bytes each")
        elif status >= 500 and not message:
            message = "internal error"
        given = next((value for name, value in getattr(req, "headers", None) or ()
                      if name.upper() == HEADER.upper()), None)
        rid = request_id(given)  # mostly a new one: the request's headers were not read
        data = json_error(status, reason, message or reason, rid)
        try:
            util.write_nonblock(client, data)
        except Exception:
            self.log.debug("Failed to send error message.")
        addr = addr or ("", -1)
        record_refused(self.wsgi, status=status, rid=rid, remote_addr=str(addr[0]) or None,
                       nbytes=len(data), seconds=time.perf_counter() - started,
                       method=getattr(req, "method", None), path=getattr(req, "path", None))
