"""The deployment's settings from the environment (docs/api.md "Settings").

A setting ``NAME`` is read from ``CARDGAMES_NAME``, the service's name, or else from
``CASSINO_NAME``, its name from before it served every game of the book, kept as an alias so
that no deployment breaks: when both are set, the new one wins.  Every reader uses
:func:`setting` (the RQ workers, gunicorn's config and worker, the API's config through
:data:`PREFIXES`, the CLI's in-process app).  Standard library only: gunicorn's config reads
it before prometheus_client may be imported.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import overload

PREFIX = "CARDGAMES"
"""The documented prefix: ``CARDGAMES_BIND``, ``CARDGAMES_SEAL_KEYS``..."""

OLD_PREFIX = "CASSINO"
"""The old prefix, still read: ``CASSINO_BIND``..."""

PREFIXES = (OLD_PREFIX, PREFIX)
"""In the order a configuration loads them (Flask's ``from_prefixed_env``): the later wins."""


def env_name(name: str) -> str:
    """The documented variable of setting ``name``: ``CARDGAMES_<name>``."""
    return f"{PREFIX}_{name}"


def env_names(*names: str) -> tuple[str, ...]:
    """Both variables of each setting of ``names``, the one that wins first."""
    return tuple(key for name in names for key in (env_name(name), f"{OLD_PREFIX}_{name}"))


THREADS = 4
"""Threads of each API process (gunicorn's ``threads``; ``CARDGAMES_THREADS``): one
searching a small hint, two waiting for it, one for cheap requests (docs/workers.md "The
direct path"; with two, the legal-moves p99 beside eight hint clients was 63 ms against
48, and more hints answered 202)."""


@overload
def setting(name: str, default: str, environ: Mapping[str, str] | None = None) -> str: ...


@overload
def setting(name: str, default: None = None,
            environ: Mapping[str, str] | None = None) -> str | None: ...


def setting(name: str, default: str | None = None,
            environ: Mapping[str, str] | None = None) -> str | None:
    """Setting ``name`` from ``environ`` (the process's by default): ``CARDGAMES_<name>``
    if set (even empty: an empty rate limit is "off"), else ``CASSINO_<name>``, else
    ``default``."""
    env = os.environ if environ is None else environ
    for key in env_names(name):
        if key in env:
            return env[key]
    return default


GAMES = "GAMES"
"""The setting that registers games kept outside the tree in every process of the service
(``CARDGAMES_GAMES="war=tests.games.war"``, docs/adding-a-game.md): each ``name=package``,
comma-separated, is one :func:`engine.games.register`."""

_GAME_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_PACKAGE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$")


def games(value: str | None) -> dict[str, str]:
    """The games a ``GAMES`` setting names, name -> package, in its order; a
    :class:`ValueError` naming the setting and the entry for one that is not
    ``name=package``, or a name given twice."""
    found: dict[str, str] = {}
    for entry in (value or "").split(","):
        if not entry.strip():
            continue
        name, sep, package = (part.strip() for part in entry.partition("="))
        if not sep or not _GAME_NAME.match(name) or not _PACKAGE.match(package):
            raise ValueError(f"{env_name(GAMES)}: {entry.strip()!r} is not name=package "
                             "(a game's name, lower case, and the dotted name of the package "
                             "holding its engine, solver and api modules)")
        if name in found:
            raise ValueError(f"{env_name(GAMES)}: {name!r} is given twice")
        found[name] = package
    return found


def register_games(value: str | None = None) -> dict[str, str]:
    """Register in this process the games of the ``GAMES`` setting (``value``, else the
    environment's, :func:`setting`): the API's processes and the RQ workers each call it at
    start, and the embedded search processes register what the API's process registered,
    so that every process knows the same games.  Each game's engine part is imported at
    once, so that a wrong name or package stops the process at start, naming it; a name
    another game already has is refused.  The games registered, name -> package."""
    from engine.games import game_names, get_game, register, registered, unregister

    wanted = games(setting(GAMES) if value is None else value)
    for name, package in wanted.items():
        if name in game_names() and registered().get(name) != package:
            raise ValueError(f"{env_name(GAMES)}: {name!r} is already a game of this "
                             "service; give the game another name")
        register(name, package)
        try:
            declared = get_game(name).name
        except Exception as exc:
            unregister(name)
            raise ValueError(f"{env_name(GAMES)}: {name}={package}: its engine part "
                             f"{package}.engine could not be read ({exc})") from exc
        if declared != name:
            unregister(name)
            raise ValueError(f"{env_name(GAMES)}: {name}={package}: {package}.engine "
                             f"declares the game {declared!r}, not {name!r}")
    return wanted
