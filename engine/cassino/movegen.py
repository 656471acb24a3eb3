"""Legal moves (R9-R22; V1.1): every distinct trail, capture and build, each exactly once,
except the families too large to list (D16), listed in part.

:func:`legal_moves` works on plain card sets so that the solver can call it on its
own positions; :meth:`engine.cassino.play.State.legal_moves` is the usual entry point,
and :func:`moves_and_families` also says which families are listed in part.
Moves come out grouped by the card played (ascending): captures, then builds by
value, then the trail.  This is the engine's hot path: it works on bitmasks, reads
subset sums from :mod:`engine.cassino.sums`, and allocates little beyond the moves.
"""

from __future__ import annotations

from engine.cassino.families import Family, open_family
from engine.cassino.game import partner
from engine.cassino.moves import BUILD, CAPTURE, TRAIL, Move
from engine.cassino.rules import Rules
from engine.cassino.sums import MAX_FAMILY, groups, unions
from engine.cassino.table import Build

__all__ = ["legal_moves", "moves_and_families"]

_new_move = tuple.__new__  # Move(...) without the keyword-argument wrapper: 40% faster


def legal_moves(hand: int, loose: int, builds: tuple[Build, ...], player: int,
                rules: Rules) -> list[Move]:
    """Every legal move of ``player`` holding ``hand`` (R9-R22; V6.3: a partner's build of
    a value lets the mover build that value without holding it), the families too large to
    list in part (D16)."""
    return _generate(hand, loose, builds, player, rules, None)


def moves_and_families(hand: int, loose: int, builds: tuple[Build, ...], player: int,
                       rules: Rules) -> tuple[list[Move], list[Family]]:
    """:func:`legal_moves`, and the families it lists in part (D16), in the same order."""
    families: list[Family] = []
    return _generate(hand, loose, builds, player, rules, families), families


_NONE: list[int] = []  # the takes of a value too many to list (D16)


def _generate(hand: int, loose: int, builds: tuple[Build, ...], player: int, rules: Rules,
              families: list[Family] | None) -> list[Move]:
    values = rules.values
    held = [0] * len(rules.upto)  # numerals of each value in hand
    m = hand & rules.numerals
    while m:
        low = m & -m
        held[values[low.bit_length() - 1]] += 1
        m ^= low
    held_values = [v for v in rules.build_values if held[v]]  # R17: the values to build
    owns = False
    by_value: dict[int, list[int]] = {}  # build value -> card sets of those builds
    mates: dict[int, list[int]] | None = None  # V6.3: value -> the partner's builds of it
    if builds:
        for b in builds:
            by_value.setdefault(b.value, []).append(b.cards)
            if b.owner == player:
                owns = True
        if rules.partnerships:
            mate = partner(player, rules)
            mates = {}
            for b in builds:
                if b.owner == mate:
                    mates.setdefault(b.value, []).append(b.cards)
            if mates:
                held_values = sorted({*held_values, *mates})
            else:
                mates = None
    takes_cache: dict[int, list[int]] = {}

    moves: list[Move] = []
    append = moves.append
    m = hand
    while m:
        low = m & -m
        m ^= low
        card = low.bit_length() - 1
        cv = values[card]
        if not cv:  # R10: a court card takes one loose card of its rank (all of them, V1.1)
            same_rank = loose & (0xF << (card & ~3))
            if same_rank and rules.court_captures_all:
                append(_new_move(Move, (CAPTURE, card, same_rank, 0)))
            else:
                while same_rank:
                    low = same_rank & -same_rank
                    append(_new_move(Move, (CAPTURE, card, low, 0)))
                    same_rank ^= low
        else:
            # R22: spending the last numeral of value cv must take in every own build of cv.
            must = 0
            if owns and held[cv] == 1:
                for b in builds:
                    if b.owner == player and b.value == cv:
                        must |= b.cards
            takes = takes_cache.get(cv)
            if takes is None:
                takes = takes_cache[cv] = _takes(loose, cv, by_value.get(cv), rules)
            # V1.1: pairing a loose card of the card's rank takes every one of them
            pairs = loose & (0xF << (card & ~3)) if rules.pairing_takes_all else 0
            if takes is _NONE:  # D16: too many to list
                made, listed = open_family(CAPTURE, card, cv, [0], loose, builds,
                                           by_value.get(cv), must, pairs, None, rules)
                if families is not None and listed:  # named when it holds a move
                    families.append(made)
                for targets in listed:
                    append(_new_move(Move, (CAPTURE, card, targets, 0)))
            for targets in takes:  # R11: every union of loose groups and builds of cv
                if targets & must == must:
                    if pairs and targets & pairs not in (0, pairs):
                        continue  # V1.1: a pair left behind
                    append(_new_move(Move, (CAPTURE, card, targets, 0)))
            # R14-R16: builds of value v; R14 retain: a numeral of v stays in hand.
            for v in held_values:
                need = None  # V6.3: the partner's builds, one of which the move must use
                if v < cv:
                    continue
                if (v == cv and held[v] == 1) or (mates is not None and not held[v]):
                    need = mates.get(v) if mates is not None else None
                    if need is None:
                        continue  # R14: a numeral of v stays in hand
                if v == cv:
                    starts = [0]
                else:
                    # the card with loose cards (create, extend)
                    starts = groups(loose, v - cv, rules)
                    raised = by_value.get(v - cv)
                    if raised:  # R14b: or the card on one single build
                        starts = starts + [c for c in raised if _single(builds, c)]
                    if not starts:
                        continue
                extras = takes_cache.get(v)
                if extras is None:
                    extras = takes_cache[v] = _takes(loose, v, by_value.get(v), rules)
                if extras is _NONE or (v != cv and len(starts) * (len(extras) + 1) > MAX_FAMILY):
                    made, found = open_family(BUILD, card, v, starts, loose, builds,  # D16
                                              by_value.get(v), must, 0, need, rules)
                    if families is not None and found:
                        families.append(made)
                elif v == cv:
                    found = extras  # the card alone is one group: another group is needed
                else:
                    found = sorted({s | e for s in starts for e in [0, *extras] if not s & e})
                if need is None:
                    for targets in found:
                        if targets & must == must:
                            append(_new_move(Move, (BUILD, card, targets, v)))
                else:
                    for targets in found:
                        if targets & must == must and any(targets & b == b for b in need):
                            append(_new_move(Move, (BUILD, card, targets, v)))
        if not owns:
            append(_new_move(Move, (TRAIL, card, 0, 0)))  # R9, R21
    return moves


def _single(builds: tuple[Build, ...], cards: int) -> bool:
    for b in builds:
        if b.cards == cards:
            return len(b.groups) == 1
    return False


def _takes(loose: int, value: int, build_sets: list[int] | None, rules: Rules) -> list[int]:
    """The target sets of the captures with a numeral of ``value`` (R11): non-empty unions of
    loose groups with any builds of the same value, ascending; :data:`_NONE` when they are
    more than :data:`MAX_FAMILY` (D16)."""
    loose_unions = unions(loose, value, rules)
    if loose_unions is None:
        return _NONE
    if build_sets and (len(loose_unions) + 1 << len(build_sets)) - 1 > MAX_FAMILY:
        return _NONE
    return _with_builds(loose_unions, build_sets)


def _with_builds(loose_unions: list[int], build_sets: list[int] | None) -> list[int]:
    """Non-empty unions of loose groups with any builds of the same value, ascending."""
    if not build_sets:
        return loose_unions
    out = [0, *loose_unions]
    for cards in build_sets:
        out += [u | cards for u in out]
    out.remove(0)
    return sorted(out)
