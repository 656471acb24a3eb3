"""Sealed games (docs/api.md "Sealed games"): the server as referee, storing no game.

A sealed game is an opaque token that holds the whole state, encrypted and authenticated
with the server's key, plus one credential per seat.  A seat that sends the token and its
credential sees its own view and the events it may see, and may move for its own seat
only (R28, R29).  Each move gives a new token; the ledger (:mod:`workers.ledger`) keeps
each game's latest move number, so an earlier token is refused.  Seats the house plays
(``house``) are moved by a bot from their own view, inside the request that hands them
the turn.

Tokens are Fernet tokens (``cryptography``: AES-128-CBC with HMAC-SHA256 and a
timestamp), a well-kept, misuse-resistant format with key rotation (``MultiFernet``):
``SEAL_KEYS`` lists the keys, the first seals, every one opens.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import logging
import re
import secrets
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import orjson
from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from flask_smorest import abort

from api.pace import hold_until
from api.served import ServedGame, game_of, served
from workers import QueueUnavailable
from workers.ledger import LOST, Ledger

__all__ = ["MAX_HOUSE_TURNS", "MAX_SAFE_SEED", "SealedGame", "Sealer", "check_from_view",
           "house_run", "sealed_scope"]

log = logging.getLogger(__name__)

TOKEN_VERSION = 1
DEFAULT_TTL = 7 * 24 * 3600
CARD_NAME = re.compile(rb"(?<![0-9A-Za-z])(?:(?:10|[2-9AJQK])[SHDC]'?|JK[12])(?![0-9A-Za-z'])")
"""A card's name in a token's JSON, in every game's notation: ``7S``, ``10D``, a second
pack's ``7S'``, a joker ``JK1``."""
CARD_WIDTH = 4
"""The longest card name (``10H'``): a token counts every card name at this width."""
"""Seconds a token stays good after it was sealed (each move seals a new one)."""
MAX_SAFE_SEED = 2**53 - 1
"""The largest seed the server draws, and a house bot's: exact in JavaScript."""


@dataclass(frozen=True)
class SealedGame:
    """What a token holds: the game's id, its move number, the state, the seats'
    credential secrets (``None`` for house seats), the house's bots by seat, and the
    last move's events as each seat may see them."""

    id: str
    ply: int
    state: Any
    """A state of any game (:mod:`api.served`): its ``game`` says which."""
    secrets: tuple[str | None, ...]
    house: Mapping[int, str]
    events: tuple[tuple[dict[str, Any], ...], ...]
    past: tuple[Any, ...] | None = ()
    """The moves of the deals before the state's, in order (the state's ``history`` holds
    its own deal's): with them the token keeps the whole game for its record
    (api/records.py).  ``None`` for a token sealed before tokens kept them, past its
    first deal.  Every move is public, so the token's length still tells nothing hidden."""
    epoch: str | None = None
    """The epoch of the ledger that recorded the game's start (:mod:`workers.ledger`):
    a token of another ledger's life is refused.  ``None`` for a token sealed before
    tokens carried it."""

    @property
    def moves(self) -> tuple[Any, ...] | None:
        """Every move of the game so far, in order (``None``: the earlier deals' are not
        known)."""
        return None if self.past is None else (*self.past, *self.state.history)

    def credential(self, seat: int) -> str | None:
        """Seat ``seat``'s credential: its number and its secret (``None``: a house seat)."""
        secret = self.secrets[seat]
        return None if secret is None else f"{seat}.{secret}"

    def seat_of(self, credential: str) -> int | None:
        """The seat ``credential`` proves, compared in constant time, or ``None``.  Its
        seat part is a seat number in ASCII digits, as :meth:`credential` writes it (no
        other script's digits, no leading zero)."""
        seat_text, _, secret = credential.partition(".")
        seat = next((s for s in range(len(self.secrets)) if seat_text == str(s)), None)
        expected = None if seat is None else self.secrets[seat]
        if expected is None or not hmac.compare_digest(expected.encode(), secret.encode()):
            return None
        return seat

    def house_run(self) -> tuple[int, ...]:
        """:func:`house_run` of this game's house, from its state."""
        return house_run(served(self.state.game), self.state, self.house)

    def to_payload(self) -> dict[str, Any]:
        return {"v": TOKEN_VERSION, "id": self.id, "ply": self.ply,
                "state": self.state.to_dict(), "secrets": list(self.secrets),
                "house": {str(seat): bot for seat, bot in self.house.items()},
                "events": [list(seen) for seen in self.events],
                "past": None if self.past is None else
                [[p.player, p.move.id] for p in self.past], "epoch": self.epoch}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> SealedGame:
        if data.get("v") != TOKEN_VERSION:
            raise ValueError(f"token version {data.get('v')!r}")
        entry = served(game_of(data["state"]))
        state = entry.read_state(data["state"])
        past = data.get("past", entry.default_past(state))
        epoch = data.get("epoch")
        if epoch is not None and not isinstance(epoch, str):
            raise ValueError("token epoch")
        return cls(data["id"], int(data["ply"]), state,
                   tuple(data["secrets"]), {int(seat): bot for seat, bot in
                                            data["house"].items()},
                   tuple(tuple(seen) for seen in data["events"]),
                   None if past is None else tuple(entry.read_played(int(seat), move)
                                                   for seat, move in past), epoch)


def check_from_view(state: Any, seat: int, move: Any) -> None:
    """Refuse ``move`` of ``seat`` as its own view judges it (docs/api.md "Sealed games"):
    every refusal a seat of a sealed game gets is computed from what it may see, so a card
    it does not hold gets one answer wherever it lies (another hand, the stock), in words
    and in time (D17, QD13, RM27)."""
    refused = state.view(seat).refusal(move)
    if refused is not None:
        raise refused


MAX_HOUSE_TURNS = 256
"""The most house turns :func:`house_run` counts in a row (more than a hand of any game
has): a guard against a turn order that never reaches a seat with a credential."""


def house_run(entry: ServedGame, state: Any, house: Mapping[int, str]) -> tuple[int, ...]:
    """The house seats whose turns come next in ``state``, in the order the rules pass the
    turn (:meth:`ServedGame.turn_order`), until a seat with a credential's: the turns the
    house's answer plays (each one search or more, api/costs.py), told before it plays
    from public facts only.  Empty when a seat with a credential is next, or the game is
    over."""
    run: list[int] = []
    for seat in itertools.islice(entry.turn_order(state), MAX_HOUSE_TURNS):
        if seat not in house:
            break
        run.append(seat)
    return tuple(run)


UNAVAILABLE_RETRY = 5
"""Seconds a client should wait after a 503: the job queue or the ledger's store
unreachable or full (here and in api/hints.py)."""


@contextmanager
def _reachable() -> Iterator[None]:
    """The ledger's store unreachable (Redis down): a 503 that names no internals."""
    try:
        yield
    except QueueUnavailable as exc:
        abort(503, message=str(exc), headers={"Retry-After": str(UNAVAILABLE_RETRY)})


def sealed_scope(game: SealedGame, seat: int) -> str:
    """What a sealed request proves for hint sharing: one seat of one game.  The game id
    is a secret of the token, so nobody else can name the scope."""
    return "g" + hashlib.sha256(f"{game.id}:{seat}".encode()).hexdigest()[:32]


def _keys(configured: str | Sequence[str] | None) -> list[str]:
    if isinstance(configured, str):
        return [k.strip() for k in configured.split(",") if k.strip()]
    return [k.strip() for k in configured or () if k.strip()]


class Sealer:
    """Seals and opens tokens with ``keys`` (the first seals) and checks their move
    number against ``ledger``."""

    def __init__(self, keys: str | Sequence[str] | None, ledger: Ledger,
                 ttl: int = DEFAULT_TTL, house_pace: float = 0.0) -> None:
        self.house_pace = house_pace
        """Seconds the house's answer is held at least, per house move (at least one) when
        the game has house seats (``HOUSE_MOVE_MS``): see :meth:`_house`."""
        listed = _keys(keys)
        self.development = not listed
        """No key was configured: one made at start seals, told once at the first game."""
        if self.development:
            listed = [Fernet.generate_key().decode()]
        try:
            self.fernet = MultiFernet([Fernet(key) for key in listed])
        except ValueError as exc:  # a startup error, not a request's
            raise ValueError("SEAL_KEYS: each key must be 32 url-safe base64-encoded "
                             "bytes (make one with cryptography's Fernet.generate_key())"
                             ) from exc
        self.ledger = ledger
        self.ttl = ttl

    # --- tokens -------------------------------------------------------------------------

    def seal(self, game: SealedGame) -> str:
        # Not compressed: a compressed length would hint at the order of hidden cards.  A
        # card's name is 2 to 4 characters long, and a seat's own events name its hidden
        # cards (the hand dealt to it, the card it drew), so the JSON is padded as if
        # every card name were of the longest: its length then depends on public facts
        # only (how many cards each part holds), never on which cards they are.
        raw = orjson.dumps(game.to_payload())
        pad = sum(CARD_WIDTH - len(name.group()) for name in CARD_NAME.finditer(raw))
        return self.fernet.encrypt(raw + b" " * pad).decode()

    def open(self, token: str) -> SealedGame:
        """The game in ``token``: 422 if it is not one this server sealed (altered, forged,
        sealed under a retired key), 410 if it expired."""
        raw = token.encode("ascii", "replace")
        try:
            data = self.fernet.decrypt(raw)
            sealed_at = self.fernet.extract_timestamp(raw)
        except InvalidToken:
            abort(422, message="game: not a game token of this server (altered, forged, or "
                               "sealed under a key it no longer holds)", field="game")
        if time.time() - sealed_at > self.ttl:
            abort(410, message=f"game: this token expired (tokens last {self.ttl} s after "
                               "the move that made them)", field="game")
        try:
            return SealedGame.from_payload(orjson.loads(data))
        except Exception:  # authentic but unreadable: a token of another server version
            log.warning("an authentic token could not be read")
            abort(422, message="game: a token this server can no longer read", field="game")
        raise AssertionError  # abort raised  # pragma: no cover

    # --- the referee ------------------------------------------------------------------

    def start(self, state: Any, house: Mapping[int, str]) -> SealedGame:
        """A new sealed game of ``state``: fresh id and credentials; house seats move."""
        if self.development:
            self.development = False
            log.warning("SEAL_KEYS is not set: sealed games use a key made at start, and "
                        "their tokens die with this server; set CARDGAMES_SEAL_KEYS (every "
                        "process of a deployment needs the same keys)")
        entry = served(state.game)
        seats = range(entry.seats(state))
        with _reachable():
            epoch = self.ledger.epoch()
        game = SealedGame(secrets.token_hex(16), 0, state,
                          tuple(None if seat in house else secrets.token_urlsafe(16)
                                for seat in seats),
                          dict(house), tuple(() for _ in seats), epoch=epoch)
        game = self._house(game, entry.first_events(state))
        with _reachable():
            self.ledger.advance(game.id, -1, self.ttl)  # records move 0
        return game

    def seat(self, token: str, credential: str | None, player: int | None = None,
             ) -> tuple[SealedGame, int]:
        """The game of ``token`` and the seat ``credential`` proves: 403 if it proves none
        (or not ``player``), 409 if a later move has been played, 410 if the ledger lost
        the game (:meth:`_lost`)."""
        game = self.open(token)
        seat = None if credential is None else game.seat_of(credential)
        if seat is None:
            abort(403, message="credential: not the credential of a seat of this game",
                  field="credential")
        assert seat is not None
        if player is not None and player != seat:
            abort(403, message=f"player: this credential is player {seat}'s, not player "
                               f"{player}'s", field="player")
        with _reachable():
            epoch = self.ledger.epoch()
            latest = self.ledger.latest(game.id)
        if latest is None or game.epoch not in (None, epoch):
            self._lost()
        if latest != game.ply:
            self._stale(game, LOST if latest is None else latest)
        return game, seat

    def play(self, game: SealedGame, seat: int, move: Any) -> tuple[SealedGame, Any]:
        """``seat`` plays ``move``, then the house plays until no house seat may act or the
        game ends; 409 if another move from this token came first.  Also gives the state
        right after ``move``, before the house answered.  The game's entry says who may
        make the move (a claim, T5, comes from any seat: the credential's)."""
        entry = served(game.state.game)
        move = entry.sealed_move(game.state, seat, move)
        check_from_view(game.state, seat, move)
        # The move and the house's answers first: any refusal changes nothing, the ledger
        # included.
        moved, events = game.state.apply(move)
        past = entry.carried(game.past, game.state, seat, move, moved)
        after = self._house(replace(game, state=moved, ply=game.ply + 1, past=past),
                            list(events))
        with _reachable():
            latest = self.ledger.advance(game.id, game.ply, self.ttl)
        if latest is not None:
            self._stale(game, latest)
        return after, moved

    def _house(self, game: SealedGame, events: list[Any]) -> SealedGame:
        """The house's moves (each bot from its seat's view, in the order the game's entry
        says) and the events as each seat with a credential may see them.  Paced: in a
        game with house seats, the answer leaves no sooner than ``house_pace`` seconds per
        house move made (at least one) after the house began, so how long the house
        thought, which depends on its hidden hand, does not show in the response time; the
        number of house moves is public.  The answer is held back by the server where it
        can (:func:`api.pace.hold_until`: under ``make run`` no thread waits), else this
        thread sleeps."""
        began = time.monotonic()
        entry = served(game.state.game)
        state, past, moved = game.state, game.past, 0
        while not entry.over(state):
            seed = self._seed(game, len(events))
            step = entry.house_step(state, game.house,
                                    lambda spec, seed=seed: entry.make_bot(spec, seed))
            if step is None:
                break
            seat, move, last = step
            after, happened = state.apply(move)
            events.extend(happened)
            past = entry.carried(past, state, seat, move, after)
            state = after
            moved += 1
            if last:
                break
        seen = tuple(() if game.secrets[seat] is None else
                     tuple(entry.engine.event_json(event, seat) for event in events)
                     for seat in range(len(game.secrets)))
        if game.house and self.house_pace > 0:
            hold_until(began + self.house_pace * max(1, moved))
        return replace(game, state=state, events=seen, past=past)

    @staticmethod
    def _seed(game: SealedGame, salt: int) -> int:
        """A house bot's seed: fixed by the game (its secret id) and the moment."""
        digest = hashlib.sha256(f"{game.id}:{game.ply}:{salt}".encode()).digest()
        return int.from_bytes(digest[:8], "big") & MAX_SAFE_SEED

    def _stale(self, game: SealedGame, latest: int) -> None:
        """409: a later move was played in this game (410 if the ledger lost it)."""
        if latest == LOST:
            self._lost()
        abort(409, message=f"game: this token is from move {game.ply}, and the game is at "
                           f"move {latest}: use the newest token", field="game")

    @staticmethod
    def _lost() -> None:
        """410: the ledger does not know the game (a lost ledger: a Redis restarted without
        persistence, a store directory removed), so it cannot tell this token from an
        earlier one of the game: the game cannot go on (docs/api.md "Refusals")."""
        abort(410, message="game: the server lost this game's ledger (its record of the "
                           "game's latest move), so it can no longer tell this token from "
                           "an earlier one: this game cannot go on; start a new game",
              field="game")
