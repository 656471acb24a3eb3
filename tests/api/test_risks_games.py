"""Warnings of the meld games over HTTP: ``POST /v1/legal-moves`` with ``risks``."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from engine.rummy import Played
from tests.engine.rummy.positions import position
from tests.solver.test_meld_risks import HANDS


@pytest.mark.parametrize("variant", ["poker-rum", "double-pack-rum"])
def test_each_move_has_its_warning_in_order(client: FlaskClient, variant: str) -> None:
    hands = HANDS if variant == "poker-rum" else [
        "7H 7S 7D 8C 9C 10C 2D 4S 6H QC KD", "5C 5D 5S 8S 8D 8H 9S 9D JS JD"]
    state = position(variant, hands, pile="4C", phase="discard", history=(Played(0, "draw"),))
    answer = client.post("/v1/legal-moves", json={"state": state.to_dict(), "risks": True})
    assert answer.status_code == 200, answer.json
    moves, risks = answer.json["moves"], answer.json["risks"]
    assert [r["move"] for r in risks] == [m["id"] for m in moves]
    discards = [r for r in risks if r["how"] is not None]
    assert discards and all(r["player"] == 1 and 0 <= r["probability"] <= 1
                            for r in discards)
    plain = client.post("/v1/legal-moves", json={"state": state.to_dict()}).json
    assert "risks" not in plain and plain["moves"] == moves


def test_conquian_warns_of_a_discard(client: FlaskClient) -> None:
    from engine.conquian import new_game

    state = new_game(3, "conquian", 0)
    answer = client.post("/v1/legal-moves", json={"state": state.to_dict(), "risks": True})
    assert answer.status_code == 200, answer.json
    assert len(answer.json["risks"]) == len(answer.json["moves"])
