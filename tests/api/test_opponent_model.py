"""``opponent_model`` on hints, evaluate and reviews over HTTP (issue 25, docs/api.md
"Hints"): 0 gives the game's value in the last batch (checked against a brute force over
the known cards), the answer names the model applied and says whether it is exact, the
cache keeps two models apart, and a bad value is a 422 naming the field."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from flask.testing import FlaskClient
from marshmallow import ValidationError

import engine
import engine.conquian as conquian
import engine.rummy as rummy
from api.schemas import HintsRequest, ReviewRequest
from engine.cassino import Played, advance, record_of
from tests.solver.helpers import round_values
from tests.solver.test_game_value import known, last_batch


def body_of(state: Any, player: int | None = None, **options: Any) -> dict[str, Any]:
    seat = state.to_move if player is None else player
    return {"state": state.to_dict(), "player": seat, **options}


def equities(answer: dict[str, Any]) -> dict[str, float]:
    return {m["move"]["id"]: m["equity"] for m in answer["moves"]}


@pytest.mark.parametrize("seed", [6, 8, 12])
def test_hints_with_model_0_are_the_game_s_value(client: FlaskClient, seed: int) -> None:
    state = last_batch(seed)
    want = round_values(state, state.to_move)
    plain = client.post("/v1/hints", json=body_of(state, opponent_model=0))
    assert plain.status_code == 200, plain.json
    assert equities(plain.json) == want
    assert plain.json["solver"]["exact"] is True and plain.json["solver"]["opponent_model"] == 0
    default = client.post("/v1/hints", json=body_of(state)).json
    assert default["evaluation"]["equity"] != max(want.values())  # the gap
    assert default["solver"]["exact"] is False and default["solver"]["opponent_model"] == 0.25
    # evaluate, from a bare view of each seat
    for seat in (0, 1):
        answer = client.post("/v1/evaluate", json={"view": state.view(seat).to_dict(),
                                                   "opponent_model": 0}).json
        values = round_values(state, seat).values()
        assert answer["evaluation"]["equity"] == (max(values) if seat == state.to_move
                                                  else min(values))
        assert answer["solver"]["exact"] is True


def test_the_cache_keeps_two_models_apart(client: FlaskClient) -> None:
    """One open state asked with model 0 and with the default: two searches, two answers;
    each asked again is served from the cache with its own answer."""
    state = last_batch(6)
    body = body_of(state, seed=41)
    plain = client.post("/v1/hints", json={**body, "opponent_model": 0}).json
    default = client.post("/v1/hints", json=body).json
    assert default["solver"]["cached"] is False
    assert equities(default) != equities(plain)
    again = client.post("/v1/hints", json={**body, "opponent_model": 0}).json
    assert again["solver"]["cached"] is True and equities(again) == equities(plain)
    assert again["solver"]["exact"] is True
    same = client.post("/v1/hints", json={**body, "opponent_model": 0.25}).json
    assert same["solver"]["cached"] is True and equities(same) == equities(default)


@pytest.mark.parametrize("value", [-0.1, 1.5, 2, "0.5", "NaN", True, None, [0], {}])
def test_a_bad_model_is_a_422_naming_it(client: FlaskClient, value: Any) -> None:
    state = last_batch(6)
    for path in ("/v1/hints", "/v1/evaluate"):
        answer = client.post(path, json=body_of(state, opponent_model=value))
        assert answer.status_code == 422, answer.json
        assert answer.json["field"] == "opponent_model"
        assert "Unknown field" not in answer.json["message"]  # the field is known
        assert client.post(path, json=body_of(state, opponent_model=0.5)).status_code == 200


def test_nan_and_infinity_are_refused(client: FlaskClient) -> None:
    """JSON has no NaN or infinity: a body holding one is not JSON (400); and the field
    itself refuses a NaN or an infinity however it came."""
    for literal in ("NaN", "Infinity", "-Infinity", "1e309"):
        raw = '{"view": {}, "opponent_model": ' + literal + "}"
        answer = client.post("/v1/hints", data=raw, content_type="application/json")
        assert answer.status_code == 400, literal
    for schema in (HintsRequest(), ReviewRequest()):
        for value in (float("nan"), float("inf"), -float("inf")):
            with pytest.raises(ValidationError) as refused:
                schema.load({"opponent_model": value})
            assert refused.value.messages["opponent_model"] == [  # type: ignore[index]
                "Special numeric values (nan or infinity) are not permitted."]


def test_other_games_refuse_the_model(client: FlaskClient) -> None:
    for state in (conquian.new_game(3, dealer=0), rummy.new_game(3, "poker-rum", dealer=0)):
        for value in (0, 0.25):
            answer = client.post("/v1/hints", json={"state": state.to_dict(), "player": 0,
                                                    "opponent_model": value})
            assert answer.status_code == 422, answer.json
            assert answer.json["field"] == "opponent_model"
            assert "no opponent model" in answer.json["message"]


@pytest.mark.parametrize(("variant", "seed"), [("partnership", 10), ("three-hand", 11)])
def test_n_seats_take_only_0(client: FlaskClient, variant: str, seed: int) -> None:
    state = known(seed, variant)
    refused = client.post("/v1/hints", json=body_of(state, opponent_model=0.25))
    assert refused.status_code == 422 and refused.json["field"] == "opponent_model"
    plain = client.post("/v1/hints", json=body_of(state, opponent_model=0)).json
    default = client.post("/v1/hints", json=body_of(state)).json
    assert plain["solver"]["opponent_model"] == default["solver"]["opponent_model"] == 0
    assert equities(plain) == equities(default) == round_values(state, state.to_move)
    assert plain["solver"]["exact"] is True


def first_round_record(seed: int) -> dict[str, Any]:
    """The record of ``new_game(seed)``'s first round played at random."""
    rng = random.Random(seed)
    state = engine.new_game(seed, dealer=0)
    played = []
    while state.round == 1:
        move = rng.choice(state.legal_moves())
        played.append(Played(state.to_move, move))
        state = advance(state, move)
    return record_of(seed, "standard", 0, played).to_dict()


def review(client: FlaskClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/v1/reviews", json=body)
    assert answer.status_code in (200, 202), answer.json
    if answer.status_code == 200:
        return answer.json  # type: ignore[no-any-return]
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        job = client.get(answer.headers["Location"]).json
        if job["status"] == "finished":
            return job["result"]  # type: ignore[no-any-return]
        assert job["status"] != "failed", job
        time.sleep(0.05)
    raise AssertionError("the review did not finish")


def test_a_review_takes_the_model_and_says_it(client: FlaskClient) -> None:
    record = first_round_record(6)
    plain = review(client, record=record, player=0, samples=4, opponent_model=0)
    default = review(client, record=record, player=0, samples=4)
    assert plain["opponent_model"] == 0 and default["opponent_model"] == 0.25
    assert not any(m["exact"] for m in default["moves"])
    exact = [m for m in plain["moves"] if m["exact"]]
    assert exact and all(not m["forced"] for m in exact)
    # the exact ones are the last batch's choices, every one of them
    assert [m["ply"] for m in exact] == [m["ply"] for m in plain["moves"]
                                         if not m["forced"]][-len(exact):]
    for value in (1.5, "0"):
        refused = client.post("/v1/reviews", json={"record": record, "player": 0,
                                                   "opponent_model": value})
        assert refused.status_code == 422 and refused.json["field"] == "opponent_model"
