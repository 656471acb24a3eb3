"""Worlds: the hidden cards dealt out consistently with one player's view (R23, R28, R29).

What a player cannot see is every other hand and the stock (R29).  A *world* fixes the
other hands and, when asked, the stock's order.  The other hands are drawn together,
uniformly among the assignments consistent with everything public:

* the hand sizes and the unseen cards (every card seen elsewhere is excluded);
* R23: for every build a hidden seat owns, its hand holds a numeral of the build's value;
* the history of the current batch: whenever a hidden seat owned a build of value v after
  a move of this batch, it held a numeral of v then, so unless it played one since, it
  holds one now.

Seats are ``0 .. players - 1`` (R3; V6 and V7 have four and three).  In partnership (V6.3)
a build move that uses a build of the announced value owned by the mover's partner leaves
the result owned by that partner (otherwise the mover becomes the owner, R20), so the
partner who *backs* a build is always its owner: "a card of the build's value held by the
player or his partner" (V6.4) is always the owner's card, and the constraints above stay
per seat.  The replay reads the owners :func:`engine.cassino.table.play_card` gives.

The constraints say "seat s holds at least one card of each set A_v, v in R_s", with
disjoint sets (one per value).  So the assignments can be counted and drawn exactly: a
*plan* says how many cards of each A_v (and of the other unseen cards) go to each hidden
hand; the assignments with that plan are a product of multinomials; a plan is picked with
probability proportional to that number (class by class, from a table of the ways to fill
the hands' remaining room, which depends only on the view) and the cards of each class are
then dealt uniformly.  That is exactly uniform, like rejection sampling, and never rejects
(rejection can need hundreds of draws when one rare card is required).  With two seats the
one hidden hand is drawn as it always was (the same hands from the same random calls); an
empty stock then leaves a single world.  With more seats an empty stock still leaves the
unseen cards to split among the other hands.

In ``draw`` (docs/rules/draw.md W8) there are no batches: a build's owner keeps a card of
its value from the move that made them owner until they play one, across any number of
draws, so the whole round's history counts.  The order of the stock matters there (each
play draws its top card): :func:`stock_order` is a uniform shuffle of the unseen cards the
other hands do not hold.

This is rules knowledge, so it is the engine's: :meth:`engine.cassino.play.View.resample`
deals a whole state from it, and the solver draws its worlds with it (its fast path draws
only what its search needs).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import product
from math import comb
from typing import Protocol

from engine.cards import cards_of
from engine.cassino.rules import Rules
from engine.cassino.state import Played
from engine.cassino.table import Build, play_card
from engine.errors import GameError

__all__ = ["HandSampler", "Seen", "batch_requirements", "hidden_requirements", "stock_order"]


class Seen(Protocol):
    """What the sampler reads of a view (:class:`engine.cassino.play.View` has it all)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def player(self) -> int: ...
    @property
    def hand(self) -> int: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def loose(self) -> int: ...
    @property
    def builds(self) -> tuple[Build, ...]: ...
    @property
    def captured(self) -> tuple[int, ...]: ...
    @property
    def history(self) -> tuple[Played, ...]: ...
    @property
    def unseen(self) -> int: ...


def batch_requirements(view: Seen, seat: int | None = None) -> list[int]:
    """Values of which ``seat`` must hold a numeral now (R23 and this batch's history; in
    ``draw`` the whole round's, W8).  ``seat`` defaults to the other player of two (R3).

    Replays the round's history from its first table when the history agrees with the
    view; otherwise (a client may send any history, docs/api.md) only the builds now on
    the table count.
    """
    if seat is None:
        if view.rules.players != 2:
            raise ValueError(f"name the seat: {view.rules.players} players ({view.rules.name})")
        seat = 1 - view.player
    return hidden_requirements(view, (seat,))[seat]


def hidden_requirements(view: Seen, seats: tuple[int, ...] | None = None
                        ) -> dict[int, list[int]]:
    """For each of ``seats`` (default: every seat but the viewer's), the values of which it
    must hold a numeral now (:func:`batch_requirements`), from one replay of the history."""
    if seats is None:
        seats = tuple(s for s in range(view.rules.players) if s != view.player)
    required = {s: {b.value for b in view.builds if b.owner == s} for s in seats}
    rules = view.rules
    if rules.draw_after_play:  # W8: one batch-less round; draws only add cards
        played = len(view.history)
    else:
        held = sum(view.hand_sizes)
        played = held and (rules.hand_size * rules.players - held)
    owned = _owned_after_each_move(view) if 0 < played <= len(view.history) else None
    if owned is not None:
        values = rules.values
        batch = view.history[len(view.history) - played:]
        for i in range(played):
            for seat in seats:
                for value in owned[len(owned) - played + i][seat]:
                    if value not in required[seat] and not any(
                            p.player == seat and values[p.move.card] == value
                            for p in batch[i + 1:]):
                        required[seat].add(value)
    return {s: sorted(required[s]) for s in seats}


