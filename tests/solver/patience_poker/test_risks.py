"""Patience Poker's warnings (solver/patience_poker/risks.py): the chances are exact,
checked against counting every order of a small unseen set by brute force."""

from __future__ import annotations

from itertools import combinations

from engine.cards import parse_card
from solver.patience_poker.risks import _flush_chance, _straight_chance


def _brute(line: list[int], unseen: list[int], coming: int, test: object) -> float:
    hits = total = 0
    for drawn in combinations(unseen, coming):
        total += 1
        hits += bool(test(set(drawn)))  # type: ignore[operator]
    return hits / total


def test_the_flush_chance_is_exact() -> None:
    line = [parse_card(c) for c in ("2H", "7H", "9H")]
    unseen = [parse_card(c) for c in ("3H", "4H", "5S", "6D", "8C", "KH", "QS")]
    want = _brute(line, unseen, 4, lambda d: sum(1 for c in d if c & 3 == 1) >= 2)
    assert abs(_flush_chance(line, unseen, 4) - want) < 1e-12 and want > 0


def test_the_straight_chance_is_exact() -> None:
    line = [parse_card(c) for c in ("5H", "6S", "7D")]
    unseen = [parse_card(c) for c in ("3H", "4C", "4H", "8S", "9D", "KH", "2S", "AS")]
    wins = [{3, 4}, {4, 8}, {8, 9}]  # ranks (ace 0) a straight through 5 6 7 lacks
    want = _brute(line, unseen, 4,
                  lambda d: any(need <= {c >> 2 for c in d} for need in
                                [{r - 1 for r in w} for w in wins]))
    assert abs(_straight_chance(line, unseen, 4) - want) < 1e-12 and want > 0
