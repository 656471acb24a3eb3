"""Royal Cassino over HTTP (docs/rules/royal.md): new games, moves with court cards worth
11-13, builds of 13 in requests and answers, refusals, hints and evaluations."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

import solver
from engine import State, new_game
from engine.cards import parse_cards

ROYAL = ["royal", "royal-14"]


def royal_position(variant: str, hand: tuple[str, ...] = ("KS", "2C"),
                   loose_cards: tuple[str, ...] = ("6H", "7D", "JS")) -> State:
    """Seat 0 to move in the last batch: by default K♠ 2♣ against a loose 6♥ 7♦ J♠ (a king
    takes 6 + 7, a 2 on the jack builds 13); seat 1 holds 3♠ 4♠."""
    hands = (parse_cards(list(hand)), parse_cards(["3S", "4S"]))
    loose = parse_cards(list(loose_cards))
    rest = [c for c in range(52) if not (hands[0] | hands[1] | loose) >> c & 1]
    state = new_game(5, variant)._replace(
        dealer=1, to_move=0, hands=hands, stock=(), loose=loose, builds=(),
        captured=(sum(1 << c for c in rest[::2]), sum(1 << c for c in rest[1::2])),
        last_capturer=1, history=())
    state.validate()
    return state


@pytest.mark.parametrize("variant", ROYAL)
def test_a_royal_game_starts_and_lists_court_card_moves(client: FlaskClient, variant: str
                                                       ) -> None:
    r = client.post("/v1/games", json={"variant": variant, "seed": 7, "dealer": 0})
    assert r.status_code == 200, r.json
    assert r.json["state"]["variant"] == variant
    state = royal_position(variant).to_dict()
    r = client.post("/v1/legal-moves", json={"state": state})
    assert r.status_code == 200, r.json
    by_id = {m["id"]: m for m in r.json["moves"]}
    assert by_id["KSx6H7D"]["description"] == "Take 6♥ and 7♦ with K♠"
    assert by_id["2C+JS=13"]["value"] == 13 and by_id["2C+JS=13"]["kind"] == "create"
    assert by_id["2C+JS=13"]["description"] == "Build 13 from 2♣ on J♠"


@pytest.mark.parametrize("variant", ROYAL)
def test_builds_of_13_travel_in_states_and_moves(client: FlaskClient, variant: str) -> None:
    state = royal_position(variant)
    r = client.post("/v1/apply", json={"state": state.to_dict(),
                                       "move": {"type": "build", "card": "2C",
                                                "targets": ["JS"], "value": 13}})
    assert r.status_code == 200, r.json
    after: dict[str, Any] = r.json["state"]
    assert after["table"]["builds"] == [{"value": 13, "owner": 0, "groups": [["2C", "JS"]]}]
    # the schema and the engine accept the build back; the opponent's move list reads it
    r = client.post("/v1/legal-moves", json={"state": after})
    assert r.status_code == 200, r.json
    r = client.post("/v1/apply", json={"state": state.to_dict(), "move": "2C+JS=13"})
    assert r.status_code == 200


@pytest.mark.parametrize("variant", ROYAL)
def test_royal_refusals_name_the_court_card(client: FlaskClient, variant: str) -> None:
    state = royal_position(variant).to_dict()
    state["hands"][0] = ["QS", "2C"]  # no king to keep for the build of 13
    state["captured"][0] = [c for c in state["captured"][0] if c != "QS"] + ["KS"]
    r = client.post("/v1/apply", json={"state": state, "move": "2C+JS=13"})
    assert r.status_code == 422
    assert r.json["message"] == "to build 13 you must keep a K (13) in hand (R14)"
    r = client.post("/v1/apply", json={"state": state, "move": "2C+JS=15"})
    assert r.status_code == 422 and r.json["rule"] == "R17"


def test_a_build_of_14_is_accepted_only_where_aces_are_high(client: FlaskClient) -> None:
    """The schema admits 14 (royal-14's max_build); the engine decides per variant."""
    for variant, status in (("royal-14", 200), ("royal", 422)):
        state = royal_position(variant, ("9H", "AS"), ("5C", "JS")).to_dict()
        r = client.post("/v1/apply", json={"state": state, "move": {
            "type": "build", "card": "9H", "targets": ["5C"], "value": 14}})
        assert r.status_code == status, r.json
        if status == 200:
            assert r.json["state"]["table"]["builds"][0]["value"] == 14
            r = client.post("/v1/legal-moves", json={"state": r.json["state"]})
            assert r.status_code == 200
        else:
            assert r.json["rule"] == "R17"


def test_the_schema_bounds_builds_by_the_highest_variant(client: FlaskClient) -> None:
    state = royal_position("royal").to_dict()
    r = client.post("/v1/apply", json={"state": state, "move": {
        "type": "build", "card": "2C", "targets": ["JS"], "value": 99}})
    assert r.status_code == 422 and "move" in r.json["field"]


@pytest.mark.parametrize("variant", ROYAL)
def test_a_hint_for_a_royal_position(client: FlaskClient, variant: str) -> None:
    state = royal_position(variant)
    body = {"state": state.to_dict(), "player": 0, "seed": 2, "samples": 4}
    r = client.post("/v1/hints", json=body)
    assert r.status_code == 200, r.json
    moves = r.json["moves"]
    assert sorted(m["move"]["id"] for m in moves) == sorted(m.id for m in state.legal_moves())
    by_id = {m["move"]["id"]: m["move"] for m in moves}
    assert by_id["2C+JS=13"]["value"] == 13 and by_id["KSx6H7D"]["points"] == []
    # the last batch: one exact world.  The king takes 13 now or a build of 13 next turn
    # (the last capturer then takes the rest, R24), all worth 3; trailing it loses the lot.
    assert [m["equity"] for m in moves] == [3.0, 3.0, 3.0, 3.0, -5.0]
    assert moves[-1]["move"]["id"] == "KS"
    direct = solver.hint(state.view(0), seed=2, samples=4)
    assert [m["move"]["id"] for m in direct["moves"]] == [m["move"]["id"] for m in moves]
    r = client.post("/v1/evaluate", json=body)
    assert r.status_code == 200 and r.json["evaluation"] == direct["evaluation"]


@pytest.mark.parametrize("variant", ROYAL)
def test_a_sealed_royal_game_plays_against_the_house(client: FlaskClient, variant: str) -> None:
    r = client.post("/v1/games", json={"variant": variant, "seed": 3, "dealer": 1,
                                       "sealed": True,
                                       "house": [{"player": 1, "bot": "greedy"}]})
    assert r.status_code == 200, r.json
    game, credential = r.json["game"], r.json["credentials"][0]
    for _ in range(6):
        r = client.post("/v1/legal-moves", json={"game": game, "credential": credential})
        assert r.status_code == 200, r.json
        move = r.json["moves"][0]["id"]
        r = client.post("/v1/apply", json={"game": game, "credential": credential,
                                           "move": move})
        assert r.status_code == 200, r.json
        game = r.json["game"]
        assert r.json["view"]["variant"] == variant


def test_the_royal_rules_page_is_linked(client: FlaskClient) -> None:
    variants = {v["name"]: v for v in client.get("/v1/variants").json["variants"]}
    pages = {name: client.get(variants[name]["rules_url"]) for name in ROYAL}
    assert all(page.status_code == 200 for page in pages.values())
    html = pages["royal"].get_data(as_text=True)
    for rule in ("V3.1", "V3.1a", "V3.1b", "V3.2", "V3.3", "V3.4"):
        assert f'id="{rule}"' in html
    assert 'href="/rules/royal#V3.2"' in pages["royal-14"].get_data(as_text=True)
