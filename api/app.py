"""The application factory: ``create_app(config=None)`` (CONTRACT.md "Entry points").

With no configuration everything runs in one process (the embedded default).
"""

from __future__ import annotations

import os
from typing import Any

import swagger_ui_bundle
from flask import Flask, Response, redirect, send_from_directory

from api import errors, games, hints, play, schemas, variants
from api.jsonio import OrjsonProvider, respond
from workers import service_for

API_VERSION = "1.0.0"
MAX_BODY = 256 * 1024  # a full state with a long history is under 10 KiB

DEFAULTS: dict[str, Any] = {
    "API_TITLE": "Cassino",
    "API_VERSION": API_VERSION,
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "/docs",
    "OPENAPI_SWAGGER_UI_URL": "/docs/assets/",  # served from the swagger-ui-bundle package
    "MAX_CONTENT_LENGTH": MAX_BODY,
    "REDIS_URL": os.environ.get("REDIS_URL"),
    "JSON_SORT_KEYS": False,
    "API_SPEC_OPTIONS": {
        "info": {
            "description": "The reference Cassino service: rules, legal moves, views and "
                           "scores of two-player Cassino (RULES.md R1-R29). Stateless: every "
                           "request carries the full state. Errors are JSON and name the "
                           "field, card or rule.",
            "license": {"name": "MIT"},
        },
    },
}


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The Flask app.  ``config`` overrides the defaults (e.g. ``{"REDIS_URL": ...}``)."""
    app = Flask(__name__)
    app.json_provider_class = OrjsonProvider
    app.json = OrjsonProvider(app)
    app.config.update(DEFAULTS)
    app.config.from_prefixed_env("CASSINO")  # e.g. CASSINO_REDIS_URL
    if config:
        app.config.update(config)

    api = errors.CassinoApi(app)
    app.extensions["cassino_api"] = api
    api.ma_plugin.converter.add_attribute_function(_move_or_id_property)
    for module in (variants, games, hints):
        api.register_blueprint(module.blp)
    api.spec.components.schemas.pop("PaginationMetadata", None)  # no paginated endpoints
    app.register_blueprint(play.blp)  # the web table: static files, not in the spec
    errors.register(app)
    app.extensions["cassino_hints"] = service_for(app.config["REDIS_URL"])

    @app.get("/docs/assets/<path:filename>")
    def swagger_assets(filename: str) -> Response:
        return send_from_directory(swagger_ui_bundle.swagger_ui_path, filename)

    @app.get("/")
    def index() -> Response:
        return redirect("/docs")  # type: ignore[return-value]

    @app.get("/health")
    def health() -> Response:
        return respond({"status": "ok", "version": API_VERSION})

    return app


def _move_or_id_property(self: Any, field: Any, **kwargs: Any) -> dict[str, Any]:
    """OpenAPI for :class:`api.schemas.MoveOrId`: a move object or its id string."""
    if not isinstance(field, schemas.MoveOrId):
        return {}
    return {"oneOf": [self.resolve_nested_schema(schemas.MoveSchema),
                      {"type": "string", "pattern": schemas.MOVE_ID_PATTERN,
                       "description": "A move id, e.g. `7Sx2H5C7D`."}]}
