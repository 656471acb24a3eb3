"""Skill levels and the dial of the meld games over HTTP (solver/levels.py through
POST /v1/bot-move and the house seats of POST /v1/games)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from engine.games import engine_of

GAMES = [("rummy", "poker-rum"), ("rummy", "poker-gin"), ("rummy", "double-pack-rum"),
         ("conquian", "conquian")]


def opening(game: str, variant: str) -> dict[str, object]:
    return engine_of(game).new_game(5, variant, 0, None).to_dict()


@pytest.mark.parametrize(("game", "variant"), GAMES)
def test_every_level_and_the_dial_move_from_the_seats_view(client: FlaskClient, game: str,
                                                           variant: str) -> None:
    state = opening(game, variant)
    seat = min(engine_of(game).read_state(state).acting)
    legal = {m["id"] for m in client.post("/v1/legal-moves", json={"state": state}
                                          ).json["moves"]}
    for ask in ({"level": "beginner"}, {"level": "club"}, {"level": "master"},
                {"dial": 75}, {}):
        body = {"state": state, "player": seat, "seed": 3, **ask}
        answer = client.post("/v1/bot-move", json=body)
        assert answer.status_code == 200, answer.json
        assert answer.json["move"]["id"] in legal
        assert answer.json["bot"] in ("random", "greedy", "solver")
        assert client.post("/v1/bot-move", json=body).json == answer.json  # seeded
    assert client.post("/v1/bot-move", json={"state": state, "player": seat, "seed": 3}
                       ).json["level"] == "master"
    idle = client.post("/v1/bot-move", json={"state": state, "player": 1 - seat})
    assert idle.status_code == 422 and idle.json["field"] == "player"


def test_a_house_seat_plays_a_level_or_a_dial(client: FlaskClient) -> None:
    for house in ({"player": 1, "bot": "casual"}, {"player": 1, "dial": 60}):
        started = client.post("/v1/games", json={"game": "rummy", "variant": "poker-gin",
                                                  "seed": 9, "dealer": 1, "sealed": True,
                                                  "house": [house]})
        assert started.status_code == 200, started.json
        token, credential = started.json["game"], started.json["credentials"][0]
        for _ in range(300):
            moves = client.post("/v1/legal-moves", json={"game": token, "credential":
                                                         credential})
            if moves.status_code == 409:
                break
            applied = client.post("/v1/apply", json={"game": token, "credential": credential,
                                                     "move": moves.json["moves"][0]["id"]})
            assert applied.status_code == 200, applied.json
            token = applied.json["game"]
        else:
            raise AssertionError("the hand did not end")


def test_the_catalog_lists_the_levels(client: FlaskClient) -> None:
    games = {g["name"]: g for g in client.get("/v1/catalog").json["games"]}
    for name in ("rummy", "conquian"):
        assert {"levels", "dial", "bot_move"} <= set(games[name]["features"])
        house = games[name]["variants"][0]["house"]
        assert house["levels"] == ["beginner", "casual", "club", "expert", "master"]
        assert house["dial"] == {"min": 0, "max": 100}
