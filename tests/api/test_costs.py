"""Costly requests count their work against ``HINT_RATE_LIMIT`` in searches (api/costs.py),
told from public facts and charged before the work: another game's solver house by its
moves' cost, a replay or a record by its moves, a charge dearer than a window going when
that window is otherwise unused; the answers' ``X-RateLimit-*`` tell the searches left.
One client's costly work holds at most ``COSTLY_PER_CLIENT`` threads of a process at once,
and a review waits for its job only within ``HINT_SYNC_WAITS``."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask.testing import FlaskClient

from api import create_app
from api.costs import MOVES_PER_SEARCH
from api.limits import HEADERS
from api.rummy.entry import SOLVER_MOVE
from engine.cassino import Played, new_game, record_of
from engine.games import engine_of
from tests.api.test_rate_limits import app_with
from tests.api.test_records import poll

LIMIT, REMAINING, _ = HEADERS
CLIENT = {"environ_base": {"REMOTE_ADDR": "10.0.0.7"}}
RUMMY = {"game": "rummy", "variant": "poker-rum", "sealed": True,
         "house": [{"player": 1, "bot": "solver"}]}


def whole_game(seed: int = 2) -> dict[str, Any]:
    """The record of a whole game of standard, each turn's first legal move."""
    state = new_game(seed, "standard", 1)
    moves = []
    while state.status == "playing":
        move = state.legal_moves()[0]
        moves.append(Played(state.to_move, move))
        state = state.apply(move).state
    return record_of(seed, "standard", 1, moves).to_dict()


def moves_of(record: dict[str, Any]) -> int:
    return sum(len(deal["moves"]) for deal in record["deals"])


def test_another_games_solver_house_counts_its_moves_cost() -> None:
    client = app_with(HINT_RATE_LIMIT=f"{SOLVER_MOVE['poker-rum'] + 1} per minute").test_client()
    started = client.post("/v1/games", json={**RUMMY, "seed": 3, "dealer": 1}, **CLIENT)
    assert started.status_code == 200  # seat 0 leads: one search
    seat = {"game": started.json["game"], "credential": started.json["credentials"][0]}
    drawn = client.post("/v1/apply", json={**seat, "move": "draw"}, **CLIENT)
    assert drawn.status_code == 200  # the drawer discards next: one search
    seat["game"] = drawn.json["game"]
    discard = client.post("/v1/legal-moves", json=seat, **CLIENT).json["moves"][0]["id"]
    over = client.post("/v1/apply", json={**seat, "move": discard}, **CLIENT)
    assert over.status_code == 429, over.json  # the solver answers: 7 more
    assert f"the house seats' move count {SOLVER_MOVE['poker-rum']}" in over.json["message"]
    assert int(over.headers["Retry-After"]) >= 1
    again = client.post("/v1/view", json=seat, **CLIENT)  # nothing was played
    assert again.status_code == 200 and again.json["view"] == drawn.json["view"]


def test_a_charge_dearer_than_a_window_goes_when_the_window_is_unused() -> None:
    client = app_with(HINT_RATE_LIMIT="5 per minute").test_client()
    body = {**RUMMY, "dealer": 0}  # the solver leads: 7 searches, over the 5
    assert client.post("/v1/games", json={**body, "seed": 3}, **CLIENT).status_code == 200
    over = client.post("/v1/games", json={**body, "seed": 4}, **CLIENT)
    assert over.status_code == 429 and "searches" in over.json["message"]


