"""Where searched tallies are kept: on local disk (embedded default) or in Redis.

Both keep, per cache family (view, seed, rules, solver version), the entry with the
most worlds; an entry serves every request it is good enough for
(:meth:`workers.requests.CacheEntry.serves`).  An entry that does not read back as a
tally is a miss (and logged), never an error or a wrong hint.
"""

from __future__ import annotations

import logging

from redis import Redis

from workers.requests import CacheEntry
from workers.store import LocalStore

__all__ = ["CACHE_TTL", "DiskCache", "RedisCache"]

log = logging.getLogger(__name__)
PREFIX = "cassino:cache:"
CACHE_TTL = 24 * 3600
"""Seconds an entry lives after it was last stored."""


def _read(family: str, raw: bytes | str | None) -> CacheEntry | None:
    if raw is None:
        return None
    try:
        return CacheEntry.from_json(raw)
    except Exception:  # corrupt or foreign: a miss
        log.warning("cache entry %s is unreadable: ignored", family)
        return None


class DiskCache:
    """Entries in the shared local store, bounded in bytes (the embedded default)."""

    def __init__(self, store: LocalStore, ttl: int = CACHE_TTL) -> None:
        self.store = store
        self.ttl = ttl

    def get(self, family: str) -> CacheEntry | None:
        return _read(family, self.store.tallies.get(family))

    def put(self, family: str, entry: CacheEntry) -> None:
        tallies = self.store.tallies
        with tallies.transact():
            if entry.better_than(_read(family, tallies.get(family))):
                tallies.set(family, entry.to_json(), expire=self.ttl)
            else:
                tallies.touch(family, expire=self.ttl)


class RedisCache:
    """Entries in Redis under ``cassino:cache:<family>``, expiring after ``ttl`` seconds."""

    def __init__(self, connection: Redis, ttl: int = CACHE_TTL) -> None:
        self.connection = connection
        self.ttl = ttl

    def get(self, family: str) -> CacheEntry | None:
        return _read(family, self.connection.get(PREFIX + family))

    def put(self, family: str, entry: CacheEntry) -> None:
        if entry.better_than(self.get(family)):
            self.connection.set(PREFIX + family, entry.to_json(), ex=self.ttl)
        else:
            self.connection.expire(PREFIX + family, self.ttl)
