"""Double-pack rum's table (DP3-DP8): the melds laid out, what a lay-out, an addition or
a joker's shift does to them, and every such move a hand can make.

A laid meld is a :class:`Laid`: a set (``key`` its rank, ``low`` 0) or a run (``key`` its
suit, ``low`` the position 1..14 of its first card, the ace standing at 1 or 14), its cards
in order (a run's by position), and the jokers moved once already (DP7).  A joker in a set
stands for the rank; in a run for its position.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, permutations, product
from typing import NamedTuple

from engine.rummy.cards import card_name, cards_of, is_joker, rank_of, sort_key, suit_of

__all__ = ["RUN", "SET", "Laid", "Shift", "added", "additions", "holding", "laid_problem",
           "meld_of", "new_melds", "shift_result", "shifts", "stands_at"]

SET = "set"
RUN = "run"


def stands_at(card: int, suit: int, position: int) -> bool:
    """Whether a natural card may stand at ``position`` of a run of ``suit`` (RM11)."""
    if is_joker(card) or suit_of(card) != suit:
        return False
    rank = rank_of(card)
    return rank == position or (rank == 1 and position == 14)


class Laid(NamedTuple):
    """A meld on the table (DP3)."""

    owner: int
    kind: str
    key: int
    low: int
    cards: tuple[int, ...]
    moved: int = 0
    """The jokers of this meld that have been shifted (DP7), as a set."""

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    @property
    def mask(self) -> int:
        out = 0
        for card in self.cards:
            out |= 1 << card
        return out

    def text(self) -> str:
        names = "+".join(card_name(c) for c in self.cards)
        return f"{names}@{self.low}" if self.kind == RUN else names


def laid_problem(laid: Laid) -> str | None:
    """What makes ``laid`` no meld (DP4, DP5), or ``None`` when it is one."""
    cards = laid.cards
    if len(cards) < 3:
        return "a meld has three cards or more"
    if len(set(cards)) != len(cards):
        return "a card is named twice"
    naturals = [c for c in cards if not is_joker(c)]
    if not naturals:
        return "a meld holds a natural card at least (DP4)"
    if laid.moved & ~laid.mask or any(not is_joker(c) for c in cards_of(laid.moved)):
        return "only the meld's jokers can have been moved"
    if laid.kind == SET:
        if laid.low != 0 or not all(rank_of(c) == laid.key for c in naturals):
            return f"a set holds cards of one rank ({card_name(naturals[0])})"
        return None
    if laid.kind != RUN:
        return f"a meld is a set or a run, not {laid.kind!r}"
    if not (laid.low >= 1 and laid.high <= 14):
        return "a run stands between the ace below the two and the ace above the king (RM11)"
    for i, card in enumerate(cards):
        if not is_joker(card) and not stands_at(card, laid.key, laid.low + i):
            return f"{card_name(card)} cannot stand at place {laid.low + i} of this run"
    return None


def _subsets(cards: Sequence[int], least: int) -> Iterable[tuple[int, ...]]:
    for size in range(least, len(cards) + 1):
        yield from combinations(cards, size)


def _fillings(cells: Sequence[Sequence[int]], jokers: Sequence[int], naturals_needed: int
              ) -> Iterable[tuple[int, ...]]:
    """Every way to fill consecutive places, each with one of its natural cards or with a
    joker (each joker once), using ``naturals_needed`` naturals at least; no card twice."""
    n = len(cells)
    for joker_count in range(min(len(jokers), n) + 1):
        if n - joker_count < naturals_needed:
            break
        for places in combinations(range(n), joker_count):
            if any(not cells[i] for i in range(n) if i not in places):
                continue
            natural_cells = [cells[i] for i in range(n) if i not in places]
            for chosen in permutations(jokers, joker_count):
                for naturals in product(*natural_cells):
                    if len(set(naturals)) != len(naturals):
                        continue
                    out: list[int] = []
                    it_j, it_n = iter(chosen), iter(naturals)
                    for i in range(n):
                        out.append(next(it_j) if i in places else next(it_n))
                    yield tuple(out)


def _columns(hand: int) -> tuple[list[list[list[int]]], list[int]]:
    """``cells[suit][position]``: the hand's naturals that can stand there; the jokers."""
    cells: list[list[list[int]]] = [[[] for _ in range(16)] for _ in range(4)]
    jokers = []
    for card in cards_of(hand):
        if is_joker(card):
            jokers.append(card)
            continue
        for position in ((1, 14) if rank_of(card) == 1 else (rank_of(card),)):
            cells[suit_of(card)][position].append(card)
    return cells, jokers


def new_melds(hand: int) -> list[tuple[tuple[int, ...], int]]:
    """Every meld the hand can lay out (DP4): ``(cards, low)``, ``low`` 0 for a set."""
    out: list[tuple[tuple[int, ...], int]] = []
    cells, jokers = _columns(hand)
    by_rank: dict[int, list[int]] = {}
    for card in cards_of(hand):
        if not is_joker(card):
            by_rank.setdefault(rank_of(card), []).append(card)
    for naturals in by_rank.values():
        for chosen in _subsets(naturals, 1):
            for wild in _subsets(jokers, 0):
                if len(chosen) + len(wild) >= 3:
                    out.append((tuple(sorted((*chosen, *wild), key=sort_key)), 0))
    for suit in range(4):
        column = cells[suit]
        for low in range(1, 13):
            for high in range(low + 2, 15):
                window = column[low:high + 1]
                if sum(1 for cell in window if not cell) > len(jokers):
                    break
                for cards in _fillings(window, jokers, 1):
                    out.append((cards, low))
    return out


