"""Helpers for the tests of the games besides Cassino over HTTP (test_games_conquian.py,
test_games_rummy.py): whole open and sealed hands, and the hidden cards of a position."""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient

MAX_PLIES = 2000
"""More moves than any hand of these games lasts (a guard against a loop, not a limit)."""


def ok(answer: Any) -> dict[str, Any]:
    assert answer.status_code == 200, answer.json
    return answer.json  # type: ignore[no-any-return]


def first_to_act(state: dict[str, Any]) -> int:
    """A table game's first seat that may act, from its public fields: Patience Poker's
    lowest yet to place the card (PPD7), I Doubt It's speaker, else its claimer (ID5,
    ID13)."""
    if state["game"] == "patience-poker":
        return int(min(state["acting"]))
    return int(state["claimer"] if state["speaker"] is None else state["speaker"])


def play_open(client: FlaskClient, body: dict[str, Any], seed: int) -> dict[str, Any]:
    """A whole open hand: each move a random legal one (alternately by id and as the
    object legal-moves lists); returns the final state."""
    rng = random.Random(seed)
    state = ok(client.post("/v1/games", json=body))["state"]
    for ply in range(MAX_PLIES):
        listed = client.post("/v1/legal-moves", json={"state": state})
        if listed.status_code == 409:
            return state
        moves = ok(listed)["moves"]
        assert moves, "a hand in play has a legal move"
        move = rng.choice(moves)
        answer = ok(client.post("/v1/apply", json={
            "state": state, "move": move["id"] if ply % 2 else move}))
        assert isinstance(answer["events"], list) and answer["events"]
        state = answer["state"]
    raise AssertionError("the hand did not end")


def play_sealed(client: FlaskClient, body: dict[str, Any], seat: int,
                seed: int) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]]]:
    """A whole sealed hand: seat ``seat`` plays random legal moves, the house the others.
    Returns the last token, every view the seat was shown and every event it was told."""
    rng = random.Random(seed)
    started = ok(client.post("/v1/games", json={**body, "sealed": True}))
    token, credential = started["game"], started["credentials"][seat]
    assert credential is not None
    assert all(c is None for i, c in enumerate(started["credentials"]) if i != seat)
    views: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    for _ in range(MAX_PLIES):
        shown = ok(client.post("/v1/view", json={"game": token, "credential": credential}))
        views.append(shown["view"])
        events.extend(shown["events"])
        listed = client.post("/v1/legal-moves", json={"game": token, "credential": credential})
        if listed.status_code == 409:
            return token, views, events
        moves = ok(listed)["moves"]
        move = rng.choice(moves)
        answer = ok(client.post("/v1/apply", json={"game": token, "credential": credential,
                                                   "move": move["id"]}))
        token = answer["game"]
        views.append(answer["view"])
        views.extend([answer["view_before_house"]] if "view_before_house" in answer else [])
        events.extend(answer["events"])
    raise AssertionError("the hand did not end")


def words(value: Any) -> set[str]:
    """Every string anywhere in a JSON value (card names among them)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(words(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(words(v) for v in value)) if value else set()
    return set()
