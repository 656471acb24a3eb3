"""Operations (docs/api.md "Operations"): request ids, JSON logs, Prometheus metrics.

:func:`install` wraps the app's WSGI callable so that every answer (errors, 404s and static
files included) carries an ``X-Request-Id`` (the client's when it is a sane token, else a
fresh uuid4 hex), every log line written during the request names it, the app writes one
JSON access-log line per request, and ``/metrics`` serves Prometheus counters and
histograms.  Under gunicorn with several processes the metrics live in
``PROMETHEUS_MULTIPROC_DIR`` (set up by ``api/gunicorn_conf.py``) and every process
answers for all of them; without it, the default registry of this process.
"""

from __future__ import annotations

import io
import logging
import os
import re
import sys
import time
import traceback
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from datetime import UTC, datetime
from functools import wraps
from typing import Any

import orjson
from flask import Flask, Response, current_app, request
from flask.logging import default_handler
from prometheus_client import REGISTRY, CollectorRegistry, Counter, Histogram, multiprocess
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import choose_encoder
from werkzeug.exceptions import RequestEntityTooLarge

from workers.metrics import HINT_CACHE_HITS, HINT_CACHE_MISSES  # here too: exported from 0

__all__ = ["HEADER", "HINT_CACHE_HITS", "HINT_CACHE_MISSES", "HINT_SECONDS", "RATE_LIMITED",
           "REQUESTS", "REQUEST_SECONDS",
           "JsonFormatter", "current_request_id", "install", "log_access", "request_id"]

HEADER = "X-Request-Id"
_SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")
_ENVIRON_ID = "cassino.request_id"
_ENVIRON_RULE = "cassino.url_rule"
_ENVIRON_TOO_LARGE = "cassino.body_too_large"
UNMATCHED = "unmatched"
"""The ``endpoint`` label of a request that no route matched (404, or refused by gunicorn)."""
LOGGERS = ("api", "workers")
"""The loggers whose lines go to stderr as JSON (the app's own logger is ``api.app``)."""

_current_id: ContextVar[str | None] = ContextVar("cassino_request_id", default=None)
access_log = logging.getLogger("api.access")


def request_id(given: str | None) -> str:
    """The client's ``X-Request-Id`` when it is 1-128 of ``[A-Za-z0-9._-]``, else a new one."""
    if given is not None and _SANE_ID.fullmatch(given):
        return given
    return uuid.uuid4().hex


def current_request_id() -> str | None:
    """The id of the request this thread is answering, if any."""
    return _current_id.get()


# --- metrics ------------------------------------------------------------------------------

_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
_HINT_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0,
                 300.0, 600.0)

REQUESTS = Counter(
    "cassino_http_requests_total",
    "HTTP requests answered, by method, route (the URL rule, not the path) and status.",
    ["method", "endpoint", "status"])
REQUEST_SECONDS = Histogram(
    "cassino_http_request_duration_seconds",
    "Time to answer an HTTP request, by route (the URL rule) and status.",
    ["endpoint", "status"])
HINT_SECONDS = Histogram(
    "cassino_hint_duration_seconds",
    "Time to answer POST /v1/hints (kind=hints) or /v1/evaluate (kind=evaluate), by "
    "status: 200 an answer, 202 a job to poll.",
    ["kind", "status"], buckets=_HINT_BUCKETS)
RATE_LIMITED = Counter(
    "cassino_rate_limited_total", "Requests refused by the rate limiter (429).")


def _method(method: str) -> str:
    """A bounded ``method`` label: any other token a client sends counts as ``other``."""
    return method if method in _METHODS else "other"


_children: dict[tuple[str, str, int], tuple[Any, Any]] = {}
"""The labelled counter and histogram of each (method, endpoint, status): few, and looked up
once each (``labels()`` costs more than the increment)."""


def _observe_request(method: str, endpoint: str, status: int, seconds: float) -> None:
    key = (_method(method), endpoint, status)
    children = _children.get(key)
    if children is None:
        children = _children[key] = (
            REQUESTS.labels(key[0], endpoint, str(status)),
            REQUEST_SECONDS.labels(endpoint, str(status)))
    children[0].inc()
    children[1].observe(seconds)


class _Collect:
    """Scrape-time collector over another registry (``describe`` is empty on purpose)."""

    def __init__(self, collect: Callable[[], Iterable[Metric]]) -> None:
        self.collect = collect

    def describe(self) -> list[Metric]:
        return []


