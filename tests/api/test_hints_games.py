"""Hints and evaluations of Conquian and rummy over HTTP (docs/api.md "Other games"): the
same answers as the game's solver from the seat's view, cached per game and seat, and
refusals that name the field (no 500)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

import engine.conquian as conquian
import engine.rummy as rummy
import solver.conquian as conquian_solver
import solver.rummy as rummy_solver
from tests.api.helpers import finished
from workers.requests import HintRequest

POSITIONS: list[tuple[str, Any, Any]] = [
    ("conquian", conquian.new_game(3, dealer=0), conquian_solver),
    ("poker-rum", rummy.new_game(3, "poker-rum", dealer=0), rummy_solver),
    ("poker-gin", rummy.new_game(5, "poker-gin", 3, dealer=1), rummy_solver),
    ("double-pack-rum", rummy.new_game(3, "double-pack-rum", dealer=0), rummy_solver),
]
OPTIONS = {"samples": 6, "seed": 2}


def without_timing(answer: dict[str, Any]) -> dict[str, Any]:
    meta = {k: v for k, v in answer["solver"].items() if k not in ("elapsed_ms", "cached")}
    return {**answer, "solver": meta}


@pytest.mark.parametrize(("variant", "state", "solver"), POSITIONS)
def test_a_hint_is_the_game_solvers_answer_from_the_seats_view(
        client: FlaskClient, variant: str, state: Any, solver: Any) -> None:
    seat = state.to_move
    answer = finished(client, client.post("/v1/hints", json={
        "state": state.to_dict(), "player": seat, **OPTIONS}))
    direct = solver.hint(state.view(seat), samples=6, seed=2)
    assert without_timing(answer) == without_timing(direct)
    assert [m["move"]["id"] for m in answer["moves"]] and answer["player"] == seat
    by_view = finished(client, client.post("/v1/evaluate", json={
        "view": state.view(seat).to_dict(), **OPTIONS}))
    assert by_view["evaluation"] == answer["evaluation"]
    assert by_view["solver"]["cached"] is False  # a bare view shares nothing


@pytest.mark.parametrize(("variant", "state", "solver"), POSITIONS)
def test_a_sealed_seats_hints_use_its_view_and_are_cached_for_that_seat(
        client: FlaskClient, variant: str, state: Any, solver: Any) -> None:
    game = "conquian" if variant == "conquian" else "rummy"
    started = client.post("/v1/games", json={"game": game, "variant": variant, "seed": 9,
                                             "sealed": True})
    token, credentials = started.json["game"], started.json["credentials"]
    for seat, credential in enumerate(credentials):
        view = client.post("/v1/view", json={"game": token, "credential": credential}).json
        asked = finished(client, client.post("/v1/hints", json={
            "game": token, "credential": credential, **OPTIONS}))
        direct = solver.hint(solver_view(game, view["view"]), samples=6, seed=2)
        assert without_timing(asked) == without_timing(direct)
        again = client.post("/v1/hints", json={"game": token, "credential": credential,
                                               **OPTIONS})
        assert again.status_code == 200 and again.json["solver"]["cached"] is True
        assert again.json["moves"] == asked["moves"] and asked["player"] == seat


def solver_view(game: str, data: dict[str, Any]) -> Any:
    return (conquian.View if game == "conquian" else rummy.View).from_dict(data)


def test_the_cache_keys_of_a_request_name_its_game(app: Flask) -> None:
    state = conquian.new_game(3)
    request = HintRequest("hints", state.view(0), 6, None, 0, None, "o" + "0" * 32)
    same = HintRequest("hints", state.view(0), 6, None, 0, None, "o" + "0" * 32)
    assert request.family == same.family and request.family is not None
    assert request.share_key == same.share_key
    # the game is in the key: a payload round-trips to the same request
    assert HintRequest.from_payload(request.payload()).family == request.family
    assert request.game.name == "conquian"


@pytest.mark.parametrize("change", [
    {"player": 5}, {"samples": 0}, {"player": "0"}])
def test_bad_hint_requests_are_422s(client: FlaskClient, change: dict[str, Any]) -> None:
    state = conquian.new_game(3)
    answer = client.post("/v1/hints", json={"state": state.to_dict(), "player": 0, **change})
    assert answer.status_code == 422, answer.json


def test_a_finished_hand_has_no_hints(client: FlaskClient) -> None:
    state: Any = rummy.new_game(3, "poker-rum")
    while not state.game_over:
        state, _ = rummy.advance(state, rummy_solver.make_bot("greedy").choose(
            state.view(state.to_move)))
    answer = client.post("/v1/hints", json={"state": state.to_dict(), "player": 0})
    assert answer.status_code == 409 and answer.json["rule"] == "RM26"
    view = client.post("/v1/hints", json={"view": state.view(0).to_dict()})
    assert view.status_code == 409
