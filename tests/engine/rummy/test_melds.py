"""Melds and the least deadwood (RM9-RM13, RM21), against the brute-force reference."""

import random

import pytest

from engine.rummy import (
    arrange,
    candidate_melds,
    deadwood_after_discards,
    deadwood_points,
    format_cards,
    is_run,
    is_set,
    parse_cards,
)
from tests.engine.rummy.reference import is_meld, least_deadwood


def cards(text: str) -> int:
    return parse_cards(text.split(), field="hand")


def members(mask: int) -> frozenset[int]:
    return frozenset(c for c in range(106) if mask >> c & 1)


@pytest.mark.parametrize(("text", "meld"), [
    ("QH KH AH", True), ("AH 2H 3H", True), ("KH AH 2H", False),  # RM11: not round the corner
    ("9C 10C JC QC KC AC", True), ("7H 7S 7D", True), ("7H 7S", False),
    ("7H 7H' 7S", True),  # RM10 decision: duplicates of a double pack in a set
    ("7H 7H' 8H 9H", False), ("6H 7H 9H", False), ("6H 7H 8S", False),
])
def test_what_counts_as_a_meld(text: str, meld: bool) -> None:
    mask = cards(text)
    assert (is_set(mask) or is_run(mask)) is meld is is_meld(tuple(members(mask)))
    assert (mask in candidate_melds(mask)) is meld


def test_the_book_poker_rum_hand_has_nine_deadwood() -> None:
    laid = arrange(cards("6H 7H 8H 9H JC QC KC 2S 2D 5C"))
    assert [format_cards(m) for m in laid.melds] == [["6H", "7H", "8H", "9H"],
                                                     ["JC", "QC", "KC"]]
    assert format_cards(laid.deadwood) == ["2S", "2D", "5C"] and laid.points == 9


def test_the_book_poker_gin_lay_off_leaves_eight() -> None:
    caller = arrange(cards("6H 7H 8H 9H JC QC KC 2S 2D 5C"))
    hand = cards("7D 8D 9D 6S 7S 8S 4H 4C 10C 10H")
    assert deadwood_points(hand) == 28
    laid = arrange(hand, caller.melds)
    assert sorted(format_cards(g) for g in laid.layoffs) == [["10C"], ["10H"]]
    assert format_cards(laid.deadwood) == ["4H", "4C"] and laid.points == 8


def test_least_deadwood_may_break_a_longer_meld() -> None:
    # 7H 8H 9H 10H with 10S 10D: the run 7-8-9 and the set of tens beat the long run
    assert deadwood_points(cards("7H 8H 9H 10H 10S 10D 2C")) == 2
    assert deadwood_points(cards("AS AH AD 2S 3S")) == 5  # the aces as a set, or A23: 2+3


def test_one_group_a_meld_when_two_copies_could_extend_it() -> None:
    caller = arrange(cards("JC QC KC 2S 3S 4S 5D 6D 7D 9H"))
    laid = arrange(cards("10C 10C' 9C 2H 2D 2C 5S 6S 7S 8S"), caller.melds)
    assert laid.points == 10 and format_cards(laid.deadwood) == ["10C'"]


def random_hand(rng: random.Random, size: int, packs: int) -> int:
    mask = 0
    for card in rng.sample(range(52 * packs), size):
        mask |= 1 << card
    return mask


def dense_hand(rng: random.Random, size: int, packs: int) -> int:
    """A hand from a few ranks and suits, where melds are many."""
    pool = [c for c in range(52 * packs) if (c % 52) // 4 in (0, 1, *range(6, 13)) and c % 4 < 3]
    mask = 0
    for card in rng.sample(pool, size):
        mask |= 1 << card
    return mask


@pytest.mark.parametrize("packs", [1, 2])
def test_least_deadwood_agrees_with_the_reference(packs: int) -> None:
    rng = random.Random(packs)
    for i in range(400):
        hand = (dense_hand if i % 2 else random_hand)(rng, 10, packs)
        assert deadwood_points(hand) == least_deadwood(members(hand)), format_cards(hand)
        laid = arrange(hand)
        for meld in laid.melds:
            assert is_meld(tuple(members(meld)))
        assert laid.points == deadwood_points(hand)


@pytest.mark.parametrize("packs", [1, 2])
def test_each_discard_agrees_with_the_reference(packs: int) -> None:
    rng = random.Random(10 + packs)
    for _ in range(25):
        hand = dense_hand(rng, 11, packs)
        after = deadwood_after_discards(hand)
        for card, points in after.items():
            assert points == least_deadwood(members(hand) - {card})


@pytest.mark.parametrize("packs", [1, 2])
def test_lay_offs_agree_with_the_reference(packs: int) -> None:
    rng = random.Random(20 + packs)
    checked = 0
    while checked < 200:
        both = dense_hand(rng, 20, packs)
        order = sorted(members(both))
        rng.shuffle(order)
        caller = sum(1 << c for c in order[:10])
        other = sum(1 << c for c in order[10:])
        onto = arrange(caller).melds
        if not onto:
            continue
        checked += 1
        laid = arrange(other, onto)
        want = least_deadwood(members(other), tuple(members(m) for m in onto))
        assert laid.points == want, (format_cards(caller), format_cards(other))
        for meld in laid.melds:
            assert is_meld(tuple(members(meld)))
