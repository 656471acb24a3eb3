"""Every endpoint through the Flask test client, and a whole game through HTTP alone."""

import random
from dataclasses import replace
from typing import Any

import pytest
from flask.testing import FlaskClient

import engine.conquian
import engine.conquian.entry
from engine import State
from engine.cassino import VARIANTS
from engine.conquian import CONQUIAN_GAME
from engine.games import game_types


def new_state(client: FlaskClient, **body: Any) -> dict[str, Any]:
    r = client.post("/v1/games", json=body)
    assert r.status_code == 200, r.json
    return r.json["state"]


def test_variants_lists_standard_as_playable(client: FlaskClient) -> None:
    r = client.get("/v1/variants")
    assert r.status_code == 200
    by_name = {v["name"]: v for v in r.json["variants"]}
    assert by_name["standard"]["playable"] is True
    assert by_name["standard"]["max_build"] == 10 and by_name["standard"]["target_score"] == 21
    assert by_name["royal"]["court_values"] == [11, 12, 13]
    assert by_name["royal"]["playable"] and by_name["royal"]["max_build"] == 13
    assert by_name["three-hand"]["playable"] and by_name["three-hand"]["players"] == 3
    assert by_name["partnership"]["playable"] and by_name["partnership"]["players"] == 4
    assert by_name["partnership"]["partnerships"] is True
    assert by_name["royal-14"]["ace_value"] == 14 and by_name["royal-14"]["max_build"] == 14
    assert set(by_name) == {"standard", "classic", "classic-deal", "twenty-one",
                            "twenty-one-claims", "royal", "royal-14", "spade", "draw",
                            "partnership", "three-hand"}


def test_new_game_is_a_pure_function_of_seed_and_dealer(client: FlaskClient) -> None:
    a = new_state(client, seed=7, dealer=1)
    assert a == new_state(client, seed=7, dealer=1)
    assert a["dealer"] == 1 and a["to_move"] == 0 and a["round"] == 1 and a["deal"] == 1
    assert [len(h) for h in a["hands"]] == [4, 4] and len(a["stock"]) == 40
    assert len(a["table"]["loose"]) == 4
    State.from_dict(a)  # a valid full state


def test_new_game_without_a_body_draws_a_seed(client: FlaskClient) -> None:
    r = client.post("/v1/games")
    assert r.status_code == 200
    seeds = {r.json["state"]["seed"], new_state(client)["seed"]}
    assert len(seeds) == 2  # 2**63 seeds: equal only by a miracle


