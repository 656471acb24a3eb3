"""gunicorn's gthread worker whose own error answers are JSON like the app's.

gunicorn refuses some requests before the app sees them: a request line over
``limit_request_line`` (414), a header over ``limit_request_field_size`` or too many headers
(431), a malformed request line or header, a bad chunk (400), and so on.  Its worker writes
them as HTML pages (``gunicorn.workers.base.Worker.handle_error``).  This worker lets
gunicorn decide the status and log as usual, then sends the same answer as
``{"code", "status", "message"}`` with an ``X-Request-Id``, and counts and logs it
(``api.observe``).  It is the default ``worker_class`` of ``api/gunicorn_conf.py``.

It also reads every request whole before a thread sees it.  gthread hands a connection
to one of its few threads as soon as the first bytes arrive, and the thread then reads
the rest blocking: a client that sends its headers or body a byte a second holds the
thread, and a few dozen such clients hold them all.  Here the worker's event loop (its
selector, which already waits for new and kept-alive connections) reads each request,
non-blocking, until its headers and its body (up to the app's ``MAX_CONTENT_LENGTH``)
are in; only then does a thread parse it, from memory.  A request that is not whole
within ``CARDGAMES_READ_TIMEOUT`` seconds (10) of its connection's first chance to send
it is answered 408 (JSON, like the others) and closed, a connection that sent nothing
is closed.  The linger of a closing connection (waiting for the client's FIN so the
answer is not cut by a reset) happens in the event loop too instead of blocking it.
See docs/api.md "Slow clients".

And it holds answers back without a thread.  An answer the app wants sent no sooner than
a moment (a sealed game's house, paced so that its thinking time does not show:
:mod:`api.pace`) is written to memory by the thread, which goes on to the next request,
and the event loop sends it at that moment; the app asks through the WSGI environ's
``cassino.hold_until``.  A thread that slept out the pace held one of the process's two
threads for 200 ms a house move, and a client starting games with a house seat from a
dozen connections held them all (docs/api.md "Operations", "Costly requests").

And it runs what the app leaves for after its answer (``cassino.after_answer``,
:mod:`api.after`: a direct hint's tally handed to the cache writer) in the request's thread
once the answer is written, so that work does not share the interpreter with the answer
on its way out.
"""

from __future__ import annotations

import contextlib
import heapq
import html
import itertools
import re
import selectors
import socket
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import orjson
from gunicorn import http as gunicorn_http  # type: ignore[import-untyped]
from gunicorn import util
from gunicorn.http.errors import (  # type: ignore[import-untyped]
    LimitRequestHeaders,
    LimitRequestLine,
)
from gunicorn.workers.gthread import ThreadWorker  # type: ignore[import-untyped]

from api.after import AFTER_ANSWER
from api.observe import HEADER, record_refused, request_id
from api.pace import HOLD_UNTIL
from workers.settings import setting

__all__ = ["JsonErrorWorker", "RequestBuffer"]

READ_TIMEOUT = 10.0
"""Seconds a request (its headers and its body) has to arrive whole: CARDGAMES_READ_TIMEOUT."""
KEEPALIVE_REQUESTS = 100
"""Requests one kept-alive connection may carry (CARDGAMES_KEEPALIVE_REQUESTS; 0: no
limit): the answer to the last says ``Connection: close``, and the client's next
connection lands on whichever process accepts it first, so a few long-lived connections
do not pin the load to one process."""
LINGER = 2.0
"""Seconds a closing connection waits for the client's FIN (gunicorn's own linger)."""
LINGER_BYTES = 64 * 1024
"""Bytes of an unread body a closing connection reads and drops at most."""
DEFAULT_MAX_BODY = 256 * 1024
"""The body limit when the app names none (it does: ``MAX_CONTENT_LENGTH``)."""
_HEX = frozenset(b"0123456789abcdefABCDEF")
_FRAMING = re.compile(rb"\r\n(content-length|transfer-encoding|expect):([^\r\n]*)",
                      re.IGNORECASE)
"""The header lines that say how the body comes (gunicorn refuses a space before ':')."""
_CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"

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


