"""Reading full states and views from JSON: every error names the field, the card and the
rule (engine/conquian/state.py)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.conquian import State, View, new_game
from engine.errors import StateError


def broken(data: dict[str, Any], reader: Any = State.from_dict) -> StateError:
    with pytest.raises(StateError) as caught:
        reader(data)
    return caught.value


def test_a_state_round_trips() -> None:
    state = new_game(21)
    data = state.to_dict()
    assert list(data)[:2] == ["game", "variant"] and data["game"] == "conquian"
    assert State.from_dict(data) == state


@pytest.mark.parametrize(("change", "field", "rule"), [
    ({"game": "cassino"}, "game", None),
    ({"variant": "standard"}, "variant", None),
    ({"dealer": 2}, "dealer", None),
    ({"phase": "draw"}, "phase", None),
    ({"seed": -1}, "seed", None),
    ({"pool": "1"}, "pool", None),
    ({"source": "stolen"}, "source", None),
    ({"winner": 0}, "winner", "Q18"),
    ({"phase": "meld"}, "up", "Q5"),
    ({"source": None}, "source", None),
    ({"hands": [[]]}, "hands", "Q3, QD12"),
    ({"melds": [[["5H", "6H"]], []]}, "melds[0][0]", "Q11, Q12"),
    ({"melds": [[["5H", "6H", "8H"]], []]}, "melds[0][0][2]", "Q1"),
])
def test_a_broken_field_is_named(change: dict[str, Any], field: str, rule: str | None) -> None:
    data = {**new_game(21, dealer=0).to_dict(), **change}
    error = broken(data)
    assert error.field == field, error
    assert error.rule == rule


def test_cards_are_named_with_their_field() -> None:
    data = new_game(21, dealer=0).to_dict()
    data["hands"][0][2] = "9H"
    error = broken(data)
    assert (error.field, error.rule) == ("hands[0][2]", "Q1") and "forty" in error.message
    data = new_game(21, dealer=0).to_dict()
    data["stock"][0] = data["hands"][1][0]
    error = broken(data)
    assert error.field == "stock[0]" and "hands[1][0]" in error.message
    data = new_game(21, dealer=0).to_dict()
    data["stock"].pop()
    error = broken(data)
    assert error.field == "stock" and "missing" in error.message


def test_melds_and_counts_are_checked() -> None:
    data = new_game(21, dealer=0).to_dict()
    meld = data["hands"][0][:3]
    data["hands"][0] = data["hands"][0][3:]
    data["melds"][0] = [meld]
    error = broken(data)
    assert error.field == "melds[0][0]" and error.rule == "Q11, Q12"
    data = new_game(21, dealer=0).to_dict()
    data["stock"].append(data["hands"][0].pop())
    error = broken(data)
    assert error.field == "hands[0]" and error.rule == "Q9"


def test_a_view_round_trips_and_is_checked() -> None:
    view = new_game(21, dealer=0).view(1)
    data = view.to_dict()
    assert View.from_dict(data) == view
    error = broken({**data, "stock_size": 3}, View.from_dict)
    assert error.field == "stock_size"
    error = broken({**data, "hand_sizes": [10, 9]}, View.from_dict)
    assert error.field == "hand_sizes[1]"
    error = broken({**data, "player": 5}, View.from_dict)
    assert error.field == "player"
