"""Conquian's American pack and three at the table through the /v1 endpoints
(docs/rules/conquian.md QD1, QD12, QD16, QD17): games started with ``players: 3``, their
moves, the seat sitting out refused naming QD12, sealed games whose views hide every
other hand and the stock, hints from each seat's view."""

from __future__ import annotations

import random
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

import solver.conquian as conquian_solver
from api.sealed import Sealer
from engine.cards import card_name, cards_of
from engine.conquian import State, View, new_game
from tests.api.helpers import finished
from tests.api.other_games import MAX_PLIES, ok, play_open, play_sealed, words

THREE = {"game": "conquian", "players": 3, "seed": 6, "dealer": 2}
"""Seat 2 deals and sits out; seat 0 is the pone, seat 1 the other player (QD12)."""


def sealer_of(app: Flask) -> Sealer:
    return app.extensions["cardgames_sealer"]  # type: ignore[no-any-return]


def hidden_from(state: State, seat: int) -> set[str]:
    """The cards seat ``seat`` may not see: every other hand and the stock (Q23, QD17)."""
    other = [c for s, hand in enumerate(state.hands) if s != seat for c in cards_of(hand)]
    return {card_name(c) for c in [*other, *state.stock]}


def test_the_catalog_offers_both_packs_at_two_or_three_seats(client: FlaskClient) -> None:
    catalog = ok(client.get("/v1/catalog"))
    entry = next(g for g in catalog["games"] if g["name"] == "conquian")
    listed = {v["name"]: v for v in entry["variants"]}
    assert list(listed) == ["conquian", "conquian-american"]
    for variant in listed.values():
        assert (variant["seats"], variant["min_seats"], variant["max_seats"]) == (2, 2, 3)
        assert variant["playable"]


def test_a_game_at_three_is_the_engines_deal(client: FlaskClient) -> None:
    answer = ok(client.post("/v1/games", json=THREE))
    assert answer["state"] == new_game(6, dealer=2, players=3).to_dict()
    assert answer["state"]["hands"][2] == [] and answer["state"]["to_move"] == 0
    american = ok(client.post("/v1/games", json={**THREE, "variant": "conquian-american"}))
    assert american["state"] == new_game(6, "conquian-american", 2, players=3).to_dict()
    refused = client.post("/v1/games", json={**THREE, "players": 4})
    assert refused.status_code == 422 and refused.json["field"] == "players"


def test_a_whole_open_hand_at_three_settles_with_the_seat_out_at_zero(
        client: FlaskClient) -> None:
    for seed in (1, 2, 3):
        state = play_open(client, {**THREE, "seed": seed}, seed)
        final = State.from_dict(state)
        assert final.game_over and final.seats == 3
        score = ok(client.post("/v1/score", json={"state": state}))
        assert score["scores"] == list(final.returns()) and len(score["scores"]) == 3
        assert score["scores"][2] == 0 and sum(score["scores"]) == 0  # no pool (QD16)


def test_the_seat_out_is_refused_naming_qd12_and_nothing_changes(client: FlaskClient) -> None:
    state = ok(client.post("/v1/games", json=THREE))["state"]
    for path, body in [("/v1/legal-moves", {"state": state, "player": 2}),
                       ("/v1/apply", {"state": state, "player": 2, "move": "pass"})]:
        refused = client.post(path, json=body)
        assert refused.status_code == 422, refused.json
        assert (refused.json["field"], refused.json["rule"]) == ("player", "QD12")
        assert "sits this hand out" in refused.json["message"]
    other = client.post("/v1/apply", json={"state": state, "player": 1, "move": "pass"})
    assert other.status_code == 422 and other.json["rule"] == "Q24"
    played = ok(client.post("/v1/apply", json={"state": state, "player": 0, "move": "pass"}))
    assert played["state"]["to_move"] == 1  # the turned card passed to the other player


