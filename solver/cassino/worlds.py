"""The solver's worlds in Cassino: world ``i`` of a seed, drawn and searched.

The hidden cards are drawn by the engine (:mod:`engine.cassino.worlds`): the other hand
uniformly among those consistent with the view (R23 and the round's history) and, in
``draw`` while the stock lasts (W8), the stock's order.  That is the hidden part of
:meth:`engine.cassino.View.resample` from the same random source; the solver's fast path
draws only what its search needs (no order outside ``draw``, no seed) and keeps the cards
as bit sets.  :func:`world_rng` fixes each world's random source, so the same seed and
world index always give the same world, wherever it is searched.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple, Protocol, TypeVar

from engine.cassino import HandSampler, Move, Rules, View, stock_order
from solver.cassino import kernel
from solver.cassino.exact import EXACT_NODES, exact_values
from solver.cassino.maxn import MaxnSearch
from solver.cassino.modelled import ModelSearch, card_worths
from solver.cassino.search import DRAW_PLIES, DrawSearch, Position, Search, twin_key
from solver.cassino.seats import WORLD_NODES, SeatsPosition, SeatsSearch
from solver.cassino.sides import SideSearch

__all__ = ["MAXN", "PARANOID", "SEARCHES", "SEATS", "THREE_HAND_SEARCH", "SeatSettings",
           "SeatWorlds", "World", "Worlds", "WorldsOf", "drawing", "model_weight",
           "rules_weight", "seat_settings", "world_rng", "worlds_of"]

World = tuple[int, tuple[int, ...]]
"""A world: the other hand, and the stock's order in ``draw`` (else empty)."""


def _prefix(seed: int) -> str:
    return f"cassino-solver/{seed}/"


def world_rng(seed: int, index: int) -> random.Random:
    """The random source of world ``index`` for ``seed``: worlds are independent of one
    another, so any range of them can be computed anywhere and merged."""
    return random.Random(f"{_prefix(seed)}{index}")


def drawing(view: View) -> bool:
    """``draw`` while the stock lasts (W8): each world also fixes the stock's order and is
    searched to a horizon in plies (:class:`DrawSearch`), with no opponent model."""
    return view.rules.draw_after_play and view.stock_size > 0


def rules_weight(rules: Rules, weight: float) -> float:
    """The opponent model's weight that the searches of a game of ``rules`` apply in its
    batches when asked for ``weight`` (:class:`ModelSearch`): ``weight`` with two seats, 0
    with N (V6, V7: the N-seat search has no model)."""
    return weight if rules.players == 2 else 0.0


def model_weight(view: View, weight: float) -> float:
    """The opponent model's weight that the search of ``view``'s worlds applies when asked
    for ``weight``: :func:`rules_weight`, and 0 in ``draw`` while the stock lasts
    (:func:`drawing`)."""
    return 0.0 if drawing(view) else rules_weight(view.rules, weight)


