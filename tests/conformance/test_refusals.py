"""Bad input, for every rule set: a few mutations of a good request to each endpoint (a
wrong type, an unknown field, a card the seat does not hold, a seat out of turn, a broken
state or view, a forged credential) each get a JSON 4xx naming the field, never a 500;
and a sealed game refused so plays on from the same token."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.games import engine_of
from tests.conformance.common import (
    CARD,
    CASES,
    Case,
    field_of,
    house_bot,
    names,
    new_state,
    post,
    random_play,
)


def _position(case: Case) -> tuple[Any, int, str]:
    """A position of a seeded game, its acting seat and one of that seat's legal move ids
    that names a card (the game's first such position)."""
    engine = engine_of(case.game)
    for state, _move, _seat in random_play(new_state(case, 11), random.Random(11)):
        seat = min(state.acting)
        ids = [engine.move_json(state, m)["id"] for m in state.moves_for(seat)]
        named = [i for i in ids if CARD.search(i)]
        if named:
            return state, seat, named[0]
    raise AssertionError(f"{case}: no move names a card")


def _not_held(move_id: str, state: Any, seat: int, case: Case) -> str:
    """``move_id`` with its first card replaced by one the seat cannot see (so not its)."""
    hidden = sorted(engine_of(case.game).hidden(state, seat))
    found = CARD.search(move_id)
    assert found and hidden
    return move_id[:found.start()] + hidden[0] + move_id[found.end():]


def _refused(client: FlaskClient, path: str, body: Any, field: str) -> None:
    answer = post(client, path, body)
    assert 400 <= answer.status_code < 500, (path, body, answer.status_code, answer.json)
    assert isinstance(answer.json, dict) and answer.json.get("message"), (path, answer.json)
    assert names(field_of(answer), field), (path, field, answer.json)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_bad_input_is_a_4xx_naming_the_field(client: FlaskClient, case: Case) -> None:
    state, seat, move_id = _position(case)
    data, view = state.to_dict(), state.view(seat).to_dict()
    game = case.table
    others = sorted(set(range(case.seats)) - state.acting)
    asked: list[tuple[str, Any, str]] = [
        ("/v1/games", {**game, "seed": "12"}, "seed"),
        ("/v1/games", {**game, "sead": 12}, "sead"),
        ("/v1/games", {**game, "variant": "no-such-variant"}, "variant"),
        ("/v1/games", {**game, "players": 99}, "players"),
        ("/v1/games", {**game, "sealed": True, "house": [{"player": 99, "bot": house_bot(
            case)}]}, "house[0].player"),
        ("/v1/games", {**game, "sealed": True, "house": [{"player": 1, "bot": "nobody"}]},
         "house[0].bot"),
        ("/v1/legal-moves", {"state": data, "player": str(seat)}, "player"),
        ("/v1/legal-moves", {"state": data, "colour": 1}, "colour"),
        ("/v1/legal-moves", {"state": {**data, "bogus": 1}}, "state"),
        ("/v1/legal-moves", {"state": {**data, "seed": "x"}}, "state"),
        ("/v1/legal-moves", {"state": 5}, "state"),
        ("/v1/apply", {"state": data, "move": 5}, "move"),
        ("/v1/apply", {"state": data, "move": {}}, "move"),
        ("/v1/apply", {"state": data, "move": {"bogus": move_id}}, "move"),
        ("/v1/apply", {"state": data}, "move"),
        ("/v1/apply", {"state": data, "move": _not_held(move_id, state, seat, case)}, "move"),
        ("/v1/view", {"state": data}, "player"),
        ("/v1/view", {"state": data, "player": 99}, "player"),
        ("/v1/score", {"state": data, "view": view}, "state"),
        ("/v1/score", {"view": {**view, "player": "x"}}, "view"),
        ("/v1/hints", {"state": data, "player": seat, "samples": "many"}, "samples"),
        ("/v1/hints", {"view": {**view, "bogus": 1}}, "view"),
    ]
    for other in others[:1]:  # a seat out of turn
        asked += [("/v1/legal-moves", {"state": data, "player": other}, "player"),
                  ("/v1/apply", {"state": data, "move": move_id, "player": other}, "player")]
    for path, body, field in asked:
        _refused(client, path, body, field)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_sealed_game_refused_plays_on(client: FlaskClient, case: Case) -> None:
    started = post(client, "/v1/games", {
        **case.table, "seed": 12, "sealed": True,
        "house": [{"player": s, "bot": house_bot(case)} for s in range(1, case.seats)]})
    assert started.status_code == 200, started.json
    seat = {"game": started.json["game"], "credential": started.json["credentials"][0]}
    moves = post(client, "/v1/legal-moves", seat).json["moves"]
    move = moves[0]["id"]
    forged = seat["credential"].split(".")[0] + ".forged"
    for path, body, field in [
            ("/v1/apply", {**seat, "credential": forged, "move": move}, "credential"),
            ("/v1/apply", {**seat, "move": move, "player": 1}, "player"),
            ("/v1/apply", {**seat, "move": 7}, "move"),
            ("/v1/apply", {**seat, "move": {"type": 7}}, "move"),
            ("/v1/view", {**seat, "game": "not-a-token"}, "game"),
            ("/v1/legal-moves", {**seat, "state": {}}, "state"),
            ("/v1/hints", {**seat, "seed": -1}, "seed")]:
        _refused(client, path, body, field)
    played = post(client, "/v1/apply", {**seat, "move": move})
    assert played.status_code == 200, played.json
