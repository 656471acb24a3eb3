"""Sealed games over HTTP, for every rule set: seat 0 plays a whole game by random legal
moves against the house in every other seat.

Views hide what they must: every answer seat 0 gets names no card that the sealed state,
opened with the server's key, holds where seat 0 may not see it (engine.games.Game.hidden),
but for the cards its own request named.  Its view and legal moves are compared with the
state they are of; a refusal (a legal move with a card it cannot see in it) with the state
it leaves as it was (the same token plays on); an apply's events step by step: the steps
are found again from the answer alone (seat 0's move, then each house move whose events,
as seat 0 is told them, come next in the answer, up to the state the new token holds), and
each step's events may name the cards its move played and the cards seat 0 could see just
before or just after it (a deal's last move tells the cards of a deal that is over).

Records replay to the same final state, for each game that offers records (a whole game
of its first variant); the others refuse a record, naming the field.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.served import served
from engine.games import engine_of
from tests.conformance.common import (
    CARD,
    CASES,
    GAMES,
    MAX_PLIES,
    Case,
    cards_in,
    house_bot,
    post,
    seeds,
)

SEEDS = seeds((9,))
HUMAN = 0
TURNS = 30
"""Seat 0's moves in each rule set's game: a deal or more (Cassino's first deal ends
after 24); a record's game is played to its end."""
GAMES_FOR_A_REFUSAL = 5
VIEW_EVERY, REFUSE_EVERY = 5, 3
"""Turns between the sealed views asked (each apply answers the view too) and between the
refusals tried."""


class Game(NamedTuple):
    """A sealed game played: its last token and credential, the answers checked on the
    way, and whether it is over."""

    token: str
    credential: str
    checked: int
    refusals: int
    over: bool


def _check(case: Case, answer: Any, hidden: frozenset[str], sent: Any) -> None:
    """``answer`` (to ``sent``) names no card of ``hidden`` but those ``sent`` named."""
    assert answer is not None
    leaked = (cards_in(answer) & hidden) - cards_in(sent)
    assert not leaked, f"{case}: an answer showed {sorted(leaked)}: {answer}"


def _refusal(move_ids: list[str], hidden: frozenset[str], rng: random.Random) -> str | None:
    """A legal move's id with one of its cards replaced by a card seat 0 cannot see."""
    shapes = [m for m in move_ids if CARD.search(m)]
    if not shapes or not hidden:
        return None
    shape = rng.choice(shapes)
    found = rng.choice(list(CARD.finditer(shape)))
    return shape[:found.start()] + rng.choice(sorted(hidden)) + shape[found.end():]


Step = tuple[Any, Any, Any, list[Any]]
"""A move of an exchange: the state before, the move, the state after, its events as seat
0 was told them."""


def _house(case: Case, state: Any, told: list[Any], after: Any, depth: int
           ) -> list[Step] | None:
    """The house moves from ``state`` to ``after`` whose events, as seat 0 is told them,
    are ``told`` in order (``None``: no such moves)."""
    if not told and state.to_dict() == after.to_dict():
        return []
    engine = engine_of(case.game)
    for seat in sorted(state.acting - {HUMAN}) if depth else ():
        for move in state.moves_for(seat):
            moved, events = state.apply(move)
            seen = [engine.event_json(event, HUMAN) for event in events]
            if told[:len(seen)] == seen:
                rest = _house(case, moved, told[len(seen):], after, depth - 1)
                if rest is not None:
                    return [(state, move, moved, seen), *rest]
    return None


def _steps(case: Case, before: Any, move: Any, after: Any, told: list[Any]) -> list[Step]:
    """Seat 0's move and the house's answer, from the answer's events."""
    engine = engine_of(case.game)
    moved, events = before.apply(move)
    seen = [engine.event_json(event, HUMAN) for event in events]
    assert told[:len(seen)] == seen, (told, seen)
    house = _house(case, moved, told[len(seen):], after, MAX_PLIES)
    assert house is not None, f"{case}: no house moves lead to the new token's state"
    return [(before, move, moved, seen), *house]


