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
