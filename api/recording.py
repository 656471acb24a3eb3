"""Record the real answers of the spec's example requests (``make openapi``).

It sits above the app: it makes one and sends it every example of :mod:`api.examples`,
writing the answers to ``openapi/examples.json``.
"""

from __future__ import annotations

import functools
import json
import time
from typing import Any

from api.app import create_app
from api.examples import EXAMPLES_FILE, OPERATIONS, request_example
from api.served import served
from engine.games import game_names


@functools.cache
def game_requests() -> dict[str, tuple[str, dict[str, Any]]]:
    """Example requests of every game that declares some (:attr:`ServedGame.examples`), by
    ``<variant>.<operation>``: ``(path, body)``, all at the example's deal (the engine's
    own start), but the legal moves of a variant listed later (after the example's move,
    :attr:`ServedGame.listed_later_examples`)."""
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for name in game_names():
        entry = served(name)
        for variant, body in entry.examples.items():
            state = entry.new_game(body["seed"], variant, body["dealer"], None)
            full = state.to_dict()
            seat = entry.to_move(state)
            move = state.moves_for(seat)[0]
            first = entry.engine.move_json(state, move)["id"]
            listed = state.apply(move)[0].to_dict() \
                if variant in entry.listed_later_examples else full
            out[f"{variant}.newGame"] = ("/v1/games", dict(body))
            out[f"{variant}.legalMoves"] = ("/v1/legal-moves", {"state": listed})
            out[f"{variant}.apply"] = ("/v1/apply", {"state": full, "move": first})
            out[f"{variant}.view"] = ("/v1/view", {"state": full, "player": seat})
            out[f"{variant}.score"] = ("/v1/score", {"state": full})
            if entry.offers("hints") and variant not in entry.unhinted_examples:
                out[f"{variant}.hints"] = ("/v1/hints", {"state": full,
                                                         "player": seat,
                                                         "samples": 8, "seed": 0})
    return out


def _answer(client: Any, method: str, path: str, body: Any, name: str) -> Any:
    """The answer of one example request: on a loaded machine a costly request may answer
    202 with a job, whose result is then the answer."""
    answer = client.open(path, method=method, json=body)
    if answer.status_code == 202:
        url = answer.headers["Location"]
        while (job := client.get(url).get_json())["status"] not in ("finished", "failed"):
            time.sleep(0.05)
        assert job["status"] == "finished", (name, job)
        return job["result"]
    assert answer.status_code == 200, (name, answer.json)
    return answer.json


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
        out[name] = _answer(client, method, path,
                            None if method == "GET" else request_example(name), name)
    out["games"] = {}
    for name, (path, body) in game_requests().items():  # the other games' examples
        client = create_app(unlimited).test_client()
        out["games"][name] = _answer(client, "POST", path, body, name)
    return out


def main() -> None:
    EXAMPLES_FILE.write_text(json.dumps(record(), indent=2, ensure_ascii=False) + "\n",
                             encoding="utf-8")


if __name__ == "__main__":
    main()
