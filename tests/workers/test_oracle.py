"""No hidden-card oracle: nothing a client sends reveals a view it did not send.

The trial an attacker runs: the other seat asked for hints; the attacker writes every view
that other seat could hold (its own view with each candidate hand) and asks for hints on
each, looking for the one the service has already seen (a cache hit, a shared job id).
Run in the embedded default and with Redis and real workers: 0 hands recovered.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from api import create_app
from api.sealed import SealedGame
from engine import State, new_game
from engine.cards import FULL_DECK, cards_of, format_cards
from engine.cassino.play import advance
from tests.workers.conftest import RedisServer, Workers
from workers.requests import JOB_ID

OPTIONS: dict[str, Any] = {"samples": 4, "seed": 3}
UNLIMITED = {"HINT_PER_CLIENT": 0, "HINT_BACKLOG": 0}  # one test address asks 90 times


def late_position(seed: int) -> State:
    """Batch 5, two cards in each hand, seat 1 to move: 8 in the stock, so seat 0 sees
    10 unseen cards and 45 candidate hands of seat 1."""
    state = new_game(seed, dealer=0)
    while not (len(state.stock) == 8 and state.hands[1].bit_count() == 2
               and state.hands[0].bit_count() == 2 and state.to_move == 1):
        moves = state.legal_moves()
        state = advance(state, ([m for m in moves if m.type == "capture"] or moves)[0])
        assert state.status == "playing" and state.round == 1
    return state


def candidate_views(state: State, asker: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every view of the other seat consistent with what ``asker`` sees."""
    mine = state.view(asker).to_dict()
    other = 1 - asker
    seen = state.hands[asker] | state.table_cards
    for pile in state.captured:
        seen |= pile
    unseen = list(cards_of(FULL_DECK & ~seen))
    for hand in itertools.combinations(unseen, state.hands[other].bit_count()):
        mask = sum(1 << c for c in hand)
        yield mask, {**mine, "player": other, "hand": format_cards(mask)}


def run_trial(client: FlaskClient, state: State) -> dict[str, Any]:
    victim, attacker = 1, 0
    truth = state.view(victim).to_dict()
    asked = [client.post("/v1/hints", json={"state": state.to_dict(), "player": victim,
                                            **OPTIONS}),
             client.post("/v1/hints", json={"view": truth, **OPTIONS}),
             client.post("/v1/hints", json={"view": truth, **OPTIONS, "async": True})]
    assert [a.status_code for a in asked[:2]] == [200, 200]
    victim_jobs = {a.json["job"]["id"] for a in asked if a.status_code == 202}
    recovered, tried = [], 0
    for mask, view in candidate_views(state, attacker):
        tried += 1
        answer = client.post("/v1/hints", json={"view": view, **OPTIONS})
        assert answer.status_code == 200, answer.json
        queued = client.post("/v1/hints", json={"view": view, **OPTIONS, "async": True})
        job = queued.json.get("job", {}).get("id") if queued.status_code == 202 else None
        if answer.json["solver"]["cached"] or job in victim_jobs or queued.status_code == 200:
            recovered.append(format_cards(mask))
        assert job is None or JOB_ID.match(job)
    return {"tried": tried, "recovered": recovered, "truth": truth["hand"]}


def test_no_hand_is_recovered_in_the_embedded_default(tmp_path: Any) -> None:
    client = create_app({"STORE": str(tmp_path), **UNLIMITED}).test_client()
    result = run_trial(client, late_position(17))
    assert result["tried"] == 45
    assert result["recovered"] == []


def test_no_hand_is_recovered_with_redis(redis_server: RedisServer, workers: Workers) -> None:
    workers.start(2)
    client = create_app({"REDIS_URL": redis_server.url, **UNLIMITED}).test_client()
    result = run_trial(client, late_position(18))
    assert result["tried"] == 45
    assert result["recovered"] == []


def test_no_hand_is_recovered_from_a_sealed_game(tmp_path: Any) -> None:
    """The victim plays a sealed game and asks its hints with its credential; the attacker,
    the other seat of that game, holds its own credential and writes every candidate."""
    app = create_app({"STORE": str(tmp_path), **UNLIMITED})
    client = app.test_client()
    state = late_position(22)
    sealer = app.extensions["cardgames_sealer"]
    game = sealer.start(state, {})
    token = sealer.seal(game)
    victim = {"game": token, "credential": game.credential(1)}
    attacker = {"game": token, "credential": game.credential(0)}
    asked = client.post("/v1/hints", json={**victim, **OPTIONS})
    assert asked.status_code == 200 and asked.json["solver"]["cached"] is False
    assert client.post("/v1/hints", json={**victim, **OPTIONS}).json["solver"]["cached"]
    # its own credential cannot ask for the victim's seat, nor see the victim's view
    assert client.post("/v1/hints", json={**attacker, "player": 1, **OPTIONS}).status_code == 403
    assert client.post("/v1/view", json={**attacker, "player": 1}).status_code == 403
    recovered, tried = [], 0
    for mask, view in candidate_views(state, 0):
        tried += 1
        answer = client.post("/v1/hints", json={"view": view, **OPTIONS})
        assert answer.status_code == 200, answer.json
        if answer.json["solver"]["cached"]:
            recovered.append(format_cards(mask))
    assert tried == 45 and recovered == []


