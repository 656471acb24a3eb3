"""An independent reference for rummy (docs/rules/rummy.md), written apart from the engine
and slow on purpose: melds checked from their definition (RM9-RM11), the least deadwood by
trying every subset that holds the first card (RM12, RM21), the legal moves from the rules
(RM7, RM8, RM14, RM24) and the settlement (RM18-RM20, RM23) from the book's words."""

from __future__ import annotations

from functools import cache
from itertools import combinations

FACE = {1: 11, 11: 10, 12: 10, 13: 10}


def rank(card: int) -> int:
    return (card % 52) // 4 + 1


def suit(card: int) -> int:
    return (card % 52) % 4


def value(card: int) -> int:
    return FACE.get(rank(card), rank(card))


def is_meld(cards: tuple[int, ...] | frozenset[int]) -> bool:
    """Three or more of a rank, or three or more in suit and sequence, ace low or high."""
    cards = tuple(cards)
    if len(cards) < 3:
        return False
    ranks = [rank(c) for c in cards]
    if len(set(ranks)) == 1:
        return True
    if len({suit(c) for c in cards}) != 1 or len(set(ranks)) != len(ranks):
        return False
    low = sorted(ranks)
    high = sorted(14 if r == 1 else r for r in ranks)
    return any(seq == list(range(seq[0], seq[0] + len(seq))) for seq in (low, high))


def least_deadwood(hand: frozenset[int], onto: tuple[frozenset[int], ...] = ()) -> int:
    """Try everything: the first card is deadwood, or in a meld of the hand's cards, or
    laid off with others on one of the melds ``onto`` not used yet (one group a meld;
    melds and groups are checked whole, by :func:`is_meld`)."""

    @cache
    def best(left: frozenset[int], free: frozenset[int]) -> int:
        if not left:
            return 0
        first = min(left)
        # a meld or a lay-off holding ``first`` is of its rank (a set) or its suit (a run)
        rest = sorted(c for c in left - {first} if rank(c) == rank(first)
                      or suit(c) == suit(first))
        answer = value(first) + best(left - {first}, free)
        for size in range(0, len(rest) + 1):
            for others in combinations(rest, size):
                group = frozenset((first, *others))
                if size >= 2 and is_meld(tuple(group)):
                    answer = min(answer, best(left - group, free))
                for i in free:
                    if is_meld(tuple(onto[i] | group)):
                        answer = min(answer, best(left - group, free - {i}))
        return answer

    return best(frozenset(hand), frozenset(range(len(onto))))


def legal_ids(variant: str, phase: str, hand: frozenset[int], pile_size: int,
              taken: int | None, names: dict[int, str]) -> set[str]:
    """The ids of the legal moves (RM7, RM8, RM14, RM24)."""
    if phase == "draw":
        return {"draw"} | ({"take"} if pile_size else set())
    out = set()
    for card in hand:
        if card == taken:
            continue
        out.add(names[card])
        if variant == "poker-gin" or least_deadwood(hand - {card}) <= 15:
            out.add(names[card] + "!")
    return out


def settlement(variant: str, points: list[int], caller: int) -> list[int]:
    """Who pays whom after a show-down."""
    n = len(points)
    net = [0] * n
    others = [(caller + k) % n for k in range(1, n)]
    c = points[caller]
    if variant == "poker-gin":
        for p in others:
            if points[p] > c:
                net[p] -= points[p] - c
                net[caller] += points[p] - c
            elif points[p] < c:
                net[caller] -= c - points[p] + 10
                net[p] += c - points[p] + 10
        return net
    low = min(points[p] for p in others)
    if low >= c:
        for p in others:
            net[p] -= points[p] - c
            net[caller] += points[p] - c
        return net
    winners = [p for p in others if points[p] == low]
    paid = 0
    for p in range(n):
        if p not in winners:
            owe = (points[p] - low) * (2 if p == caller else 1)
            net[p] -= owe
            paid += owe
    for k, w in enumerate(winners):
        net[w] += paid // len(winners) + (1 if k < paid % len(winners) else 0)
    return net
