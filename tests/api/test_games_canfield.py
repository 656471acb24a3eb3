"""Canfield through the /v1 endpoints (docs/api.md "Other games"): open and sealed games
of one seat, what the player may see (CF15, CFD11), refusals that name the field or the
rule, why-not, warnings, the bot's move, records, replays and reviews."""

from __future__ import annotations

import time
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from engine.canfield import State, deal
from engine.cards import card_name
from engine.games import engine_of
from tests.api.other_games import ok, play_open, play_sealed, words

GAME = {"game": "canfield", "seed": 11}
ENGINE = engine_of("canfield")


def hidden_from(state: State) -> set[str]:
    return set(ENGINE.hidden(state, 0))


def test_a_new_game_is_the_engines_deal(client: FlaskClient) -> None:
    answer = ok(client.post("/v1/games", json=GAME))
    assert answer["state"] == deal(11, "canfield").to_dict()
    classic = ok(client.post("/v1/games", json={"variant": "canfield-classic", "seed": 2}))
    assert classic["state"]["variant"] == "canfield-classic"
    refused = client.post("/v1/games", json={**GAME, "players": 2})
    assert refused.status_code == 422 and refused.json["field"] == "players"


def test_a_whole_open_game_plays_to_its_end_and_settles(client: FlaskClient) -> None:
    state = play_open(client, GAME, 3)
    final = ENGINE.read_state(state)
    assert final.game_over
    score = ok(client.post("/v1/score", json={"state": state}))
    assert score["scores"] == [5 * final.score - 52]
    over = client.post("/v1/legal-moves", json={"state": state})
    assert over.status_code == 409 and over.json["rule"] == "CF13"
    assert over.json["rule_url"].startswith("/rules/canfield#")


def test_a_refusal_names_the_rule_and_its_link(client: FlaskClient) -> None:
    state = deal(11, "canfield")
    column = state.cols[0][0]
    # a column's card on a column it does not build on, or up before its turn
    for move in (f"{card_name(column)}>f", f"{card_name(column)}>c1"):
        if move in {m.id for m in state.legal_moves()}:
            continue
        answer = client.post("/v1/apply", json={"state": state.to_dict(), "move": move})
        assert answer.status_code == 422, answer.json
        assert answer.json["rule"] in ("CF7", "CF8", "CFD3")
        assert answer.json["rule_url"].startswith("/rules/canfield#CF")
    bad = client.post("/v1/apply", json={"state": state.to_dict(), "move": "9Z>c0"})
    assert bad.status_code == 422 and bad.json["field"] == "move"


def test_a_sealed_game_never_names_a_card_not_yet_seen(app: Flask,
                                                       client: FlaskClient) -> None:
    token, views, events = play_sealed(client, GAME, 0, 5)
    sealer = app.extensions["cardgames_sealer"]
    final = sealer.open(token).state
    assert final.game_over
    # every card named was seen by the end; the never-seen stay unnamed
    never = hidden_from(final)
    assert never and not (words(views) | words(events)) & never
    # a card the player has not seen is refused as any card not free to play (CF9)
    started = ok(client.post("/v1/games", json={**GAME, "sealed": True}))
    seat = {"game": started["game"], "credential": started["credentials"][0]}
    state = sealer.open(started["game"]).state
    unseen, seen_down = card_name(state.hand[0]), card_name(state.stock[1])
    answers = [client.post("/v1/apply", json={**seat, "move": f"{name}>f"}).json
               for name in (unseen, seen_down)]
    assert [a["rule"] for a in answers] == ["CF9", "CF9"]
    assert answers[0]["message"].replace(unseen, "X") == answers[1]["message"].replace(
        seen_down, "X")


def test_why_names_each_place_and_its_rule(client: FlaskClient) -> None:
    state = deal(11, "canfield")
    card = card_name(state.cols[0][0])
    answer = ok(client.post("/v1/why", json={"state": state.to_dict(), "card": card}))
    assert answer["cards"] == [card]
    assert answer["reasons"] or answer["moves"]
    assert all(r["rule"].startswith("CF") for r in answer["reasons"])
    hidden = card_name(state.hand[5])
    refused = client.post("/v1/why", json={"state": state.to_dict(), "card": hidden})
    assert refused.status_code == 422 and refused.json["rule"] == "CF9"


def test_risks_warn_of_a_buried_card_and_an_ending_turn(client: FlaskClient) -> None:
    from tests.engine.canfield.helpers import position
    state = position(cols=[["9S"], ["10H"], ["KC"], ["KD"]], waste=["8D"], base=8,
                     found={"S": 1}, fill="hand")
    listed = ok(client.post("/v1/legal-moves", json={"state": state.to_dict(),
                                                     "risks": True}))
    risks = {r["move"]: r for r in listed["risks"]}
    assert risks["8D>c0"]["how"] == "bury"  # the 9S could go up
    assert risks["turn"]["how"] is None


def test_the_bot_plays_a_legal_move_from_the_view(client: FlaskClient) -> None:
    state = deal(7, "canfield")
    for level in ("beginner", "master"):
        answer = ok(client.post("/v1/bot-move", json={"state": state.to_dict(), "player": 0,
                                                      "level": level}))
        assert answer["move"]["id"] in {m.id for m in state.legal_moves()}


def test_a_record_replays_and_reviews(client: FlaskClient) -> None:
    state = ok(client.post("/v1/games", json=GAME))["state"]
    for _ in range(6):
        moves = ok(client.post("/v1/legal-moves", json={"state": state}))["moves"]
        state = ok(client.post("/v1/apply", json={"state": state, "move": moves[0]["id"]}))[
            "state"]
    record = ok(client.post("/v1/records", json={"state": state}))["record"]
    assert record["game"] == "canfield" and len(record["deals"][0]["moves"]) == 6
    replay = ok(client.post("/v1/records/replay", json={"record": record}))
    assert replay["positions"][-1]["state"] == state
    review = client.post("/v1/reviews", json={"record": record, "player": 0, "samples": 2})
    for _ in range(200):
        if review.status_code != 202:
            break
        time.sleep(0.05)
        review = client.get(review.headers["Location"])
        if review.json.get("status") == "finished":
            break
    body: Any = review.json
    body = body.get("result", body)
    assert "moves" in body or "summary" in body, body
