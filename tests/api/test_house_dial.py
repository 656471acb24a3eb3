"""A house seat at a dial value (``house[].dial`` of POST /v1/games, solver/cassino/levels.py)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.sealed import Sealer
from engine.cassino import new_game
from solver.cassino.levels import DialBot

HOUSE_MOVES = ("capture", "build", "trail")


def start(client: FlaskClient, house: list[dict[str, Any]], **options: Any) -> Any:
    return client.post("/v1/games", json={"seed": 11, "dealer": 0, "sealed": True,
                                          "house": house, **options})


def house_moves(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] in HOUSE_MOVES and e["player"] == 1]


def play_out(client: FlaskClient, created: Any, plies: int) -> list[dict[str, Any]]:
    """The human plays its first legal move ``plies`` times; the house's moves, in order."""
    assert created.status_code == 200, created.json
    token, credential = created.json["game"], created.json["credentials"][0]
    seat = {"game": token, "credential": credential}
    seen = house_moves(client.post("/v1/view", json=seat).json.get("events", []))
    for _ in range(plies):
        moves = client.post("/v1/legal-moves", json=seat).json["moves"]
        played = client.post("/v1/apply", json={**seat, "move": moves[0]["id"]})
        assert played.status_code == 200, played.json
        seat["game"] = played.json["game"]
        seen += house_moves(played.json["events"])
    return seen


def test_a_dial_seat_plays_legal_moves(client: FlaskClient) -> None:
    moves = play_out(client, start(client, [{"player": 1, "dial": 60}]), 6)
    # dealer 0: the house leads, then answers each of the human's six moves
    assert len(moves) == 7
    assert all(m["player"] == 1 for m in moves)


@pytest.mark.parametrize(("dial", "bot"), [(25, "greedy"), (50.0, "heuristic")])
def test_a_dial_at_an_anchor_plays_as_its_bot(client: FlaskClient, dial: float, bot: str) -> None:
    """At a deterministic anchor the dial is that bot exactly: same game seed, same moves."""
    by_dial = play_out(client, start(client, [{"player": 1, "dial": dial}]), 4)
    by_bot = play_out(client, start(client, [{"player": 1, "bot": bot}]), 4)
    assert by_dial == by_bot


def test_the_house_plays_the_dial_bot_from_its_seed_and_view(app: Flask,
                                                               client: FlaskClient) -> None:
    """The house's lead is DialBot(60)'s move from seat 1's view, at the house's seed."""
    created = start(client, [{"player": 1, "dial": 60}])
    sealer: Sealer = app.extensions["cardgames_sealer"]
    game = sealer.open(created.json["game"])
    assert game.house == {1: "dial:60"}
    lead = house_moves(client.post("/v1/view", json={
        "game": created.json["game"], "credential": created.json["credentials"][0]}
    ).json["events"])[0]
    dealt = new_game(11, "standard", 0)
    # the lead is the house's first move: game ply 0, after the deal's one event
    bot = DialBot(60, Sealer._seed(game, 1))
    expected = bot.choose(dealt.view(1))
    wanted = expected.to_dict()
    assert {key: lead.get(key) for key in wanted} == wanted


@pytest.mark.parametrize("dial", [-1, 100.5, "60", True, None])
def test_a_dial_outside_0_to_100_is_named(client: FlaskClient, dial: Any) -> None:
    answer = start(client, [{"player": 1, "dial": dial}])
    assert answer.status_code == 422, answer.json
    assert answer.json["field"] == "house[0].dial"


def test_bot_and_dial_together_are_refused(client: FlaskClient) -> None:
    answer = start(client, [{"player": 1, "bot": "club", "dial": 50}])
    assert answer.status_code == 422
    assert answer.json["field"] == "house[0].dial"
    assert "not both" in answer.json["message"]


def test_a_bot_seat_still_plays_as_before(client: FlaskClient) -> None:
    assert start(client, [{"player": 1, "bot": "club"}]).status_code == 200
    assert start(client, [{"player": 1}]).status_code == 200


def test_a_dial_is_for_a_game_with_levels(client: FlaskClient) -> None:
    from tests.conformance.common import example_registered

    with example_registered():  # War's house has bots, no levels and no dial
        answer = client.post("/v1/games", json={"game": "war", "sealed": True, "seed": 3,
                                                "house": [{"player": 1, "dial": 50}]})
    assert answer.status_code == 422
    assert answer.json["field"] == "house[0].dial"
    conquian = client.post("/v1/games", json={"game": "conquian", "sealed": True, "seed": 3,
                                              "house": [{"player": 1, "dial": 50}]})
    assert conquian.status_code == 200, conquian.json
