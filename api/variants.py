"""The variants and their rule options (docs/rules/README.md: V1-V7 as presets of Rules)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api.errors import document_errors
from api.examples import response_example
from api.jsonio import Blueprint, respond
from api.rules import page_url
from api.schemas import VariantsResponse
from engine.cassino import VARIANTS, Rules, scheme
from engine.errors import UnsupportedVariantError

blp = Blueprint("variants", __name__, url_prefix="/v1",
                description="Cassino's rules variants and their rule options (`playable` "
                            "says which can start a game); `GET /v1/catalog` is the wider "
                            "listing: every game, its variants' seats, teams and rules pages.")


def _categories(rules: Rules) -> dict[str, Any]:
    """What a round scores under the variant's scheme, once that scheme is implemented."""
    try:
        return {"categories": scheme(rules).to_dicts()}
    except UnsupportedVariantError:
        return {}


_PAYLOAD = {"variants": [
    {**rules.to_dict(), **_categories(rules),
     **({"rules_url": url} if (url := page_url(name)) else {})}
    for name, rules in VARIANTS.items()]}


@blp.route("/variants")
class Variants(MethodView):
    @blp.response(200, VariantsResponse, example=response_example("variants"))
    @document_errors(blp)
    def get(self) -> Any:
        """Every variant and its rule options; `playable` says which can start a game.

        Cassino's variants only: `GET /v1/catalog` lists every game with its variants'
        seats, teams and rules pages.
        """
        return respond(_PAYLOAD)
