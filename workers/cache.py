"""Where searched tallies are kept: on local disk (embedded default) or in Redis.

Both keep, per cache family (view, seed, rules, opponent model, solver version), the
entry with the most worlds; an entry serves every request it is good enough for
(:meth:`workers.requests.CacheEntry.serves`).  Both are bounded in bytes (256 MiB by
default, ``CARDGAMES_CACHE_BYTES``) and refuse an entry larger than :func:`max_entry`.
An entry is checked against the request before it is served
(:meth:`workers.requests.CacheEntry.check`): one that does not read back as a search of
that request's view is a miss (logged), never an error or a wrong hint, and the fresh
result of the search replaces it.

The Redis cache shares its Redis with the job queue, so it cannot lean on an
instance-wide eviction policy (``allkeys-lru`` would evict jobs too): it keeps its own
account.  :data:`STORE` (one Lua script, so every step is atomic) stores or touches an
entry, indexes it in the sorted set ``cassino:cache-index`` by the time it expires,
keeps its size in the hash ``cassino:cache-sizes`` and the sum in
``cassino:cache-bytes``, drops from the account the entries whose TTL ran out, then
deletes the oldest entries while the sum is over the budget.
"""

from __future__ import annotations

import logging

from redis import Redis

from workers.requests import CacheEntry, HintRequest, Unfit
from workers.settings import setting
from workers.store import DEFAULT_CACHE_BYTES, LocalStore

__all__ = ["BYTES", "CACHE_TTL", "INDEX", "MAX_ENTRY_BYTES", "PREFIX", "SIZES", "DiskCache",
           "RedisCache", "configured_bytes", "max_entry"]

log = logging.getLogger(__name__)
PREFIX = "cassino:cache:"
INDEX = "cassino:cache-index"
"""Sorted set: every cached family, scored by the time (ms) its entry expires."""
SIZES = "cassino:cache-sizes"
"""Hash: family -> bytes of its entry (key and value) as counted."""
BYTES = "cassino:cache-bytes"
"""The sum of :data:`SIZES`: what the budget bounds."""
CACHE_TTL = 24 * 3600
"""Seconds an entry lives after it was last stored."""
MAX_ENTRY_BYTES = 2**20
"""No single entry larger than this is cached (nor larger than 1/16 of the budget)."""


