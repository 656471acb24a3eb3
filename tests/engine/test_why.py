"""Why not (engine/cassino/why.py): the moves a hand card and picked table cards make, or
the rule that forbids each kind (docs/rules/standard.md, partnership.md), from the
player's view only."""

from __future__ import annotations

import pytest

from engine.cards import parse_card, parse_cards
from engine.cassino.why import why
from engine.errors import GameOverError, IllegalMoveError
from tests.engine.nseat import position as nseat_position
from tests.engine.test_rules import position


def mask(*tokens: str) -> int:
    return parse_cards(tokens)


def ask(state, card: str, *picked: str, player: int | None = None, value: int | None = None):
    seat = state.to_move if player is None else player
    return why(state.view(seat), parse_card(card), mask(*picked), value)


# the worked example of docs/rules/standard.md: seat 0 to move
EXAMPLE = (["2S", "7S", "3H", "QC"], ["AH", "7D", "8H", "9S"])
TABLE = ["3D", "5C", "8D", "QS"]


def example():
    return position(EXAMPLE, TABLE, dealer=1, stock=8)


def test_a_legal_build_is_listed_with_no_reason_for_its_kind() -> None:
    answer = ask(example(), "2S", "5C")
    assert [m.id for m in answer.moves] == ["2S+5C=7"]
    assert answer.legal
    assert [r.type for r in answer.reasons] == ["capture"]
    assert answer.reasons[0].rule == "R11"


def test_R11_a_capture_whose_cards_do_not_sum_names_the_total() -> None:
    answer = ask(example(), "7S", "5C", "3D")
    assert not answer.legal
    capture = next(r for r in answer.reasons if r.type == "capture")
    assert capture.rule == "R11"
    assert "total 8" in capture.message and "7" in capture.message


def test_R14_a_build_of_ten_needs_a_ten_in_hand() -> None:
    answer = ask(example(), "2S", "8D")
    build = next(r for r in answer.reasons if r.type == "build")
    assert build.rule == "R14" and build.value == 10
    assert "10" in build.message


def test_R17_cards_over_the_highest_build_value() -> None:
    answer = ask(example(), "7S", "3D", "5C", "8D")
    build = next(r for r in answer.reasons if r.type == "build")
    assert build.rule == "R17" and "23" in build.message


def test_R21_the_owner_of_a_build_may_not_trail() -> None:
    state = position((["9S", "8H"], ["7D", "2C"]), ["3D"], [(8, 0, [["AS", "7C"]])],
                     dealer=1, to_move=0, stock=8)
    answer = ask(state, "9S")
    assert answer.moves == [] and [(r.type, r.rule) for r in answer.reasons] == [("trail", "R21")]
    assert "build of 8" in answer.reasons[0].message


def test_R8_part_of_a_build_is_refused() -> None:
    state = position((["9S", "7H"], ["8D", "2C"]), ["3D"], [(8, 1, [["AS", "7C"]])],
                     dealer=1, to_move=0, stock=8)
    answer = ask(state, "7H", "7C")
    assert {r.rule for r in answer.reasons} == {"R8"}


def test_R18_a_build_falls_only_to_its_value() -> None:
    state = position((["9S", "7H"], ["8D", "2C"]), ["3D"], [(8, 1, [["AS", "7C"]])],
                     dealer=1, to_move=0, stock=8)
    answer = ask(state, "9S", "AS", "7C")
    assert next(r for r in answer.reasons if r.type == "capture").rule == "R18"


def test_reach_lights_what_the_card_takes_or_builds_with() -> None:
    answer = ask(example(), "3H")
    assert answer.captures == mask("3D")
    assert answer.builds == answer.reach & ~mask("3D") | (answer.builds & mask("3D"))
    assert not answer.reasons  # the trail is legal
    assert [m.id for m in answer.moves] == ["3H"]


