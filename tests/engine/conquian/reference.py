"""An independent lister of Conquian's legal moves (docs/rules/conquian.md), by brute
force over subsets of cards, written from the rules page and sharing no code with
``engine/conquian/movegen.py``: moves are compared by their ids (QD14).  Both packs (the
Spanish, Q1, Q2; the American, QD1) and three at the table (QD12)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

ORDERS = {
    "conquian": ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"],  # Q2
    "conquian-american": ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"],  # QD1
}
ORDER = ORDERS["conquian"]


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def place(card: str, order: list[str] = ORDER) -> int:
    return order.index(rank(card))


def is_set(cards: frozenset[str]) -> bool:  # Q11
    return 3 <= len(cards) <= 4 and len({rank(c) for c in cards}) == 1


def is_run(cards: frozenset[str], order: list[str] = ORDER) -> bool:  # Q12, QD1
    if len(cards) < 3 or len({suit(c) for c in cards}) != 1:
        return False
    places = sorted(place(c, order) for c in cards)
    return places == list(range(places[0], places[0] + len(places)))


def is_meld(cards: frozenset[str], order: list[str] = ORDER) -> bool:
    return is_set(cards) or is_run(cards, order)


def lends(meld: frozenset[str], card: str, new: frozenset[str],
          order: list[str] = ORDER) -> bool:
    """Q14: a four lends any card to a run; a run of 4+ lends an end card to a set."""
    if is_set(meld):
        return len(meld) == 4 and is_run(new, order)
    places = sorted(place(c, order) for c in meld)
    return len(meld) >= 4 and place(card, order) in (places[0], places[-1]) and is_set(new)


def made_from(new: frozenset[str], free: frozenset[str], melds: list[frozenset[str]],
              order: list[str] = ORDER) -> bool:
    """Whether ``new`` is a legal meld made from ``free`` cards (hand, face-up card) and the
    player's own ``melds``: an extension of exactly one (QD5, QD6) or borrowing (Q14, QD7)."""
    table = new - free
    if not table:
        return True
    touched = [m for m in melds if m & table]
    whole = [m for m in touched if m <= new]
    if whole:
        return len(touched) == 1 and table == whole[0]
    return all(len(m & table) == 1 and lends(m, next(iter(m & table)), new, order)
               for m in touched)


def _meld_id(cards: frozenset[str], order: dict[str, int]) -> str:
    return "".join(sorted(cards, key=order.__getitem__))


def _card_order() -> dict[str, int]:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    suits = ["S", "H", "D", "C"]
    return {f"{r}{s}": i * 4 + j for i, r in enumerate(ranks) for j, s in enumerate(suits)}


def adversary(state: dict[str, Any]) -> int:
    """The other player of the hand (Q3): at three seats, the seat that neither deals nor
    is to move (QD12)."""
    seat = state["to_move"]
    if len(state["hands"]) == 2:
        return 1 - seat
    return next(s for s in range(3) if s not in (seat, state["dealer"]))


def reference_moves(state: dict[str, Any]) -> set[str]:
    """The ids of the legal moves of a state given as JSON (``State.to_dict()``)."""
    if state["phase"] == "over":
        return set()
    seq = ORDERS[state["variant"]]
    order = _card_order()
    seat = state["to_move"]
    hand = frozenset(state["hands"][seat])
    own = [frozenset(m) for m in state["melds"][seat]]
    other = [frozenset(m) for m in state["melds"][adversary(state)]]
    table = frozenset().union(*own) if own else frozenset()
    out: set[str] = set()
    up = state["up"]
    if state["phase"] == "offer":
        out.add("pass")
        pool = [c for c in hand | table if rank(c) == rank(up) or suit(c) == suit(up)]
        for size in range(len(pool) + 1):
            for extra in combinations(pool, size):
                new = frozenset(extra) | {up}
                if is_meld(new, seq) and made_from(new, hand | {up}, own, seq):
                    out.add(f"take:{up}={_meld_id(new, order)}")
        if state["source"] != "turned":
            for meld in other:
                if is_meld(meld | {up}, seq):
                    out.add(f"force:{up}={_meld_id(meld | {up}, order)}")
        return out
    for card in hand:
        out.add(f"discard:{card}")
        for meld in other:
            if is_meld(meld | {card}, seq):
                out.add(f"force:{card}={_meld_id(meld | {card}, order)}")
    everything = hand | table
    groups = [[c for c in everything if rank(c) == r] for r in seq]
    groups += [[c for c in everything if suit(c) == s] for s in "SHDC"]
    for group in groups:
        for size in range(3, len(group) + 1):
            for cards in combinations(group, size):
                new = frozenset(cards)
                if new & hand and is_meld(new, seq) and made_from(new, hand, own, seq):
                    out.add(f"lay={_meld_id(new, order)}")
    return out


def reference_perft(state: Any, depth: int) -> int:
    """Leaves of the move tree to ``depth``, listing moves with :func:`reference_moves`
    and playing them with the engine's ``apply``."""
    if depth == 0:
        return 1
    moves = reference_moves(state.to_dict())
    if depth == 1:
        return len(moves)
    return sum(reference_perft(state.apply(m).state, depth - 1) for m in sorted(moves))
