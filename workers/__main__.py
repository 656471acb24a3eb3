"""``python -m workers`` (``make worker``): one RQ worker for hint jobs.

Reads ``REDIS_URL`` (or ``CASSINO_REDIS_URL``; default ``redis://127.0.0.1:6379/0``).
The worker runs jobs in its own process (RQ's SimpleWorker: no fork per job, warm
caches) and watches for jobs whose worker died (:mod:`workers.watchdog`).
"""

from __future__ import annotations

import logging
import os

from redis import Redis
from rq import Queue, SimpleWorker

from workers.queue import QUEUE
from workers.watchdog import watch


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    connection = Redis.from_url(os.environ.get("REDIS_URL")
                                or os.environ.get("CASSINO_REDIS_URL")
                                or "redis://127.0.0.1:6379/0")
    queue = Queue(QUEUE, connection=connection)
    watch(connection, queue)
    SimpleWorker([queue], connection=connection).work(with_scheduler=False)


if __name__ == "__main__":
    main()