class RequestBuffer:
    """The bytes of one HTTP/1.x request as they arrive, and whether it is in.

    ``ready()`` is true once the head and the whole body are buffered, and also as soon as
    what is buffered is enough for gunicorn's parser or the app to refuse the request
    without reading more: a request line, a header block or a chunk-size line over
    gunicorn's limits, a bare LF, a malformed length or chunk, an unknown transfer coding,
    a body announced over ``body_limit`` (the app's 413), a chunked body past it.  So a
    thread given a ready request never waits for the client.
    """

    def __init__(self, data: bytes = b"", *, line_limit: int = 4094, head_limit: int,
                 field_limit: int = 8190, body_limit: int = DEFAULT_MAX_BODY) -> None:
        self.data = bytearray(data)
        self.line_limit = line_limit  # the request line, as gunicorn's limit_request_line
        self.head_limit = head_limit  # the whole head
        self.field_limit = field_limit  # a chunk-size line, as gunicorn reads it
        self.body_limit = body_limit
        self.head_end = -1  # where the body starts, once the head is in
        self.scanned = 0  # the head is searched for its end from here
        self.length = 0  # Content-Length (0 without one)
        self.chunked = False
        self.chunk_at = 0  # the next chunk-size line
        self.decoded = 0  # body bytes of the chunks read whole
        self.expects_continue = False  # HTTP/1.1 "Expect: 100-continue"
        self.request_line = b""
        self.done = False  # whole, or refusable as it is
        self.whole = False  # the head and the body are in

    def feed(self, data: bytes) -> bool:
        self.data += data
        return self.ready()

    def ready(self) -> bool:
        if not self.done:
            self.done = self._check()
        return self.done

    @property
    def waits_for_body(self) -> bool:
        """The head is in, and the body (which the app will read) is not yet."""
        return self.head_end >= 0 and not self.done

    def _check(self) -> bool:
        if self.head_end < 0:
            refused = self._head()
            if refused is None:  # the head is not all in
                return self._refused_head()
            if refused:
                return True
        if self.chunked:
            return self._chunks()
        self.whole = len(self.data) - self.head_end >= self.length
        return self.whole

    def _refused_head(self) -> bool:
        """No end of the head yet: is what came already refusable?"""
        data = self.data
        if len(data) > self.head_limit:
            return True  # 431 (gunicorn's max buffer headers)
        newline = data.find(b"\n")
        if newline < 0 and self.line_limit > 0 and len(data) > self.line_limit + 2:
            return True  # 414
        return data.count(b"\n") != data.count(b"\r\n")  # 400, bare LF

    def _head(self) -> bool | None:
        """Find the end of the head and read the body's framing from it: ``None`` while
        the head is not all in, true if the request is refusable as it stands (the parser
        or the app will say why), false if its body is to be read."""
        end = self.data.find(b"\r\n\r\n", max(0, self.scanned - 3))
        self.scanned = len(self.data)
        if end < 0:
            return None
        data = self.data
        first = 2 if data[:2] == b"\r\n" else 0  # one empty line may come before it
        line_end = data.find(b"\r\n", first)
        self.request_line = bytes(data[first:line_end])
        lengths, codings = [], []
        for found in _FRAMING.finditer(data, line_end, end + 2):
            name, value = found.group(1).lower(), found.group(2).strip(b" \t")
            if name == b"content-length":
                lengths.append(value)
            elif name == b"transfer-encoding":
                codings += [c.strip(b" \t").lower() for c in value.split(b",")]
            else:
                self.expects_continue = (value.lower() == b"100-continue"
                                         and self.request_line.endswith(b" HTTP/1.1"))
        if codings:
            if lengths or codings[-1] != b"chunked":
                return True  # 400 or 501
            self.chunked = True
        elif lengths:
            if len(lengths) > 1 or not lengths[0].isdigit():
                return True  # 400
            self.length = int(lengths[0])
            if self.length > self.body_limit:
                return True  # the app's 413, without reading the body
        self.head_end = end + 4
        self.chunk_at = self.head_end
        return False

    def _chunks(self) -> bool:
        data = self.data
        while True:
            end = data.find(b"\r\n", self.chunk_at)
            if end < 0:
                return len(data) - self.chunk_at > self.field_limit + 2  # 400
            size_text = bytes(data[self.chunk_at:end]).split(b";", 1)[0].rstrip(b" \t")
            if not size_text or not set(size_text) <= _HEX:
                return True  # 400
            size = int(size_text, 16)
            start = end + 2
            if size == 0:  # then the trailers, up to an empty line
                self.whole = data[start:start + 2] == b"\r\n" \
                    or data.find(b"\r\n\r\n", start) >= 0
                return self.whole or len(data) - start > self.field_limit * 32  # 431
            if len(data) < start + size + 2:  # this chunk is still coming
                return self.decoded + len(data) - start > self.body_limit  # 413
            self.decoded += size
            if self.decoded > self.body_limit or data[start + size:start + size + 2] != b"\r\n":
                return True  # 413, or 400
            self.chunk_at = start + size + 2


