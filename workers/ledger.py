"""The ledger of sealed games: each game's latest move number, in the shared store.

A sealed game's token holds the whole state (``api/sealed.py``), so the server keeps no
game; it keeps one small integer per game, so that a token from an earlier move (a
replay, or a second move from the same position) is refused.  The ledger lives where
the deployment's jobs live: the embedded default's shared store (a cache of its own that
evicts nothing, in a durable directory by default: :mod:`workers.store`), or Redis.  An
entry lives as long as the game's newest token may (and :data:`KEPT_LONGER`), and no
longer.

A ledger that lost its entries (a Redis restarted without persistence, a store directory
removed) must not trust the tokens it forgot: a game it does not know is refused
(:data:`LOST`), never taken for new, and each ledger has an **epoch**, a random name made
with it and kept as long as it lives, which every token carries, so that a token of
another ledger's life is refused too (docs/api.md "Open and sealed games").
"""

from __future__ import annotations

import secrets
from typing import Any, Final, Protocol

from redis import Redis
from redis.exceptions import RedisError

from workers.service import HintService, QueueUnavailable
from workers.store import LocalStore

__all__ = ["KEPT_LONGER", "LOST", "DiskLedger", "Ledger", "RedisLedger", "ledger_for"]

LOST: Final = -1
""":meth:`Ledger.advance`'s answer for a game the ledger does not hold (it expired, or the
ledger lost it): no token of it can be told from an earlier one."""
KEPT_LONGER = 60
"""Seconds an entry outlives the ``ttl`` it was given: a token is sealed a moment after
its move's entry is written, and must find the entry for as long as it is good."""


class Ledger(Protocol):
    def epoch(self) -> str:
        """The ledger's epoch: made with the ledger, the same for as long as it lives."""

    def latest(self, game: str) -> int | None:
        """The game's latest move number, or ``None`` if it is not (or no longer) known."""

    def advance(self, game: str, ply: int, ttl: int) -> int | None:
        """Move ``game`` from ``ply`` to ``ply + 1`` if ``ply`` is its latest, or if the
        game is new (``ply`` -1), kept ``ttl`` seconds; else change nothing and return the
        latest, or :data:`LOST` for a game the ledger does not know."""


class DiskLedger:
    """Entries ``game:<id>`` and ``epoch`` in the embedded store's ledger cache."""

    def __init__(self, store: LocalStore) -> None:
        self.store = store

    def epoch(self) -> str:
        ledger = self.store.ledger
        value = ledger.get("epoch")
        if isinstance(value, str):
            return value
        with ledger.transact():
            value = ledger.get("epoch")
            if not isinstance(value, str):  # none yet (or not ours: a new life then)
                value = secrets.token_hex(16)
                ledger.set("epoch", value)
        return value

    def latest(self, game: str) -> int | None:
        value = self.store.ledger.get("game:" + game)
        return value if isinstance(value, int) else None

    def advance(self, game: str, ply: int, ttl: int) -> int | None:
        ledger = self.store.ledger
        with ledger.transact():
            latest = self.latest(game)
            if latest is None and ply >= 0:
                return LOST
            if latest is not None and latest != ply:
                return latest
            ledger.set("game:" + game, ply + 1, expire=ttl + KEPT_LONGER)
        return None


_EPOCH = """
local epoch = redis.call('GET', KEYS[1])
if epoch then return epoch end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
"""

_ADVANCE = """
local latest = tonumber(redis.call('GET', KEYS[1]) or '')
local ply = tonumber(ARGV[1])
if not latest and ply >= 0 then return -2 end
if latest and latest ~= ply then return latest end
redis.call('SET', KEYS[1], ply + 1, 'EX', ARGV[2])
return -1
"""


class RedisLedger:
    """Entries ``cassino:game:<id>`` and ``cassino:ledger-epoch`` (no TTL) in Redis; the
    check and the move are one script."""

    PREFIX = "cassino:game:"
    EPOCH = "cassino:ledger-epoch"

    def __init__(self, connection: Redis) -> None:
        self.connection = connection
        self._epoch = connection.register_script(_EPOCH)
        self._advance = connection.register_script(_ADVANCE)

    def epoch(self) -> str:
        try:
            value = self._epoch(keys=[self.EPOCH], args=[secrets.token_hex(16)])
        except RedisError as exc:
            raise QueueUnavailable("the game store is unreachable: try again later") from exc
        return value.decode(errors="replace") if isinstance(value, bytes) else str(value)

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
            latest = int(self._advance(keys=[self.PREFIX + game],
                                       args=[ply, ttl + KEPT_LONGER]))
        except RedisError as exc:
            raise QueueUnavailable("the game store is unreachable: try again later") from exc
        return None if latest == -1 else LOST if latest < 0 else latest


def ledger_for(service: HintService) -> Ledger:
    """The ledger in the store ``service`` keeps its jobs in."""
    connection: Any = getattr(service, "connection", None)
    if isinstance(connection, Redis):
        return RedisLedger(connection)
    return DiskLedger(service.store)  # type: ignore[attr-defined]
