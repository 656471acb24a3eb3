"""A stand-in for the /v1 endpoints of Conquian and the rummy games, for the clients' tests
while the API does not serve them: a WSGI wrapper of the real app that answers the sealed
game requests of those games from the engines (their own wire forms, the house seat a
bot of ``solver.conquian.bots`` or ``solver.rummy.bots``) and hands every other request
to the app.  Tokens name games kept in memory; nothing here is part of the service.
"""

from __future__ import annotations

import io
import json
import secrets
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from werkzeug.serving import make_server

import engine.conquian as conquian
import engine.rummy as rummy
from api import create_app
from solver.conquian.bots import make_bot as conquian_bot
from solver.conquian.hints import hint as conquian_hint
from solver.rummy.bots import make_bot as rummy_bot
from solver.rummy.core import hint as rummy_hint
from tests.live_server import QuietHandler

GAMES = ("conquian", "rummy")
PREFIX = "stand-in:"


def served(app: Any) -> bool:
    """Whether ``app`` serves these games itself (its catalog says one is playable)."""
    catalog = app.test_client().get("/v1/catalog").get_json()
    return any(v["playable"] for g in catalog["games"] if g["name"] in GAMES
               for v in g["variants"])


def _move_json(move: Any) -> dict[str, Any]:
    out = dict(move.to_dict())
    out.setdefault("id", move.id)
    return out


class _Game:
    def __init__(self, game: str, state: Any, house: dict[int, str]) -> None:
        self.game = game
        self.state = state
        self.bots = {seat: (conquian_bot if game == "conquian" else rummy_bot)(bot, seat)
                     for seat, bot in house.items()}
        self.credentials = [secrets.token_hex(8) for _ in range(self.seats)]
        self.events: list[list[dict[str, Any]]] = [[] for _ in range(self.seats)]

    @property
    def seats(self) -> int:
        return len(self.state.view(0).to_dict()["hand_sizes"])

    def over(self) -> bool:
        return bool(self.state.game_over)

    def step(self, move: Any) -> list[Any]:
        if self.game == "conquian":
            step = self.state.apply(move)
            self.state = step.state
            return list(step.events)
        self.state, events = self.state.apply(move)
        return list(events)

    def event_json(self, event: Any, seat: int) -> dict[str, Any]:
        return dict(event.to_dict() if self.game == "conquian" else event.to_dict(seat))

    def house_turns(self, events: list[Any]) -> Any:
        """The house plays until a human seat is to move; the state before it did."""
        before = self.state
        while not self.over() and self.state.to_move in self.bots:
            seat = self.state.to_move
            move = self.bots[seat].choose(self.state.view(seat))
            legal = self.state.legal_moves()
            if move not in legal:  # rummy's greedy bot calls in double-pack rum (call_limit 0)
                plain = rummy.parse_move(move.id.rstrip("!")) if self.game == "rummy" else move
                move = plain if plain in legal else legal[0]
            events += self.step(move)
        return before


