"""A small client of the public HTTP API (docs/api.md), standard library only.

Two transports speak the same protocol: :class:`HttpTransport` (urllib, any server) and
:class:`InProcessTransport` (``api.create_app().test_client()``, no server needed).
:class:`CardGames` wraps the endpoints the terminal games use (``Cassino``, its old name,
is kept as an alias).
"""

from __future__ import annotations

import base64
import json
import os
import time
import urllib.error
import urllib.request
from typing import Any, Protocol

__all__ = ["ApiError", "CardGames", "Cassino", "HttpTransport", "InProcessTransport", "Transport"]

JOB_POLL = 0.1  # seconds between polls of a hint job (202 answers)


class ApiError(Exception):
    """An error answer (``status`` 4xx/5xx, with the API's ``message``) or no answer."""

    def __init__(self, message: str, status: int | None = None,
                 body: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.body = body or {}


class Transport(Protocol):
    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """``(status, decoded JSON)`` for ``method path`` (``path`` like ``/v1/games``)."""


class HttpTransport:
    """The API over HTTP at ``url`` (e.g. ``http://127.0.0.1:8000``)."""

    def __init__(self, url: str, timeout: float = 120.0) -> None:
        base = url.rstrip("/")
        if base.endswith("/v1"):
            base = base[: -len("/v1")]
        if not base.startswith(("http://", "https://")):
            raise ApiError(f"--url must start with http:// or https://, not {url!r}")
        self.base = base
        self.timeout = timeout

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, _decode(response.read())
        except urllib.error.HTTPError as exc:
            with exc:
                return exc.code, _decode(exc.read())
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise ApiError(f"cannot reach {self.base}: {reason}") from exc


class InProcessTransport:
    """The API in this process (``api.create_app()``): the default, no server needed."""

    def __init__(self) -> None:
        from api import create_app  # imported only when used: the client needs no server code
        from api.settings import setting

        # a quiet terminal, and no per-client rate limits: this app serves one person, and
        # a game of three or four seats makes a house search for every other seat's move;
        # sealed games get a key of this process's own (their tokens need not outlive the
        # game on this screen), so no server's warning about a missing key is printed
        # into it
        config: dict[str, Any] = {"ACCESS_LOG_JSON": False, "RATE_LIMIT": "",
                                  "HINT_RATE_LIMIT": "", "SEALED_RATE_LIMIT": "",
                                  "COSTLY_PER_CLIENT": 0}
        if not setting("SEAL_KEYS"):  # CARDGAMES_SEAL_KEYS; a Fernet key: 32 random bytes
            config["SEAL_KEYS"] = base64.urlsafe_b64encode(os.urandom(32)).decode()
        self.client = create_app(config).test_client()

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        response = self.client.open(path, method=method, json=body)
        return response.status_code, _decode(response.get_data())


def _decode(raw: bytes) -> Any:
    try:
        return json.loads(raw) if raw else {}
    except ValueError:
        return {"message": raw.decode("utf-8", "replace")[:200]}


class CardGames:
    """The endpoints, with errors raised as :class:`ApiError`."""

    def __init__(self, transport: Transport) -> None:
        self.transport = transport

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        status, data = self.transport.request(method, path, body)
        if status >= 400:
            message = data.get("message") if isinstance(data, dict) else None
            raise ApiError(message or f"HTTP {status}", status,
                           data if isinstance(data, dict) else None)
        return status, data

    def post(self, path: str, body: dict[str, Any]) -> Any:
        return self.call("POST", path, body)[1]

    def catalog(self) -> dict[str, Any]:
        """``GET /v1/catalog``: every game, its variants, their seats and rules pages."""
        return dict(self.call("GET", "/v1/catalog")[1])

    def link(self, path: str) -> str:
        """Where a page of the server is (a rules page): its URL over HTTP, its path in
        this process."""
        base = getattr(self.transport, "base", None)
        return f"{base}{path}" if isinstance(base, str) else path

    def variants(self) -> list[dict[str, Any]]:
        """``GET /v1/variants``: every variant, its rule options and its scoring categories."""
        return list(self.call("GET", "/v1/variants")[1]["variants"])

    def new_game(self, seed: int | None = None, dealer: int | None = None,
                 **options: Any) -> dict[str, Any]:
        """``POST /v1/games``: ``{"state"}``, or with ``sealed=True`` (and ``house``) a sealed
        game's ``{"game", "credentials"}``."""
        body: dict[str, Any] = {"variant": "standard", **options}
        if seed is not None:
            body["seed"] = seed
        if dealer is not None:
            body["dealer"] = dealer
        return dict(self.post("/v1/games", body))

    # A position is the body fields that name a game: {"state": ...} (open) or
    # {"game": token, "credential": ...} (sealed).
    def legal_moves(self, position: dict[str, Any]) -> list[dict[str, Any]]:
        return list(self.post("/v1/legal-moves", position)["moves"])

    def legal_moves_with_risks(self, position: dict[str, Any]) -> dict[str, Any]:
        """``{"moves", "risks"}``: the legal moves and, one per move, the sweep each leaves
        the next player with its exact probability (docs/api.md "Sweep warnings")."""
        return dict(self.post("/v1/legal-moves", {**position, "risks": True}))

    def why(self, position: dict[str, Any], card: str, table: list[str],
            value: int | None = None) -> dict[str, Any]:
        """What ``card`` makes with the ``table`` cards, or why not (``/v1/why``)."""
        body: dict[str, Any] = {**position, "card": card, "table": table}
        if value is not None:
            body["value"] = value
        return dict(self.post("/v1/why", body))

    def apply(self, position: dict[str, Any], move: str | dict[str, Any]) -> dict[str, Any]:
        return dict(self.post("/v1/apply", {**position, "move": move}))

    def view(self, position: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        """``{"view", "events"?}``: the view of ``player`` (open) or of the credential's
        seat (sealed, with the last apply's events)."""
        body = position if player is None else {**position, "player": player}
        return dict(self.post("/v1/view", body))

    def score(self, position: dict[str, Any]) -> dict[str, Any]:
        return dict(self.post("/v1/score", position))

    def hints(self, *, state: dict[str, Any] | None = None, player: int | None = None,
              view: dict[str, Any] | None = None, position: dict[str, Any] | None = None,
              **options: Any) -> dict[str, Any]:
        """Ranked moves (``/v1/hints``) from a view, a state and a player, or a sealed
        position; a 202 job is followed until it finishes."""
        body: dict[str, Any] = {"view": view} if view is not None else dict(position) if \
            position is not None else {"state": state, "player": player}
        body.update({key: value for key, value in options.items() if value is not None})
        status, data = self.call("POST", "/v1/hints", body)
        while status == 202:
            time.sleep(JOB_POLL)
            job_id = data["job"]["id"] if "job" in data else data["id"]
            status, data = self.call("GET", f"/v1/jobs/{job_id}")
            if data.get("status") == "finished":
                return dict(data["result"])
            if data.get("status") == "failed":
                raise ApiError(f"the hint job failed: {data.get('error')}")
            status = 202
        return dict(data)


Cassino = CardGames
"""The client's old name, kept so that no caller breaks."""