class Worlds:
    """The worlds of one view: :meth:`draw` world ``index``, :meth:`values` of its moves."""

    def __init__(self, view: View, reply_weight: float = 0.0) -> None:
        self.view = view
        self.sampler = HandSampler(view)
        self.unseen = view.unseen
        self.drawing = drawing(view)  # W8
        self.reply_weight = reply_weight  # the opponent model's (modelled.py; 0: plain minimax)
        self.worths = card_worths(view.rules) if reply_weight else ()

    @property
    def exact(self) -> bool:
        """One world says everything: the hidden cards are known for certain."""
        return self.sampler.exact

    @property
    def to_end(self) -> bool:
        """Every world's search reaches the round's end: the last batch (the stock empty),
        where the end of the batch is the round's (R24); before it a batch end's estimate,
        in ``draw`` a horizon in plies (W8)."""
        return self.view.stock_size == 0

    def draw(self, seed: int, index: int) -> World:
        """World ``index`` of ``seed``: the other hand, then (W8) the stock's order."""
        rng = world_rng(seed, index)
        other = self.sampler.draw(rng)
        order = stock_order(self.unseen & ~other, rng) if self.drawing else ()
        return other, order

    def values(self, world: World, moves: list[Move]) -> tuple[list[float], int]:
        """The value of each of ``moves`` in ``world`` for the player to move (round-point
        differences; with no moves, the value of the position for the viewer), and the
        search nodes it took."""
        view = self.view
        other, order = world
        stock = self.unseen & ~other
        hands = (view.hand, other) if view.player == 0 else (other, view.hand)
        search: Search | DrawSearch = (
            DrawSearch(view.rules, order) if self.drawing
            else ModelSearch(view.rules, stock, view.dealer, view.player, self.reply_weight,
                             self.worths) if self.reply_weight
            else Search(view.rules, stock, view.dealer))
        pos = Position(view.to_move, hands, view.loose, view.builds,
                       (view.captured[0], view.captured[1]), (view.sweeps[0], view.sweeps[1]),
                       view.last_capturer, stock, view.dealer)
        row = search.root_values(pos, moves) if moves else [-search.value(pos)]
        return row, search.nodes

    def searched(self, world: World, moves: list[Move]) -> tuple[list[float], int, bool]:
        """:meth:`values`, and whether the search reached the round's end (:attr:`to_end`)."""
        row, nodes = self.values(world, moves)
        return row, nodes, self.to_end

    def solve(self, seed: int, start: int, stop: int, moves: list[Move], won: list[float], *,
              early: bool, budget: int | None, rule: kernel.Stopping, began: float,
              progress: Callable[[int, int], None] | None
              ) -> tuple[list[list[float]], int] | None:
        """Every world ``start .. stop - 1`` drawn (:meth:`draw`) and valued (:meth:`values`,
        each row ``won`` then the moves' values) in one call to the compiled kernel, with
        ``solver.cassino.core.solve``'s stopping rule between worlds when ``early``: the same rows
        and nodes as its loop.  ``None`` where the kernel does not run (the caller loops)."""
        return kernel.solve_worlds(self.view, self.sampler, self.drawing, DRAW_PLIES,
                                   _prefix(seed), start, stop, moves, won, early=early,
                                   budget=budget, rule=rule, began=began, progress=progress,
                                   model=self.reply_weight, worths=self.worths)


PARANOID = "paranoid"
MAXN = "maxn"
SEARCHES = (PARANOID, MAXN)
"""The searches of a three-hand world (V7): the viewer against the two others together
(:class:`solver.cassino.sides.SideSearch`), or each for himself
(:class:`solver.cassino.maxn.MaxnSearch`).  Partnership (V6) is two-sided: always
:class:`~solver.cassino.sides.SideSearch`.  The default: docs/solver.md "N seats"."""
THREE_HAND_SEARCH = PARANOID

class SeatSettings(NamedTuple):
    """What an N-seat variant's hints default to (docs/solver.md "N seats", measured)."""

    seat_nodes: int
    """The node budget of a hint (:attr:`solver.cassino.core.Options.seat_nodes`)."""
    exact_plies: int
    """The last batch is searched exactly (:mod:`solver.cassino.exact`) in a world with at
    most this many cards left in hands; with more, the exact search would rarely finish
    within its node limit, so it is not tried."""


SEATS: dict[str, SeatSettings] = {
    "three-hand": SeatSettings(seat_nodes=2_000, exact_plies=9),
    "partnership": SeatSettings(seat_nodes=3_000, exact_plies=11),
}
"""The settings of each N-seat variant, written only here: three-hand loses nothing at
2,000 nodes and meets the latency target there, partnership loses at 2,000 and keeps 3,000;
the exact search finishes within :data:`solver.cassino.exact.EXACT_NODES` in about nine of
ten worlds with 9 cards left in three-hand (of the last batch's 12) and 11 in partnership
(of 16)."""
OTHER_SEATS = SeatSettings(seat_nodes=3_000, exact_plies=9)
"""The settings of N-seat rules without an entry (rules made on the fly)."""


def seat_settings(rules: Rules) -> SeatSettings:
    """The hint settings of the N-seat variant of ``rules``."""
    return SEATS.get(rules.name, OTHER_SEATS)


W = TypeVar("W", bound=Hashable)


class WorldsOf(Protocol[W]):
    """What :func:`solver.cassino.core.solve` needs of a view's worlds."""

    @property
    def exact(self) -> bool: ...

    def draw(self, seed: int, index: int) -> W: ...

    def values(self, world: W, moves: list[Move]) -> tuple[list[float], int]: ...

    def searched(self, world: W, moves: list[Move]) -> tuple[list[float], int, bool]:
        """:meth:`values`, and whether this world's search reached the round's end (its
        values are then the world's exact values, not a horizon's estimate)."""


