"""A reference count of a cribbage hand, written apart from the engine's and as simply as
can be (every subset looked at): the tests compare the two on random hands."""

from __future__ import annotations

from itertools import combinations, pairwise


def rank(card: int) -> int:
    return card // 4 + 1


def suit(card: int) -> int:
    return card % 4


def value(card: int) -> int:
    return 10 if rank(card) > 10 else rank(card)


def is_run(cards: tuple[int, ...]) -> bool:
    ranks = sorted(rank(c) for c in cards)
    return all(b == a + 1 for a, b in pairwise(ranks))


def score(hand: list[int], starter: int | None, crib: bool) -> int:
    cards = hand + ([] if starter is None else [starter])
    points = 0
    for size in range(2, len(cards) + 1):
        for chosen in combinations(cards, size):
            if sum(value(c) for c in chosen) == 15:
                points += 2
    for a, b in combinations(cards, 2):
        if rank(a) == rank(b):
            points += 2
    for size in (5, 4, 3):  # the longest runs only, each subset of that size that is one
        runs = [chosen for chosen in combinations(cards, size) if is_run(chosen)]
        if runs:
            points += size * len(runs)
            break
    suits = {suit(c) for c in hand}
    if len(suits) == 1:
        same = starter is not None and suit(starter) in suits
        if crib:
            points += 5 if same else 0
        else:
            points += 4 + same
    if starter is not None:
        points += sum(rank(c) == 11 and suit(c) == suit(starter) for c in hand)
    return points
