"""Every test runs without request-rate limits (``api/limits.py``) unless it sets its own.

The test clients, and the gunicorn servers tests start, all send from one address and
faster than any person: the environment turns the limits off for every app made here and
every server started from here; ``tests/api/test_rate_limits.py`` passes its own limits.
"""

import os
from collections.abc import Iterator

import pytest

from tests.workers.conftest import RedisServer, free_port

os.environ["CARDGAMES_RATE_LIMIT"] = ""
os.environ["CARDGAMES_HINT_RATE_LIMIT"] = ""
os.environ["CARDGAMES_SEALED_RATE_LIMIT"] = ""
os.environ["CARDGAMES_COSTLY_PER_CLIENT"] = "0"
# Nor is the house paced (a sealed game's house answers no faster than HOUSE_MOVE_MS per
# move, api/sealed.py): tests/api/test_house_pace.py sets its own pace.
os.environ["CARDGAMES_HOUSE_MOVE_MS"] = "0"


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A real redis-server on a free port, for any test that needs one."""
    server = RedisServer(free_port())
    server.start()
    yield server
    server.stop()
