"""The other games' states, views and moves, mutated field by field with a fixed seed:
every answer is a 200, a 409 or a 422 naming a field, never a 500 (docs/api.md "Other
games"; schemathesis covers the spec's forms in test_fuzz.py)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from flask.testing import FlaskClient

import engine.conquian as conquian
import engine.rummy as rummy

ODD: list[Any] = [None, -1, 0, 7, 2**63, 3.5, True, "", "x", "ZZ", "JK1", "10H'", [],
                  {}, ["ZZ"], ["AH", "AH"], [["AH"]], [[]], {"a": 1}, [None], "draw"]
"""Values a field should not hold (some of them it may)."""


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, lists and objects included."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:3]):
            out += paths(item, (*prefix, i))
    return out


def mutated(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    holder: Any = out
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return out


def positions() -> list[tuple[str, Any]]:
    c = conquian.new_game(6, dealer=1)
    r = rummy.new_game(6, "poker-gin", 3, dealer=1)
    d = rummy.new_game(6, "double-pack-rum", dealer=0)
    r, _ = r.apply("draw")
    c = c.apply(c.legal_moves()[0]).state
    return [("conquian", c), ("poker-gin", r), ("double-pack-rum", d)]


@pytest.mark.parametrize(("name", "state"), positions(), ids=lambda p: str(p)[:16])
def test_mutated_states_views_and_moves_are_refused_cleanly(client: FlaskClient, name: str,
                                                            state: Any) -> None:
    rng = random.Random(f"fuzz-games/{name}")
    full = state.to_dict()
    seen = state.view(state.to_move).to_dict()
    move = state.legal_moves()[0]
    move_json = {"id": move.id, **move.to_dict()}
    statuses: set[int] = set()
    for path in paths(full):
        body = {"state": mutated(full, path, rng.choice(ODD))}
        for endpoint, extra in (("/v1/legal-moves", {}), ("/v1/apply", {"move": move.id}),
                                ("/v1/view", {"player": 0}), ("/v1/score", {})):
            answer = client.post(endpoint, json={**body, **extra})
            assert answer.status_code in (200, 409, 422), (endpoint, path, answer.json)
            if answer.status_code == 422:
                assert answer.json.get("field") or answer.json.get("errors"), answer.json
            statuses.add(answer.status_code)
    for path in paths(seen):
        answer = client.post("/v1/score", json={"view": mutated(seen, path, rng.choice(ODD))})
        assert answer.status_code in (200, 409, 422), (path, answer.json)
    for path in paths(move_json):
        answer = client.post("/v1/apply", json={"state": full,
                                                "move": mutated(move_json, path,
                                                                rng.choice(ODD))})
        assert answer.status_code in (200, 409, 422), (path, answer.json)
    for odd in ODD:
        answer = client.post("/v1/apply", json={"state": full, "move": odd})
        assert answer.status_code in (200, 422), (odd, answer.json)
    assert 422 in statuses
