"""Hints, evaluations and jobs in the embedded default (no Redis)."""

import time
from typing import Any

from flask.testing import FlaskClient

import solver
from engine import State, new_game
from engine.cassino.play import advance


def mid_game(seed: int = 4, plies: int = 9) -> State:
    state = new_game(seed, dealer=0)
    for _ in range(plies):
        moves = state.legal_moves()
        captures = [m for m in moves if m.type == "capture"]
        state = advance(state, (captures or moves)[0])
    return state


def test_hints_from_a_view_and_from_state_and_player_agree(client: FlaskClient) -> None:
    state = mid_game()
    p = state.to_move
    by_state = client.post("/v1/hints", json={"state": state.to_dict(), "player": p, "seed": 3})
    by_view = client.post("/v1/hints", json={"view": state.view(p).to_dict(), "seed": 3})
    assert by_state.status_code == 200 and by_view.status_code == 200
    assert by_state.json["moves"] == by_view.json["moves"]
    body = by_view.json
    assert body["player"] == p
    ids = [m["move"]["id"] for m in body["moves"]]
    assert sorted(ids) == sorted(m.id for m in state.legal_moves())
    assert [m["rank"] for m in body["moves"]] == list(range(1, len(ids) + 1))
    equities = [m["equity"] for m in body["moves"]]
    assert equities == sorted(equities, reverse=True)
    assert body["evaluation"]["equity"] == equities[0]
    # The same answer as the solver called directly with the same view and seed.
    direct = solver.hint(state.view(p), seed=3)
    assert [m["move"]["id"] for m in direct["moves"]] == ids


def test_second_identical_request_is_served_from_the_cache(client: FlaskClient) -> None:
    state = mid_game(seed=8)
    body: dict[str, Any] = {"state": state.to_dict(), "player": state.to_move, "seed": 11}
    first = client.post("/v1/hints", json=body).json
    again = client.post("/v1/hints", json=body).json
    assert first["solver"]["cached"] is False and again["solver"]["cached"] is True
    assert again["moves"] == first["moves"]
    evaluation = client.post("/v1/evaluate", json=body).json
    assert "moves" not in evaluation and evaluation["evaluation"] == first["evaluation"]


def test_information_hiding_over_http(client: FlaskClient) -> None:
    """Two full states with the same view (the other hand and stock swapped) give the
    same hints (R29)."""
    state = mid_game(seed=12)
    p = state.to_move
    other, stock = state.hands[1 - p], list(state.stock)
    swap_out = next(c for c in range(52) if other >> c & 1)
    swap_in = stock[0]
    hands = list(state.hands)
    hands[1 - p] = other & ~(1 << swap_out) | 1 << swap_in
    stock[0] = swap_out
    twin = state._replace(hands=tuple(hands), stock=tuple(stock))
    twin.validate()
    assert twin.view(p) == state.view(p) and twin != state
    a = client.post("/v1/hints", json={"state": state.to_dict(), "player": p, "seed": 5}).json
    b = client.post("/v1/hints", json={"state": twin.to_dict(), "player": p, "seed": 5}).json
    a["solver"].pop("elapsed_ms"), b["solver"].pop("elapsed_ms")
    a["solver"].pop("cached"), b["solver"].pop("cached")
    assert a == b


def test_async_request_gives_a_job_that_finishes(client: FlaskClient) -> None:
    state = mid_game(seed=21)
    r = client.post("/v1/hints", json={"state": state.to_dict(), "player": state.to_move,
                                       "seed": 2, "samples": 20, "async": True, "top": 2})
    assert r.status_code == 202
    job = r.json["job"]
    assert job["url"] == f"/v1/jobs/{job['id']}" and job["status"] in ("queued", "started")
    deadline = time.monotonic() + 60
    while True:
        status = client.get(job["url"])
        assert status.status_code == 200
        if status.json["status"] == "finished":
            break
        assert status.json["status"] in ("queued", "started")
        assert time.monotonic() < deadline
        time.sleep(0.05)
    result = status.json["result"]
    assert len(result["moves"]) == 2 and status.json["progress"]["total"] == 20
    # The identical request now answers at once, from the cache.
    again = client.post("/v1/hints", json={"state": state.to_dict(), "player": state.to_move,
                                           "seed": 2, "samples": 20, "top": 2})
    assert again.status_code == 200 and again.json["moves"] == result["moves"]


