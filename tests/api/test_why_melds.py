"""Why not for the meld games over HTTP (api/why.py through the rummy games' and
Conquian's hooks): the kinds of move of the picked cards, from the seat's view only."""

from __future__ import annotations

from flask.testing import FlaskClient

from engine.conquian import new_game as conquian_game
from engine.rummy import card_name
from tests.engine.rummy.positions import position
from tests.engine.test_why_melds import DRAWN, HANDS


def test_a_poker_gin_pick_names_its_kinds_and_the_show_down(client: FlaskClient) -> None:
    state = position("poker-gin", HANDS, pile="4C", phase="discard", history=DRAWN)
    answer = client.post("/v1/why", json={"state": state.to_dict(), "player": 0,
                                           "cards": ["KC"]})
    assert answer.status_code == 200, answer.json
    body = answer.json
    assert body["legal"] and {m["id"] for m in body["moves"]} == {"KC", "KC!"}
    assert [(w["type"], w["rule"]) for w in body["warnings"]] == [("call", "RM24")]
    assert body["warnings"][0]["rule_url"].endswith("#RM24")
    run = client.post("/v1/why", json={"state": state.to_dict(), "player": 0,
                                        "cards": ["KC", "2C", "8C"]}).json
    assert not run["legal"] and run["meld"] is False and run["meld_rule"] == "RM11"
    assert run["rule"] == "RM15" and "show-down" in run["message"]


def test_a_card_not_held_is_refused_alike_wherever_it_lies(client: FlaskClient) -> None:
    state = position("poker-rum", HANDS, pile="4C", phase="discard", history=DRAWN)
    answers = []
    for card in ("5C", "4C", state.stock[0]):  # the other hand, the pile, the stock
        name = card if isinstance(card, str) else card_name(card)
        reply = client.post("/v1/why", json={"state": state.to_dict(), "player": 0,
                                              "cards": [name]})
        assert reply.status_code == 422 and reply.json["field"] == "cards"
        answers.append(reply.json["message"].replace(name, "X"))
    assert len(set(answers)) == 1


def test_a_sealed_conquian_seat_asks_from_its_own_view(client: FlaskClient) -> None:
    started = client.post("/v1/games", json={"game": "conquian", "seed": 4, "dealer": 0,
                                              "sealed": True})
    token, credentials = started.json["game"], started.json["credentials"]
    state = conquian_game(4, "conquian", 0)
    seat = min(state.acting)
    view = client.post("/v1/view", json={"game": token, "credential": credentials[seat]}
                       ).json["view"]
    answer = client.post("/v1/why", json={"game": token, "credential": credentials[seat]})
    assert answer.status_code == 200, answer.json
    kinds = {r["type"] for r in answer.json["reasons"]} | {m["type"] for m in
                                                             answer.json["moves"]}
    assert {"take", "pass"} <= kinds
    assert answer.json["player"] == seat == view["player"]
    other = client.post("/v1/why", json={"game": token, "credential": credentials[1 - seat],
                                          "cards": [view["hand"][0]]})
    assert other.status_code == 422 and other.json["field"] == "cards"  # not its card


def test_cassino_refuses_a_meld_games_fields(client: FlaskClient) -> None:
    from api.cassino.examples import position as cassino_position

    state = cassino_position()
    reply = client.post("/v1/why", json={"state": state.to_dict(), "cards": ["7S"]})
    assert reply.status_code == 422 and reply.json["field"] == "cards"
    missing = client.post("/v1/why", json={"state": state.to_dict()})
    assert missing.status_code == 422 and missing.json["field"] == "card"