def _owned_after_each_move(view: Seen) -> list[tuple[set[int], ...]] | None:
    """For each move of the round's history, the build values each seat owned after it;
    ``None`` when the history does not lead to the view's table and piles."""
    players = view.rules.players
    played_cards = 0
    for p in view.history:
        played_cards |= 1 << p.move.card
    table = view.loose
    for b in view.builds:
        table |= b.cards
    seen = table
    for pile in view.captured:
        seen |= pile
    loose = seen & ~played_cards  # the round's first table: cards nobody played
    if loose.bit_count() != view.rules.table_size or len(view.captured) != players:
        return None
    builds: tuple[Build, ...] = ()
    piles = [0] * players
    out = []
    try:
        for p in view.history:
            loose, builds, taken, _ = play_card(loose, builds, p.player, p.move, view.rules)
            piles[p.player] |= taken
            owned: tuple[set[int], ...] = tuple(set() for _ in range(players))
            for b in builds:
                owned[b.owner].add(b.value)
            out.append(owned)
    except (GameError, ValueError, IndexError, StopIteration):
        return None
    if loose != view.loose or builds != view.builds or tuple(piles) != tuple(view.captured):
        return None
    return out


Plan = tuple[int, ...]
"""How many cards of one class go to each hidden hand, in seat order."""


def _multinomial(n: int, parts: Plan) -> int:
    """Ways to deal ``parts[i]`` of ``n`` cards to hand ``i`` (the rest stays out)."""
    ways = 1
    for k in parts:
        ways *= comb(n, k)
        n -= k
    return ways


class _Joint:
    """Exact uniform draws of several hidden hands at once (the module's docstring)."""

    def __init__(self, unseen: int, values: tuple[int, ...], sizes: Plan,
                 required: list[list[int]]) -> None:
        self.sizes = sizes
        wanted = sorted({v for r in required for v in r})
        self.classes = [[c for c in cards_of(unseen) if values[c] == v] for v in wanted]
        needed = 0
        for group in self.classes:
            for c in group:
                needed |= 1 << c
        self.rest = list(cards_of(unseen & ~needed))
        self.options: list[list[tuple[int, Plan]]] = []
        for v, group in zip(wanted, self.classes, strict=True):
            lows = [1 if v in r else 0 for r in required]
            ranges = [range(low, min(n, len(group)) + 1) for low, n in zip(lows, sizes,
                                                                             strict=True)]
            self.options.append([(_multinomial(len(group), k), k) for k in product(*ranges)
                                 if sum(k) <= len(group)])
        self._ways: dict[tuple[int, Plan], int] = {}
        self._choices: dict[tuple[int, Plan], tuple[list[int], list[tuple[Plan, Plan]]]] = {}
        self.total = self.ways(0, sizes)

    def ways(self, i: int, room: Plan) -> int:
        """Assignments of classes ``i..`` and the rest with ``room`` left in the hands."""
        key = (i, room)
        known = self._ways.get(key)
        if known is not None:
            return known
        if i == len(self.classes):
            total = _multinomial(len(self.rest), room) if sum(room) <= len(self.rest) else 0
        else:
            total = 0
            for weight, k in self.options[i]:
                if all(a <= b for a, b in zip(k, room, strict=True)):
                    total += weight * self.ways(i + 1, tuple(
                        b - a for a, b in zip(k, room, strict=True)))
        self._ways[key] = total
        return total

    def choices(self, i: int, room: Plan) -> tuple[list[int], list[tuple[Plan, Plan]]]:
        """Cumulative weights and (plan of class ``i``, room left) of its possible plans."""
        key = (i, room)
        cached = self._choices.get(key)
        if cached is not None:
            return cached
        bounds: list[int] = []
        plans: list[tuple[Plan, Plan]] = []
        total = 0
        for weight, k in self.options[i]:
            if all(a <= b for a, b in zip(k, room, strict=True)):
                left = tuple(b - a for a, b in zip(k, room, strict=True))
                ways = weight * self.ways(i + 1, left)
                if ways:
                    total += ways
                    bounds.append(total)
                    plans.append((k, left))
        self._choices[key] = bounds, plans
        return bounds, plans

    def draw(self, rng: random.Random) -> list[int]:
        """The hidden hands, in seat order, uniformly among the consistent assignments."""
        hands = [0] * len(self.sizes)
        room = self.sizes
        for i, group in enumerate(self.classes):
            bounds, plans = self.choices(i, room)
            j = 0 if len(plans) == 1 else bisect_right(bounds, rng.randrange(bounds[-1]))
            k, room = plans[j]
            _deal(rng.sample(group, sum(k)), k, hands)
        _deal(rng.sample(self.rest, sum(room)), room, hands)
        return hands


def _deal(cards: list[int], counts: Plan, hands: list[int]) -> None:
    """Hand out ``cards`` (a uniform draw in random order) by ``counts``, in order."""
    start = 0
    for h, n in enumerate(counts):
        for c in cards[start:start + n]:
            hands[h] |= 1 << c
        start += n


