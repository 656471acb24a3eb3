"""Every example in the spec works as sent, and every 2xx example is a real answer.

What Swagger's "Try it out" sends is the operation's request example: each one is sent
here to a fresh app, exactly as the committed spec shows it, and must succeed with the
answer the spec shows (up to the search time and the cache flag of hints).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from api import create_app

SPEC = json.loads((Path(__file__).resolve().parents[2] / "openapi" / "openapi.json")
                  .read_text(encoding="utf-8"))
OPERATIONS = [(path, method.upper(), op) for path, ops in SPEC["paths"].items()
              for method, op in ops.items() if method in ("get", "post")]
VARYING = ("elapsed_ms", "cached")  # the search's wall time; whether the cache answered
JOB_ID = re.compile(r"j[0-9a-f]{32}")


def _fresh() -> FlaskClient:
    return create_app().test_client()


def _finished(client: FlaskClient, url: str) -> Any:
    """The job at ``url`` polled until it ends."""
    deadline = time.monotonic() + 120
    while (answer := client.get(url)).json["status"] not in ("finished", "failed"):
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return answer


def _json_example(part: dict[str, Any]) -> Any:
    return part.get("content", {}).get("application/json", {}).get("example")


def _steady(body: Any) -> Any:
    """``body`` without the fields that legitimately differ from run to run (and with
    job ids, which are random, masked)."""
    if isinstance(body, dict):
        return {k: _steady(v) for k, v in body.items() if k not in VARYING}
    if isinstance(body, list):
        return [_steady(v) for v in body]
    if isinstance(body, str):
        return JOB_ID.sub("j<random>", body)
    return body


@pytest.mark.parametrize(("path", "method", "op"), OPERATIONS,
                         ids=[f"{m} {p}" for p, m, _ in OPERATIONS])
def test_the_example_request_succeeds_with_the_example_answer(path: str, method: str,
                                                               op: dict[str, Any]) -> None:
    client = _fresh()
    if "{job_id}" in path:  # a job exists once the hints example was sent with async
        hints = SPEC["paths"]["/v1/hints"]["post"]
        body = {**_json_example(hints["requestBody"]), "async": True}
        accepted = client.post("/v1/hints", json=body)
        assert accepted.status_code == 202
        url = accepted.headers["Location"]
        assert url == accepted.json["job"]["url"]
        answer = _finished(client, url)
    elif method == "GET":
        answer = client.get(path)
    else:
        example = _json_example(op["requestBody"])
        assert example is not None, f"{method} {path} has no request example"
        answer = client.open(path, method=method, json=example)
        if answer.status_code == 202:  # a busy machine: the search outlasted the wait
            answer = _finished(client, answer.headers["Location"])
            assert answer.json["status"] == "finished"
            assert _steady(answer.json["result"]) == _steady(
                _json_example(op["responses"]["200"]))
            return
    assert answer.status_code == 200, answer.json
    shown = _json_example(op["responses"]["200"])
    assert shown is not None, f"{method} {path} has no 200 example"
    assert _steady(answer.json) == _steady(shown)


def test_the_202_example_is_a_real_answer() -> None:
    hints = SPEC["paths"]["/v1/hints"]["post"]
    accepted = _fresh().post("/v1/hints", json={**_json_example(hints["requestBody"]),
                                                "async": True})
    assert accepted.status_code == 202
    shown = _json_example(hints["responses"]["202"])
    assert accepted.json["job"]["status"] in ("queued", "started")  # as the pool picks it up
    assert shown["job"]["status"] in ("queued", "started")
    assert _steady({**accepted.json["job"], "status": "-"}) == _steady(
        {**shown["job"], "status": "-"})
    assert set(hints["responses"]["202"]["headers"]) == {"Location", "Retry-After"}


def test_every_hint_example_ranks_real_moves() -> None:
    example = _json_example(SPEC["paths"]["/v1/hints"]["post"]["responses"]["200"])
    assert len(example["moves"]) >= 3  # not an empty list
    assert {m["move"]["type"] for m in example["moves"]} == {"trail", "capture", "build"}


def test_error_examples_carry_their_own_status() -> None:
    for path, method, op in OPERATIONS:
        for code, response in op["responses"].items():
            example = _json_example(response)
            if code.isdigit() and int(code) >= 400:
                assert example is not None, f"{method} {path} {code} has no example"
                assert example["code"] == int(code), f"{method} {path} {code}"


def test_one_schema_per_event_type_every_field_described() -> None:
    schemas = SPEC["components"]["schemas"]
    events = schemas["ApplyResponse"]["properties"]["events"]["items"]
    mapping = events["discriminator"]["mapping"]
    assert set(mapping) == {"trail", "capture", "build", "sweep", "deal", "draw", "residue",
                            "round_scored", "round_void", "game_over"}
    assert [r["$ref"] for r in events["oneOf"]] == list(mapping.values())
    for type_, ref in mapping.items():
        schema = schemas[ref.rsplit("/", 1)[1]]
        assert schema["properties"]["type"]["enum"] == [type_]
        assert {"type", "description"} <= set(schema["required"])
        for name, prop in schema["properties"].items():
            assert prop.get("description"), f"{type_}.{name} is not described"


def test_every_event_the_engine_emits_fits_its_schema() -> None:
    """A whole game's events, each checked against the schema its type names."""
    import random

    from api.cassino.schemas import EVENT_SCHEMAS
    from engine import new_game

    by_type = {schema.TYPE: schema() for schema in EVENT_SCHEMAS}
    rng = random.Random(5)
    seen = set()
    for variant in ("standard", "draw"):
        state = new_game(31, variant, dealer=1)
        while state.status == "playing":
            step = state.apply(rng.choice(state.legal_moves()))
            for event in step.events:
                for viewer in (None, 0, 1):
                    body = event.to_dict(viewer)
                    assert by_type[body["type"]].validate(body) == {}, body
                seen.add(event.type)
            state = step.state
    assert {"trail", "capture", "build", "deal", "draw", "round_scored", "game_over"} <= seen
