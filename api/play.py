"""The web table at ``/play/``: static HTML, CSS and JavaScript, no build step, no CDN.

The page is a client of the public API like any other: it keeps the game state in the
browser and talks only to ``/v1`` (see ``docs/play.md``).  A plain Flask Blueprint, not
a flask-smorest one, so it stays out of the OpenAPI document.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

STATIC = Path(__file__).resolve().parent / "static" / "play"

blp = Blueprint("play", __name__, url_prefix="/play")


@blp.get("/")
def index() -> Response:
    """The page (``/play`` redirects here, so relative asset paths resolve under it)."""
    return _static("index.html")


@blp.get("/<path:filename>")
def asset(filename: str) -> Response:
    return _static(filename)


def _static(filename: str) -> Response:
    response = send_from_directory(STATIC, filename, max_age=0)
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
