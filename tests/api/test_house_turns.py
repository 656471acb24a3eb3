"""The house plays the seats the state says may act, in the order it says, and its cost
counts the house turns the rules' public turn order gives (api/sealed.py ``house_run``,
api/costs.py): shown with the example game's ``war-alternate``, whose seats lead the tricks
in turn, so that a seat follows one trick and leads the next (W9: a seat acts twice in a
row, which a count of house seats from seat to seat + 1 misses)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.limits import HEADERS
from api.sealed import house_run
from api.served import served
from engine.games import engine_of
from tests.api.test_rate_limits import app_with
from tests.conformance.common import example_registered

_, REMAINING, _ = HEADERS
CLIENT = {"environ_base": {"REMOTE_ADDR": "10.0.0.9"}}
LIMIT = 20


@pytest.fixture(autouse=True)
def war() -> Iterator[None]:
    with example_registered():
        yield


def house_answer(state: Any, house: dict[int, str]) -> list[int]:
    """The seats of the moves the house plays from ``state``, as a sealed game plays them
    (ServedGame.house_step, each bot from its seat's view)."""
    entry, seats = served(state.game), []
    while not entry.over(state):
        step = entry.house_step(state, house, lambda spec: entry.make_bot(spec, 1))
        if step is None:
            break
        seat, move, _ = step
        seats.append(seat)
        state = state.apply(move)[0]
    return seats


@pytest.mark.parametrize("variant", ["war", "war-alternate"])
@pytest.mark.parametrize("house_seat", [0, 1])
def test_the_counted_house_turns_are_the_turns_the_house_plays(variant: str,
                                                               house_seat: int) -> None:
    """At every state of whole games, the turns counted before the house plays are the
    seats of the moves it then plays (each War turn is one move)."""
    house, rng = {house_seat: "greedy"}, random.Random(7)
    entry, twice = served("war"), 0
    for seed in range(4):
        state = engine_of("war").new_game(seed, variant)
        while not state.game_over:
            counted = house_run(entry, state, house)
            assert list(counted) == house_answer(state, house), state.to_dict()
            twice += len(counted) == 2
            seat = min(state.acting)
            state = state.apply(rng.choice(state.moves_for(seat)))[0]
    assert (twice > 0) == (variant == "war-alternate")  # W9: follows one, leads the next


def start(client: FlaskClient, house_seat: int) -> tuple[dict[str, Any], int]:
    made = client.post("/v1/games", json={
        "game": "war", "variant": "war-alternate", "seed": 3, "sealed": True,
        "house": [{"player": house_seat, "bot": "greedy"}]}, **CLIENT)
    assert made.status_code == 200, made.json
    seat = 1 - house_seat
    return ({"game": made.json["game"], "credential": made.json["credentials"][seat]},
            int(made.headers[REMAINING]))


def play(client: FlaskClient, seat: dict[str, Any]) -> Any:
    """The seat plays the first of its legal moves."""
    move = client.post("/v1/legal-moves", json=seat, **CLIENT).json["moves"][0]["id"]
    played = client.post("/v1/apply", json={**seat, "move": move}, **CLIENT)
    assert played.status_code in (200, 429), played.json
    if played.status_code == 200:
        seat["game"] = played.json["game"]
    return played


def house_plays(answer: Any) -> list[int]:
    return [e["player"] for e in answer.json["events"] if e["type"] == "play"][1:]


def test_a_house_that_follows_a_trick_and_leads_the_next_counts_both_turns() -> None:
    """Seat 0 leads the first trick; the house (seat 1) follows it and leads the second
    (W9): its answer is two moves, and counts two searches."""
    client = app_with(HINT_RATE_LIMIT=f"{LIMIT} per minute", SEALED_RATE_LIMIT="",
                      HOUSE_MOVE_MS=0).test_client()
    seat, left = start(client, house_seat=1)
    assert left == LIMIT - 1  # seat 0 leads: a move in a game with house seats counts 1
    led = play(client, seat)
    assert house_plays(led) == [1, 1]
    assert int(led.headers[REMAINING]) == left - 2
    followed = play(client, seat)  # seat 0 follows the second trick and leads the third
    assert house_plays(followed) == [] and int(followed.headers[REMAINING]) == left - 3


def test_the_refusal_past_the_limit_names_the_house_turns_counted() -> None:
    """The house (seat 0) leads the first trick; seat 1 follows it and leads the second;
    the house's answer to that lead, two turns, does not fit the one search left."""
    client = app_with(HINT_RATE_LIMIT="3 per minute", SEALED_RATE_LIMIT="",
                      HOUSE_MOVE_MS=0).test_client()
    seat, left = start(client, house_seat=0)
    assert left == 2  # the house leads: its move counts 1
    followed = play(client, seat)  # seat 1 leads the second trick next: counts 1
    assert followed.status_code == 200 and house_plays(followed) == []
    over = play(client, seat)
    assert over.status_code == 429, over.json
    assert "the house seats' 2 moves count 2" in over.json["message"]
