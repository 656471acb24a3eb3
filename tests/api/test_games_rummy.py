"""Poker Rum, Poker Gin and Double-Pack Rum through the /v1 endpoints (docs/api.md "Other
games"): open and sealed hands with house seats, what each seat may see (RM27) and errors
that name the field or the rule."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.sealed import Sealer
from engine.rummy import State, card_name, new_game
from tests.api.other_games import ok, play_open, play_sealed, words

VARIANTS = ["poker-rum", "poker-gin", "double-pack-rum"]


def sealer_of(app: Flask) -> Sealer:
    return app.extensions["cardgames_sealer"]  # type: ignore[no-any-return]


def cards(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def hidden_from(state: State, seat: int) -> set[str]:
    """What seat ``seat`` may not see (RM27): the stock, and the other hands but for the
    cards they are known to hold (taken from the pile); nothing in hand once shown."""
    out = {card_name(c) for c in state.stock}
    if state.view(seat).shown is None:
        known = state.known
        for other, hand in enumerate(state.hands):
            if other != seat:
                out |= {card_name(c) for c in cards(hand & ~known[other])}
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_new_game_is_the_engines_deal(client: FlaskClient, variant: str) -> None:
    answer = ok(client.post("/v1/games", json={"game": "rummy", "variant": variant,
                                               "seed": 3, "dealer": 0}))
    assert answer["state"] == new_game(3, variant, dealer=0).to_dict()


def test_rummy_starts_poker_rum_by_default_and_with_two_to_six_seats(
        client: FlaskClient) -> None:
    assert ok(client.post("/v1/games", json={"game": "rummy"}))["state"]["variant"] == \
        "poker-rum"
    four = ok(client.post("/v1/games", json={"game": "rummy", "players": 4, "seed": 1}))
    assert four["state"]["players"] == 4 and len(four["state"]["hands"]) == 4
    for players in (1, 7):
        refused = client.post("/v1/games", json={"game": "rummy", "players": players})
        assert refused.status_code == 422 and refused.json["field"] == "players"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_open_hand_plays_to_its_end_and_settles(client: FlaskClient,
                                                        variant: str) -> None:
    state = play_open(client, {"game": "rummy", "variant": variant, "seed": 5}, 5)
    final = State.from_dict(state)
    assert final.game_over
    score = ok(client.post("/v1/score", json={"state": state}))
    assert score == {"game": "rummy", "variant": variant, "game_over": True,
                     "scores": list(final.scores)}
    assert sum(score["scores"]) == 0
    over = client.post("/v1/apply", json={"state": state, "move": "draw"})
    assert over.status_code == 409 and over.json["rule"] == "RM26"


def test_legal_moves_and_apply_are_the_engines(client: FlaskClient) -> None:
    state = new_game(8, "poker-gin", dealer=1)
    listed = ok(client.post("/v1/legal-moves", json={"state": state.to_dict()}))
    assert [m["id"] for m in listed["moves"]] == [m.id for m in state.legal_moves()]
    after, events = state.apply("draw")
    mover = state.to_move
    answer = ok(client.post("/v1/apply", json={"state": state.to_dict(), "move": "draw",
                                               "player": mover}))
    assert answer["state"] == after.to_dict()
    assert answer["events"] == [e.to_dict(mover) for e in events]
    told = ok(client.post("/v1/apply", json={"state": state.to_dict(),
                                             "move": {"type": "draw"}}))
    assert told["events"][0]["card"] is not None  # an open game's events are whole
    discard = next(m for m in after.legal_moves() if m.type == "discard")
    with_id = {"id": discard.id, **discard.to_dict()}
    assert ok(client.post("/v1/apply", json={"state": after.to_dict(), "move": with_id}))
    wrong = {**with_id, "id": "draw"}
    refused = client.post("/v1/apply", json={"state": after.to_dict(), "move": wrong})
    assert refused.status_code == 422 and refused.json["field"] == "move.id"
    out_of_turn = client.post("/v1/apply", json={"state": state.to_dict(), "move": "draw",
                                                 "player": 1 - mover})
    assert out_of_turn.status_code == 422 and out_of_turn.json["rule"] == "RM7"


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_answer_of_a_sealed_game_names_no_card_the_seat_may_not_see(
        app: Flask, client: FlaskClient, variant: str) -> None:
    """Card by card: at every answer, the stock and the unknown part of the other hands
    as they stand then (read from the token) are absent from the whole answer, but for
    cards the seat saw face up before (a pile turned into the stock, RM25)."""
    sealer = sealer_of(app)
    started = ok(client.post("/v1/games", json={
        "game": "rummy", "variant": variant, "seed": 4, "players": 3, "sealed": True,
        "house": [{"player": 1, "bot": "random"}, {"player": 2, "bot": "random"}]}))
    token, credential = started["game"], started["credentials"][0]
    seen: set[str] = set()
    for ply in range(400):
        state = sealer.open(token).state
        secret = hidden_from(state, 0) - seen
        shown = ok(client.post("/v1/view", json={"game": token, "credential": credential}))
        assert not words(shown) & secret
        seen |= words(shown)
        assert shown["view"] == state.view(0).to_dict()
        listed = client.post("/v1/legal-moves", json={"game": token, "credential": credential})
        if listed.status_code == 409:
            break
        assert not words(ok(listed)) & secret
        moves = listed.json["moves"]
        answer = ok(client.post("/v1/apply", json={"game": token, "credential": credential,
                                                   "move": moves[ply % len(moves)]["id"]}))
        token = answer["game"]
        after = sealer.open(token).state
        # cards discarded face up in this answer may be in the stock now (a reshuffle)
        face_up = words(answer.get("view_before_house", {}).get("pile", [])) | {
            e["card"] for e in answer["events"] if e["type"] in ("discard", "take")}
        assert not (words(answer) - {token}) & (hidden_from(after, 0) - seen - face_up)
        seen |= words(answer)
        assert answer["view"] == after.view(0).to_dict()
        assert all(e["card"] is None or e.get("public") for e in answer["events"]
                   if e["type"] == "draw" and e["seat"] != 0)  # DP12: a turned stock
    assert sealer.open(token).state.game_over


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_sealed_hand_against_the_house_ends_and_scores(app: Flask, client: FlaskClient,
                                                         variant: str) -> None:
    bot = "greedy"
    body = {"game": "rummy", "variant": variant, "seed": 6,
            "house": [{"player": 0, "bot": bot}]}
    token, views, events = play_sealed(client, body, 1, seed=2)
    final = sealer_of(app).open(token).state
    assert final.game_over and all(v["player"] == 1 for v in views)
    credential = sealer_of(app).open(token).credential(1)
    score = ok(client.post("/v1/score", json={"game": token, "credential": credential}))
    assert score["scores"] == list(final.scores)
    assert any(e["type"] == "draw" for e in events)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_tokens_length_tells_nothing_hidden(app: Flask, client: FlaskClient,
                                              variant: str) -> None:
    sealer = sealer_of(app)
    started = ok(client.post("/v1/games", json={"game": "rummy", "variant": variant,
                                                "sealed": True, "players": 3}))
    game = sealer.open(started["game"])
    state = game.state
    others = [1, 2]
    hidden = [*state.stock, *(c for seat in others for c in cards(state.hands[seat]))]
    lengths = set()
    for shift in range(1, 6):
        moved = hidden[shift:] + hidden[:shift]
        rest = moved[len(state.stock):]
        hands = list(state.hands)
        for seat in others:
            size = state.hands[seat].bit_count()
            hands[seat] = sum(1 << c for c in rest[:size])
            rest = rest[size:]
        swapped = state._replace(hands=tuple(hands), stock=tuple(moved[:len(state.stock)]))
        lengths.add(len(sealer.seal(replace(game, state=swapped))))
    assert len(lengths) == 1


def test_the_solver_plays_a_house_seat(client: FlaskClient) -> None:
    started = ok(client.post("/v1/games", json={"game": "rummy", "seed": 2, "dealer": 1,
                                                "sealed": True,
                                                "house": [{"player": 1, "bot": "solver"}]}))
    token, credential = started["game"], started["credentials"][0]
    for _ in range(4):
        listed = client.post("/v1/legal-moves", json={"game": token, "credential": credential})
        if listed.status_code == 409:
            break
        answer = ok(client.post("/v1/apply", json={"game": token, "credential": credential,
                                                   "move": listed.json["moves"][0]["id"]}))
        token = answer["game"]


@pytest.mark.parametrize(("change", "field"), [
    ({"hands": [[]]}, "state.hands"),
    ({"stock": ["ZZ"]}, "state.stock"),
    ({"players": 9}, "state.players"),
    ({"variant": "gin"}, "state.variant"),
    ({"game": 3}, "state.game"),
])
def test_a_bad_state_is_a_422_naming_its_field(client: FlaskClient, change: dict[str, Any],
                                               field: str) -> None:
    state = {**new_game(4).to_dict(), **change}
    for path in ("/v1/legal-moves", "/v1/apply", "/v1/view", "/v1/score"):
        extra = {"/v1/apply": {"move": "draw"}, "/v1/view": {"player": 0}}.get(path, {})
        answer = client.post(path, json={"state": state, **extra})
        assert answer.status_code == 422, answer.json
        assert answer.json["field"].startswith(field), answer.json


@pytest.mark.parametrize(("move", "field"), [
    ("ZZ", "move"),
    ({"type": "discard"}, "move.card"),
    ({"type": "discard", "card": "QQ"}, "move.card"),
    ({"type": "fly"}, "move.type"),
    ([], "move"),
])
def test_a_bad_move_is_a_422_naming_its_field(client: FlaskClient, move: Any,
                                              field: str) -> None:
    state = new_game(4).to_dict()
    answer = client.post("/v1/apply", json={"state": state, "move": move})
    assert answer.status_code == 422, answer.json
    assert answer.json["field"].startswith(field), answer.json
    started = ok(client.post("/v1/games", json={"game": "rummy", "sealed": True,
                                                "dealer": 1}))
    sealed = client.post("/v1/apply", json={"game": started["game"],
                                            "credential": started["credentials"][0],
                                            "move": move})
    assert sealed.status_code == 422, sealed.json
    assert sealed.json["field"].startswith(field), sealed.json
