"""The hint cache: bounded in bytes in both backends (the Redis one on a real
redis-server), and never serving an entry or a job answer that does not fit its request.
"""

from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
import redis

import solver
from engine import State, new_game
from engine.cassino.worlds import HandSampler
from tests.workers.conftest import RedisServer
from tests.workers.test_queue import mid_game
from workers.cache import BYTES, INDEX, PREFIX, SIZES, DiskCache, RedisCache, max_entry
from workers.requests import CacheEntry, HintRequest, Unfit, open_scope
from workers.store import LocalStore

BUDGET = 32 * 1024


def request_of(state: State, seed: int = 0, **options: Any) -> HintRequest:
    return HintRequest("hints", state.view(state.to_move), seed=seed,
                       scope=open_scope(state.to_dict(), state.to_move), **options)


@pytest.fixture(scope="module")
def searched() -> tuple[State, HintRequest, solver.Tally]:
    """One real search (4 worlds of a position with a hidden hand): the entries below are
    its tally under other seeds, which no check can tell from a search of those seeds."""
    state = mid_game(31)
    request = request_of(state, samples=4)
    return state, request, solver.solve(request.view, request.options, request.seed)


def entry_for(searched: tuple[State, HintRequest, solver.Tally],
              seed: int) -> tuple[HintRequest, CacheEntry]:
    state, _, tally = searched
    request = request_of(state, seed, samples=4)
    return request, CacheEntry.of(request, tally)


def forged(entry: CacheEntry, **changes: Any) -> bytes:
    data = json.loads(entry.to_json())
    tally = changes.pop("tally", {})
    data["tally"].update(tally)
    data.update(changes)
    return json.dumps(data).encode()


def cache_keys(connection: redis.Redis) -> dict[str, int]:
    """Every entry key in Redis, with the bytes it is counted for (key and value)."""
    out = {}
    for key in connection.scan_iter(match=PREFIX + "*"):
        value = connection.get(key)
        assert value is not None
        out[key.decode()] = len(key) + len(value)
    return out


# --- the byte bound, on a real redis-server ---------------------------------------------

def test_the_redis_cache_holds_its_byte_budget(redis_server: RedisServer,
                                               searched: Any) -> None:
    connection = redis.Redis.from_url(redis_server.url)
    # keys of the job queue and of the rest of the service, without a TTL: never evicted
    others = {"rq:job:j0": "x" * 5000, "rq:queue:cassino-hints": "y", "cassino:share:s1": "j0",
              "cassino:ledger:g1": "3"}
    for key, value in others.items():
        connection.set(key, value)
    cache = RedisCache(connection, budget=BUDGET)
    requests = []
    for seed in range(200):
        request, entry = entry_for(searched, seed)
        cache.put(request, entry)
        requests.append(request)
        held = cache_keys(connection)
        assert cache.used() == sum(held.values()) <= BUDGET  # the account is exact
    size = len(entry.to_json()) + len(PREFIX + str(request.family))
    assert 200 * size > 8 * BUDGET  # the puts overflowed the budget several times over
    kept = [r for r in requests if cache.get(r) is not None]
    assert len(kept) == BUDGET // size  # as many as fit, and only they
    assert kept == requests[-len(kept):]  # the newest kept, the oldest evicted
    assert connection.zcard(INDEX) == connection.hlen(SIZES) == len(kept)
    for key, value in others.items():
        assert connection.get(key) == value.encode()


