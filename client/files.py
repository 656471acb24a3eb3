"""The command line's files and their mistakes: a saved game, state or view as JSON, and
:class:`UsageError`, a mistake in the command line or its files (exit status 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["UsageError", "read_json", "state_or_view"]


class UsageError(Exception):
    """A mistake in the command line or its files (``cassino`` exits with status 2)."""


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise UsageError(f"{path} is not JSON: {exc}") from exc


def state_or_view(data: Any, path: Path) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """``(state, view)`` from a file holding a state, ``{"state"}`` or ``{"view"}``."""
    if isinstance(data, dict):
        if isinstance(data.get("state"), dict):
            return data["state"], None
        if isinstance(data.get("view"), dict):
            return None, data["view"]
        if "hands" in data:
            return data, None
        if "hand" in data:
            return None, data
    raise UsageError(f"{path} holds neither a state nor {{\"state\": ...}} nor a view")
