"""The other games' answers fit the schemas the spec documents them by (api/game_schemas.py:
``ConquianState``, ``RummyView``, ...), field by field, over whole hands."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.conquian.schemas import (
    ConquianEventSchema,
    ConquianMoveSchema,
    ConquianStateSchema,
    ConquianViewSchema,
)
from api.game_schemas import GameScoreSchema
from api.i_doubt_it.schemas import (
    IDoubtItEventSchema,
    IDoubtItMoveSchema,
    IDoubtItStateSchema,
    IDoubtItViewSchema,
)
from api.jass.schemas import JassEventSchema, JassMoveSchema, JassStateSchema, JassViewSchema
from api.patience_poker.schemas import (
    PatiencePokerEventSchema,
    PatiencePokerMoveSchema,
    PatiencePokerStateSchema,
    PatiencePokerViewSchema,
)
from api.rummy.schemas import (
    RummyEventSchema,
    RummyMoveSchema,
    RummyStateSchema,
    RummyViewSchema,
)
from tests.api.other_games import first_to_act, ok

FORMS: dict[str, tuple[Any, ...]] = {
    "conquian": (ConquianStateSchema, ConquianViewSchema, ConquianMoveSchema,
                 ConquianEventSchema),
    "rummy": (RummyStateSchema, RummyViewSchema, RummyMoveSchema, RummyEventSchema),
    "jass": (JassStateSchema, JassViewSchema, JassMoveSchema, JassEventSchema),
    "patience-poker": (PatiencePokerStateSchema, PatiencePokerViewSchema,
                       PatiencePokerMoveSchema, PatiencePokerEventSchema),
    "i-doubt-it": (IDoubtItStateSchema, IDoubtItViewSchema, IDoubtItMoveSchema,
                   IDoubtItEventSchema),
}


def fits(schema: Any, data: Any) -> None:
    errors = schema(unknown="include" if "Event" in schema.__name__ else "raise").validate(data)
    assert errors == {}, (schema.__name__, errors, data)


@pytest.mark.parametrize(("game", "variant"), [("conquian", "conquian"), ("rummy", "poker-rum"),
                                               ("rummy", "poker-gin"),
                                               ("rummy", "double-pack-rum"),
                                               ("jass", "jass"), ("jass", "three-hand-jass"),
                                               ("jass", "two-hand-jass"),
                                               ("jass", "two-hand-jass-1000")])
def test_every_answer_of_a_hand_fits_its_schema(client: FlaskClient, game: str,
                                                variant: str) -> None:
    state_schema, view_schema, move_schema, event_schema = FORMS[game]
    rng = random.Random(3)
    state = ok(client.post("/v1/games", json={"game": game, "variant": variant, "seed": 8}))[
        "state"]
    for _ in range(2000):
        fits(state_schema, state)
        for seat in range(len(state["hands"])):
            fits(view_schema, ok(client.post("/v1/view", json={"state": state,
                                                                "player": seat}))["view"])
        fits(GameScoreSchema, ok(client.post("/v1/score", json={"state": state})))
        listed = client.post("/v1/legal-moves", json={"state": state})
        if listed.status_code == 409:
            return
        moves = ok(listed)["moves"]
        for move in moves:
            fits(move_schema, move)
        seat = state["to_move"] if "to_move" in state else state["turn"]  # Jass's turn
        answer = ok(client.post("/v1/apply", json={"state": state, "move": rng.choice(moves),
                                                   "player": seat}))
        for event in answer["events"]:
            fits(event_schema, event)
        state = answer["state"]
    raise AssertionError("the hand did not end")


def test_a_turned_stock_and_a_stalled_hand_fit_the_rummy_schemas() -> None:
    """Double-Pack Rum's fields of a turned pile (DP11, DP12) and of a stalled hand (DP13)
    are documented by the schemas."""
    from tests.engine.rummy.test_turned_stock import short_stock
    state = short_stock(["2S 3D 5H 9S JD", "4C 6H 8D 10S QC"], pile="KS KH KD", stock="AS")
    events = []
    while not state.game_over:  # draw and discard: the pile turned, then drawn through
        state, drew = state.apply("draw")
        discard = next(m for m in state.legal_moves() if m.type == "discard")
        state, done = state.apply(discard)
        events += [*drew, *done]
        if state.turned_at is not None and not state.game_over:
            turned = state
    assert {e.type for e in events} >= {"reshuffle", "draw", "hand_drawn"}
    assert "turned_at" in turned.to_dict() and "stock" in turned.view(0).to_dict()
    for position in (turned, state):
        fits(RummyStateSchema, position.to_dict())
        for seat in range(2):
            fits(RummyViewSchema, position.view(seat).to_dict())
    for seat in range(2):
        for event in events:
            fits(RummyEventSchema, event.to_dict(seat))


@pytest.mark.parametrize(("game", "variant", "players"), [
    ("patience-poker", "patience-poker", 3), ("patience-poker", "patience-poker-english", 1),
    ("patience-poker", "poker-squares", 2), ("i-doubt-it", "i-doubt-it", 6)])
def test_every_answer_of_a_table_fits_its_schema(client: FlaskClient, game: str,
                                                 variant: str, players: int) -> None:
    """Patience Poker's and I Doubt It's states and every seat's views (every fifth ply and
    the last: a log holds the events before it), a page of twenty of the moves listed (of
    hundreds of claims) and every event, as its mover is told it."""
    state_schema, view_schema, move_schema, event_schema = FORMS[game]
    rng = random.Random(3)
    state = ok(client.post("/v1/games", json={"game": game, "variant": variant, "seed": 8,
                                              "players": players}))["state"]
    for ply in range(2000):
        if ply % 5 == 0 or state["result"]["over"]:  # a log holds every event before it
            fits(state_schema, state)
            for seat in range(players):
                fits(view_schema, ok(client.post("/v1/view", json={"state": state,
                                                                    "player": seat}))["view"])
        fits(GameScoreSchema, ok(client.post("/v1/score", json={"state": state})))
        if state["result"]["over"]:
            return
        seat = first_to_act(state)
        count = ok(client.post("/v1/legal-moves", json={"state": state, "player": seat,
                                                        "limit": 1}))["count"]
        moves = ok(client.post("/v1/legal-moves", json={  # twenty in a row, from anywhere
            "state": state, "player": seat, "offset": rng.randrange(max(1, count - 19)),
            "limit": 20}))["moves"]
        for move in moves:
            fits(move_schema, move)
        move = rng.choice(moves)
        answer = ok(client.post("/v1/apply", json={"state": state, "move": move,
                                                   "player": seat}))
        for event in answer["events"]:
            fits(event_schema, event)
        state = answer["state"]
    raise AssertionError("the game did not end")


def test_a_place_told_to_a_seat_yet_to_place_fits_its_schema() -> None:
    """PPD9: a seat yet to place the card is told another's place without its cell."""
    from engine.patience_poker.state import Move, deal
    state = deal(8, "patience-poker", 2, 0)
    move = state.moves_for(0)[0]
    _, events = state.apply(Move(move.card, move.cell, 0))
    told = [event.to_dict(1) for event in events]
    assert told[0]["cell"] is None
    for event in told:
        fits(PatiencePokerEventSchema, event)
