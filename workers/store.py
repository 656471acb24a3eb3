"""The embedded default's shared store: job records, hint tallies and the ledger of
sealed games on local disk.

Every process of one deployment (the gunicorn processes of ``make run``) opens the same
directory, so any of them answers for a job another one runs and every one reads the
tallies the others cached.  It is SQLite underneath, through diskcache: a well-kept,
process-safe key-value store with expiry and a size limit in bytes, which is exactly what
a job table and a bounded cache need, with no server to run.

Jobs and tallies may be lost with the directory (a fresh one per ``make run``); the
ledger (:mod:`workers.ledger`) may not, since sealed games' tokens outlive the server
when their keys are configured: it is a cache of its own, never evicted, and can live in
another directory (``make run``'s is :func:`durable_ledger`, docs/api.md "Settings").

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

__all__ = ["DEFAULT_CACHE_BYTES", "LocalStore", "durable_ledger", "temporary_directory"]

DEFAULT_CACHE_BYTES = 256 * 2**20
"""Hint tallies kept on disk, in bytes, before the oldest stored are evicted."""
JOBS_BYTES = 512 * 2**20
"""Job records (with their results) kept, in bytes; records also expire (``RESULT_TTL``)."""


def durable_ledger() -> Path:
    """The embedded ledger's durable default directory: ``cassino/ledger`` in the XDG base
    directory for state that outlives a restart (``$XDG_STATE_HOME``, else
    ``~/.local/state``)."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "cassino" / "ledger"


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
    """Three diskcache caches: ``jobs/`` and ``tallies/`` under ``directory``, and the
    ledger in ``ledger`` (by default ``ledger/`` beside them), which evicts nothing:
    its entries only expire."""

    def __init__(self, directory: str | os.PathLike[str], *,
                 cache_bytes: int = DEFAULT_CACHE_BYTES,
                 ledger: str | os.PathLike[str] | None = None) -> None:
        self.directory = Path(directory)
        self.ledger_directory = self.directory / "ledger" if ledger is None else Path(ledger)
        self.cache_bytes = cache_bytes
        self._pid = -1
        self._lock = threading.Lock()
        self._caches: dict[str, diskcache.Cache] = {}

    def _open(self, name: str) -> diskcache.Cache:
        """This process's handle on cache ``name``, opened at its first use here."""
        pid = os.getpid()
        cache = self._caches.get(name) if self._pid == pid else None
        if cache is None:
            with self._lock:
                if self._pid != pid:
                    self._caches, self._pid = {}, pid  # a fork's handles are not ours
                cache = self._caches.get(name)
                if cache is None:
                    where, settings = self._settings(name)
                    cache = self._caches[name] = diskcache.Cache(str(where), timeout=5,
                                                                 **settings)
        return cache

    def _settings(self, name: str) -> tuple[Path, dict[str, Any]]:
        if name == "ledger":
            return self.ledger_directory, {"eviction_policy": "none"}
        if name == "tallies":
            return self.directory / "tallies", {"size_limit": self.cache_bytes}
        return self.directory / "jobs", {"size_limit": JOBS_BYTES}

    @property
    def jobs(self) -> diskcache.Cache:
        return self._open("jobs")

    @property
    def tallies(self) -> diskcache.Cache:
        return self._open("tallies")

    @property
    def ledger(self) -> diskcache.Cache:
        """The sealed games' ledger (:class:`workers.ledger.DiskLedger`)."""
        return self._open("ledger")

    def close(self) -> None:
        if self._pid == os.getpid():
            for cache in self._caches.values():
                cache.close()
        self._caches = {}
        self._pid = -1

    def describe(self) -> dict[str, Any]:
        return {"directory": str(self.directory), "cache_bytes": self.cache_bytes,
                "ledger": str(self.ledger_directory)}
