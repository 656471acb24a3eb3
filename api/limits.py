"""Per-client request rates (docs/api.md "Operations"): a JSON 429 past them.

Each request to ``/v1/`` (not OPTIONS) counts against ``RATE_LIMIT`` for its client's
address (an IPv6 client by its /64), hints and evaluations against ``HINT_RATE_LIMIT``
too; past one, 429 with ``Retry-After``.  A request that does costly work itself (house
moves, a replay, a record, a bot's search, a review) also counts that work's cost in
searches against ``HINT_RATE_LIMIT`` (:mod:`api.costs`), and a new sealed game counts
against ``SEALED_RATE_LIMIT``, each charged by its endpoint before the work is done; while
costly work runs in a request's thread, it takes one of the client's ``COSTLY_PER_CLIENT``
slots of the process (a 429 when they are taken).  Counted answers carry
``X-RateLimit-*`` of the limit nearest to refusing.
``PROXY_HOPS`` > 0 trusts that many proxies' ``X-Forwarded-For``.  Fixed windows, in
``limits``' memory storage (Flask-Limiter's engine), or with ``REDIS_URL`` in Redis by
one Lua script (one round trip a request; in memory while Redis is away).  Flask-Limiter
itself is not used: its per-request bookkeeping cost 39% of a legal-moves request, these
counts 7% (docs/api.md "Performance").
"""

from __future__ import annotations

import collections
import ipaddress
import logging
import math
import os
import threading
import time
from dataclasses import dataclass
from typing import Any

import limits
import redis
from flask import Flask, Response, current_app, request
from flask_smorest import abort
from limits.storage import MemoryStorage
from werkzeug.middleware.proxy_fix import ProxyFix

from api import settings
from api.jsonio import respond
from api.observe import RATE_LIMITED

HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset")
"""The headers of every counted answer (a cross-origin page may read them)."""
HINT_ENDPOINTS = frozenset({"hints.Hints", "hints.Evaluate"})
REDIS_RETRY = 10.0
"""Seconds a process counts in memory after Redis failed it, before it tries Redis again."""
SWEEP = 10.0
"""Seconds between two sweeps of a process's expired in-memory counts."""
_ENVIRON = "cassino.rate"
_RUNNING = "cassino.costly"  # the client whose costly work this request runs
COSTLY_RETRY = 1
"""Seconds a client should wait when its costly requests fill its slots (a 429)."""
_OFF = ("", "0", "off", "none", "false", "no")
log = logging.getLogger("api.limits")


def setting(value: Any) -> list[limits.RateLimitItem]:
    """The limits of a setting (``"10 per second; 300 per minute"``); none when it is off
    (unset, empty, 0, false).  A malformed one is refused at start, not at a request."""
    if value is None or value is False or str(value).strip().lower() in _OFF:
        return []
    try:
        return limits.parse_many(str(value))
    except ValueError as exc:
        raise ValueError(f"rate limit {value!r}: {exc}") from None


def client_key(address: str | None) -> str:
    """The client at ``address``; for IPv6 its /64 (one host usually has a whole /64)."""
    address = address or "-"
    if ":" in address:
        try:
            return str(ipaddress.IPv6Network(f"{address}/64", strict=False))
        except ValueError:
            return address
    return address


WHAT = {"api": "requests", "hints": "hints and evaluations", "sealed": "new sealed games"}
"""What each scope's limit counts, as a 429 names it."""


@dataclass(frozen=True)
class Rule:
    """One limit and what it counts: ``requests`` (scope ``api``), ``hints`` (hints,
    evaluations and searches), or ``sealed`` (new sealed games)."""

    item: limits.RateLimitItem
    scope: str

    def key(self, client: str) -> str:
        """The client's count of this limit (``limits``' own key: ``item.key_for``)."""
        return self.item.key_for(client, self.scope)

    @property
    def text(self) -> str:
        unit = self.item.GRANULARITY.name
        per = unit if self.item.multiples == 1 else f"{self.item.multiples} {unit}s"
        return f"{self.item.amount} per {per}"

    @property
    def what(self) -> str:
        return WHAT[self.scope]


class _Memory(MemoryStorage):
    """``limits``' memory storage, its expired counts dropped every ``SWEEP`` seconds by the
    request that comes then: the library's sweeper is a timer thread started anew every
    10 ms under load (a request that starts one waits for it, milliseconds when the cores
    are busy)."""

    STORAGE_SCHEME = ["cassino+memory"]  # noqa: RUF012 - "memory://" stays the library's

    def __init__(self) -> None:
        super().__init__()
        self._next_sweep = time.monotonic() + SWEEP

    def _MemoryStorage__schedule_expiry(self) -> None:  # noqa: N802 - the library's hook
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + SWEEP
            sweep = getattr(self, "_MemoryStorage__expire_events", None)
            if sweep is not None:
                sweep()


_INCR = """
-- KEYS: counts of one client; ARGV: their windows (s), then the amounts to add.  Each
-- count grows by its amount, its window set by the hit that made it (or healed if it has
-- none); returns count and ms left, key by key.
local out = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCRBY', key, ARGV[#KEYS + i])
  local left = redis.call('PTTL', key)
  if left < 0 then
    redis.call('EXPIRE', key, ARGV[i])
    left = ARGV[i] * 1000
  end
  out[2 * i - 1] = count
  out[2 * i] = left
end
return out
"""


