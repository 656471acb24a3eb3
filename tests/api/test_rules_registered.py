"""A game registered from its own package brings its rules page (``rules.md`` in the
package, api/rules.py): served at its ``rules_page`` with every rule an anchor, listed by
the index, linked by its refusals and the catalog, while it is registered, and gone once
it is not (the example game, War: tests/games/war/rules.md)."""

from __future__ import annotations

import re
from pathlib import Path

from flask.testing import FlaskClient

from api import create_app
from tests.conformance.common import example_registered
from tests.games import war

PAGE = Path(war.__file__).parent / "rules.md"
RULES = re.findall(r"^### (W\d+) ", PAGE.read_text(encoding="utf-8"), re.MULTILINE)


def client() -> FlaskClient:
    return create_app({"RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}).test_client()


def test_a_registered_games_rules_page_is_served_with_its_anchors_and_listed() -> None:
    assert [f"W{n}" for n in range(1, 10)] == RULES
    with example_registered():
        served = client().get("/rules/war")
        assert served.status_code == 200 and served.mimetype == "text/html"
        html = served.get_data(as_text=True)
        assert "<title>War (`war`)</title>" in html
        assert all(f'id="{rule}"' in html for rule in RULES)
        index = client().get("/rules").get_data(as_text=True)
        assert 'href="/rules/war"' in index
        catalog = client().get("/v1/catalog").json
        listed = next(game for game in catalog["games"] if game["name"] == "war")
        assert listed["rules_url"] == "/rules/war"
    gone = client()
    assert gone.get("/rules/war").status_code == 404
    assert 'href="/rules/war"' not in gone.get("/rules").get_data(as_text=True)


def test_a_registered_games_refusals_link_its_page() -> None:
    """A move out of turn (W4) in either variant links War's page at its anchor."""
    with example_registered():
        app = client()
        for variant in ("war", "war-alternate"):
            state = app.post("/v1/games", json={"game": "war", "variant": variant,
                                                "seed": 1}).json["state"]
            refused = app.post("/v1/legal-moves", json={"state": state, "player": 1})
            assert refused.status_code == 422, refused.json
            assert refused.json["rule_url"] == "/rules/war#W4", refused.json
