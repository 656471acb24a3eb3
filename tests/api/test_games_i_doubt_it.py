"""I Doubt It through the /v1 endpoints (docs/api.md "Other games"): open and sealed games,
house seats, what each seat may see (IDD9), why-not, warnings and hints, and refusals that
name the field or the rule."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from engine.cards import card_name, cards_of
from engine.games import engine_of
from engine.i_doubt_it import State, new_game
from solver.i_doubt_it.bots import make_bot
from tests.api.helpers import finished
from tests.conformance.common import cards_in

GAME = {"game": "i-doubt-it", "seed": 11}
ENGINE = engine_of("i-doubt-it")


def ok(answer: Any) -> Any:
    assert answer.status_code == 200, answer.json
    return answer.json


def test_a_new_game_is_the_engines_deal_at_any_seats(client: FlaskClient) -> None:
    answer = ok(client.post("/v1/games", json=GAME))
    assert answer["state"] == new_game(11).to_dict()
    six = ok(client.post("/v1/games", json={**GAME, "players": 6, "dealer": 2}))
    assert six["state"] == new_game(11, dealer=2, players=6).to_dict()
    refused = client.post("/v1/games", json={**GAME, "players": 11})
    assert refused.status_code == 422 and refused.json["field"] == "players"


def test_legal_moves_are_every_claim_and_risks_warn_of_bluffs(client: FlaskClient) -> None:
    state = new_game(5, players=10)
    listed = ok(client.post("/v1/legal-moves", json={"state": state.to_dict(), "risks": True}))
    assert [m["id"] for m in listed["moves"]] == [m.id for m in state.moves_for(0)]
    assert len(listed["moves"]) == 10 * 13  # C(5, 3) claims of each rank (ID4)
    risks = {r["move"]: r for r in listed["risks"]}
    for move in state.moves_for(0):
        true = all(c >> 2 == move.rank - 1 for c in cards_of(move.cards))
        assert (risks[move.id]["probability"] == 0.0) == true or not true


def test_a_long_list_of_claims_is_paged_without_being_listed(client: FlaskClient) -> None:
    """Two seats hold 26 cards: 33,800 claims (ID4), any page of them told at once."""
    state = new_game(5, players=2)
    claims = state.moves_for(0)
    assert len(claims) == 2600 * 13
    for offset in (0, 12_345, len(claims) - 2):
        page = ok(client.post("/v1/legal-moves", json={"state": state.to_dict(),
                                                       "offset": offset, "limit": 3}))
        assert page["count"] == len(claims)
        assert [m["id"] for m in page["moves"]] == [m.id for m in claims[offset:offset + 3]]


def test_a_sealed_game_hides_the_claims_of_others(app: Flask, client: FlaskClient) -> None:
    started = ok(client.post("/v1/games", json={
        **GAME, "sealed": True, "house": [{"player": s, "bot": "counting"} for s in (1, 2, 3)]}))
    seat = {"game": started["game"], "credential": started["credentials"][0]}
    sealer = app.extensions["cardgames_sealer"]
    for _ in range(12):
        listed = ok(client.post("/v1/legal-moves", json=seat))
        answer = ok(client.post("/v1/apply", json={**seat, "move": listed["moves"][-1]["id"]}))
        seat["game"] = answer["game"]
        state: State = sealer.open(answer["game"]).state
        hidden = ENGINE.hidden(state, 0)
        named = cards_in(answer)
        assert not named & hidden, named & hidden
        for event in answer["events"]:
            if event["type"] in ("claim", "draw") and event["player"] != 0:
                assert event["cards"] is None  # IDD9
        if answer["view"]["result"]["over"]:
            break


def test_why_names_the_rule_and_never_where_a_card_lies(client: FlaskClient) -> None:
    state = new_game(5)
    hand = [card_name(c) for c in cards_of(state.hands[0])]
    body = {"state": state.to_dict(), "player": 0}
    legal = ok(client.post("/v1/why", json={**body, "cards": hand[:3], "rank": "J"}))
    assert legal["legal"] and len(legal["moves"]) == 1
    short = ok(client.post("/v1/why", json={**body, "cards": hand[:2]}))
    assert not short["legal"] and short["rule"] == "ID4"
    elsewhere = card_name(next(iter(cards_of(state.hands[1]))))
    nowhere = card_name(next(iter(cards_of(state.hands[2]))))
    a = client.post("/v1/why", json={**body, "cards": [elsewhere]})
    b = client.post("/v1/why", json={**body, "cards": [nowhere]})
    assert a.status_code == b.status_code == 422
    assert a.json["message"].replace(elsewhere, "X") == b.json["message"].replace(nowhere, "X")
    speak = ok(client.post("/v1/why", json={**body, "cards": []}))
    assert not speak["legal"] and {r["rule"] for r in speak["reasons"]} == {"ID4"}


def test_a_hint_ranks_claims_and_a_doubt_carries_its_chance(client: FlaskClient) -> None:
    state = new_game(7)
    hint = finished(client, client.post("/v1/hints", json={"state": state.to_dict(),
                                                          "player": 0, "seed": 1}))
    assert hint["moves"] and all(m["move"]["type"] == "claim" for m in hint["moves"])
    assert hint["solver"]["claim_true"] is None
    claimed = state.apply(state.moves_for(0)[0])[0]
    hint = finished(client, client.post("/v1/hints", json={"state": claimed.to_dict(),
                                                          "player": 1, "seed": 1}))
    assert {m["move"]["id"] for m in hint["moves"]} == {"doubt", "pass"}
    assert 0.0 <= hint["solver"]["claim_true"] <= 1.0


def test_a_hint_in_the_last_rounds_comes_back_from_its_job(tmp_path: Any) -> None:
    """With no direct path every hint is a job, whose answer is checked against the view's
    columns: in the last rounds the shortlist of claims played out (solver/i_doubt_it)."""
    from api import create_app
    from solver.i_doubt_it.endgame import near_limit
    from tests.api.conftest import UNLIMITED
    jobs = create_app({**UNLIMITED, "HINT_DIRECT_MS": 0, "STORE": str(tmp_path)}).test_client()
    state = new_game(3, players=4)
    bots = [make_bot("counting", s) for s in range(4)]
    while not (state.speaker is None and near_limit(state.view(state.claimer))):
        seat = min(state.acting)
        state = state.apply(bots[seat].choose(state.view(seat)))[0]
    hint = finished(jobs, jobs.post("/v1/hints", json={"state": state.to_dict(),
                                                      "player": state.claimer, "seed": 2}))
    assert len(hint["moves"]) == 6 and hint["solver"]["samples"] >= 1


def test_refusals_name_the_field_and_the_rule(client: FlaskClient) -> None:
    state = new_game(5).to_dict()
    for move, field, rule in [("doubt", "move.type", "ID4"), ("claim:AS,2S:K", "move.cards", None),
                              ("claim:2S,2S,3S:4", "move.cards[1]", None)]:
        answer = client.post("/v1/apply", json={"state": state, "move": move})
        assert answer.status_code == 422 and answer.json["field"].startswith(field), answer.json
        if rule:
            assert answer.json["rule"] == rule
    out = client.post("/v1/apply", json={"state": state, "move": "pass", "player": 2})
    assert out.status_code == 422 and out.json["field"] == "player"


def test_a_record_is_reviewed_and_a_bot_moves_at_a_level(client: FlaskClient) -> None:
    state = new_game(3, players=3)
    bots = [make_bot("counting", s) for s in range(3)]
    for _ in range(40):  # some claims and speeches, the record of an open game
        seat = min(state.acting)
        state = state.apply(bots[seat].choose(state.view(seat)))[0]
    record = ok(client.post("/v1/records", json={"state": state.to_dict()}))["record"]
    review = finished(client, client.post("/v1/reviews", json={
        "record": record, "player": 0, "samples": 4}))
    played = [m for m in record["deals"][0]["moves"] if m["player"] == 0]
    assert len(review["moves"]) == len(played)  # every move rated, each claim among others
    assert all(m["verdict"] for m in review["moves"])
    bot = ok(client.post("/v1/bot-move", json={"state": state.to_dict(),
                                               "player": min(state.acting),
                                               "level": "expert"}))
    assert bot["level"] == "expert" and bot["move"]["id"] in {
        m.id for m in state.moves_for(min(state.acting))}
