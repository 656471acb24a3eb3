"""Jass through the /v1 endpoints (docs/api.md "Other games"): open and sealed games of
each variant, house seats, what each seat may see (JD11), why-not, hints and bot moves,
records, and refusals that name the field or the rule."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.cards import card_name, cards_of
from engine.games import engine_of
from engine.jass import State, new_game
from solver.jass.bots import Rule
from tests.api.helpers import finished
from tests.conformance.common import cards_in

ENGINE = engine_of("jass")
VARIANTS = ("jass", "three-hand-jass", "two-hand-jass")


def ok(answer: Any) -> Any:
    assert answer.status_code == 200, answer.json
    return answer.json


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_new_game_is_the_engines_deal(client: FlaskClient, variant: str) -> None:
    answer = ok(client.post("/v1/games", json={"game": "jass", "variant": variant, "seed": 4}))
    assert answer["state"] == new_game(4, variant).to_dict()
    dealt = ok(client.post("/v1/games", json={"variant": variant, "seed": 4, "dealer": 0}))
    assert dealt["state"] == new_game(4, variant, dealer=0).to_dict()


def test_legal_moves_follow_and_the_jack_reneges(client: FlaskClient) -> None:
    state = new_game(6, "jass")
    for _ in range(5):
        state = state.apply(state.moves_for(state.turn)[-1])[0]
    listed = ok(client.post("/v1/legal-moves", json={"state": state.to_dict()}))
    assert [m["id"] for m in listed["moves"]] == [m.id for m in state.moves_for(state.turn)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_sealed_game_hides_the_others_cards(app: Flask, client: FlaskClient,
                                              variant: str) -> None:
    seats = {"jass": 4, "three-hand-jass": 3, "two-hand-jass": 2}[variant]
    started = ok(client.post("/v1/games", json={
        "game": "jass", "variant": variant, "seed": 9, "sealed": True,
        "house": [{"player": s, "bot": "rule"} for s in range(1, seats)]}))
    seat = {"game": started["game"], "credential": started["credentials"][0]}
    sealer = app.extensions["cardgames_sealer"]
    for _ in range(60):
        listed = ok(client.post("/v1/legal-moves", json=seat))
        answer = ok(client.post("/v1/apply", json={**seat, "move": listed["moves"][0]["id"]}))
        seat["game"] = answer["game"]
        state: State = sealer.open(answer["game"]).state
        named = cards_in(answer)
        assert not named & ENGINE.hidden(state, 0), named & ENGINE.hidden(state, 0)
        for event in answer["events"]:
            if event["type"] == "draw" and event["player"] != 0 and not event["seen"]:
                assert event["card"] is None  # JD11
        if answer["view"]["result"]["over"]:
            break
    assert answer["view"]["result"]["over"]
    record = ok(client.post("/v1/records", json=seat))["record"]
    replay = ok(client.post("/v1/records/replay", json={"record": record}))
    assert replay["positions"][-1]["state"]["result"]["over"]


def test_why_names_the_rule_and_never_where_a_card_lies(client: FlaskClient) -> None:
    state = new_game(6, "jass")
    for _ in range(5):
        state = state.apply(state.moves_for(state.turn)[-1])[0]
    seat = state.turn
    body = {"state": state.to_dict(), "player": seat}
    for move in state.moves_for(seat):
        if move.kind == "play":
            legal = ok(client.post("/v1/why", json={**body, "cards": [card_name(move.card)]}))
            assert legal["legal"]
    elsewhere = card_name(next(cards_of(state.hands[(seat + 1) % 4])))
    aside = "5S"
    a = client.post("/v1/why", json={**body, "cards": [elsewhere]})
    b = client.post("/v1/why", json={**body, "cards": [aside]})
    assert a.status_code == b.status_code == 422 and a.json["field"] == "cards"
    assert a.json["message"].replace(elsewhere, "X") == b.json["message"].replace(aside, "X")


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_hint_ranks_the_moves_and_a_level_moves(client: FlaskClient, variant: str) -> None:
    state = new_game(7, variant)
    while state.phase != "play":
        state = state.apply(Rule().choose(state.view(state.turn)))[0]
    hint = finished(client, client.post("/v1/hints", json={
        "state": state.to_dict(), "player": state.turn, "seed": 1, "samples": 4}))
    assert {m["move"]["id"] for m in hint["moves"]} == {
        m.id for m in state.moves_for(state.turn)}
    assert len(hint["evaluation"]["expected_points"]) == state.seats
    bot = ok(client.post("/v1/bot-move", json={"state": state.to_dict(),
                                               "player": state.turn, "level": "club"}))
    assert bot["move"]["id"] in {m.id for m in state.moves_for(state.turn)}


def test_refusals_name_the_field_and_the_rule(client: FlaskClient) -> None:
    state = new_game(5, "jass").to_dict()
    for move, field, rule in [("play:AS", "move.type", "J8"), ("play:5S", "move.card", "J1"),
                              ("declare:QS,KS", "move.type", "J8"), ("fold", "move", None)]:
        answer = client.post("/v1/apply", json={"state": state, "move": move})
        assert answer.status_code == 422 and answer.json["field"] == field, answer.json
        if rule:
            assert answer.json["rule"] == rule
    out = client.post("/v1/apply", json={"state": state, "move": "stay", "player": 2})
    assert out.status_code == 422 and out.json["field"] == "player"
    broken = client.post("/v1/legal-moves", json={"state": {**state, "trump": "X"}})
    assert broken.status_code == 422 and broken.json["field"].endswith("trump"), broken.json


def test_a_record_is_reviewed(client: FlaskClient) -> None:
    state = new_game(3, "two-hand-jass")
    bot = Rule()
    for _ in range(8):
        state = state.apply(bot.choose(state.view(state.turn)))[0]
    record = ok(client.post("/v1/records", json={"state": state.to_dict()}))["record"]
    review = finished(client, client.post("/v1/reviews", json={
        "record": record, "player": 0, "samples": 4}))
    played = [m for m in record["deals"][0]["moves"] if m["player"] == 0]
    assert len(review["moves"]) == len(played) and all(m["verdict"] for m in review["moves"])
