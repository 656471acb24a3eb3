"""A sealed game's house is paced (api/sealed.py ``Sealer._house``, ``HOUSE_MOVE_MS``): the
answer that carries house moves leaves no sooner than the pace per house move, so the time
the house's bots spent, which depends on their hidden hands, does not show in the response
time. A server that offers a hold (``cassino.hold_until``, api/pace.py) is asked to hold
the answer and no thread sleeps; without one the request's thread sleeps. A fake clock
stands in for the real one: the tests read what the server waited or was asked to hold.
tests/api/test_held_answers.py holds answers in a real gunicorn."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest
from flask.testing import FlaskClient

import api.pace
import api.sealed
from api import create_app
from api.pace import HOLD_UNTIL
from api.served import served

PACE_MS = 250


class FakeClock:
    """``monotonic`` advances only by ``sleep`` and by ``think`` (the house's thinking)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    for module in (api.sealed, api.pace):
        monkeypatch.setattr(module, "time", SimpleNamespace(
            monotonic=fake.monotonic, sleep=fake.sleep, time=time.time))
    return fake


@pytest.fixture
def paced() -> FlaskClient:
    return create_app({"TESTING": True, "HOUSE_MOVE_MS": PACE_MS}).test_client()


def play_first_move(client: FlaskClient, body: dict[str, Any],
                    environ: dict[str, Any] | None = None) -> dict[str, Any]:
    """The first answer of a sealed game in which the house moved (after the seat's moves:
    a rummy turn is a draw, then a discard); ``environ``: what the server offers."""
    extra = {"environ_base": environ or {}}
    started = client.post("/v1/games", json={**body, "sealed": True}, **extra).json
    seat = next(s for s, c in enumerate(started["credentials"]) if c is not None)
    token, credential = started["game"], started["credentials"][seat]
    for _ in range(3):
        moves = client.post("/v1/legal-moves", json={"game": token, "credential": credential},
                            **extra)
        answer = client.post("/v1/apply", json={"game": token, "credential": credential,
                                                "move": moves.json["moves"][0]["id"]}, **extra)
        assert answer.status_code == 200, answer.json
        token = answer.json["game"]
        movers = {e.get("seat", e.get("player")) for e in answer.json["events"]}
        if not body.get("house") or movers - {seat}:
            break
    return answer.json  # type: ignore[no-any-return]


@pytest.mark.parametrize("body", [
    {"seed": 3, "dealer": 1, "house": [{"player": 1, "bot": "greedy"}]},
    {"variant": "three-hand", "seed": 3, "dealer": 2,
     "house": [{"player": 1, "bot": "greedy"}, {"player": 2, "bot": "random"}]},
    {"game": "rummy", "variant": "poker-rum", "seed": 3, "house": [{"player": 1, "bot": "greedy"}]},
])
def test_each_house_move_takes_the_pace(paced: FlaskClient, clock: FakeClock,
                                        body: dict[str, Any]) -> None:
    answer = play_first_move(paced, body)
    house = [e for e in answer["events"] if e.get("seat", e.get("player")) in
             {seat["player"] for seat in body["house"]}]
    assert house, answer["events"]  # the house answered in this request
    assert clock.slept and all(s > 0 for s in clock.slept)
    # one pause per request that carried house moves, of the pace per house move
    assert round(clock.slept[-1] * 1000) % PACE_MS == 0


def test_a_house_that_thought_longer_waits_less(paced: FlaskClient, clock: FakeClock,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    entry = served("cassino")
    real = entry.make_bot

    def slow(name: str, seed: int) -> Any:  # each house move thinks 100 ms of the clock
        bot = real(name, seed)
        choose = bot.choose

        def thinking(view: Any) -> Any:
            clock.now += 0.1
            return choose(view)
        return SimpleNamespace(choose=thinking, claims=bot.claims)
    monkeypatch.setattr(entry, "make_bot", slow)
    play_first_move(paced, {"seed": 3, "dealer": 1, "house": [{"player": 1, "bot": "greedy"}]})
    assert clock.slept and abs(clock.slept[-1] - (PACE_MS / 1000 - 0.1)) < 1e-9


def test_without_house_seats_nothing_waits(paced: FlaskClient, clock: FakeClock) -> None:
    play_first_move(paced, {"seed": 3, "dealer": 1})
    assert clock.slept == []


def test_a_server_that_holds_answers_holds_them_and_no_thread_sleeps(
        paced: FlaskClient, clock: FakeClock) -> None:
    held: list[float] = []
    body = {"variant": "three-hand", "seed": 3, "dealer": 2,
            "house": [{"player": 1, "bot": "greedy"}, {"player": 2, "bot": "random"}]}
    answer = play_first_move(paced, body, {HOLD_UNTIL: held.append})
    assert clock.slept == []  # the thread went on at once
    assert held and all(deadline > 0 for deadline in held)
    # the last answer: held the pace per house move from when the house began
    house = [e for e in answer["events"] if e.get("player") in (1, 2)]
    assert house and round(held[-1] * 1000) == PACE_MS * len(house)
