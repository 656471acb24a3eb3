"""Each game's terminal table, one module per game named as the game (docs/play.md
"Per-game modules"): ``client/games/<game>.py``.

The command line finds a game's module by the game's name (``cassino play --game NAME``),
so no shared module lists the games: the ``--game`` choices are the modules present here,
and the default is the server's first game (``GET /v1/catalog``) that has one.  A game's
module holds what differs between games; what they share lives in ``client/`` (the meld
games' table, :mod:`client.melds`, for instance).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from types import ModuleType
from typing import Any, Protocol, TextIO, cast

from client.files import UsageError

__all__ = ["GameTable", "default_game", "load", "module", "names", "titles"]


class GameTable(Protocol):
    """What a game's module offers the command line: ``play`` runs ``cassino play``;
    ``TITLE`` names the game (and its variants) in the help."""

    TITLE: str

    def play(self, client: Any, args: argparse.Namespace, symbols: bool, stdin: TextIO,
             out: TextIO, delay: float) -> int:
        """One game, from ``args`` (``--variant``, ``--seat``, ``--state``...), to its end."""


def names() -> list[str]:
    """The games with a terminal table: the modules of this package, by game name (a
    module's ``_`` is the name's ``-``: ``i_doubt_it.py`` is ``i-doubt-it``'s, as
    engine.games.package_name spells it)."""
    return sorted(info.name.replace("_", "-") for info in pkgutil.iter_modules(__path__)
                  if not info.name.startswith("_"))


def module(name: str) -> ModuleType:
    """The module of the game ``name`` (a :class:`UsageError` when there is none)."""
    if name not in names():
        raise UsageError(f"no terminal table for the game {name!r}; there is one for "
                         f"{', '.join(names())}")
    return importlib.import_module(f"{__name__}.{name.replace('-', '_')}")


def load(name: str) -> GameTable:
    """The terminal table of the game ``name``."""
    return cast(GameTable, module(name))


def titles() -> list[str]:
    """Each game's ``TITLE``, in the order of :func:`names`."""
    return [load(name).TITLE for name in names()]


def default_game(catalog: dict[str, Any]) -> str:
    """The game ``play`` plays without ``--game``: the catalog's first game (the server's
    default) that has a module here; else the first module."""
    here = names()
    listed = [str(game.get("name")) for game in catalog.get("games", [])]
    return next((name for name in listed if name in here), here[0])
