"""Hint jobs: the in-process service (embedded default) and RQ workers on Redis.

:func:`service_for` picks the deployment from the configuration; ``python -m workers``
runs a worker.
"""

from __future__ import annotations

from workers.service import (
    Answer,
    ClientBusy,
    HintService,
    JobFailed,
    Overloaded,
    QueueUnavailable,
)

__all__ = ["Answer", "ClientBusy", "HintService", "JobFailed", "Overloaded", "QueueUnavailable",
           "service_for"]


def service_for(redis_url: str | None, store: str | None = None,
                cache_bytes: int | None = None, *, ledger: str | None = None) -> HintService:
    """The RQ service with ``redis_url``; else the embedded one on the shared local store
    in directory ``store`` (every process of a deployment must be given the same one).
    Either keeps at most ``cache_bytes`` of hint tallies (256 MiB by default; RQ workers
    read the same ``CARDGAMES_CACHE_BYTES``).  The embedded ledger of sealed games lives in
    directory ``ledger``, by default in the store (``api/gunicorn_conf.py`` gives ``make
    run`` a durable one)."""
    if not redis_url:
        from workers.embedded import EmbeddedService
        from workers.store import DEFAULT_CACHE_BYTES, LocalStore, temporary_directory

        directory = store or temporary_directory()
        return EmbeddedService(LocalStore(directory, cache_bytes=cache_bytes or
                                          DEFAULT_CACHE_BYTES, ledger=ledger))
    from workers.queue import RedisService
    from workers.store import DEFAULT_CACHE_BYTES

    return RedisService(redis_url, cache_bytes=cache_bytes or DEFAULT_CACHE_BYTES)
