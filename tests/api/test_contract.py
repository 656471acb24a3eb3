"""The examples of docs/api.md, through the HTTP API."""

from typing import Any

from flask.testing import FlaskClient

from engine import new_game
from engine.cards import DECK, card_name

ALL = [card_name(c) for c in DECK]


def contract_start() -> dict[str, Any]:
    """Round 1 as the docs/api.md example began: 8D 6S QH 5C on the table, dealer 0."""
    state = new_game(12345, dealer=0).to_dict()
    hands = [["7D", "7S", "AS", "2H"], ["3C", "9H", "4D", "KC"]]
    loose = ["8D", "6S", "QH", "5C"]
    used = {c for hand in hands for c in hand} | set(loose)
    state.update(hands=hands, table={"loose": loose, "builds": []},
                 stock=[c for c in ALL if c not in used])
    return state


def test_full_state_example_is_reached_by_its_history(client: FlaskClient) -> None:
    state = contract_start()
    r = client.post("/v1/apply", json={"state": state, "move": {"type": "trail", "card": "KC"}})
    assert r.status_code == 200, r.json
    state = r.json["state"]
    r = client.post("/v1/apply", json={"state": state, "move": {
        "type": "build", "card": "2H", "value": 7, "targets": ["5C"]}})
    assert r.status_code == 200, r.json
    state = r.json["state"]
    assert state["hands"] == [["AS", "7S", "7D"], ["3C", "4D", "9H"]]
    assert state["table"] == {"loose": ["6S", "8D", "QH", "KC"],
                              "builds": [{"value": 7, "owner": 0, "groups": [["2H", "5C"]]}]}
    assert state["to_move"] == 1 and state["dealer"] == 0 and state["last_capturer"] is None
    assert state["history"] == [
        {"player": 1, "move": {"type": "trail", "card": "KC", "description": "Trail K♣"}},
        {"player": 0, "move": {"type": "build", "card": "2H", "targets": ["5C"], "value": 7,
                               "description": "Build 7 from 2♥ on 5♣"}},
    ]
    assert r.json["events"] == [{"type": "build", "player": 0, "card": "2H", "value": 7,
                                 "targets": ["5C"], "kind": "create",
                                 "groups": [["2H", "5C"]],
                                 "description": "Player 0 builds 7 with 2♥ on 5♣"}]


def test_the_three_move_shapes_and_id_in_place_of_a_move(client: FlaskClient) -> None:
    state = contract_start()
    state["table"]["loose"] = ["8D", "6S", "QH", "KC"]
    state["hands"] = [["7D", "7S", "AS"], ["3C", "9H", "4D"]]
    state["stock"] = [c for c in state["stock"] if c not in ("2H", "5C")]
    state["table"]["builds"] = [{"value": 7, "owner": 0, "groups": [["5C", "2H"]]}]
    state["history"] = [
        {"player": 1, "move": {"type": "trail", "card": "KC"}},
        {"player": 0, "move": {"type": "build", "card": "2H", "value": 7, "targets": ["5C"]}}]
    state["stock"] = [c for c in ALL if c not in {
        "7D", "7S", "AS", "3C", "9H", "4D", "8D", "6S", "QH", "KC", "5C", "2H"}]
    r = client.post("/v1/legal-moves", json={"state": state})
    assert r.status_code == 200, r.json
    body = r.json
    assert body["player"] == 1
    ids = {m["id"] for m in body["moves"]}
    assert "3C" in ids  # a trail
    for move in body["moves"]:
        r = client.post("/v1/apply", json={"state": state, "move": move["id"]})
        assert r.status_code == 200, (move, r.json)
        r2 = client.post("/v1/apply", json={"state": state, "move": move})
        assert r2.json == r.json


