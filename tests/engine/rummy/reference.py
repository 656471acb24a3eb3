"""An independent reference for rummy (docs/rules/rummy.md), written apart from the engine
and slow on purpose: melds checked from their definition (RM9-RM11), the least deadwood by
trying every subset that holds the first card (RM12, RM21), the legal moves from the rules
(RM7, RM8, RM14, RM24), the settlement (RM18-RM20, RM23) from the book's words, and
Double-Pack Rum's lay-outs (DP4-DP7) and end of the stock (DP11, DP13)."""

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
        if variant.startswith("poker-gin") or least_deadwood(hand - {card}) <= 15:
            out.add(names[card] + "!")
    return out


def settlement(variant: str, points: list[int], caller: int) -> list[int]:
    """Who pays whom after a show-down: Poker Rum's from the book; Poker Gin's the same but
    for the caller's penalty when beaten (his difference once and 10 points, not twice his
    difference); ``poker-gin-caller`` each player against the caller alone."""
    n = len(points)
    net = [0] * n
    others = [(caller + k) % n for k in range(1, n)]
    c = points[caller]
    if variant == "poker-gin-caller":
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
            owe = points[p] - low
            if p == caller:
                owe = owe + 10 if variant == "poker-gin" else 2 * owe
            net[p] -= owe
            paid += owe
    for k, w in enumerate(winners):
        net[w] += paid // len(winners) + (1 if k < paid % len(winners) else 0)
    return net


# --- double-pack rum (DP4-DP7) ------------------------------------------------------------

JOKER = 104


def natural(card: int) -> bool:
    return card < JOKER


def valid_set(cards: tuple[int, ...]) -> bool:
    """Three cards or more, the naturals of one rank, jokers for any of it (one natural
    and both jokers is a set, DP4)."""
    naturals = [c for c in cards if natural(c)]
    return len(cards) >= 3 and len(naturals) >= 1 and len({rank(c) for c in naturals}) == 1


def valid_run(cards: tuple[int, ...], low: int) -> bool:
    """Cards by place from ``low``: each natural of the suit at its rank's place (the ace
    at 1 or 14), jokers anywhere, within 1..14, one natural at least."""
    naturals = [c for c in cards if natural(c)]
    if len(cards) < 3 or not naturals or low < 1 or low + len(cards) - 1 > 14:
        return False
    if len({suit(c) for c in naturals}) != 1:
        return False
    for i, card in enumerate(cards):
        place = low + i
        if natural(card) and not (rank(card) == place or (rank(card) == 1 and place == 14)):
            return False
    return True


def placements(cards: tuple[int, ...], low: int, length: int) -> list[tuple[int, ...]]:
    """Every order of ``cards`` over places ``low..low+length-1``: naturals at a place of
    their rank, jokers in every order in the places left."""
    naturals = [c for c in cards if natural(c)]
    jokers = [c for c in cards if not natural(c)]
    out = []
    options = [[p for p in ((1, 14) if rank(c) == 1 else (rank(c),))
                if low <= p < low + length] for c in naturals]
    from itertools import permutations, product
    for places in product(*options):
        if len(set(places)) != len(places):
            continue
        free = [p for p in range(low, low + length) if p not in places]
        if len(free) != len(jokers):
            continue
        for order in permutations(jokers):
            slots = dict(zip(places, naturals, strict=True)) | dict(zip(free, order,
                                                                       strict=True))
            out.append(tuple(slots[p] for p in range(low, low + length)))
    return out


def lay_out_ids(hand: frozenset[int], table: list[tuple[str, int, tuple[int, ...], int]],
                names: dict[int, str]) -> set[str]:
    """Every lay-out, addition and joker shift, tried one by one: ``table`` holds each
    meld as (kind, low, cards, moved jokers as a set bitmask)."""
    from itertools import combinations

    def text(cards: tuple[int, ...]) -> str:
        return "+".join(names[c] for c in cards)

    def set_order(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(cards, key=lambda c: (c % 52 if natural(c) else c, c // 52)))

    out: set[str] = set()
    cards = sorted(hand)
    for size in range(1, len(cards) + 1):
        for chosen in combinations(cards, size):
            if size >= 3 and valid_set(chosen):
                out.add(text(set_order(chosen)))
            if size >= 3:
                for low in range(1, 15):
                    for order in placements(chosen, low, size):
                        if valid_run(order, low):
                            out.add(f"{text(order)}@{low}")
            for index, (kind, low, laid, _) in enumerate(table):
                if kind == "set":
                    if valid_set(laid + chosen):
                        out.add(f"{index}:{text(set_order(chosen))}")
                    continue
                high = low + len(laid) - 1
                for order in placements(chosen, high + 1, size):
                    if valid_run(laid + order, low):
                        out.add(f"{index}:{text(order)}@{high + 1}")
                for order in placements(chosen, low - size, size):
                    if valid_run(order + laid, low - size):
                        out.add(f"{index}:{text(order)}@{low - size}")
    for kind, low, laid, moved in table:
        if kind != "run":
            continue
        for end in {0, len(laid) - 1}:
            joker = laid[end]
            if natural(joker) or moved >> joker & 1:
                continue
            for fill in [None, *[c for c in cards if natural(c)]]:
                for extend in [None, *[c for c in cards if natural(c)]]:
                    if (fill is None and extend is None) or fill == extend:
                        continue
                    if end == len(laid) - 1:
                        body = laid[:-1] + ((fill,) if fill is not None else ())
                        new, new_low = (joker, *body), low - 1
                        if extend is not None:
                            new, new_low = (extend, *new), new_low - 1
                    else:
                        body = ((fill,) if fill is not None else ()) + laid[1:]
                        new, new_low = (*body, joker), low + (0 if fill is not None else 1)
                        if extend is not None:
                            new = (*new, extend)
                    if valid_run(new, new_low):
                        out.add(names[joker] + "~" + (f"={names[fill]}" if fill is not None
                                                      else "") + (f"+{names[extend]}" if
                                                                  extend is not None else ""))
    return out