def _queue_gauges(service: Any) -> Iterator[Metric]:
    """Depth and live workers of the RQ queue, read from Redis at scrape time; nothing in the
    embedded default, nor when Redis cannot be reached."""
    queue = getattr(service, "queue", None)
    connection = getattr(service, "connection", None)
    if queue is None or connection is None:
        return
    from redis.exceptions import RedisError
    from rq import Worker

    try:
        depth = queue.count
        workers = Worker.count(connection=connection, queue=queue)
    except RedisError as exc:
        logging.getLogger("api.metrics").warning("queue gauges unavailable: %s",
                                                 type(exc).__name__)
        return
    yield GaugeMetricFamily("cassino_queue_depth", "Hint jobs waiting in the RQ queue.",
                            value=depth)
    yield GaugeMetricFamily("cassino_queue_workers", "Live RQ workers on the hint queue.",
                            value=workers)


def _metrics() -> Response:
    registry = CollectorRegistry(auto_describe=False)
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):  # gunicorn: every process's files
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    else:
        registry.register(_Collect(REGISTRY.collect))
    service = current_app.extensions.get("cardgames_hints")
    registry.register(_Collect(lambda: _queue_gauges(service)))
    encoder, content_type = choose_encoder(request.headers.get("Accept", ""))
    return Response(encoder(registry), headers={"Content-Type": content_type})


def _timed(view: Callable[..., Any], kind: str) -> Callable[..., Any]:
    """The hints or evaluate view, its 200 and 202 answers timed in ``HINT_SECONDS``."""

    @wraps(view)
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        answer = view(*args, **kwargs)
        status = getattr(answer, "status_code", None)
        if status in (200, 202):
            HINT_SECONDS.labels(kind, str(status)).observe(time.perf_counter() - started)
        return answer

    return timed


# --- logs ---------------------------------------------------------------------------------

_ACCESS_FIELDS = ("method", "path", "status", "duration_ms", "remote_addr", "bytes")


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, the request id, and for the
    access log its fields; for an exception its type and stack (never its message or the
    request body, which may hold what a client sent)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC)
            .isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname, "logger": record.name, "message": record.getMessage()}
        rid = getattr(record, "request_id", None) or _current_id.get()
        if rid:
            entry["request_id"] = rid
        for key in _ACCESS_FIELDS:
            if key in record.__dict__:
                entry[key] = record.__dict__[key]
        if record.exc_info and record.exc_info[0] is not None:
            kind = record.exc_info[0]
            entry["exception"] = (kind.__qualname__ if kind.__module__ == "builtins"
                                  else f"{kind.__module__}.{kind.__qualname__}")
            entry["traceback"] = "".join(traceback.format_tb(record.exc_info[2])).rstrip()
        return orjson.dumps(entry, default=str).decode()


class _StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """JSON lines on the ``sys.stderr`` of the moment (as test runners swap it)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)
        self.setFormatter(JsonFormatter())

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)


_handler = _StderrHandler()


def _level(value: Any) -> int:
    if isinstance(value, int):
        return value
    level = logging.getLevelName(str(value).upper())
    if not isinstance(level, int):
        raise ValueError(f"LOG_LEVEL: {value!r} is not a logging level")
    return level


def _configure_logging(app: Flask) -> None:
    level = _level(app.config["LOG_LEVEL"])
    for name in LOGGERS:  # process-wide: the last app created sets the level
        logger = logging.getLogger(name)
        if _handler not in logger.handlers:
            logger.addHandler(_handler)
        logger.setLevel(level)
    app.logger.removeHandler(default_handler)  # its lines go through "api" as JSON


def log_access(*, method: str | None, path: str | None, status: int, seconds: float,
               rid: str, remote_addr: str | None, nbytes: int) -> None:
    """One access-log line (``api.access``, INFO), written straight to stderr as the JSON
    formatter would write it: a LogRecord and the handler chain cost as much again as the
    rest of a legal-moves request's observability (measured)."""
    if not access_log.isEnabledFor(logging.INFO):
        return
    line = orjson.dumps({
        "time": datetime.fromtimestamp(time.time(), UTC).isoformat(timespec="milliseconds")
        .replace("+00:00", "Z"),
        "level": "INFO", "logger": access_log.name,
        "message": f"{method or '-'} {path or '-'} {status}", "request_id": rid,
        "method": method, "path": path, "status": status,
        "duration_ms": round(seconds * 1000, 3), "remote_addr": remote_addr, "bytes": nbytes,
    }, default=str).decode() + "\n"
    with _handler.lock:  # type: ignore[union-attr]  # whole lines among threads
        sys.stderr.write(line)


def record_refused(app: Any, *, status: int, rid: str, remote_addr: str | None,
                   nbytes: int, seconds: float, method: str | None = None,
                   path: str | None = None) -> None:
    """A request that gunicorn refused before the app saw it (414, 431, 400...): counted and
    logged like the others (``api/gunicorn_worker.py``)."""
    _observe_request(method or "other", UNMATCHED, status, seconds)
    config = getattr(app, "config", None) or {}
    if config.get("ACCESS_LOG_JSON", True):
        log_access(method=method, path=path, status=status, seconds=seconds, rid=rid,
                   remote_addr=remote_addr, nbytes=nbytes)


