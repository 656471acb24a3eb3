"""The opponent model is part of a hint request's identity (issue 25): its job key and its
cache family name the weight the search applies, its payload carries it to a worker, and
an answer of one model never serves another (on a real redis-server with a real worker)."""

from __future__ import annotations

import redis

import engine
import solver
from tests.solver.helpers import round_values
from tests.solver.test_game_value import equities, known, last_batch
from tests.workers.conftest import RedisServer, Workers
from tests.workers.test_queue import client_for
from workers.cache import RedisCache
from workers.requests import CacheEntry, HintRequest, open_scope


def request_of(state: engine.State, model: float | None = None, **options: object
               ) -> HintRequest:
    return HintRequest("hints", state.view(state.to_move), seed=3,
                       scope=open_scope(state.to_dict(), state.to_move),
                       opponent_model=model, **options)  # type: ignore[arg-type]


def test_two_models_have_two_keys_and_one_weight_one_key() -> None:
    state = last_batch(6)
    default, plain, explicit = request_of(state), request_of(state, 0.0), \
        request_of(state, 0.25)
    assert plain.family != default.family and plain.share_key != default.share_key
    assert request_of(state, 1.0).family not in (plain.family, default.family)
    # the weight applied names the search: the default asked by name shares its entries
    assert explicit.family == default.family and explicit.share_key == default.share_key
    # N seats apply none: 0 and the default are one search
    seats = known(10, "partnership")
    assert request_of(seats, 0.0).family == request_of(seats).family
    assert request_of(seats).model == 0.0


def test_the_payload_carries_the_model() -> None:
    request = request_of(last_batch(6), 0.0)
    again = HintRequest.from_payload(request.payload())
    assert again == request and again.options.opponent_model == 0.0
    assert HintRequest.from_payload({**request.payload(), "opponent_model": None}) \
        .options.opponent_model == solver.DEFAULT.opponent_model


def test_an_answer_of_one_model_does_not_serve_another() -> None:
    state = last_batch(6)
    plain, default = request_of(state, 0.0), request_of(state)
    answer = plain.answer(solver.solve(plain.view, plain.options, 3), cached=False)
    assert plain.answered_by(answer) and not default.answered_by(answer)
    forged = {**answer, "solver": {**answer["solver"], "opponent_model": 0.25}}
    assert not plain.answered_by(forged) and not default.answered_by(forged)
    modelled = default.answer(solver.solve(default.view, default.options, 3), cached=False)
    assert default.answered_by(modelled) and not modelled["solver"]["exact"]
    assert not default.answered_by({**modelled, "solver": {**modelled["solver"],
                                                            "exact": True}})


def test_the_redis_cache_keeps_two_models_apart(redis_server: RedisServer) -> None:
    cache = RedisCache(redis.Redis.from_url(redis_server.url))
    state = last_batch(6)
    plain, default = request_of(state, 0.0), request_of(state)
    cache.put(plain, CacheEntry.of(plain, solver.solve(plain.view, plain.options, 3)))
    assert cache.get(default) is None
    held = cache.get(plain)
    assert held is not None and plain.answer(held.tally, cached=True)["solver"]["exact"]


def test_a_worker_searches_the_model_asked(redis_server: RedisServer,
                                           workers: Workers) -> None:
    workers.start(1)
    client = client_for(redis_server)
    state = last_batch(6)
    body = {"state": state.to_dict(), "player": state.to_move, "seed": 5}
    plain = client.post("/v1/hints", json={**body, "opponent_model": 0})
    assert plain.status_code == 200, plain.json
    default = client.post("/v1/hints", json=body).json
    want = round_values(state, state.to_move)
    assert equities(plain.json) == want and plain.json["solver"]["exact"] is True
    assert default["solver"]["cached"] is False and equities(default) != want
    again = client.post("/v1/hints", json={**body, "opponent_model": 0}).json
    assert again["solver"]["cached"] is True and equities(again) == want
