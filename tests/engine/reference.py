"""A deliberately naive, independent legal-move generator written from the rules (R9-R22,
and V1.1's pairing for ``classic``).

It shares nothing with ``engine.cassino.movegen`` or ``engine.cassino.sums``: it enumerates
every subset of the table items (loose cards and whole builds) for every card in hand and every
announced value, and keeps the subsets that the rule text allows.  It is slow on
purpose; the tests compare it with :meth:`engine.State.legal_moves`.

Court cards have no numeral value (R1): they can join no sum and no build, so a
subset holding one can only be an R10 capture of exactly that card.  Those subsets
are enumerated as the one-card subsets they must be; every subset of the other
items (numeral loose cards and builds) is enumerated in full.

The card values come from the rule pages, not from ``engine.cassino.rules``: R1 for
every variant but the royal ones, where J, Q and K count 11, 12 and 13 (docs/rules/royal.md
V3.1) and builds go up to the highest card (V3.1b).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from engine import Build, Move
from engine.cards import cards_of

__all__ = [
    "PAIR_ALL",
    "TRAIL_T",
    "can_split",
    "max_build",
    "numeral_value",
    "partner_seat",
    "reference_moves",
    "reference_moves_of",
    "reference_perft",
]

TRAIL_T = "trail"
CAPTURE_T = "capture"
BUILD_T = "build"
MAX_BUILD = 10  # R17
ROYAL_ACE = {"royal": 1, "royal-14": 14}
"""V3.1: the variants where every card is a numeral, and what their ace counts."""


def rank(card: int) -> int:
    """Rank 1..13 (A=1, J=11, Q=12, K=13) of card ``(rank-1)*4 + suit``."""
    return card // 4 + 1


def numeral_value(card: int, variant: str = "standard") -> int:
    """R1: A=1, 2..10 face value; J, Q, K have none (0).  V3.1: J=11, Q=12, K=13 and the
    ace as :data:`ROYAL_ACE` says."""
    r = rank(card)
    if variant in ROYAL_ACE:
        return ROYAL_ACE[variant] if r == 1 else r
    return r if r <= 10 else 0


def max_build(variant: str = "standard") -> int:
    """R17: 10; V3.1b: the value of the highest card."""
    if variant in ROYAL_ACE:
        return max(13, ROYAL_ACE[variant])
    return MAX_BUILD


@cache
def _split(values: tuple[int, ...], target: int) -> bool:
    if not values:
        return True
    first, rest = values[0], values[1:]
    # The first card belongs to some group: try every choice of its companions.
    n = len(rest)
    for pick in range(1 << n):
        total = first
        for i in range(n):
            if pick >> i & 1:
                total += rest[i]
        if total != target:
            continue
        left = tuple(rest[i] for i in range(n) if not pick >> i & 1)
        if _split(left, target):
            return True
    return False


def can_split(values: Iterable[int], target: int) -> bool:
    """Whether the card values split into disjoint groups each summing to ``target``
    (R7, R11: a group is one card of that value or several cards summing to it).
    The empty collection splits (into no groups)."""
    vals = tuple(sorted(values))
    if any(v <= 0 for v in vals):  # a court card has no value and joins no sum (R1)
        return False
    return _split(vals, target)


def _is_single(build: Build, variant: str) -> bool:
    """R8: a build whose card values sum to its value is single."""
    return sum(numeral_value(c, variant) for c in cards_of(build.cards)) == build.value


def _held_values(hand: int, variant: str) -> set[int]:
    """The numeral values held in ``hand``."""
    return {numeral_value(c, variant) for c in cards_of(hand)} - {0}


def _r22_ok(held_after: set[int], own_left: list[Build]) -> bool:
    """R22: the mover still holds a numeral of every own build left on the table."""
    return all(b.value in held_after for b in own_left)


PAIR_ALL = frozenset(("classic", "classic-deal"))
"""The variants in which pairing takes every loose card of the rank (V1.1)."""


PARTNERS = {"partnership": 4}
"""The variants with partners (V6.1), and their number of seats: partners sit opposite."""


def partner_seat(player: int, variant: str) -> int | None:
    """V6.1: the partner sits opposite (seats 0 and 2, 1 and 3); ``None`` playing alone."""
    seats = PARTNERS.get(variant)
    return None if seats is None else (player + seats // 2) % seats


def reference_moves(hand: int, loose: int, builds: tuple[Build, ...] | list[Build],
                    player: int, variant: str = "standard", *,
                    pair_all: bool | None = None) -> set[Move]:
    """Every legal move (R9-R22) of ``player`` holding ``hand`` at this table, under the
    card values of ``variant`` (V3).

    With ``pair_all`` (V1.1; by default where ``variant`` says so), a court card takes every
    loose card of its rank in one capture, and a numeral capture that takes a loose card of
    the played card's rank must take all of them.  In ``partnership`` (V6.3, decision V6.6
    of docs/rules/partnership.md) a build of ``v`` that uses the partner's build of ``v``
    needs no ``v`` left in the mover's hand."""
    if pair_all is None:
        pair_all = variant in PAIR_ALL
    mate = partner_seat(player, variant)
    builds = list(builds)
    own = [b for b in builds if b.owner == player]

    def value(card: int) -> int:
        return numeral_value(card, variant)

    loose_numerals = [c for c in cards_of(loose) if value(c)]
    loose_courts = [c for c in cards_of(loose) if not value(c)]
    # Table items: each numeral loose card, each whole build (R8: builds are indivisible).
    items: list[tuple[str, int | Build]] = [("card", c) for c in loose_numerals]
    items += [("build", b) for b in builds]
    n = len(items)
    moves: set[Move] = set()

    # Every subset of the items, as (loose cards, their values, builds, all table cards).
    subsets = []
    for pick in range(1, 1 << n):
        cards: list[int] = []
        used: list[Build] = []
        for i in range(n):
            if pick >> i & 1:
                kind, item = items[i]
                if kind == "card":
                    assert isinstance(item, int)
                    cards.append(item)
                else:
                    assert isinstance(item, Build)
                    used.append(item)
        targets = 0
        for c in cards:
            targets |= 1 << c
        for b in used:
            targets |= b.cards
        vals = tuple(sorted(value(c) for c in cards))
        subsets.append((vals, sum(vals), used, targets))

    for c in cards_of(hand):
        held_after = _held_values(hand & ~(1 << c), variant)
        cv = value(c)

        # R9, R21: trail only when the mover owns no build (R22 is then vacuous).
        if not own:
            moves.add(Move(TRAIL_T, c, 0, 0))

        # V1.1: the loose cards of the played card's rank, all taken by a pairing capture
        same_rank = [x for x in cards_of(loose) if rank(x) == rank(c)]
        if not cv:
            if pair_all:  # V1.1: every loose card of its rank at once
                if same_rank and _r22_ok(held_after, own):
                    moves.add(Move(CAPTURE_T, c, sum(1 << x for x in same_rank), 0))
                continue
            # R10: a court card captures exactly one loose card of its own rank.
            for x in loose_courts:
                if rank(x) == rank(c) and _r22_ok(held_after, own):
                    moves.add(Move(CAPTURE_T, c, 1 << x, 0))
            continue  # R10, R14: no sums, no builds with a court card

        for vals, total, used, targets in subsets:
            r22 = _r22_ok(held_after, [b for b in own if b not in used])
            if not r22:
                continue

            # R11: disjoint targets, each a loose card of cv, loose cards summing to cv,
            # or a whole build of value cv (R18).  Non-empty by construction.  (The
            # modulo test only skips subsets whose values cannot split into groups of cv.)
            paired = [x for x in same_rank if targets >> x & 1]
            if pair_all and paired and len(paired) < len(same_rank):
                pass  # V1.1: a pairing leaves no loose card of the rank behind
            elif all(b.value == cv for b in used) and total % cv == 0 and can_split(vals, cv):
                moves.add(Move(CAPTURE_T, c, targets, 0))

            # R14: build moves with an announced value v, 1 <= v <= 10 (R17; V3.1b: more).
            for v in range(1, max_build(variant) + 1):
                if v not in held_after and not any(b.owner == mate and b.value == v
                                                   for b in used):
                    continue  # R14 retain rule (R22 applied to the resulting build), V6.3
                other = [b for b in used if b.value != v]
                if len(other) > 1:
                    continue  # a raise adds the card to one build only (R14b)
                if other:
                    # R14b raise: c on one *single* build of value b, v = b + value(c);
                    # loose cards do not add to the sum, they form further groups of v.
                    raised = other[0]
                    if (_is_single(raised, variant) and raised.value + cv == v and total % v == 0
                            and can_split(vals, v)):
                        moves.add(Move(BUILD_T, c, targets, v))
                    continue
                # R14a create / R14c extend: c alone (worth v) or c with some loose
                # cards summing to v forms a group; every other loose card used forms
                # further groups of v; the builds used are worth v.  At least one table
                # card is used (R16): the subset is non-empty by construction.
                if (total + cv) % v == 0 and _played_group_exists(vals, cv, v):
                    moves.add(Move(BUILD_T, c, targets, v))
    return moves


@cache
def _played_group_exists(vals: tuple[int, ...], cv: int, v: int) -> bool:
    """Some loose cards G (possibly none) have cv + sum(G) == v and the rest split into v."""
    n = len(vals)
    for pick in range(1 << n):
        total = cv + sum(vals[i] for i in range(n) if pick >> i & 1)
        if total != v:
            continue
        rest = [vals[i] for i in range(n) if not pick >> i & 1]
        if can_split(rest, v):
            return True
    return False


def reference_moves_of(state) -> set[Move]:
    """The reference moves of the player to move in an ``engine.State`` (none after game over)."""
    if state.status != "playing":
        return set()
    p = state.to_move
    return reference_moves(state.hands[p], state.loose, state.builds, p, state.variant)


def reference_perft(state, depth: int) -> int:
    """Leaves of the legal-move tree of depth ``depth``, moves from the reference."""
    from engine.cassino.play import advance

    if depth == 0:
        return 1
    moves = reference_moves_of(state)
    if depth == 1:
        return len(moves)
    return sum(reference_perft(advance(state, m), depth - 1) for m in moves)