def test_capture_example_and_its_events(client: FlaskClient) -> None:
    """docs/api.md: capture 7S taking 5C 2H 7D; a sweep when the table empties."""
    state = contract_start()
    state.update(to_move=0, hands=[["7S", "AS"], ["3C"]],
                 table={"loose": ["7D"], "builds": [{"value": 7, "owner": 0,
                                                     "groups": [["5C", "2H"]]}]})
    state["stock"] = []
    used = {"7S", "AS", "3C", "7D", "5C", "2H"}
    rest = [c for c in ALL if c not in used]
    state["captured"] = [rest[:20], rest[20:]]
    state["last_capturer"] = 1
    r = client.post("/v1/apply", json={"state": state, "move": {
        "type": "capture", "card": "7S", "targets": ["5C", "2H", "7D"]}})
    assert r.status_code == 200, r.json
    assert r.json["events"] == [
        {"type": "capture", "player": 0, "card": "7S", "targets": ["2H", "5C", "7D"],
         "description": "Player 0 takes 2♥, 5♣ and 7♦ with 7♠"},
        {"type": "sweep", "player": 0, "description": "Sweep!"},
    ]
    assert r.json["state"]["sweeps"] == [1, 0]
    assert r.json["state"]["last_capturer"] == 0


def test_score_breakdown_example(client: FlaskClient) -> None:
    """The docs/api.md breakdown: 27 cards, 7 spades, 2 aces, big cassino, one sweep: 9."""
    state = contract_start()
    pile0 = ["10D", "AS", "AH", "9S", "3S", "4S", "5S", "6S", "8S"]
    pile0 += [c for c in ALL if c[-1] in "HDC" and c not in ("AH", "AD", "AC", "10D", "2H",
                                                               "7D", "3C", "9H", "4D", "KC",
                                                               "8D", "QH", "5C")][:18]
    assert len(pile0) == 27
    in_hands_or_table = {"7D", "2H", "3C", "9H", "4D", "KC", "7S", "8D", "QH", "5C"}
    pile1 = [c for c in ALL if c not in set(pile0) | in_hands_or_table]
    state.update(hands=[["7D", "7S"], ["3C", "9H"]], stock=[],
                 table={"loose": ["8D", "QH", "5C", "2H", "4D", "KC"], "builds": []},
                 captured=[pile0, pile1], sweeps=[1, 0], last_capturer=0, to_move=1)
    r = client.post("/v1/score", json={"state": state})
    assert r.status_code == 200, r.json
    p0 = r.json["players"][0]
    assert p0 == {"cards": 27, "spades": 7, "aces": 2, "big_cassino": 1, "little_cassino": 0,
                  "sweeps": 1, "points": {"cards": 3, "spades": 1, "aces": 2, "big_cassino": 2,
                                          "little_cassino": 0, "sweeps": 1}, "total": 9}
    view = client.post("/v1/view", json={"state": state, "player": 1}).json["view"]
    assert client.post("/v1/score", json={"view": view}).json == r.json


def test_view_fields_are_exactly_the_contract_ones(client: FlaskClient) -> None:
    state = contract_start()
    view = client.post("/v1/view", json={"state": state, "player": 0}).json["view"]
    assert set(view) == {"player", "hand", "hand_sizes", "stock_size", "game", "variant", "round",
                         "deal", "last_batch", "dealer", "to_move", "table", "captured",
                         "sweeps", "last_capturer", "scores", "status", "winner", "history",
                         "previous_round", "result"}  # result: one form for every game
    assert view["hand"] == ["AS", "2H", "7S", "7D"]
    assert view["hand_sizes"] == [4, 4] and view["stock_size"] == 40


def test_error_statuses(client: FlaskClient) -> None:
    r = client.post("/v1/apply", data="{not json", content_type="application/json")
    assert r.status_code == 400 and r.json["code"] == 400 and "JSON" in r.json["message"]
    r = client.get("/v1/nothing-here")
    assert r.status_code == 404 and r.is_json
    r = client.post("/v1/legal-moves", json={})
    assert r.status_code == 422 and r.json["field"] == "state"
