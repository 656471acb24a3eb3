"""``GET /v1/variants``: the first game's rules variants and their rule options
(api.served.ServedGame.variants_answer of the unnamed game, engine.games.unnamed_game)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api.errors import document_errors
from api.examples import response_example
from api.jsonio import Blueprint, respond
from api.served import served, unnamed_form
from engine.games import unnamed_game

blp = Blueprint("variants", __name__, url_prefix="/v1",
                description="Cassino's rules variants and their rule options (`playable` "
                            "says which can start a game); `GET /v1/catalog` is the wider "
                            "listing: every game, its variants' seats, teams and rules pages.")


@blp.route("/variants")
class Variants(MethodView):
    @blp.response(200, unnamed_form("VariantsResponse"), example=response_example("variants"))
    @document_errors(blp)
    def get(self) -> Any:
        """Every variant and its rule options; `playable` says which can start a game.

        Cassino's variants only: `GET /v1/catalog` lists every game with its variants'
        seats, teams and rules pages.
        """
        return respond(served(unnamed_game().name).variants_answer())