def additions(hand: int, table: Sequence[Laid]) -> list[tuple[int, tuple[int, ...], int]]:
    """Every addition the hand can make to a meld on the table (DP5):
    ``(meld index, cards, low)``, ``low`` the place of the first card added to a run (a
    block at one end) and 0 on a set."""
    out: list[tuple[int, tuple[int, ...], int]] = []
    cells, jokers = _columns(hand)
    for index, laid in enumerate(table):
        if laid.kind == SET:
            same = [c for c in cards_of(hand) if not is_joker(c) and rank_of(c) == laid.key]
            for chosen in _subsets([*same, *jokers], 1):
                out.append((index, tuple(sorted(chosen, key=sort_key)), 0))
            continue
        column = cells[laid.key]
        for high in range(laid.high + 1, 15):
            for cards in _fillings(column[laid.high + 1:high + 1], jokers, 0):
                out.append((index, cards, laid.high + 1))
        for low in range(laid.low - 1, 0, -1):
            for cards in _fillings(column[low:laid.low], jokers, 0):
                out.append((index, cards, low))
    return out


class Shift(NamedTuple):
    """A joker moved from one end of a run to the other (DP7): the natural card that takes
    its place, the natural card added beyond its new place, either or both."""

    meld: int
    joker: int
    fill: int | None
    extend: int | None


def shift_result(laid: Laid, joker: int, fill: int | None, extend: int | None
                 ) -> Laid | str:
    """The run after the shift, or why it is not allowed (DP7)."""
    if laid.kind != RUN:
        return "only a joker at the end of a run may be moved"
    if joker in cards_of(laid.moved):
        return f"{card_name(joker)} has been moved once already"
    cards = list(laid.cards)
    if fill is None and extend is None:
        return "a joker is moved only to put a card in its place or add one beyond it"
    if cards[-1] == joker:
        new_low = laid.low - 1
        rest = cards[:-1] + ([fill] if fill is not None else [])
        result = [joker, *rest]
        low = new_low
        if extend is not None:
            result, low = [extend, *result], new_low - 1
    elif cards[0] == joker:
        rest = ([fill] if fill is not None else []) + cards[1:]
        result = [*rest, joker]
        low = laid.low + (0 if fill is not None else 1)
        if extend is not None:
            result = [*result, extend]
    else:
        return f"{card_name(joker)} is not at an end of the run"
    moved = laid._replace(low=low, cards=tuple(result), moved=laid.moved | 1 << joker)
    problem = laid_problem(moved)
    return problem if problem is not None else moved


def shifts(hand: int, table: Sequence[Laid]) -> list[Shift]:
    """Every joker shift the hand can make (DP7)."""
    out = []
    naturals = [c for c in cards_of(hand) if not is_joker(c)]
    for index, laid in enumerate(table):
        if laid.kind != RUN:
            continue
        for joker in sorted({laid.cards[0], laid.cards[-1]}):
            if not is_joker(joker) or laid.moved >> joker & 1:
                continue
            # only a card that stands at the joker's old place may fill it, and only one
            # that stands beyond its new place may extend the run: the others never pass
            high = laid.cards[-1] == joker
            old, beyond = (laid.high, laid.low - 2) if high else (laid.low, laid.high + 2)
            fills = [c for c in naturals if stands_at(c, laid.key, old)]
            extends = [c for c in naturals if stands_at(c, laid.key, beyond)]
            for fill in [None, *fills]:
                for extend in [None, *extends]:
                    if fill is not None and fill == extend:
                        continue
                    if isinstance(shift_result(laid, joker, fill, extend), Laid):
                        out.append(Shift(index, joker, fill, extend))
    return out


def meld_of(owner: int, cards: tuple[int, ...], low: int) -> Laid:
    """The meld a lay-out makes (DP4): a set when ``low`` is 0, else a run from ``low``,
    its rank or suit read from its first natural card (checked by :func:`laid_problem`)."""
    naturals = [c for c in cards if not is_joker(c)]
    first = naturals[0] if naturals else 0
    if low == 0:
        return Laid(owner, SET, rank_of(first), 0, cards)
    return Laid(owner, RUN, suit_of(first), low, cards)


def added(laid: Laid, cards: tuple[int, ...], low: int) -> Laid | str:
    """The meld after an addition (DP5), or why it cannot take the cards there."""
    if laid.kind == SET:
        if low:
            return "cards added to a set have no place"
        return laid._replace(cards=tuple(sorted((*laid.cards, *cards), key=sort_key)))
    if low == laid.high + 1:
        return laid._replace(cards=(*laid.cards, *cards))
    if low + len(cards) == laid.low:
        return laid._replace(low=low, cards=(*cards, *laid.cards))
    return "cards added to a run continue it at one end"


def holding(table: Sequence[Laid], card: int) -> int:
    """The index of the meld holding ``card`` (a joker to shift), or -1."""
    return next((i for i, laid in enumerate(table) if laid.mask >> card & 1), -1)
