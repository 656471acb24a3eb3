"""Where searched tallies are kept: in process (LRU) or in Redis (with a TTL).

Both keep, per cache family (view, seed, rules, solver version), the entry with the
most worlds; an entry serves every request it is good enough for
(:meth:`workers.requests.CacheEntry.serves`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from redis import Redis

from workers.requests import CacheEntry

__all__ = ["MemoryCache", "RedisCache"]

PREFIX = "cassino:cache:"


class MemoryCache:
    """A bounded, thread-safe LRU of entries (the embedded default)."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._entries: OrderedDict[str, CacheEntry] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, family: str) -> CacheEntry | None:
        with self._lock:
            entry = self._entries.get(family)
            if entry is not None:
                self._entries.move_to_end(family)
            return entry

    def put(self, family: str, entry: CacheEntry) -> None:
        with self._lock:
            if entry.better_than(self._entries.get(family)):
                self._entries[family] = entry
            self._entries.move_to_end(family)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)


class RedisCache:
    """Entries in Redis under ``cassino:cache:<family>``, expiring after ``ttl`` seconds."""

    def __init__(self, connection: Redis, ttl: int = 24 * 3600) -> None:
        self.connection = connection
        self.ttl = ttl

    def get(self, family: str) -> CacheEntry | None:
        raw = self.connection.get(PREFIX + family)
        return None if raw is None else CacheEntry.from_json(raw)

    def put(self, family: str, entry: CacheEntry) -> None:
        if entry.better_than(self.get(family)):
            self.connection.set(PREFIX + family, entry.to_json(), ex=self.ttl)
        else:
            self.connection.expire(PREFIX + family, self.ttl)
