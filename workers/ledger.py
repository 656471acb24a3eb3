"""The ledger of sealed games: each game's latest move number, in the shared store.

A sealed game's token holds the whole state (``api/sealed.py``), so the server keeps no
game; it keeps one small integer per game, so that a token from an earlier move (a
replay, or a second move from the same position) is refused.  The ledger lives where
the deployment's jobs live: the embedded default's shared store, or Redis.  An entry
lives as long as the game's newest token may, and no longer.
"""

from __future__ import annotations

from typing import Any, Protocol

from redis import Redis
from redis.exceptions import RedisError

from workers.service import HintService, QueueUnavailable
from workers.store import LocalStore

__all__ = ["DiskLedger", "Ledger", "RedisLedger", "ledger_for"]


class Ledger(Protocol):
    def latest(self, game: str) -> int | None:
        """The game's latest move number, or ``None`` if it is not (or no longer) known."""

    def advance(self, game: str, ply: int, ttl: int) -> int | None:
        """Move ``game`` from ``ply`` to ``ply + 1`` if ``ply`` is its latest (or it is
        unknown), kept ``ttl`` seconds; else change nothing and return the latest."""


class DiskLedger:
    """Entries ``game:<id>`` in the embedded default's shared store."""

    def __init__(self, store: LocalStore) -> None:
        self.store = store

    def latest(self, game: str) -> int | None:
        value = self.store.jobs.get("game:" + game)
        return value if isinstance(value, int) else None

    def advance(self, game: str, ply: int, ttl: int) -> int | None:
        jobs = self.store.jobs
        with jobs.transact():
            latest = self.latest(game)
            if latest is not None and latest != ply:
                return latest
            jobs.set("game:" + game, ply + 1, expire=ttl)
        return None


_ADVANCE = """
local latest = tonumber(redis.call('GET', KEYS[1]) or '')
if latest and latest ~= tonumber(ARGV[1]) then return latest end
redis.call('SET', KEYS[1], tonumber(ARGV[1]) + 1, 'EX', ARGV[2])
return -1
"""


class RedisLedger:
    """Entries ``cassino:game:<id>`` in Redis; the check and the move are one script."""

    PREFIX = "cassino:game:"

    def __init__(self, connection: Redis) -> None:
        self.connection = connection
        self._advance = connection.register_script(_ADVANCE)

    def latest(self, game: str) -> int | None:
        try:
            value = self.connection.get(self.PREFIX + game)
        except RedisError as exc:
            raise QueueUnavailable("the game store is unreachable: try again later") from exc
        try:
            return None if value is None else int(value)
        except ValueError:  # not ours: unknown
            return None

    def advance(self, game: str, ply: int, ttl: int) -> int | None:
        try:
            latest = int(self._advance(keys=[self.PREFIX + game], args=[ply, ttl]))
        except RedisError as exc:
            raise QueueUnavailable("the game store is unreachable: try again later") from exc
        return None if latest < 0 else latest


def ledger_for(service: HintService) -> Ledger:
    """The ledger in the store ``service`` keeps its jobs in."""
    connection: Any = getattr(service, "connection", None)
    if isinstance(connection, Redis):
        return RedisLedger(connection)
    return DiskLedger(service.store)  # type: ignore[attr-defined]
