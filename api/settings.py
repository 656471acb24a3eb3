"""The API's names for what configures an app and what it holds (docs/api.md "Settings").

Its settings come from the environment: Flask's configuration from ``CASSINO_<NAME>``, then
``CARDGAMES_<NAME>`` over it (the new name wins); :func:`setting` serves the readers outside
that configuration (the CLI's in-process app).  Its shared objects are
``app.extensions["cardgames_<name>"]``, each also under the old key ``cassino_<name>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Config, Flask

from workers import settings as shared
from workers.settings import PREFIXES, env_name, env_names, setting

__all__ = ["EXTENSION_PREFIXES", "env_name", "env_names", "extend", "load", "register_games",
           "setting"]

EXTENSION_PREFIXES = ("cardgames_", "cassino_")
"""An extension's key, then its old key (kept: embedding code and tests read it)."""


def load(config: Config) -> None:
    """Every prefixed variable into ``config`` (values parsed as JSON where they parse, as
    Flask does: ``CARDGAMES_ACCESS_LOG_JSON=false`` is ``False``)."""
    for prefix in PREFIXES:  # the old name first: the new one wins
        config.from_prefixed_env(prefix)


def extend(app: Flask, name: str, value: object) -> None:
    """``value`` as ``app.extensions["cardgames_<name>"]`` and, the same object, under the
    old key ``cassino_<name>``.  The app reads the new key: replacing the old one's object
    later changes nothing."""
    for prefix in EXTENSION_PREFIXES:
        app.extensions[prefix + name] = value


def register_games(config: Mapping[str, Any]) -> dict[str, str]:
    """Register in this process the games of the app's ``GAMES`` (``CARDGAMES_GAMES``, or
    the old ``CASSINO_GAMES``, through :func:`load`; or the ``config`` an app was made
    with): :func:`workers.settings.register_games`, which the RQ workers call too."""
    return shared.register_games(str(config.get(shared.GAMES) or ""))
