"""Worlds: the hidden cards dealt out consistently with one player's view (R23, R28, R29).

What a player cannot see is the other hand and the stock (R29).  A *world* fixes the
other hand and, when asked, the stock's order.  Hands are drawn uniformly among the
ones consistent with everything public:

* the hand size and the unseen cards (every card seen elsewhere is excluded);
* R23: for every build the other player owns, the hand holds a numeral of its value;
* the history of the current batch: whenever the other player owned a build of value v
  earlier in this batch, they held a numeral of v then, so unless they played one since,
  they hold one now.

The constraints say "at least one card of each set A_v" with disjoint sets (one per
value), so the hands can be counted and drawn exactly: pick how many cards of each A_v
the hand holds with probability proportional to the number of hands with those counts,
then the cards themselves uniformly.  That is exactly uniform, like rejection sampling,
and never rejects (rejection can need hundreds of draws when one rare card is required).
When the stock is empty the other hand is every unseen card: a single world.

In ``draw`` (docs/rules/draw.md W8) there are no batches: a build's owner keeps a card of
its value from the move that made them owner until they play one, across any number of
draws, so the whole round's history counts.  The order of the stock matters there (each
play draws its top card): :func:`stock_order` is a uniform shuffle of the unseen cards the
other hand does not hold.

This is rules knowledge, so it is the engine's: :meth:`engine.cassino.play.View.resample`
deals a whole state from it, and the solver draws its worlds with it (its fast path draws
only what its search needs).  Two players only (R3): the other hand is seat ``1 - player``.
"""

from __future__ import annotations

import random
from itertools import product
from math import comb
from typing import Protocol

from engine.cards import cards_of
from engine.cassino.rules import Rules
from engine.cassino.state import Played
from engine.cassino.table import Build, play_card
from engine.errors import CassinoError, UnsupportedVariantError

__all__ = ["HandSampler", "Seen", "batch_requirements", "stock_order"]


class Seen(Protocol):
    """What the sampler reads of a view (:class:`engine.cassino.play.View` has it all)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def player(self) -> int: ...
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


def batch_requirements(view: Seen) -> list[int]:
    """Values of which the other player must hold a numeral now (R23 and this batch's history;
    in ``draw`` the whole round's, W8).

    Replays the round's history from its first table when the history agrees with the
    view; otherwise (a client may send any history, docs/api.md) only the builds now on
    the table count.
    """
    other = 1 - view.player
    values = view.rules.values
    required = {b.value for b in view.builds if b.owner == other}
    if view.rules.draw_after_play:  # W8: one batch-less round; draws only add cards
        played = len(view.history)
    else:
        played = sum(view.hand_sizes) and (view.rules.hand_size * 2 - sum(view.hand_sizes))
    if not played or len(view.history) < played:
        return sorted(required)
    owned = _owned_after_each_move(view)
    if owned is None:
        return sorted(required)
    batch = view.history[len(view.history) - played:]
    for i in range(played):
        later = [p.move.card for p in batch[i + 1:] if p.player == other]
        for value in owned[len(owned) - played + i]:
            if not any(values[c] == value for c in later):
                required.add(value)
    return sorted(required)


def _owned_after_each_move(view: Seen) -> list[set[int]] | None:
    """For each move of the round's history, the build values the other player owned after
    it; ``None`` when the history does not lead to the view's table and piles."""
    other = 1 - view.player
    played_cards = 0
    for p in view.history:
        played_cards |= 1 << p.move.card
    table = view.loose
    for b in view.builds:
        table |= b.cards
    seen = table | view.captured[0] | view.captured[1]
    loose = seen & ~played_cards  # the round's first table: cards nobody played
    if loose.bit_count() != view.rules.table_size:
        return None
    builds: tuple[Build, ...] = ()
    piles = [0, 0]
    out = []
    try:
        for p in view.history:
            loose, builds, taken, _ = play_card(loose, builds, p.player, p.move, view.rules)
            piles[p.player] |= taken
            out.append({b.value for b in builds if b.owner == other})
    except (CassinoError, ValueError, IndexError, StopIteration):
        return None
    if loose != view.loose or builds != view.builds or tuple(piles) != view.captured:
        return None
    return out


class HandSampler:
    """Uniform draws of the other player's hand for one view."""

    def __init__(self, view: Seen) -> None:
        if view.rules.players != 2:
            raise UnsupportedVariantError(
                f"worlds are drawn for two players (R3), not {view.rules.players} "
                f"({view.rules.name})", field="variant")
        self.view = view
        self.other = 1 - view.player
        self.size = view.hand_sizes[self.other]
        self.unseen = view.unseen
        self.required = batch_requirements(view) if view.stock_size else []
        self._setup()
        if not self.total and self.required:  # a history at odds with the table: R23 alone
            self.required = sorted({b.value for b in view.builds if b.owner == self.other})
            self._setup()
        if not self.total:
            raise ValueError("no hidden hand is consistent with this view (R23)")

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

    @property
    def exact(self) -> bool:
        """True when the hidden cards are known for certain: the stock is empty, or the
        other hand is forced and (in ``draw``, W8) the stock's order cannot vary."""
        if self.view.stock_size == 0:
            return True
        return self.total == 1 and (not self.view.rules.draw_after_play
                                    or self.view.stock_size == 1)

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

    def count(self) -> int:
        """How many hidden hands are consistent with the view."""
        return self.total

    def draw(self, rng: random.Random) -> int:
        """One hand, uniformly among the consistent ones."""
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


def stock_order(stock: int, rng: random.Random) -> tuple[int, ...]:
    """W8: a world's stock, top card first, uniformly among the orders of ``stock``'s cards."""
    order = list(cards_of(stock))
    rng.shuffle(order)
    return tuple(order)