class _Reading:
    """A connection whose request the event loop is reading."""

    def __init__(self, conn: Any, buffer: RequestBuffer, deadline: float) -> None:
        self.conn = conn
        self.buffer = buffer
        self.started = time.monotonic()
        self.deadline = deadline
        self.continued = False  # "100 Continue" sent


class _ReadTimeoutError(TimeoutError):
    """The request did not arrive in time (a thread's read of a request handed over early)."""


class _DeadlineSocket:
    """The read side of a client socket for gunicorn's parser: a read waits at most until
    ``deadline``.  Whole requests are parsed from memory and never read from it; it bounds
    the rare read past what the event loop buffered (the drain of an unread body of a
    kept-alive connection, which gunicorn stops at a ``TimeoutError``)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.deadline = time.monotonic() + READ_TIMEOUT

    def recv(self, size: int) -> bytes:
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise _ReadTimeoutError("request read timeout")
        self.sock.settimeout(remaining)
        try:
            return self.sock.recv(size)
        except TimeoutError:
            raise _ReadTimeoutError("request read timeout") from None
        finally:
            self.sock.settimeout(None)


class _HeldSocket:
    """The client socket as a thread writes an answer to it: written through, or, once the
    app asked (``hold_until``) for the answer to leave no sooner than a moment still to
    come when its first byte is written, kept in memory for the event loop to send then.
    Everything else is the socket's."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.until = 0.0  # time.monotonic() before which the answer may not leave
        self.data: bytearray | None = None  # the held answer
        self.through = False  # the answer started on the socket: no holding it now

    def hold_until(self, deadline: float) -> None:
        self.until = max(self.until, deadline)

    def _holds(self) -> bool:
        if self.data is None and not self.through:
            if self.until > time.monotonic():
                self.data = bytearray()
            else:
                self.through = True
        return self.data is not None

    def sendall(self, data: bytes) -> None:
        if self._holds():
            assert self.data is not None
            self.data += data
        else:
            self.sock.sendall(data)

    def sendfile(self, file: Any, offset: int = 0, count: int | None = None) -> int:
        if not self._holds():
            return self.sock.sendfile(file, offset, count)
        assert self.data is not None
        file.seek(offset)
        chunk = file.read() if count is None else file.read(count)
        self.data += chunk
        return len(chunk)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)


