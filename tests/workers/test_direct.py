"""The direct path (workers/direct.py, docs/workers.md "The direct path"): a search expected
small runs in the request's thread, with the job's answer, the cache, one slot per
process, a bound on a misjudged search, and every game answering the same either way."""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.hints import DIRECT_MS, direct_ms
from workers import service as service_module
from workers.direct import ABORT_FACTOR, Direct, cost_class
from workers.embedded import EmbeddedService
from workers.requests import HintRequest


def _app(tmp_path: Path, name: str, **config: Any) -> Flask:
    from api import create_app

    return create_app({"STORE": str(tmp_path / name), "RATE_LIMIT": "",
                       "HINT_RATE_LIMIT": "", **config})


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return _app(tmp_path, "direct")


def service(app: Flask) -> EmbeddedService:
    found: EmbeddedService = app.extensions["cardgames_hints"]
    return found


class Jobs:
    """Counts the jobs a service starts (the direct path starts none)."""

    def __init__(self, hints: EmbeddedService) -> None:
        self.started = 0
        start = hints.start

        def counted(request: HintRequest) -> str:
            self.started += 1
            return start(request)

        hints.start = counted  # type: ignore[method-assign]


def cassino(client: FlaskClient, seed: int) -> dict[str, Any]:
    started = client.post("/v1/games", json={"game": "cassino", "seed": seed})
    assert started.status_code == 200, started.json
    state: dict[str, Any] = started.json["state"]
    return state


def hint(client: FlaskClient, state: dict[str, Any], seed: int = 0,
         **options: Any) -> dict[str, Any]:
    player = client.post("/v1/legal-moves", json={"state": state}).json["player"]
    answer = client.post("/v1/hints", json={"state": state, "player": player, "seed": seed,
                                            **options})
    assert answer.status_code == 200, answer.json
    body: dict[str, Any] = answer.json
    return body


def without_time(answer: dict[str, Any]) -> dict[str, Any]:
    return {**answer, "solver": {k: v for k, v in answer["solver"].items()
                                 if k != "elapsed_ms"}}


def request_of(app: Flask, state: dict[str, Any], **options: Any) -> HintRequest:
    from api.hints import read_request

    player = app.test_client().post("/v1/legal-moves", json={"state": state}).json["player"]
    with app.test_request_context():
        return read_request("hints", {"state": state, "player": player, "seed": 0,
                                      **options})


def measured_small(app: Flask, state: dict[str, Any]) -> tuple[Any, ...]:
    """The class of a default hint of ``state``, as if measured at no time at all (a
    loaded machine's first search may take longer than the limit)."""
    key = cost_class(request_of(app, state))
    service(app).direct.costs.add(key, 0.0)
    return key


def test_a_class_is_measured_on_a_job_then_searched_in_the_request(app: Flask) -> None:
    client, hints = app.test_client(), service(app)
    jobs = Jobs(hints)
    states = [cassino(client, seed) for seed in range(4)]
    first = hint(client, states[0])
    assert jobs.started == 1 and first["solver"]["cached"] is False  # not measured yet: a job
    key = cost_class(request_of(app, states[0]))
    assert hints.direct.costs.mean(key) == first["solver"]["elapsed_ms"]  # measured there
    app.config["HINT_DIRECT_MS"] = first["solver"]["elapsed_ms"] + 1e6  # and found to fit
    for state in states[1:]:
        answer = hint(client, state)
        assert answer["solver"]["cached"] is False
    assert jobs.started == 1  # searched in the request: no more jobs
    hints.direct.settle()
    assert hint(client, states[3])["solver"]["cached"] is True  # the direct search was cached


def test_the_direct_answer_is_the_jobs(app: Flask, tmp_path: Path) -> None:
    """The same requests, searched on the direct path and as jobs (HINT_DIRECT_MS 0),
    give the same answers but for the time taken."""
    jobs_only = _app(tmp_path, "jobs", HINT_DIRECT_MS=0).test_client()
    client = app.test_client()
    app.config["HINT_DIRECT_MS"] = 1e6
    jobs = Jobs(service(app))
    for seed in range(6):
        state = cassino(client, 100 + seed)
        for options in ({}, {"top": 2}, {"opponent_model": 0}, {"samples": 8}):
            service(app).direct.costs.add(cost_class(request_of(app, state, **options)), 0)
        for options in ({}, {"top": 2}, {"opponent_model": 0}, {"samples": 8}):
            direct, job = hint(client, state, seed, **options), hint(jobs_only, state, seed,
                                                                     **options)
            assert without_time(direct) == without_time(job), options
    assert jobs.started == 0


