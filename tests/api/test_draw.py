"""``draw`` over HTTP (docs/rules/draw.md): games, draws seen by their drawer only, hints
and evaluations from a view, and views no ``draw`` game can reach refused."""

from __future__ import annotations

import random

from flask.testing import FlaskClient

import solver
from engine import State, new_game
from engine.cassino.play import advance
from tests.api.helpers import finished


def draw_game(seed: int, plies: int) -> State:
    rng = random.Random(seed)
    state = new_game(seed, "draw", dealer=1)
    for _ in range(plies):
        state = advance(state, rng.choice(state.legal_moves()))
    return state


def test_a_draw_game_starts_and_every_apply_draws(client: FlaskClient) -> None:
    variants = {v["name"]: v for v in client.get("/v1/variants").json["variants"]}
    assert variants["draw"]["playable"] is True and variants["draw"]["draw_after_play"] is True
    answer = client.post("/v1/games", json={"variant": "draw", "seed": 3, "dealer": 1})
    assert answer.status_code == 200, answer.json
    state = answer.json["state"]
    assert state["variant"] == "draw" and len(state["stock"]) == 40
    move = client.post("/v1/legal-moves", json={"state": state}).json["moves"][0]["id"]
    played = client.post("/v1/apply", json={"state": state, "move": move})
    assert played.status_code == 200, played.json
    draw = played.json["events"][-1]
    assert draw["type"] == "draw" and draw["player"] == 0 and draw["card"] == state["stock"][0]
    assert draw["stock_size"] == 39 and draw["last_batch"] is False
    after = played.json["state"]
    assert [len(h) for h in after["hands"]] == [4, 4] and state["stock"][0] in after["hands"][0]


def test_a_sealed_seat_never_sees_the_other_seats_draws(client: FlaskClient) -> None:
    answer = client.post("/v1/games", json={"variant": "draw", "seed": 5, "dealer": 1,
                                            "sealed": True, "house": [{"player": 1,
                                                                       "bot": "greedy"}]})
    assert answer.status_code == 200, answer.json
    token, credential = answer.json["game"], answer.json["credentials"][0]
    for _ in range(3):
        moves = client.post("/v1/legal-moves", json={"game": token, "credential": credential})
        played = client.post("/v1/apply", json={"game": token, "credential": credential,
                                                "move": moves.json["moves"][0]["id"]})
        assert played.status_code == 200, played.json
        token = played.json["game"]
        draws = [e for e in played.json["events"] if e["type"] == "draw"]
        assert [e["player"] for e in draws] == [0, 1]
        assert draws[0]["card"] in played.json["view"]["hand"]  # its own draw
        assert draws[1]["card"] is None  # the house's draw stays hidden (R29)
        assert played.json["view"]["hand_sizes"] == [4, 4]


def test_hints_and_evaluation_of_a_draw_view(client: FlaskClient) -> None:
    state = draw_game(9, 13)
    assert len(state.stock) == 27
    p = state.to_move
    view = state.view(p)
    body = {"view": view.to_dict(), "seed": 4, "samples": 12}
    hints = finished(client, client.post("/v1/hints", json=body))
    ids = [m["move"]["id"] for m in hints["moves"]]
    assert sorted(ids) == sorted(m.id for m in state.legal_moves())
    assert hints["solver"]["samples"] == 12 and hints["solver"]["nodes"] > 0
    equities = [m["equity"] for m in hints["moves"]]
    assert equities == sorted(equities, reverse=True)
    direct = solver.hint(view, seed=4, samples=12)
    assert [m["move"]["id"] for m in direct["moves"]] == ids
    evaluation = finished(client, client.post("/v1/evaluate", json={
        "state": state.to_dict(), "player": 1 - p, "seed": 4, "samples": 12}))
    assert "moves" not in evaluation and evaluation["player"] == 1 - p
    assert abs(evaluation["evaluation"]["equity"]) <= 30
    # the same view with the seats' hidden cards swapped gives the same hints (R29)
    other, stock = state.hands[1 - p], list(state.stock)
    out = next(c for c in range(52) if other >> c & 1)
    swapped_in = stock[-1]
    stock[-1] = out
    hands = list(state.hands)
    hands[1 - p] = other & ~(1 << out) | 1 << swapped_in
    twin = state._replace(hands=tuple(hands), stock=tuple(stock))
    twin.validate()
    again = finished(client, client.post("/v1/hints", json={
        "state": twin.to_dict(), "player": p, "seed": 4, "samples": 12}))
    assert again["moves"] == hints["moves"]


def test_a_view_with_a_short_hand_while_the_stock_lasts_is_refused(client: FlaskClient) -> None:
    view = draw_game(9, 13).view(0).to_dict()
    view["hand_sizes"][1] -= 1
    view["stock_size"] += 1  # as many unseen cards as before
    answer = client.post("/v1/hints", json={"view": view})
    assert answer.status_code == 422 and answer.json["rule"] == "W6"
