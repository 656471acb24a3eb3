"""The embedded default's shared store: job records and hint tallies on local disk.

Every process of one deployment (the gunicorn processes of ``make run``) opens the same
directory, so any of them answers for a job another one runs and every one reads the
tallies the others cached.  It is SQLite underneath, through diskcache: a well-kept,
process-safe key-value store with expiry and a size limit in bytes, which is exactly what
a job table and a bounded cache need, with no server to run.

SQLite connections must not cross a ``fork`` (gunicorn loads the app, then forks), so
each process opens its own handles on first use.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any

import diskcache

__all__ = ["DEFAULT_CACHE_BYTES", "LocalStore", "temporary_directory"]

DEFAULT_CACHE_BYTES = 256 * 2**20
"""Hint tallies kept on disk, in bytes, before the oldest stored are evicted."""
JOBS_BYTES = 512 * 2**20
"""Job records (with their results) kept, in bytes; records also expire (``RESULT_TTL``)."""


def temporary_directory() -> str:
    """A fresh store directory for this process alone, removed when it exits (forked
    children leave with ``os._exit`` and never remove it)."""
    directory = tempfile.mkdtemp(prefix="cassino-store-")
    owner = os.getpid()

    def remove() -> None:
        if os.getpid() == owner:
            shutil.rmtree(directory, ignore_errors=True)

    atexit.register(remove)
    return directory


class LocalStore:
    """Two diskcache caches under ``directory``: ``jobs/`` and ``tallies/``."""

    def __init__(self, directory: str | os.PathLike[str], *,
                 cache_bytes: int = DEFAULT_CACHE_BYTES) -> None:
        self.directory = Path(directory)
        self.cache_bytes = cache_bytes
        self._pid = -1
        self._lock = threading.Lock()
        self._jobs: diskcache.Cache | None = None
        self._tallies: diskcache.Cache | None = None

    def _open(self) -> tuple[diskcache.Cache, diskcache.Cache]:
        pid = os.getpid()
        if self._pid != pid or self._jobs is None or self._tallies is None:
            with self._lock:
                if self._pid != pid or self._jobs is None or self._tallies is None:
                    self._jobs = diskcache.Cache(str(self.directory / "jobs"),
                                                 size_limit=JOBS_BYTES, timeout=5)
                    self._tallies = diskcache.Cache(str(self.directory / "tallies"),
                                                    size_limit=self.cache_bytes, timeout=5)
                    self._pid = pid
        return self._jobs, self._tallies

    @property
    def jobs(self) -> diskcache.Cache:
        return self._open()[0]

    @property
    def tallies(self) -> diskcache.Cache:
        return self._open()[1]

    def close(self) -> None:
        if self._pid == os.getpid():
            for cache in (self._jobs, self._tallies):
                if cache is not None:
                    cache.close()
        self._jobs = self._tallies = None
        self._pid = -1

    def describe(self) -> dict[str, Any]:
        return {"directory": str(self.directory), "cache_bytes": self.cache_bytes}
