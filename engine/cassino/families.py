"""Families too large to list (D16): the moves of one card of one kind and value, past
:data:`engine.cassino.sums.MAX_FAMILY`.

Such a family's moves are listed in part (:func:`open_family`: its largest takes first,
then its smallest), and :class:`Family` says which moves it holds, so that any of them is
accepted when played (:meth:`Family.admits`, exact, without listing them).  Every other
move of a position is listed one by one (D10).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.cards import card_name, format_cards
from engine.cassino.moves import CAPTURE, Move
from engine.cassino.rules import Rules
from engine.cassino.sums import groups, splits
from engine.cassino.table import Build

__all__ = ["LISTED", "Family", "open_family"]

LISTED = 32
"""D16: the moves a move list holds of a family too large to list."""


class Family(NamedTuple):
    """The captures (``type`` capture) or the builds of one ``value`` (``type`` build) of
    one ``card``, too many to list (D16).

    ``cards`` are the table cards its moves may take or use.  The rest says exactly which
    sets of them are moves, as :func:`engine.cassino.movegen.legal_moves` would list them:
    ``must``, the builds every move takes in (R22); ``pairs``, loose cards taken all or
    none (V1.1); ``need``, builds of which a move takes in one (V6.3); ``start``, the value
    of the group the card completes in a build of a higher value (R14a, R14c: loose cards,
    or a single build it raises, R14b), 0 where the card is a group by itself or captures.
    """

    type: str
    card: int
    value: int
    cards: int
    must: int = 0
    pairs: int = 0
    need: tuple[int, ...] = ()
    start: int = 0

    def holds(self, move: Move) -> bool:
        """Whether ``move`` is of this family: the same card, kind and value."""
        return move.card == self.card and move.type == self.type and \
            (self.type == CAPTURE or move.value == self.value)

    def admits(self, targets: int, loose: int, builds: tuple[Build, ...], rules: Rules) -> bool:
        """Whether the move of this family with ``targets`` is legal (R11, R14-R16, R22;
        V1.1; V6.3), checked on the cards (:func:`engine.cassino.sums.splits`)."""
        if not targets or targets & ~self.cards or targets & self.must != self.must:
            return False
        if self.pairs and targets & self.pairs not in (0, self.pairs):
            return False
        if self.need and not any(targets & b == b for b in self.need):
            return False
        rest, raised = targets, False
        for b in builds:
            if not b.cards & targets:
                continue
            if b.cards & targets != b.cards:
                return False  # R8: a build is taken whole
            if b.value == self.value:
                rest &= ~b.cards
            elif self.start and b.value == self.start and len(b.groups) == 1 and not raised:
                raised = True  # R14b: the single build the card raises
                rest &= ~b.cards
            else:
                return False
        if rest & ~loose:
            return False
        if not self.start or raised:  # the loose cards form groups of the value
            return splits(rest, self.value, rules)
        # R14a, R14c: the card and some of them make one group, the rest further groups
        return bool(rest) and splits(rest, self.value, rules, rules.values[self.card])

    def to_dict(self) -> dict[str, Any]:
        """The docs/api.md family object."""
        return {"type": self.type, "card": card_name(self.card), "value": self.value,
                "cards": format_cards(self.cards)}


def open_family(kind: str, card: int, value: int, starts: list[int], loose: int,
                builds: tuple[Build, ...], sets: list[int] | None, must: int, pairs: int,
                need: list[int] | None, rules: Rules) -> tuple[Family, list[int]]:
    """The family of ``card``'s captures or builds of ``value``, and the target sets of it
    that a move list holds (D16), at most :data:`LISTED`, each once and each legal.

    ``starts`` are the groups the card completes in a build of a higher value, ``[0]``
    where it needs none (a capture, a build of its own value).  For each start, its largest
    take, then its smallest.  The largest takes every loose card of ``value`` or less when
    they split into groups of ``value`` (a sweep where nothing else lies on the table), else
    the groups of ``value`` in their order, each that takes none of the cards already
    taken; and every build of ``value`` (``sets``).  The smallest adds only the builds the
    move must take (R22, V6.3).  Without a start: the largest take, the builds that must be
    taken alone, then for each group of ``value`` in turn the largest take that holds it
    and the group alone."""
    loose_groups = groups(loose, value, rules)
    builds_all = 0
    for cards in sets or ():
        builds_all |= cards
    cards = builds_all
    for g in loose_groups:
        cards |= g
    for s in starts:
        cards |= s
    own = rules.values[card]
    made = Family(kind, card, value, cards, must, pairs, tuple(need or ()),
                  0 if kind == CAPTURE or own == value else value - own)
    if made.start and must:  # R22: only the start can hold the builds of the card's value
        starts = [s for s in starts if s & must == must]
    least = must & builds_all
    if need and not any(least & b == b for b in need):
        least |= need[0]
    whole = loose & rules.upto[value]
    found: dict[int, None] = {}  # insertion-ordered, each set once

    def full(targets: int) -> bool:
        """Keep ``targets`` when legal; whether the listing is full."""
        if pairs and targets & pairs:
            targets |= pairs  # V1.1: the loose cards of the card's rank go together
        if targets not in found and made.admits(targets, loose, builds, rules):
            found[targets] = None
        return len(found) >= LISTED

    if starts == [0]:
        full((whole if splits(whole, value, rules) else _greedy(0, loose_groups)) | builds_all)
        if least:
            full(least)
        for g in loose_groups[:LISTED]:
            if full(_greedy(g, loose_groups) | builds_all) or full(g | least):
                break
    else:
        for s in starts[:LISTED]:
            rest = whole & ~s
            most = rest if splits(rest, value, rules) else _greedy(s, loose_groups) & ~s
            if full(s | most | builds_all) or full(s | least):
                break
    return made, list(found)


def _greedy(seed: int, loose_groups: list[int]) -> int:
    """``seed`` and every group, in order, that takes none of the cards already taken:
    a take that no further group can join."""
    taken = seed
    for g in loose_groups:
        if not taken & g:
            taken |= g
    return taken
