"""A refusal tells no seat where a hidden card lies (docs/api.md "Sealed games"; D17, QD13,
RM27): the conformance check of every game and variant.

For positions of seeded games, each seat's view is taken and the position is dealt again
into other whole states with that same view (``View.resample``), chosen so that each
hidden card tried lies in another hidden place (another hand, the stock).  Each of these
worlds is sealed, and from each seat's credential the same moves are sent to every world:
every move shape the game has reached (its legal moves' ids), with one card of it replaced
by a card the seat cannot see.  Each answer (status, message, field, rule) must be the same
in every world, and the same as the seat's own view judges the move; and so must the work
the service does for it, counted in the Python calls of the project's own modules (the
time an answer takes follows that work, while a count is not disturbed by the machine's
other load; bench/hidden_timing.py measures the times themselves).
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.sealed import Sealer
from engine.errors import StateError
from engine.games import engine_of, game_types

DEALS = 5  # deals tried for one on which a move names a card
CARD = re.compile(r"(?<![0-9A-Za-z])(?:(?:10|[2-9AJQK])[SHDC]'?|JK[12])(?![0-9A-Za-z'])")
"""A card's name in any game's notation (as api/sealed.py reads tokens)."""
PROJECT = str(Path(__file__).resolve().parents[2])
"""The project's own source: the calls counted as the service's work."""
WORK_SLACK = 0.01
"""How much the work may differ between worlds: reading the token's state checks, for
instance, that a build's owner holds its value (R23), and stops at the first such card of
the hand; a refusal that did anything of its own for some hidden places would differ by
far more."""
WORLDS = 3
"""The real position and two more worlds with the same view of the seat."""
SHAPES_PER_TYPE = 1
"""Move ids kept per move type (the shapes the game reached), for the substitutions."""


def rulesets() -> Iterator[tuple[str, str, int]]:
    """(game, variant, seats) of every playable variant, at its fewest and most seats."""
    for game in game_types():
        for info in game.variants:
            if info.playable:
                for seats in sorted(set(info.seat_range)):
                    yield game.name, info.name, seats


def new_state(client: FlaskClient, game: str, variant: str, seats: int, seed: int) -> Any:
    answer = client.post("/v1/games", json={"game": game, "variant": variant, "seed": seed,
                                            "players": seats})
    assert answer.status_code == 200, answer.json
    return read_state(answer.json["state"])


def read_state(data: dict[str, Any]) -> Any:
    from api.served import game_of, served

    return served(game_of(data)).read_state(data)


def play(state: Any, rng: random.Random) -> Any:
    """One random legal move of a seat that may act, a move that does not end the game
    where there is one (a claim, T5, or a patience's stop would end it at once)."""
    seat = rng.choice(sorted(state.acting))
    moves = list(state.moves_for(seat))
    rng.shuffle(moves)
    last = None
    for move in moves:
        after = state.apply(move)
        last = after[0] if isinstance(after, tuple) else after.state
        if not last.game_over:
            return last
    return last


def move_id(move: Any) -> str:
    return str(move.id)


def places(state: Any) -> dict[str, str]:
    """Where each card lies in a whole state: the JSON path of the part that holds it."""
    found: dict[str, str] = {}

    def walk(value: Any, path: str) -> None:
        if isinstance(value, str):
            if CARD.fullmatch(value):
                found.setdefault(value, path)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{path}.{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{path}[{index}]" if path.endswith("hands") else path)

    walk(state.to_dict(), "")
    return found


def seen_cards(view: Any) -> set[str]:
    return set(CARD.findall(json.dumps(view.to_dict())))


def swapped(state: Any, one: str, other: str) -> Any:
    """``state`` with cards ``one`` and ``other`` trading places."""
    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return other if value == one else one if value == other else value
        if isinstance(value, dict):
            return {key: walk(item) for key, item in value.items()}
        if isinstance(value, list):
            return [walk(item) for item in value]
        return value

    return read_state(walk(state.to_dict()))


def worlds_for(state: Any, seat: int, card: str, hidden: dict[str, list[str]],
               rng: random.Random) -> list[Any]:
    """The state itself and up to ``WORLDS - 1`` states with the same view of ``seat`` in
    which ``card`` lies in another hidden place each time (it trades places with a card
    there); where fewer places hide cards (a patience's stock is the only one), the card
    trades places with another of its own place: it lies deeper or higher in the stock."""
    view = state.view(seat)
    home = places(state)[card]
    worlds = [state]
    others = [place for place in sorted(hidden) if place != home]
    for place in others + [home] * (WORLDS - 1):
        if len(worlds) == WORLDS:
            break
        for other in rng.sample(hidden[place], len(hidden[place])):
            if other == card:
                continue
            try:  # a swap may break what the view implies (a build's owner holds its value)
                world = swapped(state, card, other)
            except StateError:
                continue
            if any(world.to_dict() == known.to_dict() for known in worlds):
                continue  # a swap within a hand kept in order changes nothing
            assert world.view(seat).to_dict() == view.to_dict(), "a swap changed the view"
            worlds.append(world)
            break
    return worlds


def substitutions(shape: str, hidden: str) -> Iterator[str]:
    """``shape`` with each of its cards in turn replaced by ``hidden``."""
    for found in CARD.finditer(shape):
        yield shape[:found.start()] + hidden + shape[found.end():]


def answer_of(client: FlaskClient, sealer: Sealer, world: Any, seat: int,
              move: str) -> tuple[tuple[Any, ...], int]:
    """The answer to ``seat``'s ``move`` in a sealed game of ``world``, and the work the
    service did for it: the number of Python calls made in the project's own modules (a
    measure of the answer's time that no other load on the machine disturbs)."""
    game = sealer.start(world, {})
    body = {"game": sealer.seal(game), "credential": game.credential(seat), "move": move}
    calls = 0

    def count(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "call" and frame.f_code.co_filename.startswith(PROJECT):
            calls += 1

    sys.setprofile(count)
    try:
        answer = client.post("/v1/apply", json=body)
    finally:
        sys.setprofile(None)
    data = answer.json or {}
    return (answer.status_code, data.get("message"), data.get("field"), data.get("rule"),
            data.get("token")), calls


def positions(client: FlaskClient, game: str, variant: str, seats: int,
              ) -> tuple[list[Any], list[str]]:
    """Three positions of a seeded game (its start, and after some moves) and the move ids
    of every type the game reached on the way (at most two per type); the next seeded deal
    where one names no card (a patience's deal can be blocked from the start)."""
    rng = random.Random(f"{game}/{variant}/{seats}")
    for _ in range(DEALS):
        state = new_state(client, game, variant, seats, rng.randrange(1 << 20))
        found: list[Any] = []
        shapes: dict[str, list[str]] = {}
        for ply in range(40):
            if state.game_over:
                break
            if ply in (0, 5, 13):
                found.append(state)
            for seat in sorted(state.acting):
                for move in state.moves_for(seat):
                    kept = shapes.setdefault(str(getattr(move, "type", "")), [])
                    if len(kept) < SHAPES_PER_TYPE and CARD.search(move_id(move)):
                        kept.append(move_id(move))
            state = play(state, rng)
        if any(shapes.values()):
            break
    return found, [shape for kept in shapes.values() for shape in kept]


@pytest.mark.parametrize(("game", "variant", "seats"), list(rulesets()),
                         ids=str)
def test_a_hidden_card_gets_one_answer_wherever_it_lies(
        app: Flask, client: FlaskClient, game: str, variant: str, seats: int) -> None:
    sealer: Sealer = app.extensions["cardgames_sealer"]
    rng = random.Random(f"places/{game}/{variant}/{seats}")
    states, shapes = positions(client, game, variant, seats)
    assert states and shapes, "the game reached no position or no move naming a card"
    tried = compared = 0
    for state in states:
        for seat in range(state.seats):
            view = state.view(seat)
            hidden_by_place: dict[str, list[str]] = {}
            for card, place in places(state).items():
                if card not in seen_cards(view):
                    hidden_by_place.setdefault(place, []).append(card)
            # a hidden card of each of two hidden places (another hand, the stock, ...);
            # it is tried in every other hidden place too
            hidden = [rng.choice(hidden_by_place[place]) for place in
                      rng.sample(sorted(hidden_by_place), min(2, len(hidden_by_place)))]
            for card in hidden:
                worlds = worlds_for(state, seat, card, hidden_by_place, rng)
                if len(worlds) == 1:  # the card can lie nowhere else (R22's held value)
                    continue
                compared += 1
                for shape in shapes:
                    for move in substitutions(shape, card):
                        # twice: the second time every cache the first filled is warm
                        for world in worlds:
                            answer_of(client, sealer, world, seat, move)
                        answers, work = zip(*(answer_of(client, sealer, world, seat, move)
                                              for world in worlds), strict=True)
                        assert answers[0][0] != 200, f"{move} with a hidden card was played"
                        assert all(a == answers[0] for a in answers), (
                            f"seat {seat}, {move}: {card} in other places is answered "
                            f"differently: {answers}")
                        assert max(work) - min(work) <= WORK_SLACK * min(work), (
                            f"seat {seat}, {move}: {card} in other places costs other work "
                            f"(Python calls {work})")
                        own = view.refusal(_parsed(game, move)) if _parses(game, move) \
                            and seat in state.acting else None
                        if own is not None:  # the seat's own view judges it so
                            assert answers[0][1] == own.message, (move, answers[0], own)
                        tried += 1
    assert tried and compared


def _parses(game: str, move: str) -> bool:
    try:
        _parsed(game, move)
    except ValueError:
        return False
    return True


def _parsed(game: str, move: str) -> Any:
    return engine_of(game).parse_move(move)


def test_the_house_cost_is_told_only_after_the_view_accepts_the_move(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """With house seats, the house's cost is told from the move played on the whole state
    (its turn order, api/costs.py ``house_moves``); a move the seat's view refuses never
    gets that far, so its refusal is the view's (D17, QD13, RM27)."""
    made = client.post("/v1/games", json={"game": "rummy", "variant": "poker-rum", "seed": 5,
                                          "sealed": True,
                                          "house": [{"player": 1, "bot": "random"}]}).json
    sealer: Sealer = app.extensions["cardgames_sealer"]
    state = sealer.open(made["game"]).state
    seat = next(iter(state.acting))
    assert seat == 0, "the house moved first: pick another seed"
    played: list[Any] = []
    real = type(state).apply

    def recorded(self: Any, move: Any, *args: Any, **kwargs: Any) -> Any:
        played.append(move)
        return real(self, move, *args, **kwargs)

    monkeypatch.setattr(type(state), "apply", recorded)
    other = state.to_dict()["hands"][1][0]
    refused = client.post("/v1/apply", json={"game": made["game"],
                                             "credential": made["credentials"][0],
                                             "move": {"type": "discard", "card": other}})
    assert refused.status_code == 422
    assert played == []
