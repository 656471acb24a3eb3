"""POST /v1/bot-move: the move a bot of a skill level plays, from one seat's view only."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from api.cassino.examples import position
from api.examples import request_example
from engine import State, new_game
from engine.cassino import PLAYING, VARIANTS, advance
from solver.cassino.bots import GreedyBot, HeuristicBot
from solver.cassino.levels import LEVELS


def bot_move(client: FlaskClient, **body: Any) -> Any:
    return client.post("/v1/bot-move", json=body)


def legal_ids(state: State) -> set[str]:
    return {m.id for m in state.legal_moves()}


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_a_legal_move_from_the_seats_view(client: FlaskClient,
                                                           level: str) -> None:
    state = position()
    answer = bot_move(client, state=state.to_dict(), player=state.to_move, level=level)
    assert answer.status_code == 200, answer.json
    body = answer.json
    assert body["player"] == state.to_move and body["level"] == level
    assert body["dial"] == LEVELS[level]
    assert body["move"]["id"] in legal_ids(state) and body["move"]["description"]
    again = bot_move(client, state=state.to_dict(), player=state.to_move, level=level)
    assert again.json == body  # the same view, level and seed: the same move


def test_the_example_and_the_default_level(client: FlaskClient) -> None:
    example = request_example("botMove")
    assert bot_move(client, **example).json["bot"] == "heuristic"  # club
    body = {k: v for k, v in example.items() if k != "level"}
    answer = bot_move(client, **body)
    assert answer.status_code == 200 and answer.json["level"] == "master"
    assert answer.json["bot"] == "solver"


def test_the_dial_at_an_anchor_plays_that_bot(client: FlaskClient) -> None:
    state = position()
    view = state.view(state.to_move)
    for dial, bot in ((25, GreedyBot()), (50, HeuristicBot()), (30.5, None)):
        answer = bot_move(client, state=state.to_dict(), player=state.to_move, dial=dial)
        assert answer.status_code == 200, answer.json
        assert "level" not in answer.json and answer.json["dial"] == dial
        if bot is not None:
            assert answer.json["move"]["id"] == bot.choose(view).id


def test_a_view_and_a_sealed_game_give_the_seats_view(client: FlaskClient) -> None:
    state = position()
    by_state = bot_move(client, state=state.to_dict(), player=state.to_move, level="club")
    by_view = bot_move(client, view=state.view(state.to_move).to_dict(), level="club")
    assert by_view.status_code == 200 and by_view.json == by_state.json
    new = client.post("/v1/games", json={"seed": 7, "dealer": 1, "sealed": True,
                                         "house": [{"player": 1, "bot": "expert"}]})
    assert new.status_code == 200, new.json
    token, credential = new.json["game"], new.json["credentials"][0]
    answer = bot_move(client, game=token, credential=credential, level="beginner")
    assert answer.status_code == 200, answer.json
    assert answer.json["player"] == 0
    moves = client.post("/v1/legal-moves", json={"game": token, "credential": credential})
    assert answer.json["move"]["id"] in {m["id"] for m in moves.json["moves"]}
    played = client.post("/v1/apply", json={"game": token, "credential": credential,
                                            "move": answer.json["move"]["id"]})
    assert played.status_code == 200, played.json  # the expert house seat answered
    assert [e["player"] for e in played.json["events"] if e["type"] in
            ("trail", "capture", "build")] == [0, 1]


@pytest.mark.parametrize("level", ["beginner", "club", "expert", "master"])
def test_the_move_does_not_depend_on_hidden_cards(client: FlaskClient, level: str) -> None:
    """Another hand for the other seat, and another stock, from the same view (R29)."""
    state = new_game(31, dealer=0)
    data = state.to_dict()
    mover, other = state.to_move, 1 - state.to_move
    hidden = data["hands"][other] + data["stock"]
    shuffled = {**data, "hands": list(data["hands"]), "stock": list(reversed(hidden))[4:]}
    shuffled["hands"][other] = list(reversed(hidden))[:4]
    assert shuffled["hands"][other] != data["hands"][other]
    answers = [bot_move(client, state=s, player=mover, level=level, seed=3).json
               for s in (data, shuffled)]
    assert answers[0] == answers[1]


@pytest.mark.parametrize(("body", "field"), [
    ({"level": "grandmaster"}, "level"),
    ({"level": None}, "level"),
    ({"dial": 101}, "dial"),
    ({"dial": -0.5}, "dial"),
    ({"dial": "50"}, "dial"),
    ({"dial": True}, "dial"),
    ({"level": "club", "dial": 50}, "dial"),
    ({"seed": -1}, "seed"),
    ({"player": 9}, "player"),
    ({"colour": "red"}, "colour"),
])
def test_bad_requests_name_the_field(client: FlaskClient, body: dict[str, Any],
                                     field: str) -> None:
    state = position()
    answer = bot_move(client, **{"state": state.to_dict(), "player": state.to_move, **body})
    assert answer.status_code == 422, answer.json
    assert answer.json["field"] == field, answer.json


def test_only_the_seat_to_move_gets_a_move(client: FlaskClient) -> None:
    state = position()
    answer = bot_move(client, state=state.to_dict(), player=1 - state.to_move, level="club")
    assert answer.status_code == 422 and answer.json["field"] == "player"
    assert answer.json["rule"] == "R4"
    new = client.post("/v1/games", json={"seed": 7, "dealer": 0, "sealed": True,
                                         "house": [{"player": 1, "bot": "club"}]})
    token, credential = new.json["game"], new.json["credentials"][0]
    # seat 1 (the house) led and it is seat 0's turn: seat 0 gets its move
    assert bot_move(client, game=token, credential=credential).status_code == 200
    assert bot_move(client, game=token, credential="0.nope").status_code == 403


def test_a_finished_game_is_a_409(client: FlaskClient) -> None:
    state = new_game(5, dealer=0)
    greedy = GreedyBot()
    while state.status == PLAYING:
        state = advance(state, greedy.choose(state.view(state.to_move)))
    answer = bot_move(client, state=state.to_dict(), player=0, level="club")
    assert answer.status_code == 409, answer.json


def test_house_seats_take_levels_and_refuse_others(client: FlaskClient) -> None:
    for level in LEVELS:
        new = client.post("/v1/games", json={"seed": 3, "dealer": 0, "sealed": True,
                                             "house": [{"player": 1, "bot": level}]})
        assert new.status_code == 200, (level, new.json)
    bad = client.post("/v1/games", json={"sealed": True,
                                         "house": [{"player": 1, "bot": "dial:50"}]})
    assert bad.status_code == 422 and bad.json["field"] == "house[0].bot", bad.json



@pytest.mark.parametrize("variant", [n for n, r in VARIANTS.items() if r.playable])
def test_every_playable_variant(client: FlaskClient, variant: str) -> None:
    state = new_game(4, variant)
    answer = bot_move(client, state=state.to_dict(), player=state.to_move, level="expert")
    assert answer.status_code == 200, answer.json
    assert answer.json["move"]["id"] in legal_ids(state)
