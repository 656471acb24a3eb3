"""A feature a game does not offer (api/served.py ``features``, listed by the catalog) is
refused with a 422 naming the field that carries the game, never a 500."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.other_games import ok
from tests.conformance.common import example_registered


def _games(client: FlaskClient, game: str, variant: str) -> tuple[dict[str, Any],
                                                                   dict[str, Any]]:
    """An open state of ``game`` and a sealed seat of it (the house plays the other)."""
    body = {"game": game, "variant": variant, "seed": 8}
    state = ok(client.post("/v1/games", json=body))["state"]
    sealed = ok(client.post("/v1/games", json={**body, "sealed": True,
                                               "house": [{"player": 1, "bot": "random"}]}))
    return state, {"game": sealed["game"], "credential": sealed["credentials"][0]}


@pytest.fixture
def war() -> Iterator[None]:
    """The tests' example game, which offers play, hints and sealed games only."""
    with example_registered():
        yield


def test_a_game_lacking_a_feature_is_refused_naming_its_field(client: FlaskClient,
                                                             war: None) -> None:
    from api.served import served

    assert not served("war").offers("records") and not served("war").offers("why")
    state, seat = _games(client, "war", "war")
    asked = [("/v1/bot-move", {"state": state, "player": 0}, "state"),
             ("/v1/bot-move", seat, "game"),
             ("/v1/why", {"state": state, "cards": []}, "state"),
             ("/v1/why", {**seat, "cards": []}, "game"),
             ("/v1/records", {"state": state}, "state"),
             ("/v1/records", seat, "game"),
             ("/v1/reviews", seat, "game")]
    for path, body, field in asked:
        answer = client.post(path, json=body)
        error = answer.json
        assert answer.status_code == 422 and error is not None, (path, error)
        assert error["field"] == field, (path, error)
        assert "is not offered for war games" in error["message"]


def test_every_game_of_the_book_offers_every_feature(client: FlaskClient) -> None:
    """Issue 27: no game of the tree answers a feature with "is not offered"."""
    from api.features import FEATURES

    games = {g["name"]: set(g["features"]) for g in client.get("/v1/catalog").json["games"]}
    for name in ("cassino", "conquian", "rummy"):
        assert games[name] == set(FEATURES), (name, set(FEATURES) - games[name])


def test_cassino_is_still_served(client: FlaskClient) -> None:
    state = ok(client.post("/v1/games", json={"seed": 8}))["state"]
    assert ok(client.post("/v1/bot-move", json={"state": state, "player": state["to_move"],
                                                 "level": "beginner"}))["move"]["id"]
    assert "record" in ok(client.post("/v1/records", json={"state": state}))


def test_a_shared_request_lists_the_forms_of_the_games_that_offer_its_feature(
        client: FlaskClient) -> None:
    """A shared request nests each game's state or view from the registry (api/schemas.py
    ``GameForm``): every game's where every game plays it, only the games that offer the
    feature elsewhere (one form: itself)."""
    from api.served import served, wires
    from engine.games import game_names

    schemas = client.get("/openapi.json").json["components"]["schemas"]

    def refs(prop: dict[str, Any]) -> list[str]:
        found = prop.get("oneOf") or prop.get("allOf") or []
        return [ref["$ref"].rsplit("/", 1)[1] for ref in found]

    every = [wire.prefix + "State" for wire in wires()]
    assert len(every) >= 3 and refs(schemas["LegalMovesRequest"]["properties"]["state"]) == every
    for request, feature in (("BotMoveRequest", "bot_move"), ("RecordRequest", "records")):
        offering = [served(name).wire for name in game_names() if served(name).offers(feature)]
        assert refs(schemas[request]["properties"]["state"]) == [
            wire.prefix + "State" for wire in offering if wire is not None]
    bots = [served(name).wire for name in game_names() if served(name).offers("bot_move")]
    assert refs(schemas["BotMoveRequest"]["properties"]["view"]) == [
        wire.prefix + "View" for wire in bots if wire is not None]