def play(app: Flask, client: FlaskClient, case: Case, turns: int = MAX_PLIES,
         seed: int = SEEDS[0]) -> Game:
    """The game of ``seed``: ``turns`` moves of seat 0 at most, or the whole game."""
    rng = random.Random(f"{case}/{seed}")
    engine, sealer = engine_of(case.game), app.extensions["cardgames_sealer"]
    body = {**case.table, "seed": seed, "sealed": True,
            "house": [{"player": s, "bot": house_bot(case)} for s in range(1, case.seats)]}
    started = post(client, "/v1/games", body)
    assert started.status_code == 200, started.json
    token, credential = started.json["game"], started.json["credentials"][HUMAN]
    checked = refusals = 0
    events = None  # the last apply's, which a sealed view repeats
    for turn in range(turns):
        seat = {"game": token, "credential": credential}
        state = sealer.open(token).state
        hidden = engine.hidden(state, HUMAN)
        if turn % VIEW_EVERY == 0:
            viewed = post(client, "/v1/view", seat)
            assert viewed.status_code == 200, viewed.json
            _check(case, viewed.json["view"], hidden, seat)
            if events is None:  # the game's first events (a deal): of this state
                _check(case, viewed.json["events"], hidden, seat)
            else:
                assert viewed.json["events"] == events
            checked += 1
        listed = post(client, "/v1/legal-moves", seat)
        assert listed.status_code in (200, 409), listed.json
        _check(case, listed.json, hidden, seat)
        checked += 1
        if listed.status_code == 409:  # the game is over
            return Game(token, credential, checked, refusals, True)
        ids = [m["id"] for m in listed.json["moves"]]
        wrong = _refusal(ids, hidden, rng) if turn % REFUSE_EVERY == 0 else None
        if wrong is not None:  # refused from the seat's view, the same token playing on
            refused = post(client, "/v1/apply", {**seat, "move": wrong})
            assert 400 <= refused.status_code < 500 and refused.json.get("field"), (
                wrong, refused.json)
            _check(case, refused.json, hidden, wrong)
            refusals += 1
        move = engine.parse_move(rng.choice(ids))
        answer = post(client, "/v1/apply", {**seat, "move": move.id})
        assert answer.status_code == 200, (move.id, answer.json)
        token, events = answer.json["game"], answer.json["events"]
        after = sealer.open(token).state
        steps = _steps(case, state, move, after, events)
        _check(case, answer.json["view"], engine.hidden(after, HUMAN), move.id)
        if "view_before_house" in answer.json:
            _check(case, answer.json["view_before_house"],
                   engine.hidden(steps[0][2], HUMAN), move.id)
        for before, played_move, moved, seen in steps:
            _check(case, seen, engine.hidden(before, HUMAN) & engine.hidden(moved, HUMAN),
                   engine.move_json(before, played_move))
        checked += 1
    assert turns < MAX_PLIES, "the game did not end"
    return Game(token, credential, checked, refusals, False)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_no_answer_shows_a_hidden_card(app: Flask, client: FlaskClient, case: Case) -> None:
    for seed in SEEDS:
        # the house's moves are drawn from the sealed game's secret id: a game can end
        # before seat 0 had a move to refuse (a house call), and then the next one is played
        for again in range(GAMES_FOR_A_REFUSAL):
            game = play(app, client, case, TURNS, seed + 1000 * again)
            assert game.checked, seed
            if game.refusals:
                break
        assert game.refusals, f"{seed}: no refusal tried in {GAMES_FOR_A_REFUSAL} games"


@pytest.mark.parametrize("case", GAMES, ids=str)
def test_a_record_replays_to_the_final_state(app: Flask, client: FlaskClient,
                                             case: Case) -> None:
    if not served(case.game).offers("records"):
        game = play(app, client, case, 1)
        seat = {"game": game.token, "credential": game.credential}
        refused = post(client, "/v1/records", seat)
        assert refused.status_code == 422 and refused.json["field"] == "game", refused.json
        return
    game = play(app, client, case)
    assert game.over
    record = post(client, "/v1/records", {"game": game.token,
                                              "credential": game.credential})
    assert record.status_code == 200, record.json
    replay = post(client, "/v1/records/replay", {"record": record.json["record"]})
    assert replay.status_code == 200, replay.json
    final = app.extensions["cardgames_sealer"].open(game.token).state
    assert replay.json["positions"][-1]["state"] == final.to_dict()
