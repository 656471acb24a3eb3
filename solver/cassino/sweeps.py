"""Sweep warnings: whether a move leaves the next player a table they can clear with one
card (R13), and the exact probability that they hold such a card, from one player's view.

After the move the table is public, so which cards would sweep it is known: a card whose
capture takes every loose card and every build (R10, R11, R18; V1.1's court pairs), asked
of the engine's move generator.  The next player's hand is hidden (R29); every assignment
of the unseen cards to the hidden hands that the engine's sampler allows is equally
likely (:class:`engine.cassino.HandSampler`: hand sizes, and each build owner and each
player who owned a build this batch holding a numeral of its value, R23).  The
assignments are counted exactly, class of cards by class of cards (a product of
multinomials, as the sampler counts them), once in all and once with the next hand
holding no sweeping card: the probability is one less their ratio.  When the move ends a
batch the next player is the first of the next batch, whose hand is four cards of the
stock, a plain hypergeometric draw (R5, D3; V6.5).  No sample is drawn.

Only the :class:`engine.cassino.View` is read, so two states with the same view give the
same warnings (R29).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb

from engine.cards import RANKS, cards_of
from engine.cassino import CAPTURE, Build, HandSampler, Move, View, generate_moves, play_card

__all__ = ["SweepRisk", "hidden_ways", "sweep_risk", "sweep_risks", "sweeping_cards"]


@dataclass(frozen=True)
class SweepRisk:
    """The sweep a move leaves: the ``player`` to move next (``None`` when the round ends
    with it), the ``probability`` that they hold a card that clears the table, and the
    ``ranks`` of the cards that would (none when no card can)."""

    player: int | None
    probability: Fraction
    ranks: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {"player": self.player, "probability": round(float(self.probability), 4),
                "ranks": list(self.ranks), "method": "exact"}


def sweeping_cards(view: View, loose: int, builds: tuple[Build, ...], seat: int) -> int:
    """The unseen cards with which ``seat`` could clear the table ``loose`` and ``builds``
    in one capture (R11, R13), asked of the move generator with that card alone in hand."""
    table = loose
    for b in builds:
        table |= b.cards
    if not table:
        return 0
    rules = view.rules
    values = rules.values
    found = 0
    known: dict[tuple[int, int], bool] = {}
    for card in cards_of(view.unseen):
        key = (values[card], card >> 2 if not values[card] or rules.pairing_takes_all else -1)
        sweeps = known.get(key)
        if sweeps is None:
            sweeps = known[key] = any(
                m.type == CAPTURE and m.targets == table
                for m in generate_moves(1 << card, loose, builds, seat, rules))
        if sweeps:
            found |= 1 << card
    return found


def sweep_risks(view: View, moves: list[Move]) -> list[SweepRisk]:
    """:func:`sweep_risk` of each of ``moves``, the hidden deals counted once for all."""
    requirements: dict[int, list[int]] = {}
    total: dict[int, int] = {}
    return [sweep_risk(view, m, requirements, total) for m in moves]


def sweep_risk(view: View, move: Move, requirements: dict[int, list[int]] | None = None,
               totals: dict[int, int] | None = None) -> SweepRisk:
    """The sweep ``move`` (a legal move of the viewer) leaves the next player (module
    docstring): exact, from the view alone.  ``requirements`` and ``totals``, when given,
    keep the sampler's requirements and the count of every hidden deal across calls on
    the same view (:func:`sweep_risks`)."""
    rules = view.rules
    me = view.player
    loose, builds, _, _ = play_card(view.loose, view.builds, me, move, rules)
    sizes = list(view.hand_sizes)
    sizes[me] -= 1
    if rules.draw_after_play and view.stock_size:
        sizes[me] += 1  # W2: the mover draws; the next hand does not change
    if not any(sizes):
        if not view.stock_size:
            return SweepRisk(None, Fraction(0), ())  # R24: the round ends with this card
        seat = (view.dealer + 1) % rules.players  # R5, D3, V6.5: the next batch's first
        sweepers = sweeping_cards(view, loose, builds, seat)
        unseen = view.unseen.bit_count()
        bad = sweepers.bit_count()
        free = Fraction(comb(unseen - bad, rules.hand_size), comb(unseen, rules.hand_size))
        return SweepRisk(seat, 1 - free, _ranks(sweepers))
    seat = (me + 1) % rules.players
    sweepers = sweeping_cards(view, loose, builds, seat)
    if not sweepers:
        return SweepRisk(seat, Fraction(0), ())
    if requirements is None:
        requirements = {}
    if not requirements:
        requirements.update(HandSampler(view).requirements)
    if totals is None:
        totals = {}
    total = totals.get(seat)
    if total is None:
        total = totals[seat] = hidden_ways(view, requirements, seat, 0)
    avoid = hidden_ways(view, requirements, seat, sweepers)
    return SweepRisk(seat, 1 - Fraction(avoid, total), _ranks(sweepers))


def hidden_ways(view: View, requirements: dict[int, list[int]], seat: int, avoid: int) -> int:
    """Assignments of the unseen cards to the hidden hands (sizes of the view) in which each
    hidden seat holds a numeral of each value ``requirements`` names for it and ``seat``
    holds none of ``avoid``; the stock takes the rest.  Without ``avoid``, the count of
    :class:`engine.cassino.HandSampler`."""
    values = view.rules.values
    hidden = tuple(s for s in range(view.rules.players) if s != view.player)
    sizes = tuple(view.hand_sizes[s] for s in hidden)
    if view.stock_size == 0 and len(hidden) == 1:
        return 0 if view.unseen & avoid else 1  # the other hand is every unseen card
    wanted = {v for s in hidden for v in requirements.get(s, [])}
    # classes of cards with their own bounds: each required value's cards, and the others
    # split by whether ``seat`` must avoid them.  The cards to avoid are whole value
    # classes (a card sweeps by its value, or a court card by its rank), so a required
    # value's cards are all avoided or none is.
    classes: dict[tuple[int, bool], int] = {}
    for card in cards_of(view.unseen):
        v = values[card] if values[card] in wanted else -1
        key = (v, bool(avoid >> card & 1))
        classes[key] = classes.get(key, 0) + 1
    bounds = tuple(
        (size, tuple((1 if v in requirements.get(s, []) else 0,
                      0 if avoided and s == seat else n)
                     for s, n in zip(hidden, sizes, strict=True)))
        for (v, avoided), size in sorted(classes.items()))
    return _count(bounds, sizes)


Bounds = tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
"""Per class of unseen cards: its size and, per hidden seat, the fewest and most of its
cards that seat's hand may take."""


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    ways = 1
    for k in parts:
        ways *= comb(n, k)
        n -= k
    return ways


@cache
def _count(bounds: Bounds, room: tuple[int, ...]) -> int:
    """Ways to fill hands with ``room`` left from the classes of ``bounds`` in order, each
    class within its per-seat bounds, the stock taking the rest of each class."""
    if not bounds:
        return 0 if any(room) else 1
    (size, per_seat), rest = bounds[0], bounds[1:]
    total = 0
    for k in product(*(range(low, min(high, r, size) + 1)
                       for (low, high), r in zip(per_seat, room, strict=True))):
        if sum(k) <= size:
            total += _multinomial(size, k) * _count(
                rest, tuple(r - a for r, a in zip(room, k, strict=True)))
    return total


def _ranks(cards: int) -> tuple[str, ...]:
    return tuple(dict.fromkeys(RANKS[c >> 2] for c in cards_of(cards)))
