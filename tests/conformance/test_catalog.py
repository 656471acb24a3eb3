"""The catalog, for every game: it lists the game as the registry declares it, with the
features its API part declares (ServedGame.features) and each playable variant's house;
a game registered while the service runs (the example game) as soon as it is."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from api.served import served
from engine.games import get_game
from tests.conformance.common import GAMES, Case, example_away


@pytest.mark.parametrize("case", GAMES, ids=str)
def test_the_catalog_lists_the_game_and_its_features(client: FlaskClient, case: Case) -> None:
    with example_away():  # the catalog answered before the example game joined
        assert client.get("/v1/catalog").status_code == 200
    catalog: Any = client.get("/v1/catalog").json
    listed = {g["name"]: g for g in catalog["games"]}
    entry, game = listed[case.game], get_game(case.game)
    offered = served(case.game).features
    assert entry["features"] == sorted(offered)
    assert entry["default_variant"] == game.default_variant
    assert [v["name"] for v in entry["variants"]] == [v.name for v in game.variants]
    for variant in entry["variants"]:
        if variant["playable"]:
            assert variant["house"]["bots"] == list(served(case.game).house_bots(
                variant["name"]))
