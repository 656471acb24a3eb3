"""Hint jobs: the in-process service (embedded default) and RQ workers on Redis.

:func:`service_for` picks the deployment from the configuration; ``python -m workers``
runs a worker.
"""

from __future__ import annotations

from workers.service import Answer, HintService, JobFailed, QueueUnavailable

__all__ = ["Answer", "HintService", "JobFailed", "QueueUnavailable", "service_for"]


def service_for(redis_url: str | None) -> HintService:
    """The embedded service without ``redis_url``, the RQ one with it."""
    if not redis_url:
        from workers.embedded import EmbeddedService

        return EmbeddedService()
    from workers.queue import RedisService

    return RedisService(redis_url)
