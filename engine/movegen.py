"""Legal moves (R9-R22): every distinct trail, capture and build, each exactly once.

:func:`legal_moves` works on plain card sets so that the solver can call it on its
own positions; :meth:`engine.state.State.legal_moves` is the usual entry point.
Moves come out grouped by the card played (ascending): captures, then builds by
value, then the trail.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.moves import BUILD, CAPTURE, TRAIL, Move
from engine.rules import Rules
from engine.sums import groups_summing, partition_unions
from engine.table import Build

__all__ = ["legal_moves", "loose_pile"]


def loose_pile(loose: int, rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The loose numerals as (values, one-card sets), ascending by value, for :mod:`engine.sums`."""
    values = rules.values
    vals: list[int] = []
    bits: list[int] = []
    m = loose & rules.numerals
    while m:
        low = m & -m
        vals.append(values[low.bit_length() - 1])
        bits.append(low)
        m ^= low
    if rules.court_values != (0, 0, 0) or rules.ace_value != 1:  # card order is not value order
        pairs = sorted(zip(vals, bits, strict=True))
        return tuple(v for v, _ in pairs), tuple(b for _, b in pairs)
    return tuple(vals), tuple(bits)


def legal_moves(hand: int, loose: int, builds: tuple[Build, ...], player: int,
                rules: Rules) -> list[Move]:
    """Every legal move of ``player`` holding ``hand`` (R9-R22)."""
    values = rules.values
    pile_values, pile_bits = loose_pile(loose, rules)
    held = [0] * 16  # numerals of each value in hand
    m = hand & rules.numerals
    while m:
        low = m & -m
        held[values[low.bit_length() - 1]] += 1
        m ^= low
    own = [b for b in builds if b.owner == player] if builds else []
    cache: dict[int, list[int]] = {}

    def takes(v: int) -> list[int]:
        """Every union of loose groups of ``v`` and whole builds of ``v``, ``0`` included."""
        found = cache.get(v)
        if found is None:
            found = partition_unions(pile_values, pile_bits, v)
            for b in builds:
                if b.value == v:
                    found = found + [u | b.cards for u in found]
            cache[v] = found
        return found

    moves: list[Move] = []
    append = moves.append
    m = hand
    while m:
        low = m & -m
        m ^= low
        card = low.bit_length() - 1
        cv = values[card]
        if cv:
            # R22: spending the last numeral of value cv must take in every own build of cv.
            must = 0
            if held[cv] == 1:
                for b in own:
                    if b.value == cv:
                        must |= b.cards
            for targets in sorted(takes(cv)):  # R11
                if targets and targets & must == must:
                    append(Move(CAPTURE, card, targets))
            _builds(card, cv, held, must, builds, rules, pile_values, pile_bits, takes, moves)
        else:
            _court_captures(card, loose, rules, moves)
        if not own:
            append(Move(TRAIL, card))  # R9, R21
    return moves


def _court_captures(card: int, loose: int, rules: Rules, moves: list[Move]) -> None:
    """R10: a court card takes exactly one loose card of its rank (all of them in V1)."""
    same_rank = loose & (0xF << (card & ~3))
    if not same_rank:
        return
    if rules.court_captures_all:
        moves.append(Move(CAPTURE, card, same_rank))
        return
    while same_rank:
        low = same_rank & -same_rank
        moves.append(Move(CAPTURE, card, low))
        same_rank ^= low


def _builds(card: int, cv: int, held: list[int], must: int, builds: tuple[Build, ...],
            rules: Rules, pile_values: tuple[int, ...], pile_bits: tuple[int, ...],
            takes: Callable[[int], list[int]], moves: list[Move]) -> None:
    """R14-R16, R22: the build moves that play ``card`` (value ``cv``).

    The played card's group is the card with loose cards (create, extend) or the card
    on one single build (raise); the move may take in further loose groups and whole
    builds of the announced value.  At least one table card is used (R16).
    """
    for v in range(cv, rules.max_build + 1):
        # R14 retain: after playing the card the mover still holds a numeral of value v.
        if held[v] <= (v == cv):
            continue
        extras = takes(v)
        if v == cv:
            starts = [0]
        else:
            starts = groups_summing(pile_values, pile_bits, v - cv)
            for b in builds:
                if b.value == v - cv and len(b.groups) == 1:  # R14b: only a single build
                    starts.append(b.cards)
            if not starts:
                continue
        found = {start | extra for start in starts for extra in extras if not start & extra}
        found.discard(0)
        for targets in sorted(found):
            if targets & must == must:
                moves.append(Move(BUILD, card, targets, v))
