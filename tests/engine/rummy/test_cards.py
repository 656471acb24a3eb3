"""Cards of one or two packs and jokers, their notation and pip values (RM2-RM4)."""

import pytest

from engine.errors import CardError
from engine.rummy import PIPS, card_name, format_cards, parse_card, parse_cards, pip


def test_every_card_of_two_packs_and_the_jokers_round_trips() -> None:
    names = [card_name(card) for card in range(106)]
    assert len(set(names)) == 106
    assert [parse_card(name) for name in names] == list(range(106))
    assert names[:4] == ["AS", "AH", "AD", "AC"]
    assert names[52 + 25] == "7H'" and names[104:] == ["JK1", "JK2"]


@pytest.mark.parametrize(("token", "name"), [("10d", "10D"), ("TD", "10D"), ("7♥'", "7H'"),
                                              ("jk2", "JK2"), ("K♣", "KC")])
def test_spellings_are_read_to_the_canonical_name(token: str, name: str) -> None:
    assert card_name(parse_card(token)) == name


@pytest.mark.parametrize("token", ["7H''", "11H", "JK3", "", "H7"])
def test_a_non_card_is_refused_naming_it(token: str) -> None:
    with pytest.raises(CardError):
        parse_card(token)


def test_a_set_lists_by_rank_suit_then_pack_and_refuses_a_card_twice() -> None:
    assert format_cards(parse_cards(["7H'", "7H", "AS", "JK1"], field="hand")) == [
        "AS", "7H", "7H'", "JK1"]
    with pytest.raises(CardError) as caught:
        parse_cards(["7H", "7h"], field="hand")
    assert caught.value.field == "hand[1]"


def test_rm4_pip_values() -> None:
    assert [pip(parse_card(f"{r}S")) for r in ("A", "2", "9", "10", "J", "Q", "K")] == [
        11, 2, 9, 10, 10, 10, 10]
    assert PIPS[1] == 11 and pip(parse_card("5C'")) == 5