GAMES = [("cassino", "standard"), ("canfield", "canfield"), ("conquian", "conquian"),
         ("i-doubt-it", "i-doubt-it"), ("jass", "jass"), ("jass", "two-hand-jass"),
         ("patience-poker", "patience-poker"), ("rummy", "poker-rum"),
         ("solitaire-cribbage", "solitaire-cribbage")]


@pytest.mark.parametrize(("game", "variant"), GAMES)
def test_every_game_answers_the_same_on_either_path(
        game: str, variant: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every request taken directly (whatever its class's cost) against a deployment that
    never does: the same answers, and no job started."""
    monkeypatch.setattr(Direct, "fits", lambda self, request, limit_ms: limit_ms > 0)
    direct_app = _app(tmp_path, "direct", HINT_DIRECT_MS=1e9)
    client, jobs_only = direct_app.test_client(), _app(
        tmp_path, "jobs", HINT_DIRECT_MS=0).test_client()
    jobs = Jobs(service(direct_app))
    started = client.post("/v1/games", json={"game": game, "variant": variant, "seed": 7})
    assert started.status_code == 200, started.json
    state = started.json["state"]
    budget = {"samples": 4}
    direct = hint(client, state, 3, **budget)
    assert without_time(direct) == without_time(hint(jobs_only, state, 3, **budget))
    assert jobs.started == 0


def test_a_taken_slot_sends_the_request_to_a_job(app: Flask) -> None:
    client, hints = app.test_client(), service(app)
    app.config["HINT_DIRECT_MS"] = 1e6
    jobs = Jobs(hints)
    measured_small(app, cassino(client, 0))
    slots, waiters = hints.direct._slots, hints.direct._waiters
    assert slots.acquire(blocking=False)  # another request's direct search holds the slot
    held = 0
    while waiters.acquire(blocking=False):  # and other requests wait for it, all they may
        held += 1
    assert held >= 1
    try:
        assert hint(client, cassino(client, 1))["solver"]["cached"] is False
        assert jobs.started == 1
    finally:
        for _ in range(held):
            waiters.release()
        slots.release()
    hint(client, cassino(client, 2))
    assert jobs.started == 1


def test_one_request_waits_for_the_slot_and_searches_there(app: Flask) -> None:
    """With the slot taken, the next request waits for it (as the process's one waiter)
    and searches directly once it is free: no job."""
    client, hints = app.test_client(), service(app)
    app.config["HINT_DIRECT_MS"] = 1e6
    jobs = Jobs(hints)
    state = cassino(client, 4)
    measured_small(app, state)
    slots = hints.direct._slots
    assert slots.acquire(blocking=False)
    answers: list[dict[str, Any]] = []
    waiting = threading.Thread(target=lambda: answers.append(hint(app.test_client(), state)))
    waiting.start()
    waiting.join(0.3)
    assert waiting.is_alive() and not answers  # it waits for the slot
    slots.release()
    waiting.join(10)
    assert answers and answers[0]["solver"]["cached"] is False and jobs.started == 0


def test_a_search_past_its_bound_is_handed_to_a_job(app: Flask,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    """A class measured small whose search runs long: stopped at ABORT_FACTOR times the
    limit, answered by a job (the same answer), and the class then measures as slow."""
    client, hints = app.test_client(), service(app)
    app.config["HINT_DIRECT_MS"] = 0.001  # every search is past 4 microseconds
    jobs = Jobs(hints)
    state = cassino(client, 5)
    key = measured_small(app, state)
    with caplog.at_level(logging.INFO, logger="workers.direct"):
        answer = hint(client, state)
    assert jobs.started == 1 and answer["solver"]["samples"] > 0
    assert f"ran past {ABORT_FACTOR * 0.001:.0f} ms" in caplog.text
    mean = hints.direct.costs.mean(key)
    assert mean is not None and mean > 0.001  # now measured as slow
    jobs_only = hint(_app(Path(hints.store.directory).parent, "jobs",
                          HINT_DIRECT_MS=0).test_client(), state)
    assert without_time(answer) == without_time(jobs_only)


def test_a_request_of_a_family_being_searched_waits_for_it(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two identical requests at once: one search, the other served from its cache entry;
    while the search runs it counts as its client's (HINT_PER_CLIENT)."""
    client, hints = app.test_client(), service(app)
    app.config["HINT_DIRECT_MS"] = 1e6
    jobs = Jobs(hints)
    state = cassino(client, 9)
    measured_small(app, state)
    inside, release = threading.Event(), threading.Event()
    seen: list[int] = []
    searched = Direct._searched

    def slow(self: Direct, request: HintRequest, limit_ms: float) -> Any:
        seen.append(self.computing("127.0.0.1"))
        inside.set()
        assert release.wait(10)
        return searched(self, request, limit_ms)

    monkeypatch.setattr(Direct, "_searched", slow)
    monkeypatch.setattr(service_module, "JOIN_WAIT", 10.0)
    answers: list[dict[str, Any]] = []
    first = threading.Thread(target=lambda: answers.append(hint(app.test_client(), state)))
    first.start()
    assert inside.wait(10)
    second = threading.Thread(target=lambda: answers.append(hint(app.test_client(), state)))
    second.start()
    release.set()
    first.join(10)
    second.join(10)
    assert sorted(a["solver"]["cached"] for a in answers) == [False, True]
    assert answers[0]["moves"] == answers[1]["moves"]
    assert seen == [1] and jobs.started == 0
    assert hints.direct.computing("127.0.0.1") == 0


def test_the_setting_is_the_same_in_both_deployments() -> None:
    assert direct_ms({"HINT_DIRECT_MS": None, "REDIS_URL": None}) == DIRECT_MS
    assert direct_ms({"HINT_DIRECT_MS": None, "REDIS_URL": "redis://x"}) == DIRECT_MS
    assert direct_ms({"HINT_DIRECT_MS": 0, "REDIS_URL": None}) == 0
    assert direct_ms({"HINT_DIRECT_MS": "40", "REDIS_URL": "redis://x"}) == 40


def test_direct_off_starts_a_job_for_every_search(tmp_path: Path) -> None:
    app = _app(tmp_path, "off", HINT_DIRECT_MS=0)
    client = app.test_client()
    jobs = Jobs(service(app))
    for seed in range(3):
        hint(client, cassino(client, seed))
    assert jobs.started == 3


def test_an_async_request_still_gets_its_job(app: Flask) -> None:
    client = app.test_client()
    app.config["HINT_DIRECT_MS"] = 1e6
    state = cassino(client, 3)
    measured_small(app, state)
    answer = client.post("/v1/hints", json={"state": state, "player": 0, "seed": 0,
                                            "async": True})
    assert answer.status_code == 202 and answer.json["job"]["url"].startswith("/v1/jobs/")


def test_the_request_right_after_a_direct_search_is_answered_from_its_cache(
        app: Flask) -> None:
    """The tally is cached after the answer leaves: the identical request that follows at
    once is still served from the cache (it waits for the write if it must), every time."""
    from bench.api_bench import mid_game_states

    client = app.test_client()
    app.config["HINT_DIRECT_MS"] = 1e6
    jobs = Jobs(service(app))
    states = mid_game_states(60, seed=3)
    measured_small(app, states[0])
    for seed, state in enumerate(states):
        body = {"state": state, "player": state["to_move"], "seed": seed}
        first = client.post("/v1/hints", json=body).json
        again = client.post("/v1/hints", json=body).json
        assert first["solver"]["cached"] is False and again["solver"]["cached"] is True, seed
        assert again["moves"] == first["moves"]
    assert jobs.started == 0


def test_a_process_lets_all_its_threads_but_two_wait_for_the_slot() -> None:
    from workers.direct import waiters_for
    from workers.settings import THREADS

    assert [waiters_for(n) for n in (1, 2, 3, 4, 8)] == [1, 1, 1, 2, 6]
    assert waiters_for(THREADS) == THREADS - 2  # the default leaves one for cheap requests


def test_a_deferred_write_keeps_the_family_searched_until_it_is_written(app: Flask) -> None:
    """``defer`` (the API's :func:`api.after.after_answer`) decides when the tally goes to
    the cache writer: until then nothing is cached and the family counts as searched (an
    identical request waits for it), then it is cached and the family free."""
    state = cassino(app.test_client(), 7)
    request, hints = request_of(app, state), service(app)
    direct, later = Direct(), []
    tally = direct.search(request, 1e6, "someone", hints.cache.put, later.append)
    assert tally is not None and len(later) == 1
    direct.settle()
    assert hints.cache.get(request) is None  # not handed to the writer yet
    running = direct.running(request)
    assert running is not None and not running.is_set()
    later[0]()
    direct.settle()
    entry = hints.cache.get(request)
    assert entry is not None and entry.tally == tally
    assert running.is_set() and direct.running(request) is None
