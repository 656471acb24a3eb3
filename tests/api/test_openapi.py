"""The committed spec is the generated one, and it documents every field."""

import json
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

SPEC = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def test_committed_spec_matches_the_code(client: FlaskClient) -> None:
    served = client.get("/openapi.json").json
    committed = json.loads(SPEC.read_text(encoding="utf-8"))
    assert served == committed, "the API changed: run `make openapi` and commit the spec"


def _properties(schema: dict[str, Any], where: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for name, prop in schema.get("properties", {}).items():
        out.append((f"{where}.{name}", prop))
    return out


def test_every_field_has_a_description_and_an_example(app: Flask) -> None:
    committed = json.loads(SPEC.read_text(encoding="utf-8"))
    missing = []
    for name, schema in committed["components"]["schemas"].items():
        for where, prop in _properties(schema, name):
            for key in ("description", "example"):
                if key not in prop:
                    missing.append(f"{where} lacks {key}")
    assert missing == []


def test_card_codes_are_constrained(app: Flask) -> None:
    committed = json.loads(SPEC.read_text(encoding="utf-8"))
    card = committed["components"]["schemas"]["Move"]["properties"]["card"]
    assert card["pattern"].startswith("^")


def test_docs_are_served_from_local_assets(client: FlaskClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "/docs/assets/swagger-ui-bundle.js" in html
    assert "//cdn" not in html and "unpkg" not in html and "jsdelivr" not in html
    asset = client.get("/docs/assets/swagger-ui-bundle.js")
    assert asset.status_code == 200 and len(asset.data) > 100_000
