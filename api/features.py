"""What a game may offer beyond play (new games, legal moves, moves, views, scores): each
game's API part declares its own (api/served.py ``ServedGame.features``) and the catalog
lists them (``GET /v1/catalog``'s ``features``, docs/api.md "Catalog").  Here, apart from
api/served.py, so that the wire schemas name them too."""

from __future__ import annotations

__all__ = ["FEATURES"]

FEATURES = ("hints", "evaluate", "sealed", "house", "levels", "dial", "bot_move", "why",
            "risks", "records", "replay", "review")
"""Every feature a game may offer, the game's ``features`` a subset."""
