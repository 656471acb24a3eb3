"""The application factory: ``create_app(config=None)`` (docs/api.md "Entry points").

With no configuration everything runs in one process (the embedded default).
"""

from __future__ import annotations

import importlib.metadata
import os
import threading
from typing import Any

import swagger_ui_bundle
from flask import Flask, Response, redirect, request, send_from_directory
from marshmallow import fields

from api import (
    bots,
    catalog,
    errors,
    game_responses,
    game_schemas,
    games,
    hints,
    limits,
    observe,
    play,
    records,
    rules,
    schemas,
    sdk,
    settings,
    variants,
    why,
)
from api.jsonio import MAX_BODY, OrjsonProvider, respond
from api.sealed import DEFAULT_TTL, Sealer
from api.served import wires
from workers import service_for
from workers.ledger import ledger_for
from workers.reviews import reviews_for


def _version() -> str:
    """The package's version (pyproject.toml), reported by /health and the spec."""
    try:
        return importlib.metadata.version("cassino")
    except importlib.metadata.PackageNotFoundError:  # run from a tree that is not installed
        return "0+unknown"


API_VERSION = _version()

DEFAULTS: dict[str, Any] = {
    "API_TITLE": "Card games",
    "API_VERSION": API_VERSION,
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "/docs",
    "OPENAPI_SWAGGER_UI_URL": "/docs/assets/",  # served from the swagger-ui-bundle package
    "MAX_CONTENT_LENGTH": MAX_BODY,
    "REDIS_URL": os.environ.get("REDIS_URL"),
    "GAMES": "",  # games kept outside the tree, in every process: name=package,...
    "STORE": None,  # embedded default: directory of the shared job store and hint cache
    "LEDGER": None,  # embedded default: sealed games' ledger directory (docs/api.md Settings)
    "CACHE_BYTES": None,  # embedded default: hint cache size on disk (256 MiB)
    "HINT_MAX_SAMPLES": 200,  # a hint's worlds at most (about 4 CPU-s at the deal's start)
    "HINT_MAX_TIME_MS": 3000,  # a hint's time budget at most
    "HINT_PER_CLIENT": 4,  # hints one client (address) may have computing at once
    "HINT_BACKLOG": 32,  # jobs waiting (per process embedded, in the queue with Redis)
    "HINT_SYNC_WAITS": 1,  # requests of a process that may wait for a search (else 202)
    "HINT_DIRECT_MS": None,  # searches expected within it run in the request (None: 15,
    # in both deployments; 0: every search a job; docs/workers.md "The direct path")
    "RATE_LIMIT": "50 per second; 1000 per minute",  # one client's requests to /v1/ ("": off)
    "HINT_RATE_LIMIT": "10 per second; 300 per minute",  # its hints, evaluations, searches
    "SEALED_RATE_LIMIT": "20 per minute; 1000 per day",  # the sealed games it may start
    "COSTLY_PER_CLIENT": 1,  # its requests doing costly work at once in one process
    "PROXY_HOPS": 0,  # proxies in front whose X-Forwarded-For names the client
    "SEAL_KEYS": None,  # sealed games' Fernet keys, comma-separated, newest first
    "SEALED_TTL": DEFAULT_TTL,  # seconds a sealed game's token lasts after its move
    "HOUSE_MOVE_MS": 200,  # a sealed game's house answers in no less per house move
    "JSON_SORT_KEYS": False,
    "CORS_ORIGINS": "*",  # a public API without credentials: any page may call it
    "API_SPEC_OPTIONS": {
        "info": {
            "description": "The reference service for the card games of a classic rule "
                           "book: Cassino and its variants (two to four seats; rules R1-R29 "
                           "at `/rules/standard`), Conquian, and Poker Rum, Poker Gin and "
                           "Double-Pack Rum (`GET /v1/catalog` lists every game, its "
                           "variants, seats, features and rules pages): rules, legal moves, "
                           "views, scores and ranked hints, every game through the same "
                           "endpoints. The server stores no game: an open game's "
                           "requests carry its full state (for analysis tools); a sealed "
                           "game's carry an encrypted token and one seat's credential, and "
                           "that seat sees only its own cards (for players: `sealed` in "
                           "`POST /v1/games`). Errors are JSON and name the field, card or "
                           "rule, with a `rule_url`. Every integer the server generates is "
                           "below 2^53, so JavaScript reads it exactly. Any origin may call it "
                           "(CORS, no credentials) unless the deployment restricts origins.",
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
    settings.load(app.config)  # e.g. CARDGAMES_REDIS_URL (or the old CASSINO_REDIS_URL)
    if config:
        app.config.update(config)
    settings.register_games(app.config)  # CARDGAMES_GAMES: games from outside the tree

    api = errors.CardGamesApi(app)
    settings.extend(app, "api", api)
    api.ma_plugin.converter.add_attribute_function(_move_or_id_property)
    api.ma_plugin.converter.add_attribute_function(_either_property)
    api.spec.components.schema("GameScore", schema=game_schemas.GameScoreSchema)
    game_responses.register(api.spec)  # every game's answers (the endpoints refer to them)
    for module in (catalog, variants, games, hints, records, bots, why):
        api.register_blueprint(module.blp)
    api.spec.components.schemas.pop("PaginationMetadata", None)  # no paginated endpoints
    app.register_blueprint(play.blp)  # the web table: static files, not in the spec
    app.register_blueprint(rules.blp)  # the rules pages that errors link to
    app.register_blueprint(sdk.blp)  # the JavaScript client at /sdk/: static, not in the spec
    errors.register(app)
    observe.install(app)  # X-Request-Id, JSON logs, /metrics
    limits.install(app)  # per-client request rates: 429 past RATE_LIMIT, HINT_RATE_LIMIT
    _allow_cross_origin(app)
    settings.extend(app, "waits", threading.BoundedSemaphore(
        max(1, int(app.config["HINT_SYNC_WAITS"]))))
    hints_service = service_for(app.config["REDIS_URL"], app.config["STORE"],
                                app.config["CACHE_BYTES"], ledger=app.config["LEDGER"])
    settings.extend(app, "hints", hints_service)
    settings.extend(app, "sealer", Sealer(
        app.config["SEAL_KEYS"], ledger_for(hints_service),
        int(app.config["SEALED_TTL"]), float(app.config["HOUSE_MOVE_MS"]) / 1000))
    settings.extend(app, "reviews", reviews_for(hints_service))

    @app.get("/docs/assets/<path:filename>")
    def swagger_assets(filename: str) -> Response:
        return send_from_directory(swagger_ui_bundle.swagger_ui_path, filename)

    @app.get("/")
    def index() -> Response:
        return redirect("/docs")  # type: ignore[return-value]

    @app.get("/health")
    @app.get("/health/live")
    def health() -> Response:
        """The process answers (liveness)."""
        return respond({"status": "ok", "version": API_VERSION})

    @app.get("/health/ready")
    def ready() -> Response:
        """Hints can be answered: the job store takes writes (embedded), or Redis answers,
        has room and at least one worker is alive (``REDIS_URL``).  503 otherwise."""
        checks = app.extensions["cardgames_hints"].ready()
        ok = checks.pop("ready")
        response = respond({"status": "ok" if ok else "unavailable", "version": API_VERSION,
                            **checks}, 200 if ok else 503)
        if not ok:
            response.headers["Retry-After"] = "5"
        return response

    return app


EXPOSED_HEADERS = ["Location", "Retry-After", "X-Request-Id", *limits.HEADERS]
"""Response headers a cross-origin page may read (the 202 protocol needs the first two, a
client pacing itself the rate-limit ones)."""


def _allow_cross_origin(app: Flask) -> None:
    """CORS on the API, its spec, the SDK and health: ``CORS_ORIGINS`` is ``*`` or a
    comma-separated list of origins (``CARDGAMES_CORS_ORIGINS``).  No cookies are used, so
    credentials are never allowed.

    A few lines rather than flask-cors: that library's after-request hook cost 7% of a
    legal-moves request (measured with valgrind), most of it for requests that carry no
    ``Origin`` at all; this one returns at once for them.
    """
    origins = app.config["CORS_ORIGINS"]
    if isinstance(origins, str):
        origins = [o.strip() for o in origins.split(",") if o.strip()]
    allowed = frozenset(origins)
    any_origin = "*" in allowed
    exposed = ", ".join(EXPOSED_HEADERS)

    @app.after_request
    def cross_origin(response: Response) -> Response:
        origin = request.headers.get("Origin")
        if origin is None or not request.path.startswith(CORS_PATHS):
            return response
        headers = response.headers
        if any_origin:
            headers["Access-Control-Allow-Origin"] = "*"
        else:
            headers.add("Vary", "Origin")
            if origin not in allowed:
                return response
            headers["Access-Control-Allow-Origin"] = origin
        headers["Access-Control-Expose-Headers"] = exposed
        if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
            headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
            asked = request.headers.get("Access-Control-Request-Headers")
            if asked:
                headers["Access-Control-Allow-Headers"] = asked
            headers["Access-Control-Max-Age"] = "600"
        return response


CORS_PATHS = ("/v1/", "/openapi.json", "/sdk/", "/health")
"""Where other origins may call: the API, its spec, the JavaScript client, health."""


def _move_or_id_property(self: Any, field: Any, **kwargs: Any) -> dict[str, Any]:
    """OpenAPI for :class:`api.schemas.MoveOrId`: a move object or its id string, of any
    game (docs/api.md "Other games"): each game's move form (and its move ids' where it
    documents them), then any other game's move id."""
    if not isinstance(field, schemas.MoveOrId):
        return {}
    forms: list[dict[str, Any]] = []
    for wire in wires():
        forms.append(self.resolve_nested_schema(wire.move))
        if wire.move_id is not None:
            forms.append(dict(wire.move_id))
    return {"anyOf": [*forms, {"type": "string", "minLength": 1, "maxLength": 200,
                               "description": "Another game's move id, e.g. "
                                              "`take:5H=4H5H6H` (Conquian) or `9D!` "
                                              "(rummy)."}]}


def _either_property(self: Any, field: Any, **kwargs: Any) -> dict[str, Any]:
    """OpenAPI for :class:`api.game_schemas.Either`: one of several games' forms; a
    :class:`~api.game_schemas.GameForm` lists the registry's (one form: itself), a
    :class:`~api.game_schemas.Tagged` tells its forms apart by its tag."""
    if not isinstance(field, game_schemas.Either):
        return {}
    if isinstance(field, game_schemas.GameForm):
        found = [self.resolve_nested_schema(getattr(wire, field.kind))
                 for wire in wires(field.feature)]
        return {"allOf": found} if len(found) == 1 else {field.combinator: found}
    if isinstance(field, game_schemas.Tagged):
        refs = {tag: self.resolve_nested_schema(schema)["$ref"]
                for tag, schema in field.forms.items()}
        return {"oneOf": [{"$ref": ref} for ref in refs.values()],
                "discriminator": {"propertyName": field.tag, "mapping": refs}}
    forms = [self.field2property(alt) if isinstance(alt, fields.Field)
             else self.resolve_nested_schema(alt) for alt in field.alternatives]
    return {field.combinator: forms}
