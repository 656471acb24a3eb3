"""Every answer of whole hands of every game fits the RESPONSE schema of its endpoint in the
committed spec (openapi/openapi.json): what a client generated from the spec expects is
what the server sends, for Cassino and for each other game (api/game_responses.py)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from openapi_schema_validator import OAS30Validator

from tests.api.other_games import first_to_act, ok

SPEC = json.loads((Path(__file__).resolve().parents[2] / "openapi" / "openapi.json")
                  .read_text(encoding="utf-8"))
GAMES = [("cassino", "standard"), ("conquian", "conquian"), ("rummy", "poker-rum"),
         ("rummy", "poker-gin"), ("rummy", "double-pack-rum"), ("jass", "jass"),
         ("jass", "three-hand-jass"), ("jass", "two-hand-jass"), ("jass", "two-hand-jass-1000")]
SEATS = {"jass": 4, "three-hand-jass": 3}
"""The seats of the variants of more than two."""
MAX_PLIES = 2000
"""More moves than any hand lasts (a guard against a loop)."""


def _validator(path: str, method: str = "post") -> OAS30Validator:
    schema = SPEC["paths"][path][method]["responses"]["200"]["content"][
        "application/json"]["schema"]
    return OAS30Validator({"components": SPEC["components"], "allOf": [schema]})


VALIDATORS = {path: _validator(path) for path in (
    "/v1/games", "/v1/legal-moves", "/v1/apply", "/v1/view", "/v1/score", "/v1/hints",
    "/v1/evaluate", "/v1/why")}
VALIDATORS["/v1/jobs"] = _validator("/v1/jobs/{job_id}", "get")


def fits(path: str, answer: Any) -> dict[str, Any]:
    """The 200 answer's JSON, checked against its endpoint's response schema."""
    return _valid(path, ok(answer))


def _valid(path: str, body: dict[str, Any]) -> dict[str, Any]:
    """``body`` checked against ``path``'s response schema."""
    errors = sorted(VALIDATORS[path].iter_errors(body), key=str)
    assert not errors, (path, [e.message[:300] for e in errors[:3]], json.dumps(body)[:500])
    return body


def _to_move(state: dict[str, Any]) -> int:
    """The seat to act: ``to_move``, or Jass's ``turn``."""
    return int(state["to_move"] if "to_move" in state else state["turn"])


def _why(client: FlaskClient, game: str, asked: dict[str, Any], hand: list[str]) -> None:
    """Jass's why-not of each card of the hand (J9-J14) fits the spec."""
    if game == "jass":
        for card in hand:
            fits("/v1/why", client.post("/v1/why", json={**asked, "cards": [card]}))


def _new(game: str, variant: str, **more: Any) -> dict[str, Any]:
    return {"game": game, "variant": variant, "seed": 8, **more}


def test_the_schemas_tell_the_games_apart() -> None:
    """A wrong game's form fails: the check can fail (a Conquian state is no Cassino one)."""
    conquian = {"state": {"game": "conquian", "variant": "conquian"}, "events": [{}]}
    assert list(VALIDATORS["/v1/apply"].iter_errors(conquian))
    assert list(VALIDATORS["/v1/score"].iter_errors({"game": "rummy", "players": []}))


@pytest.mark.parametrize(("game", "variant"), GAMES)
def test_every_answer_of_an_open_hand_fits_the_spec(client: FlaskClient, game: str,
                                                    variant: str) -> None:
    rng = random.Random(3)
    state = fits("/v1/games", client.post("/v1/games", json=_new(game, variant)))["state"]
    for ply in range(MAX_PLIES):
        seats = len(state["hands"])
        for seat in range(seats):
            fits("/v1/view", client.post("/v1/view", json={"state": state, "player": seat}))
        fits("/v1/score", client.post("/v1/score", json={"state": state}))
        listed = client.post("/v1/legal-moves", json={"state": state})
        if listed.status_code == 409:
            return
        moves = fits("/v1/legal-moves", listed)["moves"]
        if ply % 25 == 0:  # a few searches per hand: the answers' form, not the search
            asked = {"state": state, "player": _to_move(state), "samples": 2}
            fits("/v1/hints", client.post("/v1/hints", json=asked))
            fits("/v1/evaluate", client.post("/v1/evaluate", json=asked))
        seat = _to_move(state)
        _why(client, game, {"state": state, "player": seat}, state["hands"][seat])
        move = rng.choice(moves)
        body = {"state": state, "move": move["id"] if ply % 2 else move}
        if ply % 3 == 0:  # the events as one seat may see them
            body["player"] = _to_move(state)
        state = fits("/v1/apply", client.post("/v1/apply", json=body))["state"]
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize(("game", "variant"), GAMES)
def test_every_answer_of_a_sealed_hand_fits_the_spec(client: FlaskClient, game: str,
                                                     variant: str) -> None:
    rng = random.Random(5)
    started = fits("/v1/games", client.post("/v1/games", json=_new(
        game, variant, sealed=True, house=[{"player": s, "bot": "random"}
                                           for s in range(1, SEATS.get(variant, 2))])))
    seat = {"game": started["game"], "credential": started["credentials"][0]}
    for ply in range(MAX_PLIES):
        view = fits("/v1/view", client.post("/v1/view", json=seat))["view"]
        fits("/v1/score", client.post("/v1/score", json=seat))
        listed = client.post("/v1/legal-moves", json=seat)
        if listed.status_code == 409:
            return
        moves = fits("/v1/legal-moves", listed)["moves"]
        _why(client, game, seat, view.get("hand", []))
        if ply == 0:  # a hint through a job: the job's result is a hint of this game
            accepted = client.post("/v1/hints", json={**seat, "samples": 2, "async": True})
            assert accepted.status_code == 202, accepted.json
            job = _finished(client, accepted.headers["Location"])
            assert job["status"] == "finished", job
        answer = fits("/v1/apply", client.post("/v1/apply", json={
            **seat, "move": rng.choice(moves)["id"]}))
        seat["game"] = answer["game"]
    raise AssertionError("the hand did not end")