class MeldStandIn:
    """WSGI: the sealed games of Conquian and rummy from the engines; the rest to ``app``."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.games: dict[str, _Game] = {}
        self.states: dict[str, Any] = {}
        """The state each token was answered with (the tests open tokens with it)."""

    def __call__(self, environ: dict[str, Any], start: Callable[..., Any]) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == "/v1/catalog":
            return self.catalog(environ, start)
        if environ.get("REQUEST_METHOD") != "POST" or not path.startswith("/v1/"):
            return self.app(environ, start)  # type: ignore[no-any-return]
        size = int(environ.get("CONTENT_LENGTH") or 0)
        raw = environ["wsgi.input"].read(size) if size else b""
        environ["wsgi.input"] = io.BytesIO(raw)
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {}
        mine = isinstance(body, dict) and (
            (path == "/v1/games" and body.get("game") in GAMES)
            or str(body.get("game", "")).startswith(PREFIX))
        if not mine:
            return self.app(environ, start)  # type: ignore[no-any-return]
        status, answer = self.answer(path, body)
        data = json.dumps(answer).encode()
        start(status, [("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
        return [data]

    def catalog(self, environ: dict[str, Any], start: Callable[..., Any]) -> Iterable[bytes]:
        catalog = self.app.test_client().get("/v1/catalog").get_json()
        for game in catalog["games"]:
            if game["name"] in GAMES:
                for variant in game["variants"]:
                    variant["playable"] = True
        data = json.dumps(catalog).encode()
        start("200 OK", [("Content-Type", "application/json"),
                         ("Content-Length", str(len(data)))])
        return [data]

    def answer(self, path: str, body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        if path == "/v1/games":
            seed = body.get("seed", secrets.randbelow(2**31))
            state: Any
            if body["game"] == "conquian":
                state = conquian.new_game(seed, body.get("variant", "conquian"),
                                          body.get("dealer"))
            else:
                state = rummy.new_game(seed, body.get("variant", "poker-rum"),
                                       dealer=body.get("dealer"))
            house = {h["player"]: h["bot"] for h in body.get("house", [])}
            game = _Game(body["game"], state, house)
            events: list[Any] = []
            game.house_turns(events)
            for seat in range(game.seats):
                game.events[seat] = [game.event_json(e, seat) for e in events]
            token = PREFIX + secrets.token_hex(8)
            self.games[token] = game
            self.states[token] = game.state
            return "200 OK", {"game": token, "credentials": game.credentials}
        token = body["game"]
        game = self.games[token]
        if body.get("credential") not in game.credentials:
            return "403 FORBIDDEN", {"message": "credential: not this game's", "code": 403}
        seat = game.credentials.index(body["credential"])
        if path == "/v1/view":
            return "200 OK", {"view": game.state.view(seat).to_dict(),
                              "events": game.events[seat]}
        if game.over():
            return "409 CONFLICT", {"message": "the hand is over", "code": 409}
        if path == "/v1/legal-moves":
            if game.state.to_move != seat:
                return "422 UNPROCESSABLE ENTITY", {"message": "not your turn", "code": 422}
            return "200 OK", {"player": seat,
                              "moves": [_move_json(m) for m in game.state.legal_moves()]}
        if path == "/v1/hints":
            view = game.state.view(seat)
            options = {k: body[k] for k in ("samples", "time_ms", "seed", "top") if k in body}
            answer = (conquian_hint if game.game == "conquian" else rummy_hint)(view, **options)
            return "200 OK", answer
        if path == "/v1/apply":
            module = conquian if game.game == "conquian" else rummy
            move = module.parse_move(body["move"])
            if move not in game.state.legal_moves():
                return "422 UNPROCESSABLE ENTITY", {"message": "illegal move", "code": 422}
            events = game.step(move)
            moved = game.house_turns(events)
            for other in range(game.seats):
                game.events[other] = [game.event_json(e, other) for e in events]
            new = PREFIX + secrets.token_hex(8)
            self.games[new] = game
            self.states[new] = game.state
            answer = {"game": new, "view": game.state.view(seat).to_dict(),
                      "events": game.events[seat]}
            if moved is not game.state:
                answer["view_before_house"] = moved.view(seat).to_dict()
            return "200 OK", answer
        return "404 NOT FOUND", {"message": f"{path}: not in the stand-in", "code": 404}


class Server:
    """The app on a free port; ``state(token)`` opens a sealed game's token."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.app = create_app(config)
        self.stand_in = None if served(self.app) else MeldStandIn(self.app)
        self.url = ""

    def state(self, token: str) -> Any:
        if self.stand_in is not None:
            return self.stand_in.states[token]
        return self.app.extensions["cassino_sealer"].open(token).state

    @contextmanager
    def running(self) -> Iterator[Server]:
        wsgi = self.stand_in or self.app
        server = make_server("127.0.0.1", 0, wsgi, threaded=True, request_handler=QuietHandler)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        self.url = f"http://127.0.0.1:{server.server_port}"
        try:
            yield self
        finally:
            server.shutdown()
            thread.join(timeout=5)
            server.server_close()
