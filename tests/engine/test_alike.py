"""Alike moves (engine/cassino/alike.py): the same up to suits that do not matter (R26,
V2.1, V4.1), for readable hints."""

from __future__ import annotations

import pytest

from engine import parse_move_id
from engine.cards import parse_card
from engine.cassino import VARIANTS
from engine.cassino.alike import alike_moves, card_class
from tests.engine.test_rules import position


def same(variant: str, a: str, b: str) -> bool:
    rules = VARIANTS[variant]
    return card_class(rules, parse_card(a)) == card_class(rules, parse_card(b))


@pytest.mark.parametrize("variant", [n for n, r in VARIANTS.items() if r.playable])
def test_plain_cards_of_a_rank_are_interchangeable_special_ones_never(variant: str) -> None:
    assert same(variant, "4H", "4D") and same(variant, "4D", "4C") and same(variant, "KH", "KC")
    assert not same(variant, "4S", "4H")  # spades count (R26; every spade in V4.1)
    assert not same(variant, "10D", "10H") and not same(variant, "10D", "10C")  # big cassino
    assert not same(variant, "2S", "2H")  # little cassino
    assert not same(variant, "4H", "5H") and not same(variant, "JH", "QH")  # rank and value


def test_aces_are_alike_except_where_they_are_counted_out_one_by_one() -> None:
    assert same("standard", "AH", "AD") and same("spade", "AC", "AH")
    assert not same("twenty-one", "AH", "AD")  # V2.1: counted out in a fixed order
    assert not same("standard", "AS", "AH")


def ids(groups: list) -> list[list[str]]:
    return [[m.id for m in g] for g in groups]


def test_trails_and_captures_group_by_interchangeable_cards() -> None:
    state = position((["4H", "4D", "4S", "9C"], ["AH", "7D", "8H", "9S"]),
                     ["5C", "5H", "10D", "QS"], dealer=1, stock=8)
    view = state.view(0)
    groups = ids(alike_moves(view.rules, view.loose, view.legal_moves()))
    sets = [set(g) for g in groups]
    assert {"4H", "4D"} in sets and {"4S"} in sets  # the 4♠ counts for spades
    assert {"4H+5C=9", "4D+5C=9", "4H+5H=9", "4D+5H=9"} in sets
    assert {"4S+5C=9", "4S+5H=9"} in sets
    assert {"9C"} in sets
    every = [m for g in groups for m in g]
    assert sorted(every) == sorted(m.id for m in view.legal_moves())


def test_big_cassino_is_never_merged() -> None:
    state = position((["AH", "10H"], ["AD", "7D"]), ["10D", "10C"], dealer=1, stock=8)
    view = state.view(0)
    groups = ids(alike_moves(view.rules, view.loose, view.legal_moves()))
    assert ["10Hx10D"] in groups and ["10Hx10C"] in groups


def test_builds_are_used_as_they_are() -> None:
    state = position((["2H", "2D", "9C"], ["AH", "7D", "6C"]), ["5C"], [(7, 1, [["4S", "3C"]])],
                     dealer=0, to_move=1, stock=8)
    view = state.view(1)
    groups = ids(alike_moves(view.rules, view.loose, view.legal_moves()))
    assert all(len(g) == 1 for g in groups)  # nothing interchangeable in that hand
    move = parse_move_id("7Dx3C4S")
    assert [move.id] in groups