class Counter:
    """Fixed-window counts: on Redis in one round trip (``_INCR``, ``limits``' keys), or in
    this process's memory (also while Redis is away).  Each process makes its own storage
    when it first counts (gunicorn forks after the app is made)."""

    def __init__(self, redis_url: str | None) -> None:
        self.redis_url = redis_url
        self._lock = threading.Lock()
        self._pid: int | None = None
        self._memory: MemoryStorage | None = None
        self._redis: Any = None
        self._redis_again = 0.0

    def _storages(self) -> tuple[MemoryStorage, Any]:
        if self._pid != os.getpid():
            with self._lock:
                if self._pid != os.getpid():
                    self._memory = _Memory()
                    if self.redis_url:
                        client = redis.Redis.from_url(
                            self.redis_url, socket_connect_timeout=1, socket_timeout=1)
                        self._redis = client.register_script(_INCR)
                    self._pid = os.getpid()
        assert self._memory is not None
        return self._memory, self._redis

    def hit(self, keys: list[tuple[str, int]], amounts: list[int] | None = None,
            ) -> list[tuple[int, float]]:
        """Count one request (or ``amounts``, key by key) in each (key, window seconds): each
        count, and when its window ends (UNIX time)."""
        amounts = amounts or [1] * len(keys)
        memory, incr = self._storages()
        if incr is not None and time.monotonic() >= self._redis_again:
            try:
                out = incr(keys=[f"LIMITS:{key}" for key, _ in keys],
                           args=[*(window for _, window in keys), *amounts])
                now = time.time()
                return [(int(out[i]), now + int(out[i + 1]) / 1000)
                        for i in range(0, len(out), 2)]
            except redis.RedisError as exc:
                self._redis_again = time.monotonic() + REDIS_RETRY
                log.warning("rate limits: Redis is unreachable (%s): this process counts in "
                            "memory for %g s", type(exc).__name__, REDIS_RETRY)
        return [(memory.incr(key, window, amount), memory.get_expiry(key))
                for (key, window), amount in zip(keys, amounts, strict=True)]


