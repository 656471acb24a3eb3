"""Real components for the worker path: a redis-server on a free port and real RQ worker
processes (``python -m workers``), started and stopped by the fixtures."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


NO_PERSISTENCE = ("--save", "", "--appendonly", "no")
"""redis-server's arguments for a server that keeps nothing over a restart."""


@dataclass
class RedisServer:
    port: int
    process: subprocess.Popen[bytes] | None = None
    args: tuple[str, ...] = NO_PERSISTENCE
    """Its persistence settings (the compose file's, say)."""
    directory: str | None = None
    """Where it keeps its files (``--dir``), for ``args`` that persist."""

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not installed (apt-get install -y redis-server)")
        where = [] if self.directory is None else ["--dir", self.directory]
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", *self.args, *where,
             "--protected-mode", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def kill(self) -> None:
        """SIGKILL: a crash, with no chance to write anything more."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None


@dataclass
class Workers:
    url: str
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start(self, count: int = 1, env: dict[str, str] | None = None,
              ) -> list[subprocess.Popen[bytes]]:
        """``count`` workers, with ``env`` in their environment besides this one's."""
        env = dict(os.environ, REDIS_URL=self.url, PYTHONUNBUFFERED="1", **(env or {}))
        started = [subprocess.Popen([sys.executable, "-m", "workers"], cwd=ROOT, env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                   for _ in range(count)]
        self.processes += started
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + 20
        from rq import Worker

        while len(Worker.all(connection=client)) < len([p for p in self.processes
                                                         if p.poll() is None]):
            if time.monotonic() > deadline:
                raise RuntimeError("workers did not register")
            time.sleep(0.05)
        return started

    def kill(self, process: subprocess.Popen[bytes]) -> None:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        self.processes.clear()


@pytest.fixture
def workers(redis_server: RedisServer) -> Iterator[Workers]:
    pool = Workers(redis_server.url)
    yield pool
    pool.stop()
