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
from api.rummy.schemas import (
    RummyEventSchema,
    RummyMoveSchema,
    RummyStateSchema,
    RummyViewSchema,
)
from tests.api.other_games import ok

FORMS: dict[str, tuple[Any, ...]] = {
    "conquian": (ConquianStateSchema, ConquianViewSchema, ConquianMoveSchema,
                 ConquianEventSchema),
    "rummy": (RummyStateSchema, RummyViewSchema, RummyMoveSchema, RummyEventSchema),
}


def fits(schema: Any, data: Any) -> None:
    errors = schema(unknown="include" if "Event" in schema.__name__ else "raise").validate(data)
    assert errors == {}, (schema.__name__, errors, data)


@pytest.mark.parametrize(("game", "variant"), [("conquian", "conquian"), ("rummy", "poker-rum"),
                                               ("rummy", "poker-gin"),
                                               ("rummy", "double-pack-rum")])
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
        answer = ok(client.post("/v1/apply", json={"state": state, "move": rng.choice(moves),
                                                   "player": state["to_move"]}))
        for event in answer["events"]:
            fits(event_schema, event)
        state = answer["state"]
    raise AssertionError("the hand did not end")
