"""Game records, replays and reviews over HTTP (api/records.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.cassino import Record, new_game, record_of, replay
from engine.cassino.state import Played


def sealed_game_to_the_end(client: FlaskClient, variant: str = "standard",
                           ) -> tuple[str, str, int]:
    """A sealed game against the house's random bot, played to its end with each turn's
    first legal move: the last token, the player's credential and the moves made."""
    answer = client.post("/v1/games", json={"seed": 21, "dealer": 1, "sealed": True,
                                            "variant": variant,
                                            "house": [{"player": 1, "bot": "random"}]})
    token, credential = answer.json["game"], answer.json["credentials"][0]
    plies = 0
    while True:
        moves = client.post("/v1/legal-moves", json={"game": token, "credential": credential})
        if moves.status_code == 409:  # the game is over
            return token, credential, plies
        assert moves.status_code == 200, moves.json
        applied = client.post("/v1/apply", json={"game": token, "credential": credential,
                                                 "move": moves.json["moves"][0]["id"]})
        assert applied.status_code == 200, applied.json
        token = applied.json["game"]
        plies += 1


def poll(client: FlaskClient, url: str, seconds: float = 300) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        job = client.get(url).json
        if job["status"] in ("finished", "failed"):
            return job  # type: ignore[no-any-return]
        time.sleep(0.05)
    raise AssertionError(f"{url} did not finish")


def test_a_sealed_game_in_progress_has_no_record(client: FlaskClient) -> None:
    answer = client.post("/v1/games", json={"seed": 3, "sealed": True,
                                            "house": [{"player": 1, "bot": "random"}]})
    body = {"game": answer.json["game"], "credential": answer.json["credentials"][0]}
    refused = client.post("/v1/records", json=body)
    assert refused.status_code == 409 and refused.json["field"] == "game"
    assert "over" in refused.json["message"]
    refused = client.post("/v1/reviews", json=body)
    assert refused.status_code == 409
    wrong = client.post("/v1/records", json={**body, "credential": "0.nope"})
    assert wrong.status_code == 403


def test_a_finished_sealed_game_exports_its_whole_record(client: FlaskClient) -> None:
    token, credential, plies = sealed_game_to_the_end(client)
    answer = client.post("/v1/records", json={"game": token, "credential": credential})
    assert answer.status_code == 200, answer.json
    record = answer.json["record"]
    assert record["format"] == "cassino-record" and record["version"] == 1
    assert record["result"]["status"] == "game_over"
    assert len(record["deals"]) > 1  # the token kept the earlier deals' moves
    mine = [t for d in record["deals"] for t in d["moves"] if t["player"] == 0]
    assert len(mine) == plies
    replayed = client.post("/v1/records/replay", json={"record": record})
    assert replayed.status_code == 200, replayed.json
    positions = replayed.json["positions"]
    assert positions[0]["ply"] == 0 and positions[0]["move"] is None
    assert len(positions) == 1 + sum(len(d["moves"]) for d in record["deals"])
    last = positions[-1]["state"]
    assert last["status"] == "game_over" and last["scores"] == record["result"]["scores"]
    assert all(h is not None for h in positions[1]["state"]["hands"])  # every hand shown