def test_new_game_refuses_unplayable_variants_and_bad_seats(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # every Cassino variant plays now: one declared but not playable is still refused
    monkeypatch.setitem(VARIANTS, "three-hand", replace(VARIANTS["three-hand"], playable=False))
    r = client.post("/v1/games", json={"variant": "three-hand"})
    assert r.status_code == 422 and r.json["field"] == "variant"
    assert "not playable" in r.json["message"]
    monkeypatch.undo()
    # another game's variant declared but not playable is refused too
    declared = replace(CONQUIAN_GAME, variants=tuple(
        replace(info, playable=False) for info in CONQUIAN_GAME.variants))
    monkeypatch.setattr(engine.conquian.entry, "GAME", declared)
    r = client.post("/v1/games", json={"game": "conquian"})
    assert r.status_code == 422 and r.json["field"] == "variant"
    monkeypatch.undo()
    r = client.post("/v1/games", json={"variant": "bogus"})
    assert r.status_code == 422 and r.json["field"] == "variant"
    r = client.post("/v1/games", json={"dealer": 2})
    assert r.status_code == 422 and r.json["field"] == "dealer"
    for variant, seats in (("three-hand", 3), ("partnership", 4)):
        assert client.post("/v1/games", json={"variant": variant,
                                              "dealer": seats - 1}).status_code == 200
        r = client.post("/v1/games", json={"variant": variant, "dealer": seats})
        assert r.status_code == 422 and r.json["field"] == "dealer"
        r = client.post("/v1/games", json={"variant": variant, "sealed": True,
                                           "house": [{"player": seats, "bot": "greedy"}]})
        assert r.status_code == 422 and r.json["field"] == "house[0].player"
        r = client.post("/v1/games", json={"variant": variant, "sealed": True, "house": [
            {"player": seat, "bot": "greedy"} for seat in range(seats)]})
        assert r.status_code == 422 and r.json["field"] == "house"
    r = client.post("/v1/games", json={"seed": "12"})
    assert r.status_code == 422 and r.json["field"] == "seed"


def test_legal_moves_carry_id_kind_and_groups(client: FlaskClient) -> None:
    state = new_state(client, seed=1, dealer=0)
    r = client.post("/v1/legal-moves", json={"state": state})
    assert r.status_code == 200
    assert r.json["player"] == state["to_move"]
    moves = r.json["moves"]
    assert len({m["id"] for m in moves}) == len(moves)
    for move in moves:
        if move["type"] == "build":
            assert move["kind"] in ("create", "raise", "extend") and move["groups"]
        else:
            assert "kind" not in move


@pytest.mark.parametrize("game", [g.name for g in game_types()])
def test_legal_moves_page_through_the_whole_list(client: FlaskClient, game: str) -> None:
    """``offset`` and ``limit`` page through the one list ``count`` counts, its risks with
    it; a page past the end is empty, and a bad bound is a 422 naming it."""
    state = client.post("/v1/games", json={"game": game, "seed": 4}).json["state"]
    whole = client.post("/v1/legal-moves", json={"state": state, "risks": True})
    risks = whole.status_code == 200
    if not risks:  # a game without warnings
        whole = client.post("/v1/legal-moves", json={"state": state})
    assert whole.status_code == 200, whole.json
    moves = whole.json["moves"]
    assert whole.json["count"] == len(moves) > 0
    paged: list[Any] = []
    size = len(moves) // 4 + 1  # four pages and an empty one past the end
    for offset in range(0, len(moves) + size, size):
        page = client.post("/v1/legal-moves", json={"state": state, "offset": offset,
                                                    "limit": size, "risks": risks}).json
        assert page["count"] == len(moves)
        assert page["moves"] == moves[offset:offset + size]
        if risks:
            assert page["risks"] == whole.json["risks"][offset:offset + size]
        paged += page["moves"]
    assert paged == moves
    for bad in ({"offset": -1}, {"limit": 0}, {"limit": "5"}):
        refused = client.post("/v1/legal-moves", json={"state": state, **bad})
        assert refused.status_code == 422 and refused.json["field"] == next(iter(bad))


def test_apply_refuses_an_illegal_move_naming_the_rule(client: FlaskClient) -> None:
    state = new_state(client, seed=1, dealer=0)
    hand = state["hands"][state["to_move"]]
    other = state["hands"][1 - state["to_move"]][0]
    r = client.post("/v1/apply", json={"state": state, "move": {"type": "trail", "card": other}})
    assert r.status_code == 422  # out of turn: the message says whose turn it is
    assert r.json["rule"] == "R4" and other in r.json["message"]
    assert f"it is player {state['to_move']}'s turn" in r.json["message"]
    assert r.json["rule_url"] == "/rules/standard#R4"
    r = client.post("/v1/apply", json={"state": state, "move": {"type": "trail", "card": hand[0]},
                                       "player": 1 - state["to_move"]})
    assert r.status_code == 422 and r.json["field"] == "player" and r.json["rule"] == "R4"
    assert f"it is player {state['to_move']}'s turn" in r.json["message"]
    r = client.post("/v1/apply", json={"state": state, "move": {
        "type": "build", "card": hand[0], "value": 11, "targets": [state["table"]["loose"][0]]}})
    assert r.status_code == 422 and r.json["field"] == "move.value"
    r = client.post("/v1/apply", json={"state": state, "move": "ZZ"})
    assert r.status_code == 422 and r.json["field"] == "move"
    # The refusals changed nothing: the same state still plays.
    r = client.post("/v1/apply", json={"state": state, "move": {"type": "trail",
                                                                 "card": hand[0]}})
    assert r.status_code == 200


def test_bad_state_names_the_field_and_card(client: FlaskClient) -> None:
    state = new_state(client, seed=3)
    state["hands"][0][0] = "1X"
    r = client.post("/v1/legal-moves", json={"state": state})
    assert r.status_code == 422
    assert r.json["field"] == "state.hands[0][0]" and "1X" in r.json["message"]
    state = new_state(client, seed=3)
    state["stock"][0] = state["hands"][0][0]
    r = client.post("/v1/legal-moves", json={"state": state})
    assert r.status_code == 422 and state["hands"][0][0] in r.json["message"]
    state = new_state(client, seed=3)
    state["colour"] = "red"
    r = client.post("/v1/legal-moves", json={"state": state})
    assert r.status_code == 422 and r.json["field"] == "state.colour"
    state = new_state(client, seed=3)
    state["table"]["builds"] = [{"value": 7, "owner": 0, "groups": [["5C", "KD"]]}]
    r = client.post("/v1/legal-moves", json={"state": state})
    assert r.status_code == 422


def test_oversized_body_is_413_json(client: FlaskClient) -> None:
    r = client.post("/v1/legal-moves", data=b"[" * (300 * 1024), content_type="application/json")
    assert r.status_code == 413 and r.json["code"] == 413
    # the project's words, with the limit: not the web framework's sentence
    assert r.json["message"].startswith("the body is larger than the 262,144 bytes (256 KiB)")


def test_method_not_allowed_is_json_with_allow(client: FlaskClient) -> None:
    r = client.get("/v1/apply")
    assert r.status_code == 405 and r.json["code"] == 405 and "POST" in r.headers["Allow"]


def test_view_hides_the_other_hand_stock_and_seed(client: FlaskClient) -> None:
    state = new_state(client, seed=11)
    r = client.post("/v1/view", json={"state": state, "player": 0})
    assert r.status_code == 200
    view = r.json["view"]
    text = r.get_data(as_text=True)
    assert "seed" not in view and "stock" not in view and "hands" not in view
    for card in state["hands"][1] + state["stock"]:
        assert f'"{card}"' not in text
    r = client.post("/v1/view", json={"state": state, "player": 2})
    assert r.status_code == 422 and r.json["field"] == "player"


def test_score_needs_exactly_one_of_state_or_view(client: FlaskClient) -> None:
    state = new_state(client, seed=2)
    r = client.post("/v1/score", json={})
    assert r.status_code == 422
    view = client.post("/v1/view", json={"state": state, "player": 0}).json["view"]
    assert client.post("/v1/score", json={"state": state, "view": view}).status_code == 422
    assert client.post("/v1/score", json={"view": view}).json["players"][0]["total"] == 0


def new_game_view(state: dict[str, Any]) -> dict[str, Any]:
    from engine import State

    return State.from_dict(state).view(0).to_dict()


def test_a_whole_game_over_http(client: FlaskClient) -> None:
    """New game to game over with nothing but HTTP calls (seeded random choices)."""
    rng = random.Random(2024)
    state = new_state(client, seed=99)
    seen_events: set[str] = set()
    moves_played = 0
    while state["status"] == "playing":
        r = client.post("/v1/legal-moves", json={"state": state})
        assert r.status_code == 200
        moves = r.json["moves"]
        captures = [m for m in moves if m["type"] == "capture"]
        move = rng.choice(captures or moves)  # capture-happy, so the game ends sooner
        r = client.post("/v1/apply", json={"state": state, "move": move["id"]})
        assert r.status_code == 200, r.json
        seen_events.update(e["type"] for e in r.json["events"])
        state = r.json["state"]
        moves_played += 1
        assert moves_played < 5000
    assert state["winner"] in (0, 1)
    assert max(state["scores"]) >= 21 and state["scores"][state["winner"]] == max(state["scores"])
    assert {"capture", "deal", "round_scored", "game_over"} <= seen_events
    # A finished game: 409 with the rule, for every question about a next move.
    for path, body in (("/v1/legal-moves", {"state": state}),
                       ("/v1/apply", {"state": state, "move": "KC"}),
                       ("/v1/hints", {"state": state, "player": 0}),
                       ("/v1/evaluate", {"state": state, "player": 1}),
                       ("/v1/hints", {"view": new_game_view(state)})):
        r = client.post(path, json=body)
        assert r.status_code == 409, (path, r.json)
        assert r.json["rule"] == "R27" and "the game is over" in r.json["message"]
        assert r.json["rule_url"] == "/rules/standard#R27"
    # Its score and views still answer.
    assert client.post("/v1/score", json={"state": state}).status_code == 200
    assert client.post("/v1/view", json={"state": state, "player": 0}).status_code == 200


def test_out_of_range_numbers_are_422_not_500(client: FlaskClient) -> None:
    import json

    for key, value in (("round", 10**7), ("deal", 2**70), ("scores", [10**9, 0]),
                       ("sweeps", [53, 0]), ("seed", -1)):
        state = new_state(client, seed=5)
        state[key] = value
        r = client.post("/v1/legal-moves", data=json.dumps({"state": state}),
                        content_type="application/json")
        assert r.status_code == 422, (key, r.json)
        assert r.json["field"].startswith(f"state.{key}")