class RateLimits:
    """The limits of an app: checked before each API request, shown after it."""

    def __init__(self, general: list[limits.RateLimitItem], hints: list[limits.RateLimitItem],
                 redis_url: str | None, sealed: list[limits.RateLimitItem] | None = None,
                 costly_per_client: int = 0) -> None:
        self.rules = [Rule(item, "api") for item in general]
        self.hint_rules = self.rules + [Rule(item, "hints") for item in hints]
        self.scopes = {"hints": [Rule(item, "hints") for item in hints],
                       "sealed": [Rule(item, "sealed") for item in sealed or ()]}
        self.counter = Counter(redis_url)
        self.costly_per_client = costly_per_client
        """Requests of one client that may do costly work in this process at once (0: any)."""
        self._running: collections.Counter[str] = collections.Counter()
        self._running_lock = threading.Lock()

    def check(self) -> Response | None:
        """Count the request; a 429 when it is over a limit (``None``: go on)."""
        environ = request.environ
        if environ["REQUEST_METHOD"] == "OPTIONS" \
                or not environ.get("PATH_INFO", "").startswith("/v1/"):
            return None
        rules = self.hint_rules if request.endpoint in HINT_ENDPOINTS else self.rules
        if not rules:
            return None
        client = client_key(environ.get("REMOTE_ADDR"))
        counts = self.counter.hit([(rule.key(client), rule.item.get_expiry()) for rule in rules])
        counted = [(rule, count, reset)
                   for rule, (count, reset) in zip(rules, counts, strict=True)]
        over = [(reset, rule) for rule, count, reset in counted if count > rule.item.amount]
        if not over:
            environ[_ENVIRON] = (counted, None)
            return None
        reset, rule = max(over, key=lambda entry: entry[0])  # the one that holds longest
        environ[_ENVIRON] = (counted, (rule, reset))
        RATE_LIMITED.inc()
        retry = max(1, math.ceil(reset - time.time()))
        response = respond({"code": 429, "status": "Too Many Requests",
                            "message": f"too many {rule.what} from this address: {rule.text} "
                                       f"at most; retry after {retry} s"}, 429)
        response.headers["Retry-After"] = str(retry)
        return response

    def occupy(self, why: str = "") -> None:
        """This request does costly work in its own thread: a 429 when the client's
        requests already do ``costly_per_client`` such works in this process, so that one
        client never holds every thread; the slot is freed when the request ends
        (:meth:`release`)."""
        environ = request.environ
        if self.costly_per_client < 1 or _RUNNING in environ:
            return
        client = client_key(environ.get("REMOTE_ADDR"))
        with self._running_lock:
            full = self._running[client] >= self.costly_per_client
            if not full:
                self._running[client] += 1
                environ[_RUNNING] = client
        if full:
            RATE_LIMITED.inc()
            many = ("a costly request" if self.costly_per_client == 1 else
                    f"{self.costly_per_client} costly requests")
            abort(429, message=f"this address has {many} running in this server process "
                               f"already{f' ({why})' if why else ''}: {self.costly_per_client} "
                               f"at once at most; retry after {COSTLY_RETRY} s",
                  headers={"Retry-After": str(COSTLY_RETRY)})

    def release(self, _exc: BaseException | None = None) -> None:
        """The request's costly work, if any, is over (a teardown hook)."""
        client = request.environ.pop(_RUNNING, None)
        if client is not None:
            with self._running_lock:
                self._running[client] -= 1
                if self._running[client] <= 0:
                    del self._running[client]

    def charge(self, scope: str, amount: int, why: str = "") -> None:
        """Count ``amount`` against the client's ``scope`` limits (``hints``: searches the
        request makes besides its endpoint's own; ``sealed``: new sealed games): a 429 past
        one, before the work is done (nothing played, nothing stored).  An amount over a
        limit counts as the whole limit in its window, so a request dearer than a short
        window goes when that window is otherwise unused; the longer ones count it all.
        ``why`` says what counted (``"the house seats' 5 moves count 35"``)."""
        rules = self.scopes[scope]
        if not rules or amount < 1:
            return
        client = client_key(request.environ.get("REMOTE_ADDR"))
        counts = self.counter.hit([(rule.key(client), rule.item.get_expiry()) for rule in rules],
                                  [min(amount, rule.item.amount) for rule in rules])
        counted = [(rule, count, reset)
                   for rule, (count, reset) in zip(rules, counts, strict=True)]
        earlier, _ = request.environ.get(_ENVIRON) or ([], None)
        kept = [entry for entry in earlier if entry[0] not in rules]
        over = [(reset, rule) for rule, count, reset in counted if count > rule.item.amount]
        refused = max(over, key=lambda entry: entry[0]) if over else None  # the longest
        # the headers tell the nearest limit, these ones included (the refusing one if any)
        request.environ[_ENVIRON] = (kept + counted,
                                     None if refused is None else (refused[1], refused[0]))
        if refused is not None:
            reset, rule = refused
            RATE_LIMITED.inc()
            retry = max(1, math.ceil(reset - time.time()))
            what = "searches" if scope == "hints" else rule.what
            abort(429, message=f"too many {what} from this address"
                               f"{f' ({why})' if why else ''}: {rule.text} at most; retry "
                               f"after {retry} s", headers={"Retry-After": str(retry)})

    @staticmethod
    def headers(response: Response) -> Response:
        """``X-RateLimit-*`` of the limit that refused the request, else of the one with the
        fewest requests left (the shortest window on a tie)."""
        state = request.environ.get(_ENVIRON)
        if state is None:
            return response
        counted, refused = state
        if refused is not None:
            (rule, reset), left = refused, 0
        else:
            rule, count, reset = min(counted, key=lambda entry: (
                entry[0].item.amount - entry[1], entry[0].item.get_expiry()))
            left = max(0, rule.item.amount - count)
        add = response.headers.add  # none of them is there yet: no need to look
        add(HEADERS[0], str(rule.item.amount))
        add(HEADERS[1], str(left))
        add(HEADERS[2], str(math.ceil(reset)))
        return response


def charge_search(searches: int = 1, why: str = "", in_thread: bool = True) -> None:
    """Count ``searches`` the request makes besides its endpoint's own (:mod:`api.costs`)
    against ``HINT_RATE_LIMIT`` (:meth:`RateLimits.charge`), and when they run in this
    request's thread (not as a job) take one of the client's ``COSTLY_PER_CLIENT`` slots
    of this process (:meth:`RateLimits.occupy`)."""
    rates = current_app.extensions.get("cardgames_rate_limits")
    if rates is not None:
        if in_thread:
            rates.occupy(why)
        rates.charge("hints", searches, why)


def charge_sealed() -> None:
    """Count a new sealed game against ``SEALED_RATE_LIMIT``: :meth:`RateLimits.charge`."""
    rates = current_app.extensions.get("cardgames_rate_limits")
    if rates is not None:
        rates.charge("sealed", 1)


def install(app: Flask) -> None:
    """Rate limits on ``app`` from its settings ``RATE_LIMIT``, ``HINT_RATE_LIMIT``,
    ``SEALED_RATE_LIMIT``, ``PROXY_HOPS`` and ``REDIS_URL``; no hook at all when every
    limit is off."""
    config = app.config
    hops = int(config.get("PROXY_HOPS") or 0)
    if hops > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]
    general, hints = setting(config.get("RATE_LIMIT")), setting(config.get("HINT_RATE_LIMIT"))
    sealed = setting(config.get("SEALED_RATE_LIMIT"))
    costly = int(config.get("COSTLY_PER_CLIENT") or 0)
    if not general and not hints and not sealed and costly < 1:
        return
    rates = RateLimits(general, hints, config.get("REDIS_URL"), sealed, costly)
    app.before_request(rates.check)
    app.after_request(rates.headers)
    app.teardown_request(rates.release)
    settings.extend(app, "rate_limits", rates)
