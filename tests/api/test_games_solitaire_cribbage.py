"""Solitaire Cribbage through the /v1 endpoints (docs/api.md "Other games"): open and
sealed games, house seats, what each seat may see (SC24), the refusals naming the field
and the rule, why, risks, records, replays, reviews and bot moves."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from api.sealed import Sealer
from engine.cards import card_name
from engine.games import engine_of
from tests.api.other_games import ok, play_open, play_sealed, words

GAME = {"game": "solitaire-cribbage", "seed": 11}
ENGINE = engine_of("solitaire-cribbage")


def sealer_of(app: Flask) -> Sealer:
    return app.extensions["cardgames_sealer"]  # type: ignore[no-any-return]


def test_a_new_game_is_the_engines_deal(client: FlaskClient) -> None:
    answer = ok(client.post("/v1/games", json={**GAME, "players": 2}))
    assert answer["state"] == ENGINE.new_game(11, "solitaire-cribbage", None, 2).to_dict()
    assert ok(client.post("/v1/games", json=GAME))["state"]["packs"].__len__() == 1
    wrong = client.post("/v1/games", json={**GAME, "variant": "solitaire-cribbage-partners",
                                           "players": 2})
    assert wrong.status_code == 422 and wrong.json["field"] == "players"


def test_a_whole_open_game(client: FlaskClient) -> None:
    state = play_open(client, {**GAME, "players": 3}, 1)
    final = ENGINE.read_state(state)
    assert final.game_over
    score = ok(client.post("/v1/score", json={"state": state}))
    assert score["scores"] == list(final.table.holes) and score["game_over"]
    over = client.post("/v1/legal-moves", json={"state": state})
    assert over.status_code == 409 and over.json["rule"] == "SC10, SC20"
    assert over.json["rule_url"].startswith("/rules/solitaire-cribbage#")


def test_refusals_name_the_field_and_the_rule(client: FlaskClient) -> None:
    state = ok(client.post("/v1/games", json={**GAME, "players": 2}))["state"]
    moves = ok(client.post("/v1/legal-moves", json={"state": state, "player": 1}))["moves"]
    assert len(moves) == 15 and all(m["player"] == 1 for m in moves)
    wrong_seat = client.post("/v1/apply", json={"state": state, "move": moves[0]["id"],
                                                "player": 0})
    assert wrong_seat.status_code == 422 and wrong_seat.json["field"] == "player"
    assert wrong_seat.json["rule"] == "SC12"
    after = ok(client.post("/v1/apply", json={"state": state, "move": moves[0]["id"]}))
    again = client.post("/v1/apply", json={"state": after["state"], "move": moves[1]["id"]})
    assert again.status_code == 422 and again.json["rule"] == "SC12"
    held = set(state["hands"][0])
    other = next(card_name(c) for c in range(52) if card_name(c) not in held)
    mine = sorted(held)[0]
    refused = client.post("/v1/apply", json={"state": state, "move": f"0:{mine}+{other}"})
    assert refused.status_code == 422 and refused.json["rule"] == "SC5"
    assert other in refused.json["message"]
    bad = client.post("/v1/apply", json={"state": state, "move": "0:5H"})
    assert bad.status_code == 422 and bad.json["field"] == "move"
    forged = {**state, "holes": [3, 0]}
    assert client.post("/v1/legal-moves", json={"state": forged}).json["field"] == "state.holes"


def test_a_sealed_game_against_the_house_shows_no_hidden_card(app: Flask,
                                                               client: FlaskClient) -> None:
    body = {**GAME, "players": 2, "house": [{"player": 1, "bot": "greedy"}]}
    token, views, events = play_sealed(client, body, 0, 3)
    final = sealer_of(app).open(token).state
    assert final.game_over
    for view in views:
        assert view["player"] == 0 and "packs" not in view
    state = ENGINE.new_game(11, "solitaire-cribbage", None, 2)
    seen = ok(client.post("/v1/games", json={**body, "sealed": True}))
    shown = ok(client.post("/v1/view", json={"game": seen["game"],
                                             "credential": seen["credentials"][0]}))
    hidden = ENGINE.hidden(state, 0)
    assert not words(shown) & hidden
    assert all("cards" not in e for e in events if e["type"] in ("deal", "lay")
               and e["player"] == 1)


def test_why_and_risks(client: FlaskClient) -> None:
    state = ok(client.post("/v1/games", json=GAME))["state"]
    hand = state["hands"][0]
    one = ok(client.post("/v1/why", json={"state": state, "player": 0, "cards": hand[:1]}))
    assert not one["legal"] and one["rule"] == "SC5"
    two = ok(client.post("/v1/why", json={"state": state, "player": 0, "cards": hand[:2]}))
    assert two["legal"] and two["moves"][0]["deal_points"] > 0
    foreign = client.post("/v1/why", json={"state": state, "player": 0,
                                           "cards": [next(card_name(c) for c in range(52)
                                                          if card_name(c) not in hand)]})
    assert foreign.status_code == 422 and foreign.json["field"] == "cards"
    listed = ok(client.post("/v1/legal-moves", json={"state": state, "risks": True}))
    risks = listed["risks"]
    assert len(risks) == 15
    short = [r for r in risks if r["how"] == "short"]
    assert short and all(r["lost"] >= 2 and 0 <= r["probability"] <= 1 for r in short)


def test_hints_bot_moves_records_and_reviews(client: FlaskClient) -> None:
    state = ok(client.post("/v1/games", json=GAME))["state"]
    hint = ok(client.post("/v1/hints", json={"state": state, "player": 0}))
    assert len(hint["moves"]) == 15 and hint["solver"]["exact"] is True
    assert 0 <= hint["evaluation"]["equity"] <= 1
    moved = ok(client.post("/v1/bot-move", json={"state": state, "player": 0,
                                                 "level": "master"}))
    assert moved["move"]["id"] == hint["moves"][0]["move"]["id"]
    final = play_open(client, GAME, 2)
    record = ok(client.post("/v1/records", json={"state": final}))["record"]
    assert record["game"] == "solitaire-cribbage" and record["deals"][0]["moves"]
    replay = ok(client.post("/v1/records/replay", json={"record": record}))
    assert replay["positions"][-1]["state"] == final
    review = ok(client.post("/v1/reviews", json={"record": record, "player": 0}))
    assert len(review["moves"]) == len(record["deals"][0]["moves"])


