"""Records, replay and review of the rummy games over HTTP (api/records.py through the
engine's records, engine/records.py, and the shared review, solver/review.py)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.test_records import poll
from tests.engine.test_records import played_hand


def sealed_hand(client: FlaskClient, variant: str) -> tuple[str, str]:
    """A sealed hand, seat 0 against the house's greedy bot, played to its end with each
    turn's first legal move: the last token and seat 0's credential."""
    answer = client.post("/v1/games", json={"game": "rummy", "variant": variant, "seed": 8,
                                            "dealer": 1, "sealed": True,
                                            "house": [{"player": 1, "bot": "greedy"}]})
    assert answer.status_code == 200, answer.json
    token, credential = answer.json["game"], answer.json["credentials"][0]
    for _ in range(400):
        moves = client.post("/v1/legal-moves", json={"game": token, "credential": credential})
        if moves.status_code == 409:
            return token, credential
        assert moves.status_code == 200, moves.json
        applied = client.post("/v1/apply", json={"game": token, "credential": credential,
                                                 "move": moves.json["moves"][0]["id"]})
        assert applied.status_code == 200, applied.json
        token = applied.json["game"]
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("variant", ["poker-rum", "double-pack-rum"])
def test_an_open_hands_record_replays_with_every_hand(client: FlaskClient,
                                                      variant: str) -> None:
    state = played_hand(variant, 3)
    made = client.post("/v1/records", json={"state": state.to_dict()})
    assert made.status_code == 200, made.json
    record = made.json["record"]
    assert record["game"] == "rummy" and record["variant"] == variant
    replay = client.post("/v1/records/replay", json={"record": record})
    assert replay.status_code == 200, replay.json
    positions = replay.json["positions"]
    assert len(positions) == len(record["deals"][0]["moves"]) + 1
    assert positions[-1]["state"] == state.to_dict()
    assert all(len(p["state"]["hands"]) == 2 for p in positions)  # every hand shown
    assert positions[1]["move"] == record["deals"][0]["moves"][0]["move"]


def test_a_sealed_hands_record_is_given_once_it_is_over(client: FlaskClient) -> None:
    answer = client.post("/v1/games", json={"game": "rummy", "seed": 8, "sealed": True,
                                            "house": [{"player": 1, "bot": "greedy"}]})
    early = client.post("/v1/records", json={"game": answer.json["game"],
                                             "credential": answer.json["credentials"][0]})
    assert early.status_code == 409 and early.json["field"] == "game"
    token, credential = sealed_hand(client, "poker-gin")
    made = client.post("/v1/records", json={"game": token, "credential": credential})
    assert made.status_code == 200, made.json
    record = made.json["record"]
    assert record["result"]["over"] is True
    replay = client.post("/v1/records/replay", json={"record": record})
    assert replay.status_code == 200, replay.json
    assert replay.json["positions"][-1]["state"]["result"] == record["result"]


def test_a_bad_record_is_a_422_naming_the_move(client: FlaskClient) -> None:
    record = client.post("/v1/records", json={"state": played_hand("poker-rum", 4).to_dict()}
                         ).json["record"]
    moves = record["deals"][0]["moves"]
    bad: dict[str, Any] = {**record, "deals": [{**record["deals"][0],
                                                "moves": [moves[1], *moves[2:]]}]}
    bad.pop("result")
    answer = client.post("/v1/records/replay", json={"record": bad})
    assert answer.status_code == 422
    assert answer.json["field"].startswith("record.deals[0].moves[0]"), answer.json
    answer = client.post("/v1/records/replay", json={"record": {**record, "version": 7}})
    assert answer.status_code == 422 and answer.json["field"] == "record.version"


def test_a_review_rates_each_move_of_the_seat(client: FlaskClient) -> None:
    state = played_hand("poker-gin", 7)
    record = client.post("/v1/records", json={"state": state.to_dict()}).json["record"]
    answer = client.post("/v1/reviews", json={"record": record, "player": 1, "samples": 4,
                                              "async": True})
    assert answer.status_code == 202, answer.json
    job = poll(client, answer.headers["Location"])
    assert job["status"] == "finished", job
    review = job["result"]
    mine = [m for m in record["deals"][0]["moves"] if m["player"] == 1]
    assert [m["move"]["id"] for m in review["moves"]] == [m["move"]["id"] for m in mine]
    assert review["summary"]["moves"] == len(mine)
    assert set(review["verdicts"]) == {"best", "good", "inaccuracy", "mistake"}
    for rated in review["moves"]:
        assert rated["points_lost"] >= 0
        assert rated["forced"] or rated["best_equity"] >= rated["equity"] - 1e-9
    again = client.post("/v1/reviews", json={"record": record, "player": 1, "samples": 4,
                                             "async": True})
    assert poll(client, again.headers["Location"])["result"] == review  # one seed, one answer


def test_the_catalog_lists_the_rummy_records(client: FlaskClient) -> None:
    games = {g["name"]: g for g in client.get("/v1/catalog").json["games"]}
    assert {"records", "replay", "review"} <= set(games["rummy"]["features"])