def test_explicit_value_limits_the_builds() -> None:
    state = position((["4S", "8H", "4H"], ["7D", "2C", "AH"]), ["4D"], dealer=0, to_move=1,
                     stock=8)
    answer = ask(state, "4S", "4D", player=0, value=8)
    assert [m.id for m in answer.moves] == ["4Sx4D", "4S+4D=8"]
    assert [m.id for m in ask(state, "4S", "4D", player=0, value=4).moves] == [
        "4Sx4D", "4S+4D=4"]
    answer = ask(state, "4S", "4D", player=0, value=5)
    assert [r.rule for r in answer.reasons if r.type == "build"] == ["R14"]


def test_V6_3_a_separate_eight_without_an_eight_cites_the_partner_rule() -> None:
    state = nseat_position("partnership", [["8D", "4C"], ["9H", "10S"], ["2S", "KC", "QD"],
                                           ["JH", "JS", "7D"]], ("6D",),
                           [(8, 0, [["5H", "3C"]])], dealer=3, to_move=2)
    answer = ask(state, "2S", "6D")
    build = next(r for r in answer.reasons if r.type == "build")
    assert build.rule == "V6.3" and build.value == 8
    assert [m.id for m in ask(state, "2S", "6D", "5H", "3C").moves] == ["2S+3C5H6D=8"]


def test_input_errors_are_refused_naming_the_card() -> None:
    with pytest.raises(IllegalMoveError) as info:
        ask(example(), "AH")  # the other player's card: not revealed as such
    assert info.value.rule == "R6" and "your hand" in info.value.message
    with pytest.raises(IllegalMoveError) as info:
        ask(example(), "2S", "KD")
    assert info.value.field == "table" and "KD" in info.value.message


def test_game_over_is_refused() -> None:
    state = example()._replace(status="game_over", winner=0)
    with pytest.raises(GameOverError):
        ask(state, "2S")


def test_only_the_view_counts_two_states_with_one_view_answer_alike() -> None:
    one = position(EXAMPLE, TABLE, dealer=1, stock=8)
    swap = mask("AH", "7D", "8H", "9S")  # the other hand and the stock, dealt otherwise
    new_stock = tuple(c for c in one.stock[4:]) + tuple(
        c for c in range(52) if swap >> c & 1)
    other = one._replace(hands=(one.hands[0], sum(1 << c for c in one.stock[:4])),
                         stock=new_stock)
    assert one.view(0) == other.view(0) and one.hands[1] != other.hands[1]
    for picked in ((), ("5C",), ("3D", "5C"), ("8D",), ("QS",)):
        for card in EXAMPLE[0]:
            assert ask(one, card, *picked) == ask(other, card, *picked)


def test_not_on_turn_names_R4_but_still_answers_for_the_seat() -> None:
    answer = ask(example(), "8H", "8D", player=1)
    assert answer.reasons[0].rule == "R4"
    assert [m.id for m in answer.moves] == ["8Hx8D"]


def test_R22_the_last_card_of_a_builds_value_must_take_the_build() -> None:
    state = position((["8S", "3H"], ["7D", "2C"]), ["8D"], [(8, 0, [["AS", "7C"]])],
                     dealer=1, to_move=0, stock=8)
    answer = ask(state, "8S", "8D")
    assert [r.rule for r in answer.reasons if r.type == "capture"] == ["R22"]
    assert [m.id for m in ask(state, "8S", "8D", "AS", "7C").moves] == ["8SxAS7C8D"]


def test_V6_10_a_partners_build_does_not_forbid_a_trail() -> None:
    state = nseat_position("partnership", [["8D", "4C"], ["9H", "10S"], ["2S", "KC", "QD"],
                                           ["JH", "JS", "7D"]], ("6D",),
                           [(8, 0, [["5H", "3C"]])], dealer=3, to_move=2)
    answer = ask(state, "KC")
    assert [m.id for m in answer.moves] == ["KC"] and not answer.reasons
