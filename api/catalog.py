"""The catalog: every game the engine implements, its variants, their seats and rules
pages (engine.games, docs/api.md "Catalog").  A variant made playable, or given a rules
page, appears here as it is, with no change to this module."""

from __future__ import annotations

import functools
from typing import Any

from flask.views import MethodView

from api.errors import document_errors
from api.examples import response_example
from api.jsonio import Blueprint, respond
from api.rules import page_url
from api.schemas import CatalogResponse
from api.served import served
from engine.games import GameType, VariantInfo, game_types

blp = Blueprint("catalog", __name__, url_prefix="/v1",
                description="The games: each game's features, its variants, seats, "
                            "teams, which ones can start a game, and their rules pages.")


def house_options(game: str, variant: str) -> dict[str, Any]:
    """What a sealed game's house seats of ``variant`` may be (``POST /v1/games``'s
    ``house``): the bots, the named skill levels among them, and the dial's range where
    the game has one (solver/cassino/levels.py)."""
    entry = served(game)
    house = None if entry.solver is None else entry.solver.house
    dial = None if house is None else house.dial
    return {"bots": list(entry.house_bots(variant)),
            "levels": [] if house is None else list(house.levels),
            "level_dials": {} if house is None else {
                name: dial for name, dial in house.levels.items()},
            "dial": None if dial is None else {"min": dial[0], "max": dial[1]}}


def variant_json(game: str, info: VariantInfo) -> dict[str, Any]:
    """One variant as the catalog lists it; ``rules_url`` only when it has a page."""
    url = page_url(info.name)
    fewest, most = info.seat_range
    return {"name": info.name, "description": info.description, "seats": info.seats,
            "min_seats": fewest, "max_seats": most,
            "teams": [list(team) for team in info.teams], "playable": info.playable,
            "house": house_options(game, info.name) if info.playable else None,
            **({"rules_url": url} if url else {})}


def game_json(game: GameType) -> dict[str, Any]:
    """One game as the catalog lists it, with the features it offers beyond play
    (api/features.py), sorted."""
    return {"name": game.name, "title": game.title, "information": game.information,
            "chance": game.chance, "seats": list(game.seat_counts),
            "default_variant": game.default_variant, "rules_url": game.rules_page,
            "features": sorted(served(game.name).features),
            "variants": [variant_json(game.name, info) for info in game.variants]}


def catalog() -> dict[str, Any]:
    """The answer of ``GET /v1/catalog``, made once for each registry (a game registered
    later, the tests' example game, appears as soon as it is)."""
    return _catalog(tuple(game_types()))


@functools.cache
def _catalog(games: tuple[GameType, ...]) -> dict[str, Any]:
    return {"games": [game_json(game) for game in games]}


@blp.route("/catalog")
class Catalog(MethodView):
    @blp.response(200, CatalogResponse, example=response_example("catalog"))
    @document_errors(blp)
    def get(self) -> Any:
        """Every game, its features and its variants: seats, teams, `playable`, rules pages.

        The wider listing: `GET /v1/variants` gives Cassino's variants with their rule
        options and scoring categories.
        """
        return respond(catalog())