class HandSampler:
    """Uniform draws of the hidden hands of one view (R23, R29).

    :meth:`count` is the number of consistent assignments of the unseen cards to the other
    hands (the stock holds the rest), :meth:`draw_hands` draws every seat's hand,
    :meth:`draw` the other hands as one set (two seats: the other hand).  ``requirements``
    gives, per hidden seat, the values it must hold (:func:`hidden_requirements`).
    ``ValueError`` naming R23 when no assignment fits the view.
    """

    def __init__(self, view: Seen) -> None:
        self.view = view
        self.unseen = view.unseen
        self.seats = tuple(s for s in range(view.rules.players) if s != view.player)
        """The hidden seats, in seat order."""
        self._joint: _Joint | None = None
        if len(self.seats) == 1:
            self._one_hand(view)
        else:
            self._hands(view)

    # --- two seats: the other hand alone (the draws of every earlier version) --------

    def _one_hand(self, view: Seen) -> None:
        self.other = self.seats[0]
        self.size = view.hand_sizes[self.other]
        self.required = batch_requirements(view, self.other) if view.stock_size else []
        self._setup()
        if not self.total and self.required:  # a history at odds with the table: R23 alone
            self.required = sorted({b.value for b in view.builds if b.owner == self.other})
            self._setup()
        if not self.total:
            raise ValueError("no hidden hand is consistent with this view (R23)")
        self.requirements = {self.other: self.required}

    def _setup(self) -> None:
        values = self.view.rules.values
        self.groups = [[c for c in cards_of(self.unseen) if values[c] == v]
                       for v in self.required]
        needed = 0
        for v in self.required:
            for c in cards_of(self.unseen):
                if values[c] == v:
                    needed |= 1 << c
        self.rest = list(cards_of(self.unseen & ~needed))
        self.plans = self._plans()
        self.total = sum(w for w, _ in self.plans)

    def _plans(self) -> list[tuple[int, tuple[int, ...]]]:
        """(number of hands, cards taken from each required group) for every split."""
        plans = []
        ranges = [range(1, min(len(g), self.size) + 1) for g in self.groups]
        for counts in product(*ranges):
            free = self.size - sum(counts)
            if free < 0:
                continue
            weight = comb(len(self.rest), free)
            for g, k in zip(self.groups, counts, strict=True):
                weight *= comb(len(g), k)
            if weight:
                plans.append((weight, counts))
        return plans

    # --- three or four seats: the other hands together ------------------------------

    def _hands(self, view: Seen) -> None:
        sizes = tuple(view.hand_sizes[s] for s in self.seats)
        values = view.rules.values
        required = hidden_requirements(view, self.seats)
        joint = _Joint(self.unseen, values, sizes, [required[s] for s in self.seats])
        if not joint.total:  # a history at odds with the table: R23 alone
            owned = {s: sorted({b.value for b in view.builds if b.owner == s})
                     for s in self.seats}
            if owned != required:
                required = owned
                joint = _Joint(self.unseen, values, sizes, [owned[s] for s in self.seats])
        if not joint.total:
            raise ValueError("no hidden hands are consistent with this view (R23)")
        self._joint = joint
        self.total = joint.total
        self.requirements = required

    # --- the draws ---------------------------------------------------------------------

    @property
    def exact(self) -> bool:
        """True when the hidden cards are known for certain: exactly one assignment of the
        unseen cards fits the view (two seats: the stock is empty, or the other hand is
        forced) and (in ``draw``, W8) the stock's order cannot vary."""
        if self.view.stock_size == 0 and self._joint is None:
            return True
        return self.total == 1 and (not self.view.rules.draw_after_play
                                    or self.view.stock_size <= 1)

    def count(self) -> int:
        """How many assignments of the hidden hands are consistent with the view (two seats:
        how many other hands)."""
        return self.total

    def draw(self, rng: random.Random) -> int:
        """The other hands' cards as one set, uniformly among the consistent assignments;
        with two seats the other hand.  The stock is the rest of the unseen cards."""
        if self._joint is not None:
            hidden = 0
            for hand in self._joint.draw(rng):
                hidden |= hand
            return hidden
        if self.view.stock_size == 0:
            return self.unseen
        pick = rng.randrange(self.total)
        i = 0
        while pick >= self.plans[i][0]:
            pick -= self.plans[i][0]
            i += 1
        counts = self.plans[i][1]
        hand = 0
        for g, k in zip(self.groups, counts, strict=True):
            for c in rng.sample(g, k):
                hand |= 1 << c
        for c in rng.sample(self.rest, self.size - sum(counts)):
            hand |= 1 << c
        return hand

    def draw_hands(self, rng: random.Random) -> tuple[int, ...]:
        """Every seat's hand, the viewer's own as in the view, the others drawn together
        uniformly among the consistent assignments (with two seats, :meth:`draw`'s hand
        from the same random calls)."""
        hands = [self.view.hand] * self.view.rules.players
        drawn = [self.draw(rng)] if self._joint is None else self._joint.draw(rng)
        for seat, hand in zip(self.seats, drawn, strict=True):
            hands[seat] = hand
        return tuple(hands)


def stock_order(stock: int, rng: random.Random) -> tuple[int, ...]:
    """W8: a world's stock, top card first, uniformly among the orders of ``stock``'s cards."""
    order = list(cards_of(stock))
    rng.shuffle(order)
    return tuple(order)
