"""twenty-one and twenty-one-claims over HTTP (docs/rules/twenty-one.md T5-T7, TD3, TD9):
claims from any seat in open and sealed games, legal moves of a seat not to move, house
seats that claim, and hints that rank a right claim first."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from api.sealed import Sealer
from engine import new_game
from engine.cassino import secured
from solver.cassino.core import claim_equity
from tests.api.helpers import finished
from tests.engine.test_variant_twenty_one import CLAIMS, staged


def won_position() -> Any:
    """Seat 0, to move, has secured 21 (T6); seat 1 has secured 19."""
    state = staged("twenty-one-claims", "10D AS AC", "AH AD 2S", scores=(17, 16))
    assert state.to_move == 0 and secured(state, 0) == 21 and secured(state, 1) == 19
    return state


def test_legal_moves_of_a_seat_not_to_move(client: FlaskClient) -> None:
    state = new_game(3, "twenty-one-claims", dealer=1).to_dict()
    r = client.post("/v1/legal-moves", json={"state": state, "player": 1})
    assert r.status_code == 200, r.json
    assert r.json["player"] == 1
    assert r.json["moves"] == [{"type": "claim", "player": 1, "id": "claim1",
                                "description": "Claim the game for player 1",
                                "sweep": False, "points": []}]
    mover = client.post("/v1/legal-moves", json={"state": state}).json
    assert mover["player"] == 0 and mover["moves"][-1]["id"] == "claim0"
    plain = new_game(3, "standard", dealer=1).to_dict()
    r = client.post("/v1/legal-moves", json={"state": plain, "player": 1})
    assert r.status_code == 422 and r.json["rule"] == "R4" and r.json["field"] == "player"


def test_an_open_game_claim_names_its_seat(client: FlaskClient) -> None:
    state = won_position()
    data = state.to_dict()
    r = client.post("/v1/apply", json={"state": data, "move": {"type": "claim"}, "player": 1})
    assert r.status_code == 200, r.json
    assert r.json["state"]["winner"] == 0  # seat 1 claimed with 19: wrong (T7)
    assert [e["type"] for e in r.json["events"]] == ["claim", "game_over"]
    r = client.post("/v1/apply", json={"state": data, "move": "claim0"})
    assert r.status_code == 200 and r.json["state"]["winner"] == 0
    assert r.json["state"]["scores"] == [17, 16]
    assert r.json["state"]["history"][-1]["move"] == {
        "type": "claim", "player": 0, "description": "Claim the game for player 0"}
    r = client.post("/v1/apply", json={"state": data, "move": {"type": "claim"}})
    assert r.status_code == 422 and r.json["field"] == "move.player" and r.json["rule"] == "T5"
    r = client.post("/v1/apply", json={"state": data, "move": {"type": "claim", "player": 0},
                                       "player": 1})
    assert r.status_code == 422 and r.json["field"] == "player"
    r = client.post("/v1/apply", json={"state": data, "move": {"type": "claim", "card": "7S"}})
    assert r.status_code == 422
    standard = new_game(3).to_dict()
    r = client.post("/v1/apply", json={"state": standard, "move": "claim0"})
    assert r.status_code == 422 and r.json["rule"] == "R27"
    # a card play out of turn is still R4, a claim is not
    r = client.post("/v1/apply", json={"state": data, "move": "KC", "player": 1})
    assert r.status_code == 422 and r.json["rule"] == "R4"


def test_a_sealed_game_claim_comes_from_any_credential(client: FlaskClient) -> None:
    answer = client.post("/v1/games", json={"seed": 7, "dealer": 1, "sealed": True,
                                            "variant": "twenty-one-claims"}).json
    game, credentials = answer["game"], answer["credentials"]
    # seat 1 is not to move: its legal moves are its claim
    r = client.post("/v1/legal-moves", json={"game": game, "credential": credentials[1]})
    assert r.status_code == 200 and [m["id"] for m in r.json["moves"]] == ["claim1"]
    r = client.post("/v1/apply", json={"game": game, "credential": credentials[1],
                                       "move": {"type": "claim", "player": 0}})
    assert r.status_code == 422 and r.json["rule"] == "T5"
    r = client.post("/v1/apply", json={"game": game, "credential": credentials[1],
                                       "move": {"type": "claim"}})
    assert r.status_code == 200, r.json
    view = r.json["view"]
    assert view["status"] == "game_over" and view["winner"] == 0  # nothing secured: wrong
    assert [e["type"] for e in r.json["events"]] == ["claim", "game_over"]
    standard = client.post("/v1/games", json={"seed": 7, "dealer": 1, "sealed": True}).json
    r = client.post("/v1/legal-moves", json={"game": standard["game"],
                                             "credential": standard["credentials"][1]})
    assert r.status_code == 422 and r.json["rule"] == "R4"


def test_a_house_seat_claims_when_right(app: Flask) -> None:
    sealer: Sealer = app.extensions["cardgames_sealer"]
    state = won_position()
    game = sealer.start(state, {0: "greedy"})
    assert game.state.status == "game_over" and game.state.winner == 0
    assert game.events[1][-2]["type"] == "claim" and game.events[0] == ()
    # a house seat whose claim would be wrong plays on
    game = sealer.start(state, {1: "solver"})
    assert game.state.status == "playing"


def test_hints_rank_a_right_claim_first_and_never_a_wrong_one(client: FlaskClient) -> None:
    state = won_position()
    body = {"state": state.to_dict(), "player": 0, "seed": 2, "samples": 8}
    hints = finished(client, client.post("/v1/hints", json=body))
    ids = [m["move"]["id"] for m in hints["moves"]]
    assert ids[0] == "claim0" and sorted(ids[1:]) == sorted(m.id for m in state.legal_moves())
    assert hints["moves"][0]["equity"] == claim_equity(CLAIMS)
    assert hints["evaluation"]["equity"] == claim_equity(CLAIMS)
    assert all(m["equity"] < claim_equity(CLAIMS) for m in hints["moves"][1:])
    # seat 1, not to move and 2 short: no claim, no moves; its evaluation is searched
    other = finished(client, client.post("/v1/hints", json={**body, "player": 1}))
    assert other["moves"] == [] and abs(other["evaluation"]["equity"]) < claim_equity(CLAIMS)
    # seat 0 asked while not to move: the claim alone
    played = state.hands[0] & -state.hands[0]  # seat 0 trailed its lowest card
    view = state._replace(to_move=1, hands=(state.hands[0] & ~played, state.hands[1]),
                          loose=state.loose | played).view(0)
    alone = finished(client, client.post("/v1/hints", json={"view": view.to_dict(),
                                                            "seed": 2}))
    assert [m["move"]["id"] for m in alone["moves"]] == ["claim0"]


def test_hints_for_twenty_one(client: FlaskClient) -> None:
    state = new_game(5, "twenty-one", dealer=1)
    body = {"state": state.to_dict(), "player": state.to_move, "seed": 1, "samples": 8}
    hints = finished(client, client.post("/v1/hints", json=body))
    assert sorted(m["move"]["id"] for m in hints["moves"]) == sorted(
        m.id for m in state.legal_moves())