def _finished(client: FlaskClient, url: str) -> dict[str, Any]:
    """The job at ``url`` polled (each answer checked) until it ends."""
    for _ in range(100_000):
        job = fits("/v1/jobs", client.get(url))
        time.sleep(0.01)  # pacing the polls, as a client does
        if job["status"] in ("finished", "failed"):
            return job
    raise AssertionError("the job did not end")


TABLES = [("patience-poker", "patience-poker", 2), ("patience-poker", "poker-squares", 1),
          ("i-doubt-it", "i-doubt-it", 6)]
"""The games whose seats act as their state's public fields say (no ``to_move``), with the
seats dealt: Patience Poker's every seat yet to place the card (PPD7), I Doubt It's claimer
or speaker (ID5, ID13); six I Doubt It hands of eight cards list 728 claims, not 3,718."""


def _seats(state: dict[str, Any]) -> int:
    return int(state["players"] if "players" in state else state["seats"])


def _some(path: str, answer: Any) -> dict[str, Any]:
    """The 200 answer's JSON, checked with its list of moves cut to its first twenty (the
    form of a move, not of thousands: an I Doubt It claimer's claims)."""
    body = ok(answer)
    _valid(path, {**body, "moves": body["moves"][:20]})
    return body


def _short(body: dict[str, Any]) -> dict[str, Any]:
    """An answer whose state's log (I Doubt It's) is cut to its last event (a log grows
    long, and the validator is slow)."""
    state = body["state"]
    return {**body, "state": state | {"log": state["log"][-1:]}} if "log" in state else body


@pytest.mark.parametrize(("game", "variant", "players"), TABLES)
def test_every_answer_of_an_open_table_fits_the_spec(client: FlaskClient, game: str,
                                                     variant: str, players: int) -> None:
    """Every move's answer (its state's log cut short), and every answer of every tenth
    ply and of the end."""
    rng = random.Random(3)
    state = fits("/v1/games", client.post("/v1/games", json=_new(
        game, variant, players=players)))["state"]
    for ply in range(MAX_PLIES):
        over = state["result"]["over"]
        full = over or ply % 10 == 0
        asked = {"state": state, "player": ply % _seats(state)}
        view = ok(client.post("/v1/view", json=asked))
        score = ok(client.post("/v1/score", json={"state": state}))
        if full:
            _valid("/v1/view", view)
            _valid("/v1/score", score)
        if over:
            assert client.post("/v1/legal-moves", json={"state": state}).status_code == 409
            assert ply > 20, ply
            return
        seat = first_to_act(state)
        moves = _some("/v1/legal-moves", client.post("/v1/legal-moves", json={
            "state": state, "player": seat}))["moves"]
        if ply % 25 == 0:
            hinted = {"state": state, "player": seat, "samples": 2}
            fits("/v1/hints", client.post("/v1/hints", json=hinted))
            fits("/v1/evaluate", client.post("/v1/evaluate", json=hinted))
        move = rng.choice(moves)
        body = {"state": state, "move": move["id"] if ply % 2 else move, "player": seat}
        answer = ok(client.post("/v1/apply", json=body))
        _valid("/v1/apply", answer if full else _short(answer))
        state = answer["state"]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "variant", "players"), [
    ("patience-poker", "patience-poker", 2), ("i-doubt-it", "i-doubt-it", 6)])
def test_every_answer_of_a_sealed_table_fits_the_spec(client: FlaskClient, game: str,
                                                      variant: str, players: int) -> None:
    """Seat 0 plays against the house's random bots: a Patience Poker place sent before the
    house's (PPD13), its events without the house's cells (PPD9); I Doubt It's claims
    without the others' cards (IDD9)."""
    rng = random.Random(5)
    house = [{"player": s, "bot": "random"} for s in range(1, players)]
    started = fits("/v1/games", client.post("/v1/games", json=_new(
        game, variant, players=players, sealed=True, house=house)))
    seat = {"game": started["game"], "credential": started["credentials"][0]}
    for ply in range(MAX_PLIES):
        fits("/v1/view", client.post("/v1/view", json=seat))
        fits("/v1/score", client.post("/v1/score", json=seat))
        listed = client.post("/v1/legal-moves", json=seat)
        if listed.status_code == 409:
            assert fits("/v1/view", client.post("/v1/view", json=seat))["view"]["result"][
                "over"], listed.json
            return
        moves = _some("/v1/legal-moves", listed)["moves"]
        if ply == 0:
            accepted = client.post("/v1/hints", json={**seat, "samples": 2, "async": True})
            assert accepted.status_code == 202, accepted.json
            job = _finished(client, accepted.headers["Location"])
            assert job["status"] == "finished", job
        answer = fits("/v1/apply", client.post("/v1/apply", json={
            **seat, "move": rng.choice(moves)["id"]}))
        seat["game"] = answer["game"]
    raise AssertionError("the game did not end")
