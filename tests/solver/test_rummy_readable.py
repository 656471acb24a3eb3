"""The rummy games' readable hints (solver/rummy/readable.py): moves alike up to which
pack's copy of a card they play are grouped, the best of them listing the others."""

from __future__ import annotations

from engine.rummy import Played
from solver.games import hint_game
from solver.rummy.readable import mark_twins, twin_key
from tests.engine.rummy.positions import position


def test_the_two_copies_of_a_card_are_one_choice() -> None:
    state = position("double-pack-rum", ["7H 7H' 2D 4S 6H QC KD 9S' JD 3C 8S",
                                         "5C 5D 5S 8D 8H 9S 9D JS 10C 2S"],
                     pile="3S", phase="discard", history=(Played(0, "draw"),))
    view = state.view(0)
    solver = hint_game("rummy")
    moves = [m for m in solver.moves(view) if m.type == "discard"]
    ids = {m.id for m in moves}
    assert {"7H", "7H'"} <= ids
    ranked = [{"move": {"id": m.id}} for m in moves]
    mark_twins(view, ranked)
    marked = {item["move"]["id"]: item for item in ranked}
    first, second = ("7H", "7H'") if "alternatives" in marked["7H"] else ("7H'", "7H")
    assert marked[first]["alternatives"] == [second]
    assert marked[second]["alternative_of"] == first
    assert "alternatives" not in marked["2D"] and "alternative_of" not in marked["2D"]
    assert twin_key(next(m for m in moves if m.id == "7H")) == twin_key(
        next(m for m in moves if m.id == "7H'"))


def test_a_hint_over_the_api_marks_the_copies() -> None:
    from api import create_app

    state = position("double-pack-rum", ["7H 7H' 2D 4S 6H QC KD 9S' JD 3C 8S",
                                         "5C 5D 5S 8D 8H 9S 9D JS 10C 2S"],
                     pile="3S", phase="discard", history=(Played(0, "draw"),))
    client = create_app({"RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}).test_client()
    answer = client.post("/v1/hints", json={"state": state.to_dict(), "player": 0,
                                            "samples": 4})
    assert answer.status_code == 200, answer.json
    by_id = {m["move"]["id"]: m for m in answer.json["moves"]}
    assert "alternatives" in by_id["7H"] or "alternatives" in by_id["7H'"]
