"""A sealed token's length depends on public facts only, with the events in it too: each
seat's own events name its hidden cards (the hand dealt to it, the card it drew), and card
names are 2 to 4 characters long (``7S``, ``10S``, ``7S'``), so the token counts every
card name at the longest width (api/sealed.py ``CARD_WIDTH``)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.sealed import SealedGame, Sealer


def sealer_of(app: Flask) -> Sealer:
    return app.extensions["cardgames_sealer"]  # type: ignore[no-any-return]


def swapped(payload: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    """``payload`` with cards ``a`` and ``b`` trading places wherever they are named."""
    raw = orjson.dumps(payload).decode()
    raw = raw.replace(f'"{a}"', "\0").replace(f'"{b}"', f'"{a}"').replace("\0", f'"{b}"')
    return orjson.loads(raw)  # type: ignore[no-any-return]


def hidden_swaps(hidden: list[str], stock: list[str]) -> list[tuple[str, str]]:
    """Pairs of a card seat 0 cannot see and a stock card whose names differ in length."""
    return [(a, b) for a in hidden for b in stock if len(a) != len(b)][:6]


def lengths(sealer: Sealer, game: SealedGame, pairs: list[tuple[str, str]]) -> set[int]:
    """The lengths of what the tokens encrypt (a token's own length is this one rounded up
    to the cipher's block, so a difference here shows in some tokens, not in every one)."""
    payload = game.to_payload()
    games = [game, *(SealedGame.from_payload(swapped(payload, a, b)) for a, b in pairs)]
    return {len(sealer.fernet.decrypt(sealer.seal(each).encode())) for each in games}


def test_a_cassino_deal_event_does_not_tell_the_other_hands_tens(
        app: Flask, client: FlaskClient) -> None:
    started = client.post("/v1/games", json={"seed": 7, "dealer": 0, "sealed": True}).json
    sealer = sealer_of(app)
    game = sealer.open(started["game"])
    seen_by_1 = game.events[1][0]["hands"][1]  # seat 1's own deal event names its hand
    state = game.to_payload()["state"]
    assert seen_by_1 == state["hands"][1]
    pairs = hidden_swaps(state["hands"][1], state["stock"])
    assert pairs
    assert len(lengths(sealer, game, pairs)) == 1


@pytest.mark.parametrize("variant", ["poker-rum", "double-pack-rum"])
def test_a_rummy_draw_event_does_not_tell_the_card_drawn(
        app: Flask, client: FlaskClient, variant: str) -> None:
    sealer = sealer_of(app)
    started = client.post("/v1/games", json={"game": "rummy", "variant": variant,
                                             "seed": 11, "sealed": True}).json
    token, credentials = started["game"], started["credentials"]
    for _ in range(8):  # a few turns of both seats, until a drawn card is named
        game = sealer.open(token)
        seat = min(game.state.acting)
        moves = client.post("/v1/legal-moves", json={
            "game": token, "credential": credentials[seat]}).json["moves"]
        move = next((m for m in moves if m["type"] == "draw"), moves[-1])
        token = client.post("/v1/apply", json={"game": token, "credential": credentials[seat],
                                               "move": move["id"]}).json["game"]
        game = sealer.open(token)
        drawn = [e["card"] for e in game.events[seat] if e["type"] == "draw" and e["card"]]
        if drawn and seat == 1:
            break
    assert drawn and seat == 1
    state = game.to_payload()["state"]
    pairs = hidden_swaps(drawn, state["stock"])  # the card seat 1 drew, which seat 0 did not see
    assert pairs
    assert len(lengths(sealer, game, pairs)) == 1
