"""Conquian's and the rummy games' words over HTTP (docs/api.md "Other games"): every move
that legal-moves and hints list, and every event of an open or a sealed hand, has a
``description`` naming only cards the JSON beside it shows to the asking seat; a rummy
event's ``seat`` is its ``player`` too; a move sent back as listed, words and all, plays."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.rummy.cards import parse_card
from engine.rummy.words import card_text
from tests.api.helpers import finished
from tests.api.other_games import ok, play_sealed
from tests.engine.named import named_cards, shown_cards, strings

GAMES = [("conquian", "conquian", None), ("rummy", "poker-rum", 3), ("rummy", "poker-gin", 2),
         ("rummy", "double-pack-rum", 2)]
PLIES = 40


def check_event(event: dict[str, Any]) -> None:
    assert event["description"], event
    assert named_cards(event["description"]) <= shown_cards(event), event
    if "seat" in event:
        assert event["player"] == event["seat"], event


def check_moves(moves: list[dict[str, Any]], view: dict[str, Any]) -> None:
    """Each move has words, naming its own cards and public ones of the mover's view."""
    for move in moves:
        assert move["description"], move
        assert named_cards(move["description"]) <= strings(move) | strings(view), move


@pytest.mark.parametrize(("game", "variant", "players"), GAMES)
def test_an_open_hand_in_words(client: FlaskClient, game: str, variant: str,
                                              players: int | None) -> None:
    rng = random.Random(f"words/{variant}")
    body = {"game": game, "variant": variant, "seed": 5,
            **({"players": players} if players else {})}
    state = ok(client.post("/v1/games", json=body))["state"]
    kinds: set[str] = set()
    for _ in range(PLIES):
        listed = client.post("/v1/legal-moves", json={"state": state})
        if listed.status_code == 409:
            break
        mover = state["to_move"]
        view = ok(client.post("/v1/view", json={"state": state, "player": mover}))["view"]
        moves = ok(listed)["moves"]
        check_moves(moves, view)
        move = rng.choice(moves)  # sent back as listed: its words are ignored
        for seat in (None, mover):  # the whole events, and the mover's (the others: sealed)
            answer = ok(client.post("/v1/apply", json={
                "state": state, "move": move, **({} if seat is None else {"player": seat})}))
            for event in answer["events"]:
                check_event(event)
                kinds.add(event["type"])
        state = answer["state"]
    assert len(kinds) >= 3, kinds


@pytest.mark.parametrize(("game", "variant"), [("conquian", "conquian"),
                                               ("rummy", "double-pack-rum")])
def test_a_sealed_hand_tells_each_event_in_words(client: FlaskClient, game: str,
                                                 variant: str) -> None:
    body = {"game": game, "variant": variant, "seed": 12,
            "house": [{"player": 1, "bot": "random"}]}
    _, _, events = play_sealed(client, body, 0, seed=3)
    assert events
    for event in events:
        check_event(event)
    if game == "rummy":
        draws = [e for e in events if e["type"] == "draw"]
        assert {e["card"] is None for e in draws} == {False, True}  # own draws, and the house's
        for e in draws:  # a turned stock's cards are public (DP12), the others never named
            if not e.get("public"):
                assert e["description"] == f"Player {e['seat']} draws from the stock", e
            else:
                assert e["description"] == (f"Player {e['seat']} draws "
                                            f"{card_text(parse_card(e['card']))} from the turned "
                                            "stock (DP12)"), e


def test_a_rummy_move_sent_with_its_words_plays(client: FlaskClient) -> None:
    state = ok(client.post("/v1/games", json={"game": "rummy", "seed": 4}))["state"]
    listed = ok(client.post("/v1/legal-moves", json={"state": state}))["moves"]
    draw = next(m for m in listed if m["type"] == "draw")
    assert draw == {"id": "draw", "type": "draw", "description": "Draw from the stock"}
    without_id = {k: v for k, v in draw.items() if k != "id"}
    for sent in (draw, without_id, {"id": "draw", "description": "anything"}):
        ok(client.post("/v1/apply", json={"state": state, "move": sent}))


@pytest.mark.parametrize(("game", "variant", "players"), GAMES)
def test_a_hints_moves_read_as_legal_moves_lists_them(client: FlaskClient, game: str,
                                                      variant: str,
                                                      players: int | None) -> None:
    body = {"game": game, "variant": variant, "seed": 3,
            **({"players": players} if players else {})}
    state = ok(client.post("/v1/games", json={**body}))["state"]
    seat = state["to_move"]
    listed = ok(client.post("/v1/legal-moves", json={"state": state}))["moves"]
    hints = finished(client, client.post("/v1/hints", json={
        "state": state, "player": seat, "samples": 4, "seed": 1}))
    by_id = {m["id"]: m for m in listed}
    assert hints["moves"]
    for ranked in hints["moves"]:
        assert ranked["move"] == by_id[ranked["move"]["id"]]
        assert ranked["move"]["description"]