def test_an_open_state_exports_after_the_earlier_deals() -> None:
    from api import create_app

    client = create_app({"RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}).test_client()
    state = new_game(8, "standard", 0)
    played = []
    while state.deal < 2 or len(state.history) < 3:
        move = state.legal_moves()[0]
        played.append(Played(state.to_move, move))
        state = state.apply(move).state
    refused = client.post("/v1/records", json={"state": state.to_dict()})
    assert refused.status_code == 422 and refused.json["field"] == "record"
    earlier = record_of(8, "standard", 0, played[:-3]).to_dict()
    answer = client.post("/v1/records", json={"state": state.to_dict(), "record": earlier})
    assert answer.status_code == 200, answer.json
    assert answer.json["record"] == record_of(8, "standard", 0, played).to_dict()
    assert replay(Record.from_dict(answer.json["record"]))[-1].state == state


def test_a_bad_record_is_refused_naming_the_move_and_rule(client: FlaskClient) -> None:
    state = new_game(4, "standard", 0)
    played = []
    for _ in range(5):
        move = state.legal_moves()[0]
        played.append(Played(state.to_move, move))
        state = state.apply(move).state
    record = record_of(4, "standard", 0, played).to_dict()
    record["deals"][0]["moves"][3]["player"] = 1 - record["deals"][0]["moves"][3]["player"]
    refused = client.post("/v1/records/replay", json={"record": record})
    assert refused.status_code == 422
    assert refused.json["message"].startswith("move 4 ") and refused.json["rule"] == "R4"
    assert refused.json["field"] == "record.deals[0].moves[3].player"
    refused = client.post("/v1/records/replay", json={"record": {**record, "version": 9}})
    assert refused.status_code == 422 and refused.json["field"] == "record.version"
    refused = client.post("/v1/reviews", json={"record": record, "player": 0})
    assert refused.status_code == 422


@pytest.mark.parametrize("body", [{}, {"record": {}, "game": "x", "credential": "0.a"}])
def test_a_review_request_says_what_it_lacks(client: FlaskClient, body: dict[str, Any]) -> None:
    assert client.post("/v1/reviews", json=body).status_code == 422


def test_a_whole_game_review_is_a_job_with_the_embedded_default(client: FlaskClient) -> None:
    token, credential, plies = sealed_game_to_the_end(client)
    answer = client.post("/v1/reviews", json={"game": token, "credential": credential,
                                              "samples": 4, "async": True})
    assert answer.status_code == 202, answer.json
    url = answer.headers["Location"]
    assert url == answer.json["job"]["url"]
    job = poll(client, url)
    assert job["status"] == "finished", job
    assert job["progress"] == {"done": plies, "total": plies}
    review = job["result"]
    assert review["player"] == 0 and review["summary"]["moves"] == plies
    assert {m["verdict"] for m in review["moves"]} <= {"best", "good", "inaccuracy",
                                                         "mistake", "blunder"}
    assert review["verdicts"]["mistake"] == 2.0
    record = client.post("/v1/records", json={"game": token, "credential": credential}).json
    again = client.post("/v1/reviews", json={"record": record["record"], "player": 0,
                                             "samples": 4, "async": True})
    assert poll(client, again.headers["Location"])["result"] == review  # fixed seed


def test_a_token_keeps_the_earlier_deals_and_its_length_tells_nothing_hidden(
        app: Any, client: FlaskClient) -> None:
    """Past the first deal the token holds the earlier deals' moves (public, R28), so
    deals that differ only in the hidden cards still seal to tokens of one length."""
    from dataclasses import replace

    from engine.cards import cards_of

    answer = client.post("/v1/games", json={"seed": 2, "dealer": 1, "sealed": True,
                                            "house": [{"player": 1, "bot": "random"}]})
    token, credential = answer.json["game"], answer.json["credentials"][0]
    sealer = app.extensions["cardgames_sealer"]
    while sealer.open(token).state.deal == 1:
        moves = client.post("/v1/legal-moves", json={"game": token, "credential": credential})
        token = client.post("/v1/apply", json={"game": token, "credential": credential,
                                               "move": moves.json["moves"][0]["id"]}).json["game"]
    game = sealer.open(token)
    assert game.past and game.moves is not None
    assert len(game.moves) == len(game.past) + len(game.state.history)
    state = game.state
    hidden = list(state.stock) + sorted(cards_of(state.hands[1]))
    lengths = set()
    for shift in range(1, 6):
        moved = hidden[shift:] + hidden[:shift]
        stock, rest = tuple(moved[:len(state.stock)]), moved[len(state.stock):]
        other = state._replace(hands=(state.hands[0], sum(1 << c for c in rest)), stock=stock)
        lengths.add(len(sealer.seal(replace(game, state=other))))
    assert len(lengths) == 1