class JsonErrorWorker(ThreadWorker):  # type: ignore[misc]
    """``gthread`` with JSON error answers (same status codes as gunicorn's) that hands a
    thread only requests already read whole (see the module's docstring)."""

    wsgi: Any  # gunicorn's: the app, here :meth:`call_app` once loaded

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.read_timeout = float(setting("READ_TIMEOUT", str(READ_TIMEOUT)))
        self.after = threading.local()  # each thread's queue of work after its answer
        self.keepalive_requests = int(setting("KEEPALIVE_REQUESTS",
                                              str(KEEPALIVE_REQUESTS)) or 0)
        self.reading: dict[Any, _Reading] = {}  # by connection, oldest first
        self.lingering: dict[socket.socket, tuple[float, int]] = {}  # deadline, bytes read
        self.held: list[tuple[float, int, Any, Any, bytes]] = []  # a heap, soonest first
        self.held_order = itertools.count()  # ties leave in the order they came

    def init_process(self) -> None:
        cfg = self.cfg
        # Requests are read here first when they are plain HTTP/1.x (no TLS, uwsgi or
        # PROXY protocol, which gunicorn must see first) and a timeout is set (0: off).
        self.buffering = (self.read_timeout > 0 and not cfg.is_ssl
                          and getattr(cfg, "protocol", "http") == "http"
                          and getattr(cfg, "proxy_protocol", "off") in ("off", False, None))
        self.holding = not cfg.is_ssl  # a held answer is sent non-blocking, as plain bytes
        line = cfg.limit_request_line if cfg.limit_request_line > 0 else 1024 * 1024
        fields = cfg.limit_request_fields if 0 < cfg.limit_request_fields <= 32768 else 32768
        field = cfg.limit_request_field_size if cfg.limit_request_field_size > 0 else 8190
        # gunicorn's own limits (its parser refuses past them), read once: cfg is slow
        self.limits = {"line_limit": line, "field_limit": field,
                       "head_limit": line + 2 + fields * (field + 2) + 4}
        super().init_process()  # loads the app, then runs the event loop

    def load_wsgi(self) -> None:
        super().load_wsgi()
        self.app_wsgi: Any = self.wsgi  # the app itself; self.wsgi calls it (call_app)
        config = getattr(self.app_wsgi, "config", None) or {}
        self.limits["body_limit"] = config.get("MAX_CONTENT_LENGTH") or DEFAULT_MAX_BODY
        self.wsgi = self.call_app

    def call_app(self, environ: dict[str, Any], start_response: Any) -> Any:
        """The app, offered ``cassino.hold_until`` when its answer may be held, and
        ``cassino.after_answer`` (:mod:`api.after`)."""
        sock = environ.get("gunicorn.socket")
        if isinstance(sock, _HeldSocket):
            environ[HOLD_UNTIL] = sock.hold_until
        queue = getattr(self.after, "queue", None)
        if queue is not None:
            environ[AFTER_ANSWER] = queue.append
        return self.app_wsgi(environ, start_response)

    # --- reading requests in the event loop (these run in the worker's main thread) ----

    def enqueue_req(self, conn: Any) -> None:
        """Every way a connection reaches a thread (accepted, kept alive and readable,
        read ahead) comes here: read its request first, unless that is done."""
        if getattr(conn, "cassino_whole", False) or not self.buffering:
            conn.cassino_whole = False
            super().enqueue_req(conn)
            return
        if not hasattr(conn, "cassino_close"):  # first time: linger in the event loop
            conn.cassino_close = conn.close
            conn.close = partial(self.close_connection, conn)
        data = b""
        if conn.parser is not None:  # kept alive: what was read ahead comes first
            data = conn.parser.unreader.take_buffered()
        reading = _Reading(conn, RequestBuffer(data, **self.limits),
                           time.monotonic() + self.read_timeout)
        if data and reading.buffer.ready():
            self.hand_over(reading)
            return
        if self.receive(reading):  # mostly the whole request is there already
            self.reading[conn] = reading
            self.poller.register(conn.sock, selectors.EVENT_READ,
                                 partial(self.on_request_data, reading))

    def on_request_data(self, reading: _Reading, _sock: Any) -> None:
        self.receive(reading)

    def receive(self, reading: _Reading) -> bool:
        """Read what came: true while more of the request is to come.  Otherwise the
        request is handed over, or the connection (closed by its client) dropped."""
        conn = reading.conn
        try:
            data = conn.sock.recv(65536, socket.MSG_DONTWAIT)  # whether blocking or not
        except (BlockingIOError, InterruptedError):
            return True
        except OSError:
            data = b""
        if data and not reading.buffer.feed(data):
            if reading.buffer.waits_for_body and reading.buffer.expects_continue \
                    and not reading.continued:
                reading.continued = True  # the client waits for it before sending its body
                with contextlib.suppress(OSError):
                    conn.sock.send(_CONTINUE, socket.MSG_DONTWAIT)
            return True
        self.stop_reading(reading)
        if data:
            self.hand_over(reading)
        else:  # the client went away (or reset): nothing to answer
            self.drop(conn)
        return False

    def stop_reading(self, reading: _Reading) -> None:
        if self.reading.pop(reading.conn, None) is not None:  # it waits in the selector
            with contextlib.suppress(KeyError, ValueError, OSError):
                self.poller.unregister(reading.conn.sock)

    def hand_over(self, reading: _Reading) -> None:
        """The request is in (or refusable): a thread parses it from memory."""
        conn = reading.conn  # gthread makes its socket blocking in the thread
        if conn.parser is None:
            conn.cassino_source = _DeadlineSocket(conn.sock)
            conn.parser = gunicorn_http.get_parser(self.cfg, conn.cassino_source,
                                                   conn.client)
        if getattr(conn, "cassino_source", None) is not None:
            conn.cassino_source.deadline = reading.deadline
        conn.parser.unreader.unread(bytes(reading.buffer.data))
        conn.data_ready = True  # gthread waits for nothing more
        conn.cassino_continued = reading.continued
        conn.cassino_partial = not reading.buffer.whole
        conn.cassino_whole = True
        self.enqueue_req(conn)

    def drop(self, conn: Any) -> None:
        self.nr_conns -= 1
        with contextlib.suppress(OSError):
            conn.sock.close()

    def expire_reading(self) -> None:
        """408 to the requests that did not arrive in time; close silent connections."""
        now = time.monotonic()
        for reading in list(self.reading.values()):
            if reading.deadline > now:
                break  # the others came later
            self.stop_reading(reading)
            self.nr_conns -= 1
            if reading.buffer.data.strip():
                self.answer_timeout(reading)
                self.linger(reading.conn.sock)
            else:
                reading.conn.sock.close()

    def answer_timeout(self, reading: _Reading) -> None:
        line = reading.buffer.request_line or bytes(reading.buffer.data).split(b"\r\n", 1)[0]
        parts = line.decode("latin-1").split(" ")
        method = parts[0] if len(parts) == 3 and parts[2].startswith("HTTP/") else None
        path = parts[1].split("?", 1)[0] if method else None
        rid = request_id(None)
        data = json_error(408, "Request Timeout",
                          f"the request did not arrive whole within {self.read_timeout:g} s",
                          rid)
        with contextlib.suppress(OSError):
            reading.conn.sock.send(data, socket.MSG_DONTWAIT)
        addr = reading.conn.client
        remote = str(addr[0]) if isinstance(addr, tuple) and addr else None
        record_refused(self.app_wsgi, status=408, rid=rid, remote_addr=remote or None,
                       nbytes=len(data), seconds=time.monotonic() - reading.started,
                       method=method, path=path)

    # --- closing in the event loop ----------------------------------------------------

    def close_connection(self, conn: Any, graceful: bool = False) -> None:
        """``TConn.close``: gunicorn's graceful close reads until the client's FIN for up
        to 2 s, in the event loop's thread, which then serves no one; here the event loop
        waits for it among the rest."""
        if graceful:
            self.linger(conn.sock)
        else:
            conn.cassino_close(graceful=False)

    def linger(self, sock: socket.socket) -> None:
        try:
            sock.shutdown(socket.SHUT_WR)
            with contextlib.suppress(BlockingIOError, InterruptedError):
                if not sock.recv(LINGER_BYTES, socket.MSG_DONTWAIT):  # closed already: mostly
                    util.close(sock)
                    return
            self.poller.register(sock, selectors.EVENT_READ, self.on_linger_data)
        except (OSError, KeyError, ValueError):
            util.close(sock)
            return
        self.lingering[sock] = (time.monotonic() + LINGER, 0)

    def on_linger_data(self, sock: socket.socket) -> None:
        deadline, drained = self.lingering.get(sock, (0.0, 0))
        try:
            data = sock.recv(65536, socket.MSG_DONTWAIT)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        drained += len(data)
        if data and drained < LINGER_BYTES:
            self.lingering[sock] = (deadline, drained)
        else:
            self.end_linger(sock)

    def end_linger(self, sock: socket.socket) -> None:
        self.lingering.pop(sock, None)
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(sock)
        util.close(sock)

    def expire_lingering(self) -> None:
        now = time.monotonic()
        for sock, (deadline, _) in list(self.lingering.items()):
            if deadline > now:
                break
            self.end_linger(sock)

    def murder_keepalived(self, *args: Any, **kwargs: Any) -> None:
        """Called by gthread's event loop at least once a second."""
        super().murder_keepalived(*args, **kwargs)
        self.expire_reading()
        self.expire_lingering()

    def handle_request(self, req: Any, conn: Any) -> bool:
        """gthread's, then the work the app left for after its answer (:mod:`api.after`),
        in this thread, whatever became of the request."""
        queue: list[Callable[[], None]] = []
        self.after.queue = queue
        try:
            return self._handle_request(req, conn)
        finally:
            self.after.queue = None
            for work in queue:
                try:
                    work()
                except Exception:  # the answer stands; the work was best effort
                    self.log.exception("work after an answer failed")

    def _handle_request(self, req: Any, conn: Any) -> bool:
        if getattr(conn, "cassino_continued", False):
            req._expected_100_continue = False  # the event loop sent "100 Continue"
        if getattr(conn, "cassino_partial", False):
            # Refused before its body came (a 413): close after the answer.  Kept alive,
            # gunicorn would first read the rest of the body in this thread.
            req.force_close()
        served = getattr(conn, "cassino_served", 0) + 1
        conn.cassino_served = served
        if self.keepalive_requests and served >= self.keepalive_requests:
            req.force_close()  # its last on this connection (KEEPALIVE_REQUESTS)
        if not self.holding:
            return bool(super().handle_request(req, conn))
        sock = conn.sock
        conn.sock = held = _HeldSocket(sock)  # the answer is written to it
        try:
            keep = bool(super().handle_request(req, conn))
        finally:
            conn.sock = sock
        if held.data is not None:  # for the event loop to send (finish_request)
            conn.cassino_held = (held.until, bytes(held.data))
        return keep

    # --- held answers, sent by the event loop -----------------------------------------

    def finish_request(self, conn: Any, fs: Any) -> None:
        """A thread is done with ``conn`` (in the event loop): its held answer waits for its
        moment, then gthread goes on with the connection (kept alive, or closed)."""
        held = getattr(conn, "cassino_held", None)
        if held is None:
            super().finish_request(conn, fs)
            return
        conn.cassino_held = None
        until, data = held
        heapq.heappush(self.held, (until, next(self.held_order), conn, fs, data))

    def wait_for_and_dispatch_events(self, timeout: float) -> None:
        """gthread's wait for events, cut short when a held answer is due, which is then
        sent."""
        if self.held:
            timeout = min(timeout, max(0.0, self.held[0][0] - time.monotonic()))
        super().wait_for_and_dispatch_events(timeout)
        now = time.monotonic()
        while self.held and self.held[0][0] <= now:
            _, _, conn, fs, data = heapq.heappop(self.held)
            self.send_held(conn, fs, memoryview(data))

    def send_held(self, conn: Any, fs: Any, data: memoryview) -> None:
        """Send what is left of a held answer without blocking: the rest when the socket
        can take it, then the connection as gthread would have it."""
        try:
            while data:
                data = data[conn.sock.send(data, socket.MSG_DONTWAIT):]
        except (BlockingIOError, InterruptedError):
            self.poller.register(conn.sock, selectors.EVENT_WRITE,
                                 partial(self.on_held_writable, conn, fs, data))
            return
        except OSError:  # the client went away
            self.nr_conns -= 1
            conn.close()
            return
        super().finish_request(conn, fs)

    def on_held_writable(self, conn: Any, fs: Any, data: memoryview, _sock: Any) -> None:
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        self.send_held(conn, fs, data)

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
        record_refused(self.app_wsgi, status=status, rid=rid, remote_addr=str(addr[0]) or None,
                       nbytes=len(data), seconds=time.perf_counter() - started,
                       method=getattr(req, "method", None), path=getattr(req, "path", None))