def max_entry(budget: int) -> int:
    """The largest entry a cache of ``budget`` bytes takes: one entry never crowds out
    the others."""
    return min(budget // 16, MAX_ENTRY_BYTES)


def configured_bytes() -> int:
    """The byte budget from ``CARDGAMES_CACHE_BYTES`` (256 MiB without it): RQ workers,
    which store what they search, read it like the API does."""
    raw = setting("CACHE_BYTES", "").strip()
    try:
        value = int(raw) if raw else DEFAULT_CACHE_BYTES
    except ValueError:
        log.warning("CARDGAMES_CACHE_BYTES=%r is not a number of bytes: 256 MiB", raw)
        return DEFAULT_CACHE_BYTES
    return value if value > 0 else DEFAULT_CACHE_BYTES


def _too_large(family: str, raw: bytes, limit: int) -> bool:
    """Whether an entry is over the largest one a cache keeps (logged: it is not kept)."""
    if len(raw) <= limit:
        return False
    log.info("cache entry %s of %d bytes is too large to keep", family, len(raw))
    return True


def _read(request: HintRequest, raw: bytes | str | None) -> CacheEntry | None:
    """The entry ``raw`` holds if it is a search of ``request``'s view; else a miss."""
    if raw is None:
        return None
    try:
        entry = CacheEntry.from_json(raw)
        entry.check(request)
    except Unfit as exc:  # corrupt, foreign or forged: a miss, and the next search replaces it
        log.warning("cache entry %s does not fit its request (%s): ignored", request.family, exc)
        return None
    return entry


def _raw(value: object) -> bytes | None:
    if isinstance(value, str):
        return value.encode()
    return value if isinstance(value, bytes) else None


class DiskCache:
    """Entries in the shared local store, bounded in bytes by diskcache's size limit
    (least recently stored evicted first)."""

    def __init__(self, store: LocalStore, ttl: int = CACHE_TTL) -> None:
        self.store = store
        self.ttl = ttl

    @property
    def max_entry(self) -> int:
        return max_entry(self.store.cache_bytes)

    def get(self, request: HintRequest) -> CacheEntry | None:
        """The request's entry; a misfit is a miss, and dropped (unless replaced since)."""
        family = request.family
        if family is None:
            return None
        raw = self.store.tallies.get(family)
        entry = _read(request, raw)
        if entry is None and raw is not None:
            tallies = self.store.tallies
            with tallies.transact():
                if tallies.get(family) == raw:
                    tallies.delete(family)
        return entry

    def put(self, request: HintRequest, entry: CacheEntry) -> None:
        family = request.family
        if family is None:
            return
        raw = entry.to_json()
        if _too_large(family, raw, self.max_entry):
            return
        tallies = self.store.tallies
        with tallies.transact():
            if entry.better_than(_read(request, tallies.get(family))):
                tallies.set(family, raw, expire=self.ttl)
            else:
                tallies.touch(family, expire=self.ttl)


STORE = """
if redis.replicate_commands then redis.replicate_commands() end  -- Redis < 7: writes after TIME
local index, sizes, total = KEYS[1], KEYS[2], KEYS[3]
local prefix, family, mode, value = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local ttl, budget = tonumber(ARGV[5]), tonumber(ARGV[6])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)

local function forget(member)
  local size = redis.call('HGET', sizes, member)
  if size then
    redis.call('DECRBY', total, size)
    redis.call('HDEL', sizes, member)
  end
  redis.call('ZREM', index, member)
end

-- a lost sum (a flush, a restart that kept some keys) is made again from the sizes
if redis.call('EXISTS', total) == 0 then
  local sum = 0
  for _, size in ipairs(redis.call('HVALS', sizes)) do sum = sum + tonumber(size) end
  redis.call('SET', total, sum)
end

-- entries whose TTL ran out are gone from Redis (each key expires at its score): out of
-- the account too
for _, member in ipairs(redis.call('ZRANGEBYSCORE', index, '-inf', now, 'LIMIT', 0, 1000)) do
  redis.call('DEL', prefix .. member)
  forget(member)
end

local key = prefix .. family
local expiry = now + ttl
if mode == 'store' then
  forget(family)
  redis.call('SET', key, value)
  redis.call('PEXPIREAT', key, expiry)
  local size = string.len(key) + string.len(value)
  redis.call('HSET', sizes, family, size)
  redis.call('INCRBY', total, size)
  redis.call('ZADD', index, expiry, family)
elseif mode == 'drop' then
  if redis.call('GET', key) == value then
    redis.call('DEL', key)
    forget(family)
  end
elseif redis.call('PEXPIREAT', key, expiry) == 1 then
  if redis.call('HEXISTS', sizes, family) == 0 then
    local size = string.len(key) + redis.call('STRLEN', key)
    redis.call('HSET', sizes, family, size)
    redis.call('INCRBY', total, size)
  end
  redis.call('ZADD', index, expiry, family)
else
  forget(family)
end

-- the entries that expire first (the oldest stored) go while the sum is over budget
local evicted = 0
while tonumber(redis.call('GET', total)) > budget do
  local oldest = redis.call('ZRANGE', index, 0, 0)
  if #oldest == 0 then
    redis.call('SET', total, 0)
    break
  end
  redis.call('DEL', prefix .. oldest[1])
  forget(oldest[1])
  evicted = evicted + 1
end

-- the account lives as long as its last entry
local last = redis.call('ZRANGE', index, -1, -1, 'WITHSCORES')
if #last == 0 then
  redis.call('DEL', index, sizes, total)
else
  for _, k in ipairs({index, sizes, total}) do redis.call('PEXPIREAT', k, last[2]) end
end
return {tonumber(redis.call('GET', total) or 0), evicted}
"""
"""Store, touch or drop (if it still holds ``value``) an entry, then bring the account
within budget."""


class RedisCache:
    """Entries in Redis under ``cassino:cache:<family>``, expiring after ``ttl`` seconds,
    at most ``budget`` bytes of them (keys and values) in all."""

    def __init__(self, connection: Redis, ttl: int = CACHE_TTL,
                 budget: int = DEFAULT_CACHE_BYTES) -> None:
        self.connection = connection
        self.ttl = ttl
        self.budget = budget
        self._store = connection.register_script(STORE)

    @property
    def max_entry(self) -> int:
        return max_entry(self.budget)

    def get(self, request: HintRequest) -> CacheEntry | None:
        """The request's entry; a misfit is a miss, and dropped (unless replaced since)."""
        family = request.family
        if family is None:
            return None
        raw = _raw(self.connection.get(PREFIX + family))
        entry = _read(request, raw)
        if entry is None and raw is not None:
            self._run(family, "drop", raw)
        return entry

    def _run(self, family: str, mode: str, value: bytes = b"") -> None:
        self._store(keys=[INDEX, SIZES, BYTES],
                    args=[PREFIX, family, mode, value, self.ttl * 1000, self.budget])

    def put(self, request: HintRequest, entry: CacheEntry) -> None:
        family = request.family
        if family is None:
            return
        raw = entry.to_json()
        if _too_large(family, raw, self.max_entry):
            return
        if entry.better_than(self.get(request)):
            self._run(family, "store", raw)
        else:
            self._run(family, "touch")

    def used(self) -> int:
        """Bytes the account holds now (entries expired since the last store included)."""
        raw = self.connection.get(BYTES)
        return int(raw) if isinstance(raw, (bytes, str)) else 0