@pytest.mark.parametrize("async_", [False, True])
def test_bare_views_share_no_job_and_no_cache(tmp_path: Any, async_: bool) -> None:
    client = create_app({"STORE": str(tmp_path), **UNLIMITED}).test_client()
    view = late_position(19).view(1).to_dict()
    body = {"view": view, "samples": 300, "seed": 1, "async": True}
    first, second = client.post("/v1/hints", json=body), client.post("/v1/hints", json=body)
    assert first.json["job"]["id"] != second.json["job"]["id"]
    if not async_:
        quick = {"view": view, "samples": 4}
        assert client.post("/v1/hints", json=quick).json["solver"]["cached"] is False
        assert client.post("/v1/hints", json=quick).json["solver"]["cached"] is False


def test_whole_state_requests_still_share_their_cache(tmp_path: Any) -> None:
    client = create_app({"STORE": str(tmp_path), **UNLIMITED}).test_client()
    state = late_position(20)
    body = {"state": state.to_dict(), "player": 1, **OPTIONS}
    assert client.post("/v1/hints", json=body).json["solver"]["cached"] is False
    assert client.post("/v1/hints", json=body).json["solver"]["cached"] is True
    same_seat_view = {"view": state.view(1).to_dict(), **OPTIONS}
    assert client.post("/v1/hints", json=same_seat_view).json["solver"]["cached"] is False


def test_job_ids_are_random_and_only_ids_are_jobs(tmp_path: Any) -> None:
    client = create_app({"STORE": str(tmp_path), **UNLIMITED}).test_client()
    state = late_position(21)
    r = client.post("/v1/hints", json={"state": state.to_dict(), "player": 1, "samples": 300,
                                       "async": True})
    job_id = r.json["job"]["id"]
    assert JOB_ID.match(job_id) and len(job_id) == 33  # "j" + 128 bits in hex
    for path in (f"{job_id}-0-64", "anything", job_id.upper(), "j" + "0" * 32, "../health",
                 "%00", "j" * 500, "h" + "a" * 32):
        answer = client.get(f"/v1/jobs/{path}")
        assert answer.status_code == 404, (path, answer.json)
        assert answer.json["code"] == 404


def test_a_sealed_seat_shares_nothing_with_another_with_redis(redis_server: RedisServer,
                                                               workers: Workers) -> None:
    """With Redis and real workers: the victim's cached answer and job serve a twin game of
    the same id whose hidden cards differ (the key is the victim's view), never the other
    seat of the game, nor a bare view of the victim's seat."""
    workers.start(1)
    app = create_app({"REDIS_URL": redis_server.url, **UNLIMITED})
    client = app.test_client()
    state = late_position(23)
    sealer = app.extensions["cardgames_sealer"]
    secrets = ("victim-secret-0", "victim-secret-1")
    view = state.view(1)
    twin = next(s for s in (view.resample(random.Random(k)) for k in range(50))
                if s.hands[0] != state.hands[0])
    assert twin.view(1) == view
    sealer.ledger.advance("9" * 32, -1, sealer.ttl)  # a game at its start, in the ledger
    tokens = [sealer.seal(SealedGame("9" * 32, 0, s, secrets, {}, ((), ()),
                                     epoch=sealer.ledger.epoch())) for s in (state, twin)]
    victim = {"credential": f"1.{secrets[1]}", **OPTIONS}
    asked = client.post("/v1/hints", json={**victim, "game": tokens[0]})
    assert asked.status_code == 200 and asked.json["solver"]["cached"] is False
    assert client.post("/v1/hints", json={**victim, "game": tokens[1]}).json["solver"]["cached"]
    attacker = {**victim, "credential": f"0.{secrets[0]}"}
    assert client.post("/v1/hints", json={**attacker, "game": tokens[0]}).json["solver"][
        "cached"] is False
    bare = client.post("/v1/hints", json={"view": view.to_dict(), **OPTIONS})
    assert bare.status_code == 200 and bare.json["solver"]["cached"] is False
    queued = {"samples": 8, "seed": 9, "async": True}
    job = client.post("/v1/evaluate", json={**victim, **queued, "game": tokens[0]})
    other = client.post("/v1/evaluate", json={**attacker, **queued, "game": tokens[0]})
    assert job.status_code == other.status_code == 202
    assert job.json["job"]["id"] != other.json["job"]["id"]
