"""The JavaScript client at ``/sdk/``: ``cardgames.js`` and its TypeScript types.

``cardgames.js`` is a plain ES module (no build step) that any page may import, from this
origin or another (CORS covers ``/sdk/*``, see :mod:`api.app`); ``cardgames.d.ts`` types
it with ``openapi.d.ts``, generated from the committed spec by ``make sdk``.  The web table
(``/play/``) uses the same module.  ``cassino.js`` and ``cassino.d.ts``, the client's old
names, re-export it with ``CassinoClient`` and ``GameError`` as aliases (docs/play.md
"The JavaScript client"), so no page that imports them breaks.  A plain Flask Blueprint,
out of the OpenAPI document.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

STATIC = Path(__file__).resolve().parent / "static" / "sdk"

MIMETYPES = {
    ".js": "text/javascript",
    ".ts": "text/plain",  # Python's guess for .ts is a Qt format; these are for reading
}

blp = Blueprint("sdk", __name__, url_prefix="/sdk")


@blp.get("/<path:filename>")
def asset(filename: str) -> Response:
    mimetype = MIMETYPES.get(Path(filename).suffix)
    response = send_from_directory(STATIC, filename, max_age=0, mimetype=mimetype)
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