def test_a_refreshed_entry_is_not_the_oldest(redis_server: RedisServer, searched: Any) -> None:
    connection = redis.Redis.from_url(redis_server.url)
    one, entry = entry_for(searched, 0)
    size = len(entry.to_json()) + len(PREFIX + str(one.family))
    cache = RedisCache(connection, budget=16 * size + size // 2)  # room for 16 entries
    requests = [entry_for(searched, seed)[0] for seed in range(17)]
    for request in requests[:16]:
        cache.put(request, entry)
        time.sleep(0.002)  # scores are milliseconds
    cache.put(requests[0], entry)  # not better than what is there: touched, stored latest
    time.sleep(0.002)
    cache.put(requests[16], entry)
    kept = [cache.get(r) is not None for r in requests]
    assert kept == [True, False] + [True] * 15  # the second stored went, not the first


def test_expired_entries_leave_the_account(redis_server: RedisServer, searched: Any) -> None:
    """A TTL that runs out removes an entry behind the account's back: the next store
    takes it out of the index, the sizes and the sum, so that the bound counts live
    entries only; and the account itself expires with its last entry."""
    connection = redis.Redis.from_url(redis_server.url)
    short = RedisCache(connection, ttl=1, budget=BUDGET)
    lasting = RedisCache(connection, budget=BUDGET)
    for seed in range(3):
        short.put(*entry_for(searched, seed))
    assert short.used() == sum(cache_keys(connection).values()) > 0
    time.sleep(1.2)
    assert cache_keys(connection) == {} and short.used() == 0  # all gone, the account too
    assert not connection.exists(INDEX, SIZES, BYTES)

    for seed in range(3, 8):
        short.put(*entry_for(searched, seed))
    kept, entry = entry_for(searched, 50)
    lasting.put(kept, entry)
    assert lasting.used() == sum(cache_keys(connection).values())
    time.sleep(1.2)
    assert list(cache_keys(connection)) == [PREFIX + str(kept.family)]  # the short ones
    assert lasting.used() > sum(cache_keys(connection).values())  # expired, still counted
    newest, entry = entry_for(searched, 99)
    lasting.put(newest, entry)  # the next store settles the account
    assert lasting.used() == sum(cache_keys(connection).values())
    assert sorted(connection.zrange(INDEX, 0, -1)) == sorted(
        [str(kept.family).encode(), str(newest.family).encode()])
    assert connection.hlen(SIZES) == 2
    connection.delete(BYTES)  # a lost sum is made again from the sizes
    lasting.put(*entry_for(searched, 100))
    assert lasting.used() == sum(cache_keys(connection).values())
    assert 0 < connection.pttl(INDEX) <= 24 * 3600 * 1000


def test_an_entry_too_large_is_not_cached(redis_server: RedisServer, tmp_path: Path,
                                          searched: Any) -> None:
    state, _, tally = searched
    request = request_of(state, 7, samples=400)
    wide = solver.Tally(tally.moves)
    for index in range(400):
        wide.add(index, tally.values[index % len(tally.values)])
    entry = CacheEntry.of(request, wide)
    assert len(entry.to_json()) > max_entry(BUDGET)
    redis_cache = RedisCache(redis.Redis.from_url(redis_server.url), budget=BUDGET)
    disk_cache = DiskCache(LocalStore(tmp_path, cache_bytes=BUDGET))
    for cache in (redis_cache, disk_cache):
        cache.put(request, entry)
        assert cache.get(request) is None
    assert redis_cache.used() == 0
    assert max_entry(256 * 2**20) == 2**20  # the default: 1 MiB, 1/256 of the budget


def test_the_disk_cache_holds_its_byte_budget(tmp_path: Path, searched: Any) -> None:
    """diskcache counts the SQLite file itself, so the budget here is larger than the
    Redis one's (a 32 KiB budget would hold nothing)."""
    budget = 256 * 1024
    store = LocalStore(tmp_path, cache_bytes=budget)
    cache = DiskCache(store)
    requests = []
    for seed in range(600):
        request, entry = entry_for(searched, seed)
        cache.put(request, entry)
        requests.append(request)
    assert 600 * len(entry.to_json()) > 3 * budget
    assert store.tallies.volume() <= budget
    kept = [r for r in requests if cache.get(r) is not None]
    assert 0 < len(kept) * len(entry.to_json()) <= budget
    assert requests[-1] in kept and requests[0] not in kept


# --- entries checked against the request ------------------------------------------------

def test_a_real_entry_fits_its_request(searched: Any) -> None:
    _, request, tally = searched
    entry = CacheEntry.of(request, tally)
    CacheEntry.from_json(entry.to_json()).check(request)
    request.check_answer(request.answer(tally, cached=False))
    evaluation = HintRequest("evaluate", request.view, samples=4, scope=request.scope)
    evaluation.check_answer(evaluation.answer(tally, cached=True))


def _misfits(entry: CacheEntry, request: HintRequest) -> dict[str, bytes]:
    """Well-formed JSON entries that no search of ``request`` makes."""
    moves = list(entry.tally.moves)
    values = entry.tally.values
    worst = min(range(len(moves)), key=lambda i: sum(row[i] for row in values))
    boosted = [[v + (90.0 if i == worst else 0.0) for i, v in enumerate(row)] for row in values]
    return {
        "an illegal move": forged(entry, tally={"moves": [*moves[:-1], "KSxKH"]}),
        "a move missing": forged(entry, tally={"moves": moves[:-1],
                                               "values": [row[:-1] for row in values]}),
        "the moves in another order": forged(entry, tally={"moves": moves[::-1]}),
        "the worst move boosted out of range": forged(entry, tally={
            "values": [[v + 200.0 if i == worst else v for i, v in enumerate(row)]
                       for row in values]}),
        "a value not finite": forged(entry, tally={"values": [[float("nan")] * len(moves)]
                                                   + values[1:]}),
        "more worlds than its budget": forged(entry, tally={
            "worlds": list(range(8)), "values": boosted + boosted}),
        "worlds skipped": forged(entry, tally={"worlds": [0, 1, 2, 7]}),
        "a world twice": forged(entry, tally={"worlds": [0, 1, 2, 2]}),
        "a forged exact flag": forged(entry, exact=True),
        "a forged complete flag": forged(entry, complete=False),
        "a forged budget": forged(entry, budget=[10**9, None, None]),
        "negative nodes": forged(entry, tally={"nodes": -1}),
        "a row too short": forged(entry, tally={"values": [values[0][:-1], *values[1:]]}),
        "not a tally": b'{"tally": {"moves": ["forged"]}, "budget": []}',
        "not JSON": b"\x00garbage",
        "a list": b"[1, 2, 3]",
    }


def test_forged_entries_do_not_fit(searched: Any) -> None:
    _, request, tally = searched
    entry = CacheEntry.of(request, tally)
    for why, raw in _misfits(entry, request).items():
        with pytest.raises(Unfit):
            CacheEntry.from_json(raw).check(request)
            pytest.fail(f"{why}: accepted")


def test_forged_answers_do_not_fit(searched: Any) -> None:
    _, request, tally = searched
    answer = request.answer(tally, cached=False)

    def altered(change: Any) -> dict[str, Any]:
        out = copy.deepcopy(answer)
        change(out)
        return out

    def illegal(a: dict[str, Any]) -> None:
        a["moves"][0]["move"]["id"] = "KSxKH"

    def misdescribed(a: dict[str, Any]) -> None:
        a["moves"][0]["move"]["description"] = "<script>alert(1)</script>"

    def reordered(a: dict[str, Any]) -> None:  # the worst move ranked first
        a["moves"][0]["move"], a["moves"][-1]["move"] = a["moves"][-1]["move"], \
            a["moves"][0]["move"]
        a["moves"][0]["equity"] = a["moves"][-1]["equity"] - 1

    def dropped(a: dict[str, Any]) -> None:
        a["moves"].pop()

    def duplicated(a: dict[str, Any]) -> None:
        a["moves"][1]["move"] = a["moves"][0]["move"]

    def player(a: dict[str, Any]) -> None:
        a["player"] = 1 - a["player"]

    def seed(a: dict[str, Any]) -> None:
        a["solver"]["seed"] = 99

    def samples(a: dict[str, Any]) -> None:
        a["solver"]["samples"] = 10**6

    def infinite(a: dict[str, Any]) -> None:
        a["evaluation"]["equity"] = float("inf")

    def extra(a: dict[str, Any]) -> None:
        a["debug"] = "Traceback (most recent call last)"

    for change in (illegal, misdescribed, reordered, dropped, duplicated, player, seed, samples,
                   infinite, extra):
        assert not request.answered_by(altered(change)), change.__name__
    for junk in (None, {}, [], "text", {"moves": []}):
        assert not request.answered_by(junk)
    other = request_of(mid_game(77), samples=4)
    assert not other.answered_by(answer)  # an answer to another position


def same(one: CacheEntry, other: CacheEntry) -> bool:
    """The same search (its time aside)."""
    return (one.tally.moves, one.tally.worlds, one.tally.values, one.tally.nodes, one.budget,
            one.complete, one.exact) == (other.tally.moves, other.tally.worlds,
                                         other.tally.values, other.tally.nodes, other.budget,
                                         other.complete, other.exact)


def test_a_forged_entry_on_disk_is_a_miss_and_replaced(tmp_path: Path) -> None:
    from api import create_app

    app = create_app({"STORE": str(tmp_path)})
    client = app.test_client()
    settle = app.extensions["cardgames_hints"].direct.settle  # the direct path's cache writes
    state = mid_game(61)
    body = {"state": state.to_dict(), "player": state.to_move, "seed": 5, "samples": 2}
    first = client.post("/v1/hints", json=body)
    assert first.status_code == 200 and first.json["solver"]["cached"] is False
    settle()
    request = request_of(state, 5, samples=2)
    store = LocalStore(tmp_path)
    real = CacheEntry.from_json(store.tallies[request.family])
    for top, (why, raw) in enumerate(_misfits(real, request).items(), start=100):
        store.tallies.set(request.family, raw)
        # another top shares the cache entry, not the job: a search of its own runs
        r = client.post("/v1/hints", json={**body, "top": top})
        assert r.status_code == 200, (why, r.json)
        assert r.json["solver"]["cached"] is False, why  # searched again
        assert r.json["moves"] == first.json["moves"], why  # the real ranking
        settle()
        assert same(CacheEntry.from_json(store.tallies[request.family]), real), why  # replaced
    store.tallies.set(request.family, _misfits(real, request)["an illegal move"])
    # the same request: joins the finished job (or, on the direct path, searches again)
    r = client.post("/v1/hints", json=body)
    assert r.json["solver"]["cached"] is False and r.json["moves"] == first.json["moves"]
    settle()
    assert same(CacheEntry.from_json(store.tallies[request.family]), real)  # misfit replaced
    assert client.post("/v1/hints", json={**body, "top": 1}).json["solver"]["cached"] is True


def test_a_forged_job_record_on_disk_is_no_job(tmp_path: Path) -> None:
    from api import create_app

    client = create_app({"STORE": str(tmp_path)}).test_client()
    state = mid_game(62)
    body = {"state": state.to_dict(), "player": state.to_move, "seed": 6, "samples": 2}
    done = client.post("/v1/hints", json={**body, "async": True})
    job_id = done.json["job"]["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/v1/jobs/{job_id}").json["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    real = client.get(f"/v1/jobs/{job_id}").json["result"]
    store = LocalStore(tmp_path)
    record = store.jobs[job_id]
    request = request_of(state, 6, samples=2)
    store.tallies.delete(request.family)  # so that requests go to the job, not the cache
    bad = copy.deepcopy(real)
    bad["moves"][0]["move"]["id"] = "KSxKH"
    for result in (bad, {}, {"solver": {}}, "text"):
        store.jobs.set(job_id, {**record, "result": result})
        r = client.get(f"/v1/jobs/{job_id}")
        assert r.status_code == 404 and "KSxKH" not in r.get_data(as_text=True)
        again = client.post("/v1/hints", json=body)  # the identical request: not joined
        assert again.status_code == 200 and again.json["moves"] == real["moves"]
        store.tallies.delete(request.family)
        share = [k for k in store.jobs.iterkeys() if str(k).startswith("share:")]
        for key in share:
            store.jobs.set(key, job_id)  # point the scope back at the forged record
    store.jobs.set(job_id, {**record, "request": {"kind": "hints"}})
    assert client.get(f"/v1/jobs/{job_id}").status_code == 404


def test_a_process_reads_its_own_job_records_back_unchecked_and_others_checked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A record read back equal to the one this process wrote is not parsed again (the
    hint's common case, docs/workers.md "Where a hint's time goes"); a changed one is."""
    import workers.embedded
    from api import create_app

    checked: list[str] = []
    valid = workers.embedded._valid

    def counting(record: Any) -> bool:
        checked.append(str(record.get("id")) if isinstance(record, dict) else "?")
        return valid(record)

    monkeypatch.setattr(workers.embedded, "_valid", counting)
    client = create_app({"STORE": str(tmp_path)}).test_client()
    state = mid_game(64)
    body = {"state": state.to_dict(), "player": state.to_move, "seed": 3, "samples": 2}
    answer = client.post("/v1/hints", json={**body, "async": True})
    job_id = answer.json["job"]["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/v1/jobs/{job_id}").json["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert client.get(f"/v1/jobs/{job_id}").status_code == 200
    assert checked == []
    store = LocalStore(tmp_path)
    record = store.jobs[job_id]
    store.jobs.set(job_id, {**record, "total": record["total"] + 1})  # behind its back
    assert client.get(f"/v1/jobs/{job_id}").status_code == 404
    assert checked == [job_id]


@pytest.mark.parametrize("variant", ["three-hand", "partnership"])
def test_an_empty_stock_leaves_several_hidden_hands_unknown(variant: str) -> None:
    """With three or four seats the last batch still splits the unseen cards among the
    other hands: an entry claiming to be exact (one world serving every budget) is forged."""
    state = new_game(7, variant, 0)
    rng = random.Random(1)
    while not (state.view(state.to_move).stock_size == 0
               and sum(state.view(state.to_move).hand_sizes) > len(state.hands) + 2):
        state = state.apply(rng.choice(state.legal_moves())).state
    request = request_of(state, samples=4)
    assert not HandSampler(request.view).exact
    columns = request.columns
    honest = CacheEntry(solver.Tally(columns, [0], [[0.0] * len(columns)]),
                        request.budget, complete=False)
    with pytest.raises(Unfit, match="exact"):
        CacheEntry.from_json(forged(honest, exact=True, complete=True)).check(request)
