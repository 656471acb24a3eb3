"""Record the real answers of the spec's example requests (``make openapi``).

It sits above the app: it makes one and sends it every example of :mod:`api.examples`,
writing the answers to ``openapi/examples.json``.
"""

from __future__ import annotations

import json
import time
from typing import Any

from api.app import create_app
from api.examples import EXAMPLES_FILE, OPERATIONS, game_requests, request_example


def record() -> dict[str, Any]:
    """Send every example request to a fresh app and keep the answers."""
    out: dict[str, Any] = {}
    unlimited = {"RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}  # one address, request after request
    client = create_app(unlimited).test_client()
    accepted = client.post("/v1/hints", json=request_example("hintsAsync"))
    assert accepted.status_code == 202, accepted.json
    out["hintsAccepted"] = accepted.json
    url = accepted.headers["Location"]
    while (job := client.get(url).get_json())["status"] not in ("finished", "failed"):
        time.sleep(0.05)
    out["job"] = job
    for name, (method, path) in OPERATIONS.items():
        client = create_app(unlimited).test_client()  # a fresh cache: nothing answers from it
        answer = client.open(path, method=method, json=None if method == "GET"
                             else request_example(name))
        assert answer.status_code == 200, (name, answer.json)
        out[name] = answer.json
    out["games"] = {}
    for name, (path, body) in game_requests().items():  # the other games' examples
        client = create_app(unlimited).test_client()
        answer = client.post(path, json=body)
        while answer.status_code == 202:  # a loaded machine: the job's answer
            time.sleep(0.05)
            job = client.get(answer.headers["Location"]).get_json()
            if job["status"] == "finished":
                answer = client.get(answer.headers["Location"])
                out["games"][name] = job["result"]
                break
        else:
            assert answer.status_code == 200, (name, answer.json)
            out["games"][name] = answer.json
    return out


def main() -> None:
    EXAMPLES_FILE.write_text(json.dumps(record(), indent=2, ensure_ascii=False) + "\n",
                             encoding="utf-8")


if __name__ == "__main__":
    main()
