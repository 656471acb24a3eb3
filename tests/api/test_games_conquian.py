"""Conquian through the /v1 endpoints (docs/api.md "Other games"): open and sealed hands,
house seats, what each seat may see (Q23), and errors that name the field or the rule."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.sealed import Sealer
from engine.cards import card_name, cards_of
from engine.conquian import State, View, move_json, new_game
from tests.api.other_games import ok, play_open, play_sealed, words

GAME = {"game": "conquian", "seed": 11}


def sealer_of(app: Flask) -> Sealer:
    return app.extensions["cardgames_sealer"]  # type: ignore[no-any-return]


def hidden_from(state: State, seat: int) -> set[str]:
    """The cards seat ``seat`` may not see: the other hand and the stock (Q23)."""
    other = [c for s, hand in enumerate(state.hands) if s != seat for c in cards_of(hand)]
    return {card_name(c) for c in [*other, *state.stock]}


def test_a_new_game_is_the_engines_deal(client: FlaskClient) -> None:
    answer = ok(client.post("/v1/games", json={**GAME, "dealer": 0}))
    assert answer["state"] == new_game(11, dealer=0).to_dict()
    assert answer["state"]["game"] == "conquian" and answer["state"]["variant"] == "conquian"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_open_hand_plays_to_its_end_and_settles(client: FlaskClient, seed: int) -> None:
    state = play_open(client, {**GAME, "seed": seed}, seed)
    final = State.from_dict(state)
    assert final.game_over
    score = ok(client.post("/v1/score", json={"state": state}))
    assert score == {"game": "conquian", "variant": "conquian", "game_over": True,
                     "scores": list(final.returns())}
    assert sum(score["scores"]) == 0
    over = client.post("/v1/legal-moves", json={"state": state})
    assert over.status_code == 409 and over.json["rule"] == "Q18, Q20"
    assert over.json["rule_url"].startswith("/rules/conquian#")


def test_legal_moves_and_apply_are_the_engines(client: FlaskClient) -> None:
    state = new_game(5, dealer=1)
    listed = ok(client.post("/v1/legal-moves", json={"state": state.to_dict()}))
    assert listed["player"] == state.to_move
    assert listed["moves"] == [move_json(m, state.up) for m in state.legal_moves()]
    move = state.legal_moves()[-1]
    step = state.apply(move)
    answer = ok(client.post("/v1/apply", json={"state": state.to_dict(), "move": move.id}))
    assert answer["state"] == step.state.to_dict()
    assert answer["events"] == [e.to_dict() for e in step.events]
    view = ok(client.post("/v1/view", json={"state": state.to_dict(), "player": 1}))
    assert view["view"] == state.view(1).to_dict()
    by_view = ok(client.post("/v1/score", json={"view": view["view"]}))
    assert by_view["scores"] == [0, 0] and by_view["game_over"] is False


@pytest.mark.parametrize("bot", ["greedy", "random"])
@pytest.mark.parametrize("seat", [0, 1])
def test_a_sealed_hand_against_the_house_never_shows_a_hidden_card(
        app: Flask, client: FlaskClient, bot: str, seat: int) -> None:
    body = {**GAME, "seed": 20 + seat, "house": [{"player": 1 - seat, "bot": bot}]}
    token, views, events = play_sealed(client, body, seat, seed=seat)
    final = sealer_of(app).open(token).state
    assert final.game_over
    assert all(v["player"] == seat and "hands" not in v and "stock" not in v for v in views)
    credential = sealer_of(app).open(token).credential(seat)
    score = ok(client.post("/v1/score", json={"game": token, "credential": credential}))
    assert score["scores"] == list(final.returns()) and score["game_over"] is True
    assert all(e["type"] in {"turn", "take", "pass", "dead", "lay", "discard", "force", "out",
                             "tableau", "settled"} for e in events)


def test_each_answer_of_a_sealed_game_names_no_card_the_seat_may_not_see(
        app: Flask, client: FlaskClient) -> None:
    """Card by card: at every answer, the other hand and the stock as they stand then
    (read from the token) are absent from the whole answer."""
    sealer = sealer_of(app)
    started = ok(client.post("/v1/games", json={**GAME, "seed": 3, "sealed": True,
                                                "house": [{"player": 1, "bot": "greedy"}]}))
    token, credential = started["game"], started["credentials"][0]
    for ply in range(200):
        state = sealer.open(token).state
        secret = hidden_from(state, 0)
        shown = ok(client.post("/v1/view", json={"game": token, "credential": credential}))
        assert not words(shown) & secret
        assert shown["view"] == state.view(0).to_dict()
        listed = client.post("/v1/legal-moves", json={"game": token, "credential": credential})
        if listed.status_code == 409:
            break
        assert not words(ok(listed)) & secret
        answer = ok(client.post("/v1/apply", json={"game": token, "credential": credential,
                                                   "move": listed.json["moves"][ply % len(
                                                       listed.json["moves"])]}))
        token = answer["game"]
        after = sealer.open(token).state
        assert not words(answer) - {token} & hidden_from(after, 0)
        assert answer["view"] == after.view(0).to_dict()
    assert sealer.open(token).state.game_over


def test_a_tokens_length_tells_nothing_hidden(app: Flask, client: FlaskClient) -> None:
    sealer = sealer_of(app)
    started = ok(client.post("/v1/games", json={**GAME, "sealed": True,
                                                "house": [{"player": 1, "bot": "random"}]}))
    game = sealer.open(started["game"])
    state = game.state
    other = 1
    hidden = [*state.stock, *cards_of(state.hands[other])]
    size = state.hands[other].bit_count()
    lengths = set()
    for shift in range(1, 6):
        moved = hidden[shift:] + hidden[:shift]
        hands = list(state.hands)
        hands[other] = sum(1 << c for c in moved[len(state.stock):])
        assert hands[other].bit_count() == size
        swapped = state._replace(hands=tuple(hands), stock=tuple(moved[:len(state.stock)]))
        lengths.add(len(sealer.seal(replace(game, state=swapped))))
    assert len(lengths) == 1


def test_a_seat_moves_only_in_its_turn_and_for_itself(client: FlaskClient) -> None:
    started = ok(client.post("/v1/games", json={**GAME, "dealer": 0, "sealed": True}))
    token, credentials = started["game"], started["credentials"]
    view = ok(client.post("/v1/view", json={"game": token, "credential": credentials[0]}))
    waiting = 1 - view["view"]["to_move"]
    refused = client.post("/v1/apply", json={"game": token, "credential": credentials[waiting],
                                             "move": "pass"})
    assert refused.status_code == 422 and refused.json["rule"] == "Q24"
    assert refused.json["field"] == "credential"
    listed = client.post("/v1/legal-moves", json={"game": token,
                                                  "credential": credentials[waiting]})
    assert listed.status_code == 422 and listed.json["rule"] == "Q24"


@pytest.mark.parametrize(("change", "field"), [
    ({"hands": [["AH"], []]}, "state"),
    ({"stock": ["ZZ"]}, "state.stock[0]"),
    ({"dealer": 5}, "state.dealer"),
    ({"variant": "poker-rum"}, "state.variant"),
    ({"game": "chess"}, "state.game"),
])
def test_a_bad_state_is_a_422_naming_its_field(client: FlaskClient, change: dict[str, Any],
                                               field: str) -> None:
    state = {**new_game(4).to_dict(), **change}
    for path in ("/v1/legal-moves", "/v1/view", "/v1/score"):
        answer = client.post(path, json={"state": state} | (
            {} if path == "/v1/score" else {"player": 0}))
        assert answer.status_code == 422, answer.json
        assert answer.json["field"].startswith(field.split("[", maxsplit=1)[0]), answer.json


@pytest.mark.parametrize(("move", "field"), [
    ("take:ZZ=AHAS", "move.card"),
    ("shuffle", "move.type"),
    ({"type": "take"}, "move"),
    (7, "move"),
])
def test_a_bad_move_is_a_422_naming_its_field(client: FlaskClient, move: Any,
                                              field: str) -> None:
    state = new_game(4).to_dict()
    answer = client.post("/v1/apply", json={"state": state, "move": move})
    assert answer.status_code == 422, answer.json
    assert answer.json["field"].startswith(field), answer.json


def test_an_illegal_move_names_its_rule_and_changes_nothing(client: FlaskClient) -> None:
    state = new_game(4)
    absent = next(c for c in range(52) if not any(h >> c & 1 for h in state.hands)
                  and c not in state.stock and c != state.up and card_name(c)[0] != "8")
    answer = client.post("/v1/apply", json={"state": state.to_dict(),
                                            "move": f"discard:{card_name(absent)}"})
    assert answer.status_code == 422 and answer.json.get("rule"), answer.json


def test_house_seats_take_conquians_bots_only(client: FlaskClient) -> None:
    refused = client.post("/v1/games", json={**GAME, "sealed": True,
                                             "house": [{"player": 1, "bot": "heuristic"}]})
    assert refused.status_code == 422 and refused.json["field"] == "house[0].bot"
    too_many = client.post("/v1/games", json={**GAME, "sealed": True,
                                              "house": [{"player": 2}]})
    assert too_many.status_code == 422 and too_many.json["field"] == "house[0].player"
    seats = client.post("/v1/games", json={**GAME, "players": 4})  # two or three (QD12)
    assert seats.status_code == 422 and seats.json["field"] == "players"
    assert seats.json["rule"] == "Q3, QD12" and "2 or 3 players" in seats.json["message"]


def test_the_solver_plays_a_house_seat_from_its_view(client: FlaskClient) -> None:
    started = ok(client.post("/v1/games", json={**GAME, "seed": 9, "dealer": 1, "sealed": True,
                                                "house": [{"player": 1, "bot": "solver"}]}))
    token, credential = started["game"], started["credentials"][0]
    for _ in range(3):
        listed = client.post("/v1/legal-moves", json={"game": token, "credential": credential})
        if listed.status_code == 409:
            break
        answer = ok(client.post("/v1/apply", json={"game": token, "credential": credential,
                                                   "move": listed.json["moves"][0]["id"]}))
        token = answer["game"]
        View.from_dict(answer["view"])  # the engine reads back what it wrote