class SeatWorlds:
    """The worlds of an N-seat view (V6, V7): every hidden hand drawn at once, exactly
    uniformly among the deals consistent with the view, by the engine's sampler
    (:meth:`engine.cassino.HandSampler.draw_hands` from :func:`world_rng`: the hands of
    :meth:`View.resample` from the same source); the stock stays a set.  Values are the
    viewer's side's equity (:func:`solver.value.margin`)."""

    def __init__(self, view: View, search: str | None = None,
                 world_nodes: int | None = WORLD_NODES,
                 exact_nodes: int | None = EXACT_NODES) -> None:
        self.view = view
        self.sampler = HandSampler(view)
        self.unseen = view.unseen
        self.search = search or THREE_HAND_SEARCH
        if self.search not in SEARCHES:
            raise ValueError(f"unknown search {self.search!r}: {', '.join(SEARCHES)}")
        self.world_nodes = world_nodes
        self.exact_nodes = exact_nodes
        self.exact_plies = seat_settings(view.rules).exact_plies

    @property
    def exact(self) -> bool:
        """One world says everything: the hidden hands are known for certain."""
        return self.sampler.exact

    def draw(self, seed: int, index: int) -> tuple[int, ...]:
        """World ``index`` of ``seed``: every seat's hand."""
        return self.sampler.draw_hands(world_rng(seed, index))

    def values(self, world: tuple[int, ...], moves: list[Move]) -> tuple[list[float], int]:
        """The value of each of ``moves`` for the viewer's side in ``world`` (with no moves,
        the position's value), and the search nodes it took."""
        row, nodes, _ = self.searched(world, moves)
        return row, nodes

    def searched(self, world: tuple[int, ...], moves: list[Move]
                 ) -> tuple[list[float], int, bool]:
        """:meth:`values`, and whether the search reached the round's end: in the last
        batch, the native exact search (:mod:`solver.cassino.exact`) or an iterative
        deepening that completed every ply (:attr:`SeatsSearch.exact`)."""
        view = self.view
        hands = world
        stock = self.unseen
        for seat, h in enumerate(hands):
            if seat != view.player:
                stock &= ~h
        rules = view.rules
        maxn = self.search == MAXN and not rules.partnerships
        cls = MaxnSearch if maxn else SideSearch
        search = cls(rules, stock, view.dealer, view.player, self.world_nodes)
        pos = SeatsPosition(view.to_move, hands, view.loose, view.builds, view.captured,
                            view.sweeps, view.last_capturer, stock, view.dealer)
        if not stock and not maxn and self.exact_nodes:
            exact = self._exact(search, pos, moves)
            if exact is not None:
                return (*exact, True)
        row = search.root_values(pos, moves) if moves else [search.value(pos)]
        return row, search.nodes, not stock and search.exact

    def _exact(self, search: SeatsSearch, pos: SeatsPosition,
               moves: list[Move]) -> tuple[list[float], int] | None:
        """The last batch searched to the round's end natively (:mod:`solver.cassino.exact`),
        or None: too many cards left, no extension, or past the node limit.  The world is
        charged its native nodes up to ``world_nodes``, what a depth-limited world spends
        at most, so a hint searches as many worlds as before or more."""
        if sum(h.bit_count() for h in pos.hands) > self.exact_plies:
            return None
        view = self.view
        firsts: dict[tuple[str, int, int, int], Move] = {}
        for m in moves:
            firsts.setdefault(twin_key(m), m)
        unique = list(firsts.values())
        piles, sweeps = search.side_piles(pos)
        values, nodes = exact_values(view.rules, view.player, pos.to_move, pos.hands, pos.loose,
                                     pos.builds, piles, sweeps, pos.last,
                                     unique if moves else None, self.exact_nodes)
        if values is None:
            return None
        charged = nodes if self.world_nodes is None else min(nodes, self.world_nodes)
        if not moves:
            return values, charged
        by_key = {twin_key(m): v for m, v in zip(unique, values, strict=True)}
        return [by_key[twin_key(m)] for m in moves], charged


def worlds_of(view: View, search: str | None = None,
              world_nodes: int | None = WORLD_NODES,
              exact_nodes: int | None = EXACT_NODES) -> WorldsOf[Any]:
    """The worlds of ``view``: two seats (:class:`Worlds`, the two-seat hot path) or N."""
    if view.rules.players == 2:
        return Worlds(view)
    return SeatWorlds(view, search, world_nodes, exact_nodes)
