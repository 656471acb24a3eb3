"""POST /v1/why, legal-moves ``risks`` and readable hints (docs/api.md "Why not", "Sweep
warnings", "Readable hints")."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from engine import State
from tests.engine.nseat import position_dict as nseat_position_dict
from tests.engine.test_rules import position_dict

EXAMPLE = position_dict((["2S", "7S", "3H", "QC"], ["AH", "7D", "8H", "9S"]),
                        ["3D", "5C", "8D", "QS"], dealer=1, stock=8)


def why(client: FlaskClient, **body: Any) -> Any:
    return client.post("/v1/why", json={"state": EXAMPLE, **body})


def test_a_legal_pick_lists_its_moves_and_lights_the_table(client: FlaskClient) -> None:
    answer = why(client, card="2S", table=["5C"])
    assert answer.status_code == 200, answer.json
    data = answer.json
    assert data["legal"] and [m["id"] for m in data["moves"]] == ["2S+5C=7"]
    assert data["moves"][0]["kind"] == "create"
    assert data["player"] == 0 and data["card"] == "2S" and data["table"] == ["5C"]
    assert "rule" not in data
    assert set(data["builds"]) >= {"5C"}


def test_an_illegal_capture_cites_R11_with_the_total(client: FlaskClient) -> None:
    data = why(client, card="7S", table=["5C", "3D"]).json
    assert not data["legal"] and data["moves"] == []
    assert data["rule"] == "R11" and data["rule_url"] == "/rules/standard#R11"
    assert "total 8" in data["message"]
    assert {r["type"] for r in data["reasons"]} == {"capture", "build"}


def test_a_build_of_ten_needs_a_ten(client: FlaskClient) -> None:
    data = why(client, card="2S", table=["8D"]).json
    build = next(r for r in data["reasons"] if r["type"] == "build")
    assert build == {"type": "build", "rule": "R14", "value": 10,
                     "message": "to build 10 you must keep a 10 in hand (R14)",
                     "rule_url": "/rules/standard#R14"}


def test_partnership_cites_V6_3(client: FlaskClient) -> None:
    state = nseat_position_dict("partnership", [["8D", "4C"], ["9H", "10S"],
                                                ["2S", "KC", "QD"], ["JH", "JS", "7D"]],
                                ("6D",), [(8, 0, [["5H", "3C"]])], dealer=3, to_move=2)
    data = client.post("/v1/why", json={"state": state, "card": "2S",
                                        "table": ["6D"]}).json
    build = next(r for r in data["reasons"] if r["type"] == "build")
    assert build["rule"] == "V6.3" and build["rule_url"] == "/rules/partnership#V6.3"


@pytest.mark.parametrize(("body", "field"), [
    ({"card": "AH"}, "card"),  # not in the asker's hand: nothing said of who holds it
    ({"card": "ZZ"}, "card"),
    ({"card": "2S", "table": ["KD"]}, "table"),
    ({"card": "2S", "table": ["5C", "5C"]}, "table"),
    ({"card": "2S", "value": 99}, "value"),
    ({"card": "2S", "player": 7}, "player"),
    ({"table": []}, "card"),
])
def test_bad_input_is_a_422_naming_the_field(client: FlaskClient, body: dict[str, Any],
                                             field: str) -> None:
    answer = why(client, **body)
    assert answer.status_code == 422, answer.json
    assert answer.json["field"].startswith(field) or field in answer.json["message"]


def test_a_sealed_seat_asks_about_its_own_cards(client: FlaskClient) -> None:
    made = client.post("/v1/games", json={"seed": 7, "dealer": 1, "sealed": True}).json
    token, credentials = made["game"], made["credentials"]
    view = client.post("/v1/view", json={"game": token, "credential": credentials[0]}).json
    card = view["view"]["hand"][0]
    data = client.post("/v1/why", json={"game": token, "credential": credentials[0],
                                        "card": card, "table": []}).json
    assert data["player"] == 0 and data["card"] == card
    other = client.post("/v1/view", json={"game": token, "credential": credentials[1]}).json
    refused = client.post("/v1/why", json={"game": token, "credential": credentials[0],
                                           "card": other["view"]["hand"][0]})
    assert refused.status_code == 422 and "your hand" in refused.json["message"]


def test_risks_are_opt_in_one_per_move_and_exact(client: FlaskClient) -> None:
    state = position_dict((["3H", "9S"], ["AH", "KD"]), ["3D", "5C"], dealer=1, stock=40,
                          captured=([], []))
    plain = client.post("/v1/legal-moves", json={"state": state}).json
    assert "risks" not in plain
    data = client.post("/v1/legal-moves", json={"state": state, "risks": True}).json
    assert data["moves"] == plain["moves"]  # the moves as they were
    assert [r["move"] for r in data["risks"]] == [m["id"] for m in data["moves"]]
    risk = {r["move"]: r for r in data["risks"]}
    assert risk["3Hx3D"] == {"move": "3Hx3D", "player": 1, "probability": 0.1394,
                             "ranks": ["5"], "method": "exact"}
    assert risk["3H"]["probability"] == 0 and risk["3H"]["ranks"] == []
    bad = client.post("/v1/legal-moves", json={"state": state, "risks": "yes"})
    assert bad.status_code == 422


def test_risks_read_only_the_view(client: FlaskClient) -> None:
    one = State.from_dict(position_dict((["3H", "9S"], ["AH", "KD"]), ["3D", "5C"], dealer=1,
                                        stock=40, captured=([], [])))
    other = one._replace(hands=(one.hands[0], sum(1 << c for c in one.stock[:2])),
                         stock=(*one.stock[2:], *[c for c in range(52) if one.hands[1] >> c & 1]))
    answers = [client.post("/v1/legal-moves", json={"state": s.to_dict(), "risks": True}).json
               for s in (one, other)]
    assert answers[0] == answers[1]


def test_hints_mark_alike_moves_and_keep_every_field(client: FlaskClient) -> None:
    state = position_dict((["4H", "4D", "4S", "9C"], ["AH", "7D", "8H", "9S"]),
                          ["5C", "5H", "10D", "QS"], dealer=1, stock=8)
    data = client.post("/v1/hints", json={"state": state, "player": 0, "samples": 4,
                                          "seed": 1}).json
    moves = data["moves"]
    by_id = {m["move"]["id"]: m for m in moves}
    assert len(by_id) == len(moves)  # every move is still ranked on its own
    for item in moves:
        assert {"rank", "move", "equity", "stderr", "stderr_diff"} <= set(item)
    trail = [by_id["4H"], by_id["4D"]]
    first, second = sorted(trail, key=lambda m: m["rank"])
    assert first["alternatives"] == [second["move"]["id"]]
    assert second["alternative_of"] == first["move"]["id"]
    assert "alternatives" not in by_id["4S"] and "alternative_of" not in by_id["4S"]
    assert first["equity"] == second["equity"]
