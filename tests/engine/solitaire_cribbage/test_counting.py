"""The counting of hands and cribs (SC13-SC19), on cribbage's classic hands and against a
reference count written apart (tests/engine/solitaire_cribbage/reference.py)."""

from __future__ import annotations

import random

import pytest

from engine.cards import parse_card
from engine.solitaire_cribbage import count, heels
from tests.engine.solitaire_cribbage import reference


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def points(hand: str, starter: str | None, *, crib: bool = False) -> tuple[int, ...]:
    c = count(cards(hand), None if starter is None else parse_card(starter), crib=crib)
    return (c.fifteens, c.pairs, c.runs, c.flush, c.nobs)


def test_the_best_hand_is_29() -> None:
    """SC14, SC15, SC18: three fives and the jack of the starter's suit, a five turned."""
    assert points("5H 5S 5C JD", "5D") == (16, 12, 0, 0, 1)
    assert count(cards("5H 5S 5C JD"), parse_card("5D")).total == 29


def test_fifteens_are_sets_of_cards() -> None:
    """SC13, SC14: the court cards count ten; each set of cards adding to 15 is two."""
    assert points("5H 5S 10D KC", "2S")[0] == 8  # each five with each ten
    assert points("AH 2S 3D 4C", "5S")[0] == 2  # the run's one fifteen
    assert points("7H 8S 9D 6C", "AS")[0] == 6  # 7+8, 9+6, 8+6+A


def test_pairs_royals() -> None:
    """SC15: a pair 2, three of a kind 6, four 12."""
    assert points("9H 9S 2D 4C", "KS")[1] == 2
    assert points("9H 9S 9D 4C", "KS")[1] == 6
    assert points("9H 9S 9D 9C", "KS")[1] == 12


@pytest.mark.parametrize(("hand", "starter", "runs"), [
    ("3H 4S 5D 9C", "KS", 3),
    ("3H 4S 5D 6C", "KS", 4),
    ("3H 4S 5D 6C", "7S", 5),
    ("4H 5S 5D 6C", "KS", 6),  # a double run of three
    ("4H 4S 5D 6C", "6S", 12),  # a quadruple run
    ("3H 4S 4D 4C", "5S", 9),  # a triple run
    ("3H 4S 4D 5C", "6S", 8),  # a double run of four
    ("KH AS 2D 3C", "9S", 3),  # the ace low only: K A 2 is no run
    ("QH KS AD 2C", "9S", 0),
])
def test_runs(hand: str, starter: str, runs: int) -> None:
    """SC16: one a card, the longest run only, again for every way of taking its ranks."""
    assert points(hand, starter)[2] == runs


def test_flushes_in_the_hand_and_the_crib() -> None:
    """SC17: a hand's four of one suit is four, five with the starter; a crib's only five."""
    assert points("2H 6H 8H QH", "KS")[3] == 4
    assert points("2H 6H 8H QH", "KH")[3] == 5
    assert points("2H 6H 8H QH", "KS", crib=True)[3] == 0
    assert points("2H 6H 8H QH", "KH", crib=True)[3] == 5
    assert points("2H 6H 8H QS", "KH")[3] == 0  # the starter never makes the fourth


def test_nobs_and_heels() -> None:
    """SC18, SC19, SCD3: the jack of the starter's suit; a jack turned is two."""
    assert points("JH 2S 4D 8C", "KH")[4] == 1
    assert points("JH 2S 4D 8C", "KS")[4] == 0
    assert heels(parse_card("JC")) == 2 and heels(parse_card("QC")) == 0


def test_the_last_hand_has_no_starter() -> None:
    """SC10, SCD9: four cards, no nobs; four of one suit four."""
    assert points("JH 5H 6H 4H", None) == (4, 0, 3, 4, 0)  # J+5, 4+5+6


def test_against_the_reference_on_random_hands() -> None:
    """The engine's count equals the reference's, hands and cribs, on 3,000 random deals."""
    rng = random.Random(33)
    for trial in range(3000):
        five = rng.sample(range(52), 5)
        crib = trial % 3 == 0
        starter = None if trial % 7 == 0 else five[4]
        assert count(tuple(five[:4]), starter, crib=crib).total == \
            reference.score(five[:4], starter, crib), (five, starter, crib)
