"""Jass's match through the /v1 endpoints (docs/rules/jass.md J18, JD17-JD23): the match
variants listed and dealt, the call-out in open and sealed games, the refusals of a bad
call naming their rule, a sealed match's deals carried into its record."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.jass.schemas import JassStateSchema
from engine.jass import CALL, State, View, new_game
from engine.jass.match import Match
from engine.jass.rules import SETTINGS
from solver.jass.bots import Rule
from tests.api.helpers import finished

MATCHES = [name for name, s in SETTINGS.items() if s.match != "deal"]


def ok(answer: Any) -> Any:
    assert answer.status_code == 200, answer.json
    return answer.json


def late(variant: str, before: int) -> State:
    """A match at its second deal, seat 0 at ``before`` points, in the play at seat 0's
    turn once it won points."""
    state = new_game(3, variant)
    row = (before, *([0] * (state.seats - 1)))
    state = replace(state, match=Match(2, (state.dealer - 1) % state.seats, (row,)))
    while not (state.turn == 0 and state.phase == "play" and state.deal_points()[0] >= 10):
        move = Rule().choose(state.view(state.turn))
        state = state.apply(move if move != CALL else state.moves_for(state.turn)[0])[0]
    return state


def test_the_catalog_lists_the_match_variants(client: FlaskClient) -> None:
    catalog = ok(client.get("/v1/catalog"))
    jass = next(g for g in catalog["games"] if g["name"] == "jass")
    names = [v["name"] for v in jass["variants"]]
    assert names[:3] == ["jass", "three-hand-jass", "two-hand-jass"] and set(MATCHES) <= set(
        names)
    for v in jass["variants"]:
        assert v["rules_url"] == f"/rules/{v['name']}", v
        assert client.get(v["rules_url"]).status_code == 200
    page = client.get("/rules/jass")
    assert page.status_code == 200
    for rule in ("JD17", "JD19", "JD20", "JD21", "JD22"):
        assert f'id="{rule}"' in page.get_data(as_text=True)


@pytest.mark.parametrize("variant", MATCHES)
def test_a_new_match_is_the_engines(client: FlaskClient, variant: str) -> None:
    answer = ok(client.post("/v1/games", json={"game": "jass", "variant": variant, "seed": 4}))
    assert answer["state"] == new_game(4, variant).to_dict()
    assert answer["state"]["match"]["deal"] == 1
    view = ok(client.post("/v1/view", json={"state": answer["state"], "player": 0}))["view"]
    assert view["match"] == answer["state"]["match"]


def test_a_call_in_an_open_game(client: FlaskClient) -> None:
    right = late("jass-1000", 995)
    listed = ok(client.post("/v1/legal-moves", json={"state": right.to_dict()}))
    assert listed["moves"][-1]["id"] == "call"
    won = ok(client.post("/v1/apply", json={"state": right.to_dict(), "move": "call"}))
    assert won["state"]["result"] == {"over": True, "winners": [0],
                                      "points": won["state"]["result"]["points"]}
    assert [e["type"] for e in won["events"]] == ["call", "match"]
    assert won["events"][0]["right"] is True
    wrong = late("jass-1000", 100)
    lost = ok(client.post("/v1/apply", json={"state": wrong.to_dict(),
                                             "move": {"type": "call"}}))
    assert 0 not in lost["state"]["result"]["winners"] and lost["state"]["result"]["over"]
    again = client.post("/v1/apply", json={"state": lost["state"], "move": "call"})
    assert again.status_code == 409


def test_a_bad_call_is_refused_naming_its_rule(client: FlaskClient) -> None:
    plain = new_game(3, "two-hand-jass").to_dict()
    answer = client.post("/v1/apply", json={"state": plain, "move": "call"})
    assert answer.status_code == 422 and answer.json["rule"] == "JD19", answer.json
    assert answer.json["rule_url"] == "/rules/jass#JD19"
    match = late("three-hand-jass-1000", 100).to_dict()
    out = client.post("/v1/apply", json={"state": match, "move": "call", "player": 1})
    assert out.status_code == 422 and out.json["rule"] == "JD19" and "own turn" in out.json[
        "message"], out.json
    early = new_game(3, "jass-1000").to_dict()
    before = client.post("/v1/apply", json={"state": early, "move": "call"})
    assert before.status_code == 422 and before.json["rule"] == "JD19"
    marks = new_game(3, "jass-marks").to_dict()
    assert client.post("/v1/apply", json={"state": marks, "move": "call"}).json["rule"] == \
        "JD19"
    broken = {**match, "match": {**match["match"], "totals": [0, 0, 0]}}
    bad = client.post("/v1/legal-moves", json={"state": broken})
    assert bad.status_code == 422 and bad.json["field"] == "state.match.totals", bad.json


def test_a_hint_ranks_a_right_call_first(client: FlaskClient) -> None:
    state = late("two-hand-jass-1000", 995)
    hint = finished(client, client.post("/v1/hints", json={
        "state": state.to_dict(), "player": 0, "seed": 1, "samples": 4}))
    assert hint["moves"][0]["move"]["id"] == "call"
    bot = ok(client.post("/v1/bot-move", json={"state": state.to_dict(), "player": 0,
                                               "level": "beginner"}))
    assert bot["move"]["id"] == "call"


def test_a_sealed_match_goes_on_deal_after_deal_and_keeps_its_record(
        app: Flask, client: FlaskClient) -> None:
    """JD18: the house plays seat 1; seat 0 plays the rule bot's moves (a call when
    right); the record of the whole match replays to the sealed game's last state."""
    started = ok(client.post("/v1/games", json={
        "game": "jass", "variant": "two-hand-jass-1000", "seed": 9, "sealed": True,
        "house": [{"player": 1, "bot": "rule"}]}))
    seat = {"game": started["game"], "credential": started["credentials"][0]}
    deals, refused = set(), False
    for _ in range(2000):
        view = ok(client.post("/v1/view", json=seat))["view"]
        deals.add(view["match"]["deal"])
        if view["result"]["over"]:
            break
        if view["turn"] != 0 and not refused:
            out = client.post("/v1/apply", json={**seat, "move": "call"})
            assert out.status_code == 422 and out.json["rule"] == "JD19", out.json
            refused = True
            continue
        move = Rule().choose(View.from_dict(view))
        answer = ok(client.post("/v1/apply", json={**seat, "move": move.id}))
        seat["game"] = answer["game"]
    assert view["result"]["over"] and view["result"]["winners"] and len(deals) > 3
    assert view["match"]["totals"] == [sum(r[s] for r in view["match"]["scores"])
                                       for s in range(2)]
    record = ok(client.post("/v1/records", json=seat))["record"]
    replay = ok(client.post("/v1/records/replay", json={"record": record}))
    sealer = app.extensions["cardgames_sealer"]
    assert replay["positions"][-1]["state"] == sealer.open(seat["game"]).state.to_dict()