# --- the WSGI wrapper ---------------------------------------------------------------------


def _read_at_most(stream: Any, size: int) -> bytes:
    parts: list[bytes] = []
    got = 0
    while got < size:
        chunk = stream.read(min(64 * 1024, size - got))
        if not chunk:
            break
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts)


def _bound_streamed_body(environ: dict[str, Any], limit: int | None) -> None:
    """A body without Content-Length (``Transfer-Encoding: chunked``) is read here up to
    ``limit`` + 1 bytes: over the limit the request is a 413 (see ``_before``); within it,
    the app reads it from memory.  (Werkzeug alone would cut such a body at the limit
    without a word and parse what is left.)"""
    if limit is None or environ.get("CONTENT_LENGTH") \
            or not environ.get("wsgi.input_terminated"):
        return
    data = _read_at_most(environ["wsgi.input"], limit + 1)
    if len(data) > limit:
        environ[_ENVIRON_TOO_LARGE] = True
        data = b""
    environ["wsgi.input"] = io.BytesIO(data)  # still "terminated": werkzeug reads it all


def _wsgi_text(value: str) -> str:
    """A WSGI environ string (latin-1 decoded bytes) as the UTF-8 text the client sent."""
    return value.encode("latin-1", "replace").decode("utf-8", "replace")


class _Observed:
    """The app's WSGI callable with request ids, the access log and request metrics."""

    def __init__(self, app: Flask, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict[str, Any],
                 start_response: Callable[..., Any]) -> Iterable[bytes]:
        started = time.perf_counter()
        rid = request_id(environ.get("HTTP_X_REQUEST_ID"))
        environ[_ENVIRON_ID] = rid
        token = _current_id.set(rid)
        answered: dict[str, Any] = {}

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            headers = [(k, v) for k, v in headers if k.lower() != "x-request-id"]
            headers.append((HEADER, rid))
            answered["status"], answered["headers"] = status, headers
            return start_response(status, headers, exc_info)

        def finish(nbytes: int) -> None:
            try:
                self._finish(environ, answered, started, rid, nbytes)
            finally:
                try:
                    _current_id.reset(token)
                except ValueError:  # closed from another context
                    _current_id.set(None)

        try:
            _bound_streamed_body(environ, self.app.config.get("MAX_CONTENT_LENGTH"))
            body = self.wsgi_app(environ, start)
        except BaseException:
            _current_id.reset(token)
            raise
        length = next((v for k, v in answered.get("headers", ())
                       if k.lower() == "content-length"), None)
        if environ.get("REQUEST_METHOD") == "HEAD":
            length = "0"
        if length is not None and length.isdigit():  # the usual case: no need to wrap
            finish(int(length))
            return body
        return _Counted(body, finish)

    def _finish(self, environ: dict[str, Any], answered: dict[str, Any], started: float,
                rid: str, nbytes: int) -> None:
        seconds = time.perf_counter() - started
        status = int(str(answered.get("status", "500")).split(" ", 1)[0])
        method = environ.get("REQUEST_METHOD", "")
        _observe_request(method, environ.get(_ENVIRON_RULE) or UNMATCHED, status, seconds)
        if self.app.config["ACCESS_LOG_JSON"]:
            path = _wsgi_text(environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", ""))
            log_access(method=method, path=path, status=status, seconds=seconds, rid=rid,
                       remote_addr=environ.get("REMOTE_ADDR"), nbytes=nbytes)


class _Counted:
    """A response body of unknown length: its bytes counted, logged once it is closed."""

    def __init__(self, body: Iterable[bytes], done: Callable[[int], None]) -> None:
        self.body = body
        self.done = done
        self.sent = 0

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.body:
            self.sent += len(chunk)
            yield chunk

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            self.done(self.sent)


def install(app: Flask) -> None:
    """Request ids, JSON logs and ``/metrics`` for ``app`` (settings ``LOG_LEVEL``, default
    INFO, and ``ACCESS_LOG_JSON``, default on: ``CARDGAMES_LOG_LEVEL``,
    ``CARDGAMES_ACCESS_LOG_JSON``)."""
    app.config.setdefault("LOG_LEVEL", "INFO")
    app.config.setdefault("ACCESS_LOG_JSON", True)
    _configure_logging(app)

    @app.before_request
    def _before() -> None:
        rule = request.url_rule
        request.environ[_ENVIRON_RULE] = rule.rule if rule is not None else None
        if request.environ.get(_ENVIRON_TOO_LARGE):
            raise RequestEntityTooLarge()

    for endpoint, kind in (("hints.Hints", "hints"), ("hints.Evaluate", "evaluate")):
        app.view_functions[endpoint] = _timed(app.view_functions[endpoint], kind)
    app.add_url_rule("/metrics", "metrics", _metrics, methods=["GET"])
    app.wsgi_app = _Observed(app, app.wsgi_app)  # type: ignore[method-assign]