def test_a_replay_and_a_record_count_their_moves() -> None:
    record = whole_game()
    cost = -(-moves_of(record) // MOVES_PER_SEARCH)
    assert cost > 1
    client = app_with(HINT_RATE_LIMIT=f"{cost + 1} per minute").test_client()
    replayed = client.post("/v1/records/replay", json={"record": record}, **CLIENT)
    assert replayed.status_code == 200
    state = new_game(5, "standard", 1)
    short = record_of(5, "standard", 1, [Played(state.to_move, state.legal_moves()[0])])
    assert client.post("/v1/records/replay", json={"record": short.to_dict()},
                       **CLIENT).status_code == 200  # one more: the limit
    over = client.post("/v1/records/replay", json={"record": record}, **CLIENT)
    assert over.status_code == 429
    assert f"a replay of {moves_of(record)} moves counts {cost}" in over.json["message"]
    exported = client.post("/v1/records", json={"state": state.to_dict()}, **CLIENT)
    assert exported.status_code == 429 and "a record of 0 moves counts 1" in \
        exported.json["message"]


def test_the_searches_left_are_told_after_a_charge() -> None:
    record = whole_game()
    cost = -(-moves_of(record) // MOVES_PER_SEARCH)
    client = app_with(RATE_LIMIT="1000 per minute", HINT_RATE_LIMIT="100 per minute",
                      ).test_client()
    replayed = client.post("/v1/records/replay", json={"record": record}, **CLIENT)
    assert replayed.status_code == 200
    assert replayed.headers[LIMIT] == "100" and replayed.headers[REMAINING] == str(100 - cost)


def test_a_review_waits_for_its_job_only_within_the_sync_waits() -> None:
    app = create_app({"RATE_LIMIT": "", "HINT_RATE_LIMIT": "", "HINT_SYNC_WAITS": 1})
    client: FlaskClient = app.test_client()
    waited: list[float] = []
    reviews = app.extensions["cardgames_reviews"]
    wait = reviews.wait
    reviews.wait = lambda job_id, seconds: waited.append(seconds) or wait(job_id, seconds)
    state = new_game(5, "standard", 1)
    record = record_of(5, "standard", 1, [Played(state.to_move, state.legal_moves()[0])])
    waits = app.extensions["cardgames_waits"]
    assert waits.acquire(blocking=False)  # another request of this process waits already
    try:
        answer = client.post("/v1/reviews", json={"record": record.to_dict(), "player": 0,
                                                  "samples": 2})
    finally:
        waits.release()
    assert answer.status_code == 202 and waited == []  # answered at once: no thread held
    assert poll(client, answer.headers["Location"])["status"] == "finished"


def test_one_clients_costly_work_holds_one_thread_of_a_process(
        monkeypatch: pytest.MonkeyPatch) -> None:
    client = app_with(COSTLY_PER_CLIENT=1).test_client()
    inside, go = threading.Event(), threading.Event()
    keeper = engine_of("cassino").records
    assert keeper is not None
    real = keeper.replay

    def first_waits(record: Any) -> Any:  # the first replay holds its thread until told
        if not inside.is_set():
            inside.set()
            assert go.wait(30)
        return real(record)

    monkeypatch.setattr(keeper, "replay", first_waits)
    body = {"record": whole_game()}
    answers: list[int] = []
    running = threading.Thread(target=lambda: answers.append(client.post(
        "/v1/records/replay", json=body, **CLIENT).status_code))
    running.start()
    try:
        assert inside.wait(30)
        busy = client.post("/v1/records/replay", json=body, **CLIENT)
        other = client.post("/v1/records/replay", json=body,
                            environ_base={"REMOTE_ADDR": "10.0.0.99"})
    finally:
        go.set()
        running.join()
    assert busy.status_code == 429 and busy.headers["Retry-After"] == "1"
    assert busy.json["message"].startswith("this address has a costly request running in "
                                           "this server process already")
    assert other.status_code == 200 and answers == [200]
    refused = client.post("/v1/records/replay", json={"record": {"deals": []}}, **CLIENT)
    assert refused.status_code == 422  # its slot is freed however it ends
    assert client.post("/v1/records/replay", json=body, **CLIENT).status_code == 200


def test_a_review_counts_itself_and_its_record_at_once() -> None:
    """Two charges would not fit a window that their sum fits once (a review of 11)."""
    client = app_with(HINT_RATE_LIMIT="10 per minute").test_client()
    state = new_game(5, "standard", 1)
    record = record_of(5, "standard", 1, [Played(state.to_move, state.legal_moves()[0])])
    body = {"record": record.to_dict(), "player": 0, "samples": 2, "async": True}
    answer = client.post("/v1/reviews", json=body, **CLIENT)
    assert answer.status_code == 202, answer.json
    over = client.post("/v1/reviews", json=body, **CLIENT)
    assert over.status_code == 429
    assert "a review of a record of 1 move counts 11" in over.json["message"]
    assert poll(client, answer.headers["Location"])["status"] == "finished"
