"""Reading states, views and moves: errors name the field, the card and the rule."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import GameError, MoveFormatError, StateError
from engine.rummy import Move, State, new_game, parse_card, parse_move
from tests.engine.rummy.positions import CALLER, position
from tests.engine.rummy.test_rules import SEAT1


def taken() -> dict[str, Any]:
    state = position("poker-rum", [CALLER, SEAT1], pile="10D", stock="7H")
    state, _ = state.apply("take")
    state, _ = state.apply("KS")
    return state.to_dict()


def refusal(data: dict[str, Any]) -> StateError:
    with pytest.raises(StateError) as caught:
        State.from_dict(data)
    return caught.value


def test_a_state_round_trips() -> None:
    data = taken()
    assert State.from_dict(data).to_dict() == data
    assert State.from_dict(new_game(5, "poker-gin", 5).to_dict()) == new_game(5, "poker-gin",
                                                                                5)


@pytest.mark.parametrize(("change", "field", "rule"), [
    ({"variant": "gin"}, "variant", None),
    ({"game": "cassino"}, "game", None),
    ({"players": 7}, "players", None),
    ({"phase": "meld"}, "phase", None),
    ({"scores": [1, -1]}, "scores", "RM26"),
    ({"scores": [0]}, "scores", None),
])
def test_malformed_fields_are_named(change: dict[str, Any], field: str,
                                    rule: str | None) -> None:
    error = refusal({**taken(), **change})
    assert error.field == field and error.rule == rule


def test_cards_out_of_place_are_named() -> None:
    data = taken()
    hands = data["hands"]
    bad = {**data, "hands": [hands[0], [*hands[1][:-1], "ZZ"]]}
    assert refusal(bad).field == "hands[1][9]"
    twice = {**data, "stock": [*data["stock"], hands[0][0]]}
    error = refusal(twice)
    assert error.field == "stock" and error.rule == "RM2" and error.token == hands[0][0]
    missing = {**data, "stock": data["stock"][1:]}
    assert refusal(missing).rule == "RM2"
    second_pack = {**data, "stock": [*data["stock"], "2S'"]}
    assert refusal(second_pack).rule == "RM2"  # two players play with one pack


def test_hand_sizes_and_the_record_must_agree() -> None:
    data = taken()
    short = {**data, "hands": [data["hands"][0][1:], data["hands"][1]],
             "pile": [data["hands"][0][0], *data["pile"]]}
    assert refusal(short).rule == "RM7"
    seen_draw = {**data, "history": [{"seat": 0, "type": "draw", "card": "7H"}]}
    error = refusal(seen_draw)
    assert error.field == "history[0].card" and error.rule == "RM27"
    # the record says seat 0 took 10D, so seat 0 must hold it
    hands = [list(h) for h in data["hands"]]
    hands[0].remove("10D")
    hands[0].append(data["stock"][0])
    moved = {**data, "hands": hands, "stock": ["10D", *data["stock"][1:]]}
    error = refusal(moved)
    assert error.field == "hands[0]" and error.rule == "RM27"


def test_moves_read_from_ids_and_objects() -> None:
    assert parse_move("draw") == Move("draw")
    assert parse_move("7h'!") == Move("discard", parse_card("7H'"), True)
    assert parse_move({"type": "discard", "card": "KS", "call": True}).id == "KS!"
    assert parse_move(Move("take").to_dict()) == Move("take")
    for bad, field in [({"type": "fold"}, "move.type"), ("7X", "move"),
                       ({"type": "discard"}, "move.card"),
                       ({"type": "discard", "card": "KS", "call": "yes"}, "move.call"),
                       ({"type": "draw", "card": "KS"}, "move.card"), (5, "move")]:
        with pytest.raises(MoveFormatError) as caught:
            parse_move(bad)
        assert caught.value.field == field, bad


def test_every_error_is_the_engines() -> None:
    with pytest.raises(GameError):
        State.from_dict([])
