"""Builds on the table (R7, R8, R20), and what a played card does to the table (R9-R16).

:func:`play_card` sits here, below the states and views, so that the worlds a view resamples
(:mod:`engine.cassino.worlds`, which replays the round's history) stay below the view.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import cards_of
from engine.cassino.game import partner
from engine.cassino.moves import CAPTURE, TRAIL, Move
from engine.cassino.rules import Rules
from engine.cassino.sums import split_into_groups
from engine.errors import IllegalMoveError

__all__ = ["Build", "builds_cards", "form_build", "play_card"]


class Build(NamedTuple):
    """A build: announced ``value``, ``owner`` seat and indivisible ``groups`` (R7, R8).

    ``groups`` are card sets in ascending order; ``cards`` is their union.  The owner
    is whoever created the build or last added to it (R20).
    """

    value: int
    owner: int
    groups: tuple[int, ...]
    cards: int

    @classmethod
    def of(cls, value: int, owner: int, groups: tuple[int, ...] | list[int]) -> Build:
        """A build from its groups, in canonical group order."""
        cards = 0
        for group in groups:
            cards |= group
        return cls(value, owner, tuple(sorted(groups)), cards)

    @property
    def single(self) -> bool:
        """A single build's cards sum to its value, in one group (R8); only it can be raised."""
        return len(self.groups) == 1


def builds_cards(builds: tuple[Build, ...]) -> int:
    """The set of every card in ``builds``."""
    cards = 0
    for build in builds:
        cards |= build.cards
    return cards


def form_build(loose: int, builds: tuple[Build, ...], player: int, move: Move,
               rules: Rules) -> tuple[str, Build]:
    """R14, R15: the kind of a legal build move and the build it makes.

    Builds taken in keep their groups (R8); the engine partitions the rest.  The mover owns
    the result (R20), except that a move using the partner's build of the announced value
    leaves it the partner's (V6.3, docs/rules/partnership.md V6.7).
    """
    values = rules.values
    v, card = move.value, move.card
    used = [b for b in builds if b.cards & move.targets]
    raised = [b for b in used if b.value != v]
    groups = [g for b in used if b.value == v for g in b.groups]
    pile = [(values[c], c) for c in cards_of(move.targets & loose)]
    if raised:  # R14b: the card joins the single build; loose cards only form further groups
        groups.append(raised[0].cards | 1 << card)
    else:  # R14a, R14c: the card forms a group alone or with loose cards
        pile.append((values[card], card))
    if sum(value for value, _ in pile) == v:  # the usual case: one new group
        formed: list[int] | None = [sum(1 << c for _, c in pile)]
    else:
        formed = split_into_groups(pile, v)
    if formed is None:  # unreachable for a legal move: movegen found such a partition
        raise IllegalMoveError(f"cannot form groups worth {v} from those cards (R15)", rule="R15")
    kind = "raise" if raised else "extend" if groups else "create"
    owner = player
    if rules.partnerships:
        mate = partner(player, rules)
        if mate is not None and any(b.owner == mate and b.value == v for b in used):
            owner = mate
    return kind, Build.of(v, owner, [*groups, *formed])


def play_card(loose: int, builds: tuple[Build, ...], player: int, move: Move,
              rules: Rules) -> tuple[int, tuple[Build, ...], int, str | None]:
    """R9-R16 on the table, for a legal move.

    Returns the loose cards and builds after the move, the cards it sends to the
    mover's pile (the played card and the targets of a capture, R12; else 0), and the
    kind of a build move (else ``None``).  The solver plays its searches with this.
    """
    kind = move.type
    if kind == TRAIL:  # R9
        return loose | 1 << move.card, builds, 0, None
    targets = move.targets
    if kind == CAPTURE:  # R10-R12
        if builds:
            builds = tuple(b for b in builds if not b.cards & targets)
        return loose & ~targets, builds, targets | 1 << move.card, None
    build_kind, made = form_build(loose, builds, player, move, rules)  # R14-R16
    kept = [b for b in builds if not b.cards & targets]
    kept.append(made)
    if len(kept) > 1:
        kept.sort(key=_build_order)
    return loose & ~targets, tuple(kept), 0, build_kind


def _build_order(build: Build) -> int:
    return build.cards