def test_a_sealed_game_at_three_shows_each_seat_no_other_hand(app: Flask,
                                                              client: FlaskClient) -> None:
    """Every seat a player's: each step, each seat's view names no card of another hand
    nor of the stock; the seat out's view holds no hand and his moves are refused."""
    started = ok(client.post("/v1/games", json={**THREE, "sealed": True}))
    token, credentials = started["game"], started["credentials"]
    assert len(credentials) == 3 and all(credentials)
    rng = random.Random(6)
    for _ in range(MAX_PLIES):
        state = sealer_of(app).open(token).state
        for seat, credential in enumerate(credentials):
            seen = ok(client.post("/v1/view", json={"game": token, "credential": credential}))
            assert not words(seen) & hidden_from(state, seat), seat
            assert seen["view"] == state.view(seat).to_dict()
        out = {"game": token, "credential": credentials[2]}
        assert ok(client.post("/v1/view", json=out))["view"]["hand"] == []
        if state.game_over:
            break
        refused = client.post("/v1/legal-moves", json=out)
        assert refused.status_code == 422 and refused.json["rule"] == "QD12"
        assert refused.json["field"] == "credential"
        tried = client.post("/v1/apply", json={**out, "move": "pass"})
        assert tried.status_code == 422 and tried.json["rule"] == "QD12"
        mover = {"game": token, "credential": credentials[state.to_move]}
        moves = ok(client.post("/v1/legal-moves", json=mover))["moves"]
        answer = ok(client.post("/v1/apply", json={**mover, "move": rng.choice(moves)["id"]}))
        assert not words(answer) & hidden_from(sealer_of(app).open(answer["game"]).state,
                                               state.to_move)
        token = answer["game"]
    else:
        raise AssertionError("the hand did not end")
    assert sealer_of(app).open(token).state.returns()[2] == 0


def test_a_seat_plays_at_three_against_two_house_seats(app: Flask,
                                                       client: FlaskClient) -> None:
    body = {**THREE, "house": [{"player": 1, "bot": "solver"}, {"player": 2, "bot": "greedy"}]}
    token, views, events = play_sealed(client, body, 0, 6)
    final = sealer_of(app).open(token).state
    assert final.game_over and len(views) > 2
    for view in views:
        assert view["hand_sizes"][2] == 0 and view["player"] == 0
    shown = words(views) | words(events)
    assert not shown & {card_name(c) for c in final.stock}


def test_the_seat_out_watches_the_house_play_the_whole_hand(app: Flask,
                                                            client: FlaskClient) -> None:
    body = {**THREE, "dealer": 0, "sealed": True,
            "house": [{"player": 1, "bot": "greedy"}, {"player": 2, "bot": "random"}]}
    started = ok(client.post("/v1/games", json=body))
    seat = {"game": started["game"], "credential": started["credentials"][0]}
    seen = ok(client.post("/v1/view", json=seat))
    final = sealer_of(app).open(started["game"]).state
    assert final.game_over and seen["view"]["phase"] == "over" and seen["events"]
    assert seen["view"]["hand"] == [] and final.returns()[0] == 0
    over = client.post("/v1/legal-moves", json=seat)
    assert over.status_code == 409


def test_hints_at_three_rank_the_players_moves_and_value_the_seat_out_at_zero(
        client: FlaskClient) -> None:
    state = new_game(6, dealer=2, players=3)
    asked = finished(client, client.post("/v1/hints", json={
        "state": state.to_dict(), "player": 0, "samples": 6, "seed": 2}))
    direct = conquian_solver.hint(state.view(0), samples=6, seed=2)
    assert asked["moves"] == direct["moves"] and asked["moves"]
    assert {m["move"]["id"] for m in asked["moves"]} == {m.id for m in state.legal_moves()}
    expected = asked["evaluation"]["expected_points"]
    assert expected[2] == 0 and expected[0] == -expected[1]
    out = finished(client, client.post("/v1/hints", json={
        "view": state.view(2).to_dict(), "samples": 6, "seed": 2}))
    assert out["moves"] == [] and out["evaluation"]["equity"] == 0
    assert out["evaluation"]["expected_points"] == [0, 0, 0]


def test_the_american_pack_through_the_api(client: FlaskClient) -> None:
    body = {"game": "conquian", "variant": "conquian-american", "seed": 4, "dealer": 0}
    state = ok(client.post("/v1/games", json=body))["state"]
    assert state == new_game(4, "conquian-american", 0).to_dict()
    named = words(state)
    assert not named & {f"{r}{s}" for r in "JQK" for s in "SHDC"}
    final = play_open(client, body, 4)
    assert State.from_dict(final).game_over
    broken: dict[str, Any] = {**state, "stock": ["KS", *state["stock"][1:]]}
    refused = client.post("/v1/legal-moves", json={"state": broken})
    assert refused.status_code == 422 and refused.json["rule"] == "QD1"
    assert refused.json["field"] == "state.stock[0]" and "American pack" in refused.json["message"]
    view = new_game(4, "conquian-american", 0).view(1).to_dict()
    assert View.from_dict(view).variant == "conquian-american"
