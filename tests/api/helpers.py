"""Helpers shared by the API tests."""

from __future__ import annotations

import time
from typing import Any

from flask.testing import FlaskClient


def finished(client: FlaskClient, answer: Any) -> dict[str, Any]:
    """A hints answer, following a 202 (a loaded machine) to its job's result."""
    while answer.status_code == 202:
        time.sleep(0.05)
        job = client.get(answer.headers["Location"])
        if job.json["status"] == "finished":
            return job.json["result"]  # type: ignore[no-any-return]
    assert answer.status_code == 200, answer.json
    return answer.json  # type: ignore[no-any-return]
