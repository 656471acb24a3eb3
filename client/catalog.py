"""What ``GET /v1/catalog`` says a terminal table may start: a game's playable variants,
and what it offers beyond play (its features)."""

from __future__ import annotations

from typing import Any

__all__ = ["features", "playable"]


def playable(catalog: dict[str, Any], game: str) -> list[dict[str, Any]]:
    """The playable variants of ``game`` in ``GET /v1/catalog``, the game's default first,
    then the catalog's order.  You sit at one seat and the house plays every other one, so
    any seat count plays; a variant the server makes playable appears by itself."""
    entry = next((g for g in catalog.get("games", []) if g.get("name") == game), None)
    if entry is None:
        return []
    offered = [v for v in entry["variants"] if v["playable"]]
    return sorted(offered, key=lambda v: v["name"] != entry["default_variant"])


def features(catalog: dict[str, Any], game: str) -> frozenset[str]:
    """What ``game`` offers beyond play in ``GET /v1/catalog`` (its ``features``: hints,
    records, replay, review...); none for a game the catalog does not list."""
    entry = next((g for g in catalog.get("games", []) if g.get("name") == game), None)
    return frozenset(entry.get("features", [])) if entry else frozenset()
