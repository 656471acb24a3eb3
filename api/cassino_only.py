"""The endpoints that serve Cassino only (bot levels, why not, records and reviews): a
request about another game is a 422 naming the field that carries it, never a 500
(docs/api.md "Other games")."""

from __future__ import annotations

from flask_smorest import abort

from api.dispatch import CASSINO

__all__ = ["cassino_only"]


def cassino_only(game: str, field: str, what: str) -> None:
    """Refuse a request of ``what`` whose state, view or sealed game (``field``) is of
    another game than Cassino."""
    if game != CASSINO:
        abort(422, message=f"{field}: {what} serves Cassino only, and this is a {game} game",
              field=field)