def test_the_last_deal_of_a_match_on_marks_fits_the_spec(client: FlaskClient) -> None:
    """The spec's forms (the schema tests play whole matches to 1,000; a match on marks is
    taken up at its last deal, to stay fast)."""
    from tests.api.test_game_answers import fits
    from tests.api.test_game_schemas import fits as fits_schema
    state = new_game(3, "three-hand-jass-marks")
    row = (80, 50, 12)
    state = replace(state, match=Match(12, (state.dealer - 11) % 3, (row,) * 11)).to_dict()
    assert state["match"]["marks"] == [1, 1, 23]  # JD22: two rub off, under 21 set back
    while True:
        fits_schema(JassStateSchema, state)
        for seat in range(3):
            fits("/v1/view", client.post("/v1/view", json={"state": state, "player": seat}))
        listed = client.post("/v1/legal-moves", json={"state": state})
        if listed.status_code == 409:
            break
        move = fits("/v1/legal-moves", listed)["moves"][0]
        answer = fits("/v1/apply", client.post("/v1/apply", json={"state": state,
                                                                  "move": move}))
        state = answer["state"]
    assert [e["type"] for e in answer["events"]][-3:] == ["end", "tally", "match"]
    assert state["result"]["over"] and len(state["match"]["scores"]) == 12


def test_an_open_matchs_record_is_made_in_its_first_deal(client: FlaskClient) -> None:
    state = new_game(3, "two-hand-jass-1000")
    for _ in range(6):
        state = state.apply(Rule().choose(state.view(state.turn)))[0]
    record = ok(client.post("/v1/records", json={"state": state.to_dict()}))["record"]
    replay = ok(client.post("/v1/records/replay", json={"record": record}))
    assert replay["positions"][-1]["state"] == state.to_dict()
    refused = client.post("/v1/records", json={"state": late("two-hand-jass-1000", 100)
                                               .to_dict()})
    assert refused.status_code == 422 and refused.json["rule"] == "JD18", refused.json


def test_a_wrong_call_is_a_warned_move(client: FlaskClient) -> None:
    from tests.api.test_game_answers import fits
    wrong = late("jass-1000", 500)
    listed = fits("/v1/legal-moves", client.post("/v1/legal-moves", json={
        "state": wrong.to_dict(), "risks": True}))
    risk = next(r for r in listed["risks"] if r["move"] == "call")
    assert risk["how"] == "lose" and risk["lost"] == 1000 - wrong.result.points[0]
