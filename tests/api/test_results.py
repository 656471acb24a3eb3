"""One ``result`` for every game (docs/api.md "Results"; engine/result.py): in every state
and view, over or not, who won, the points per seat; derived, and ignored on input."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.test_hidden_places import rulesets

PAGE = 500
"""The moves a list is read whole up to; a longer one is sampled a move at a time."""


def post(client: FlaskClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, (path, answer.json)
    return dict(answer.json)


@pytest.mark.parametrize(("game", "variant", "seats"), list(rulesets()), ids=str)
def test_every_game_says_its_result_the_same_way(client: FlaskClient, game: str, variant: str,
                                                 seats: int) -> None:
    rng = random.Random(f"result/{variant}/{seats}")
    state = post(client, "/v1/games", {"game": game, "variant": variant, "players": seats,
                                       "seed": rng.randrange(1000)})["state"]
    for ply in range(3000):
        result = state["result"]
        assert set(result) == {"over", "winners", "points"}
        assert len(result["points"]) == seats and result["winners"] == sorted(
            result["winners"])
        for seat in range(seats) if ply % 10 == 0 or result["over"] else ():
            # every seat's view says the same result: it is public
            view = post(client, "/v1/view", {"state": state, "player": seat})["view"]
            assert view["result"] == result
        if result["over"]:
            break
        assert result["winners"] == []
        # a result sent back is not read (another one changes nothing), or is refused
        # naming it, where the engine checks it against the rest of the state
        forged = {**state, "result": {"over": True, "winners": [0], "points": [9] * seats}}
        answer = client.post("/v1/legal-moves", json={"state": forged, "limit": 1})
        if answer.status_code == 422:
            assert answer.json["field"] == "state.result", answer.json
        listed = post(client, "/v1/legal-moves", {"state": state, "limit": PAGE})
        if listed["count"] > PAGE:  # a long list (I Doubt It's claims): one move of it
            listed = post(client, "/v1/legal-moves", {
                "state": state, "offset": rng.randrange(listed["count"]), "limit": 1})
        moves = [m for m in listed["moves"] if m.get("type") not in ("claim", "call")
                 ] or listed["moves"]  # a claim or call-out ends a game, its winner aside
        state = post(client, "/v1/apply", {"state": state,
                                           "move": rng.choice(moves)["id"]})["state"]
    result = state["result"]
    assert result["over"], "the game did not end in 3,000 moves"
    answer = client.post("/v1/legal-moves", json={"state": state})
    assert answer.status_code == 409  # over, as the result says
    assert set(result["winners"]) <= set(range(seats))
    if result["winners"]:
        best = max(result["points"])
        assert all(result["points"][seat] == best for seat in result["winners"])