def test_hint_errors(client: FlaskClient) -> None:
    state = mid_game()
    assert client.get("/v1/jobs/no-such-job").status_code == 404
    r = client.post("/v1/hints", json={"state": state.to_dict()})
    assert r.status_code == 422 and r.json["field"] == "player"
    r = client.post("/v1/hints", json={"state": state.to_dict(), "player": 0,
                                       "view": state.view(0).to_dict()})
    assert r.status_code == 422
    r = client.post("/v1/hints", json={"view": state.view(0).to_dict(), "samples": 0})
    assert r.status_code == 422 and r.json["field"] == "samples"
    view = state.view(0).to_dict()
    view["hand_sizes"] = [9, 9]
    r = client.post("/v1/hints", json={"view": view})
    assert r.status_code == 422 and r.json["field"].startswith("view")


def test_hints_for_a_player_not_to_move_evaluate_the_position(client: FlaskClient) -> None:
    state = mid_game()
    waiting = 1 - state.to_move
    r = client.post("/v1/hints", json={"state": state.to_dict(), "player": waiting, "seed": 1})
    assert r.status_code == 200
    assert r.json["moves"] == [] and r.json["player"] == waiting
    assert len(r.json["evaluation"]["expected_points"]) == 2


def test_budgets_are_capped_by_the_deployment(tmp_path: Any) -> None:
    """A client cannot buy minutes of CPU: samples and time_ms stop at the caps."""
    from api import create_app

    client = create_app({"STORE": str(tmp_path), "HINT_MAX_SAMPLES": 6,
                         "HINT_MAX_TIME_MS": 50}).test_client()
    state = mid_game(seed=12)
    body = {"state": state.to_dict(), "player": state.to_move, "samples": 100_000,
            "async": True}
    r = client.post("/v1/hints", json=body)
    assert r.status_code == 202
    url = r.headers["Location"]
    while (job := client.get(url).json)["status"] not in ("finished", "failed"):
        time.sleep(0.02)
    assert job["progress"]["total"] == 6 and job["result"]["solver"]["samples"] <= 6
    from api.hints import read_request

    with client.application.test_request_context():
        request = read_request("hints", {"state": state.to_dict(), "player": state.to_move,
                                         "time_ms": 600_000, "samples": 7, "seed": 0})
    assert (request.time_ms, request.samples) == (50, 6)


def test_a_budget_past_the_caps_is_cut_and_the_answer_says_so(client: FlaskClient) -> None:
    """``samples: 2000`` searches ``HINT_MAX_SAMPLES`` worlds, and ``solver.capped`` says
    so with the cap (issue 25); a budget within the caps is not marked."""
    state = client.post("/v1/games", json={"seed": 4, "dealer": 1}).json["state"]
    cut = client.post("/v1/evaluate", json={"state": state, "player": 0, "samples": 2000,
                                            "time_ms": 99_000})
    assert cut.status_code == 200, cut.json
    assert cut.json["solver"]["capped"] == {"samples": 200, "time_ms": 3000}
    assert cut.json["solver"]["samples"] <= 200
    kept = client.post("/v1/evaluate", json={"state": state, "player": 0, "samples": 8})
    assert kept.status_code == 200 and "capped" not in kept.json["solver"]
    other = client.post("/v1/games", json={"seed": 5, "dealer": 1}).json["state"]
    queued = client.post("/v1/hints", json={"state": other, "player": 0, "samples": 500,
                                            "async": True})
    assert queued.status_code == 202 and queued.json["capped"] == {"samples": 200}
