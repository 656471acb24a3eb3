"""Patience Poker through the /v1 endpoints (docs/rules/patience-poker.md): the solitaire
open, the competition sealed against the house, what a seat may see (PPD9), the house
placing after the seat with a credential (PPD13), hints, and refusals naming the rule."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from engine.patience_poker import State

GAME = {"game": "patience-poker", "seed": 11}


def ok(response: Any) -> Any:
    assert response.status_code == 200, response.json
    return response.json


def test_an_open_solitaire_to_its_end(client: FlaskClient) -> None:
    state = ok(client.post("/v1/games", json={**GAME, "variant": "poker-squares"}))["state"]
    for _ in range(25):
        moves = ok(client.post("/v1/legal-moves", json={"state": state}))["moves"]
        assert moves[0]["id"] == f"{state['card']}@{moves[0]['cell']}"
        state = ok(client.post("/v1/apply", json={"state": state, "move": moves[-1]["id"]}))[
            "state"]
    final = State.from_dict(state)
    assert final.game_over
    score = ok(client.post("/v1/score", json={"state": state}))
    assert score["scores"] == [final.count_of(0)] and score["game_over"]
    over = client.post("/v1/legal-moves", json={"state": state})
    assert over.status_code == 409 and over.json["rule"] == "PP9"


def test_a_place_that_touches_nothing_is_refused_naming_pp6(client: FlaskClient) -> None:
    state = ok(client.post("/v1/games", json=GAME))["state"]
    refused = client.post("/v1/apply", json={"state": state, "move": f"{state['card']}@r0c0"})
    assert refused.status_code == 422 and refused.json["rule"] == "PP6"
    assert refused.json["rule_url"] == "/rules/patience-poker#PP6"
    wrong = "AS" if state["card"] != "AS" else "KS"
    refused = client.post("/v1/apply", json={"state": state, "move": f"{wrong}@r4c5"})
    assert refused.status_code == 422 and refused.json["field"] == "move.card"


def test_an_open_competition_names_the_seat(client: FlaskClient) -> None:
    state = ok(client.post("/v1/games", json={**GAME, "players": 3}))["state"]
    assert state["acting"] == [0, 1, 2]
    cell = f"{state['card']}@r4c5"
    named = client.post("/v1/apply", json={"state": state, "move": cell})
    assert named.status_code == 422 and named.json["rule"] == "PPD8"
    after = ok(client.post("/v1/apply", json={"state": state, "move": cell, "player": 2}))
    assert after["state"]["acting"] == [0, 1]
    again = client.post("/v1/apply", json={"state": after["state"], "move": cell,
                                            "player": 2})
    assert again.status_code == 422 and again.json["rule"] == "PPD7"
    view = ok(client.post("/v1/view", json={"state": after["state"], "player": 0}))["view"]
    assert view["tableaus"][2] == ["r4c4"]  # PPD9: not yet where seat 2 put it
    assert "stock" not in view


def test_a_sealed_competition_against_the_house(app: Flask, client: FlaskClient) -> None:
    started = ok(client.post("/v1/games", json={
        **GAME, "players": 3, "sealed": True,
        "house": [{"player": 1, "bot": "greedy"}, {"player": 2, "bot": "random"}]}))
    seat = {"game": started["game"], "credential": started["credentials"][0]}
    sealer = app.extensions["cardgames_sealer"]
    for turn in range(24):
        state = sealer.open(seat["game"]).state
        assert state.acting == {0, 1, 2}  # PPD13: the house waits for seat 0
        moves = ok(client.post("/v1/legal-moves", json=seat))["moves"]
        played = ok(client.post("/v1/apply", json={**seat, "move": moves[0]["id"]}))
        seat["game"] = played["game"]
        text = str(played)
        after = sealer.open(seat["game"]).state
        hidden = set(after.to_dict()["stock"])
        assert not any(f"'{card}'" in text for card in hidden), turn
    view = ok(client.post("/v1/view", json=seat))["view"]
    assert view["result"]["over"] and len(view["scores"]) == 3
    record = ok(client.post("/v1/records", json=seat))
    replayed = ok(client.post("/v1/records/replay", json={"record": record["record"]}))
    assert replayed["positions"][-1]["state"]["scores"] == view["scores"]


def test_a_hint_ranks_the_places(client: FlaskClient) -> None:
    state = ok(client.post("/v1/games", json=GAME))["state"]
    answer = ok(client.post("/v1/hints", json={"state": state, "player": 0, "samples": 4}))
    legal = {m["id"] for m in ok(client.post("/v1/legal-moves", json={"state": state}))[
        "moves"]}
    assert {m["move"]["id"] for m in answer["moves"]} == legal
    assert 0 <= answer["evaluation"]["equity"] <= 1000


def test_why_names_the_rule_and_the_risk(client: FlaskClient) -> None:
    state = ok(client.post("/v1/games", json={**GAME, "variant": "poker-squares"}))["state"]
    for cell in ("r0c0", "r0c1", "r1c0"):
        moves = ok(client.post("/v1/legal-moves", json={"state": state}))["moves"]
        state = ok(client.post("/v1/apply", json={"state": state, "move": next(
            m["id"] for m in moves if m["cell"] == cell)}))["state"]
    taken = ok(client.post("/v1/why", json={"state": state, "cell": "r0c0"}))
    assert not taken["legal"] and taken["rule"] == "PP8"
    assert taken["rule_url"] == "/rules/patience-poker#PP8"
    free = ok(client.post("/v1/why", json={"state": state, "cell": "r4c4"}))
    assert free["legal"] and free["moves"][0]["cell"] == "r4c4"
    missing = client.post("/v1/why", json={"state": state})
    assert missing.status_code == 422 and missing.json["field"] == "cell"
    listed = ok(client.post("/v1/legal-moves", json={"state": state, "risks": True}))
    assert len(listed["risks"]) == len(listed["moves"])
    assert all(0 <= r["probability"] <= 1 for r in listed["risks"])
