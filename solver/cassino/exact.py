"""The exact search of an N-seat last batch (issue 12): compiled when present, else none.

In the last batch (the stock empty, V6.1, V7.1) a world fixes every card still to be
played, so its round can be searched to the end: the values of the root moves are then the
round's exact points per side (the residue to the last capturer's side, R24; R26 per side
with V6.12's and V7.2's majorities), by team (V6) or paranoid (V7), as
:class:`solver.cassino.sides.SideSearch` defines them at full depth.  That batch holds 12
plies in three-hand and 16 in partnership, too many for the pure-Python search within a
hint's budget, so ``solver/cassino/_seats.c`` searches it natively: the engine's move
generation with the partner builds of V6.3 (V6.6, V6.7), ``play_card`` and the same
two-camp alpha-beta, under a limit in nodes.

Without the extension, with ``CASSINO_KERNEL=python`` (:data:`solver.cassino.kernel.ENV`),
or when the limit is passed, :func:`exact_values` answers ``None`` and the caller runs
the depth-limited reference as before: the answer then depends on the node counts only,
never on time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine.cassino import Build, Move, Rules, partner, side_of
from engine.cassino import generate_moves as engine_moves
from solver.cassino.evaluation import weights
from solver.cassino.kernel import enabled, load, rules_cache

__all__ = [
    "EXACT_NODES",
    "MoveGenerator",
    "available",
    "exact_values",
    "legal_moves",
    "module",
    "move_generator",
    "play_card",
]

EXACT_NODES = 20_000
"""The native node limit of one world's exact search (positions searched and round ends,
counted as :meth:`solver.cassino.seats.SeatsSearch.tick` counts them), some 10 ms: about
what a depth-limited world costs in Python; past it the world is searched by depth as
before."""


_MODULE = load("solver.cassino._seats")


def module() -> Any:
    """The extension module, whether or not the environment disables it (tests, benches)."""
    return _MODULE


def available() -> bool:
    """The extension is built and not disabled by ``CASSINO_KERNEL=python``."""
    return enabled(_MODULE)


def _new_rules(rules: Rules) -> Any:
    w = weights(rules)
    mates = tuple(-1 if m is None else m for m in (partner(s, rules)
                                                   for s in range(rules.players)))
    return _MODULE.Rules(rules.values, rules.max_build, int(rules.court_captures_all),
                         int(rules.pairing_takes_all), rules.sweep_points, w.most, w.each,
                         rules.players, int(rules.partnerships), side_of(rules), mates)


seats_rules = rules_cache(_MODULE, _new_rules, "the N-seat extension is not built")
"""The extension's copy of an N-seat variant's options, seats and sides."""


def exact_values(rules: Rules, viewer: int, to_move: int, hands: tuple[int, ...], loose: int,
                 builds: tuple[Build, ...], piles: tuple[int, ...], sweeps: tuple[int, ...],
                 last: int, moves: list[Move] | None,
                 limit: int | None = EXACT_NODES) -> tuple[list[float] | None, int]:
    """The exact value for ``viewer``'s side of each of ``moves`` (``to_move`` to play; with
    ``moves`` None, the position's value as a one-item list) in a last-batch world, with
    ``piles`` and ``sweeps`` (sweep points) per side and ``last`` the last capturer's seat
    (-1: none); and the nodes searched.  ``None`` when the extension is missing or
    disabled, the ``limit`` is passed, or the position does not fit its arrays."""
    if not available() or rules.players == 2:
        return None, 0
    out = _MODULE.exact(seats_rules(rules), viewer, to_move, hands, loose, builds, piles, sweeps,
                        last, moves, -1 if limit is None else limit)
    return cast("tuple[list[float] | None, int]", out)


def legal_moves(hand: int, loose: int, builds: tuple[Build, ...], player: int,
                rules: Rules) -> list[Move] | None:
    """The engine's ``generate_moves`` computed natively (``None``: not held)."""
    return cast("list[Move] | None",
                _MODULE.legal_moves(seats_rules(rules), hand, loose, builds, player))


def play_card(loose: int, builds: tuple[Build, ...], player: int, move: Move,
              rules: Rules) -> tuple[int, tuple[Build, ...], int] | None:
    """The engine's ``play_card`` computed natively, without the build's kind."""
    return cast("tuple[int, tuple[Build, ...], int] | None",
                _MODULE.play_card(seats_rules(rules), loose, builds, player, move))


MoveGenerator = Callable[[int, int, tuple[Build, ...], int, Rules], list[Move]]


def move_generator(rules: Rules) -> MoveGenerator:
    """The engine's ``generate_moves`` for the depth-limited N-seat searches: computed
    natively when the extension is available (the same moves in the same order, so the
    same values and node counts), else the engine's own."""
    if not available() or rules.players == 2:
        return engine_moves
    made = seats_rules(rules)
    native = _MODULE.legal_moves

    def moves(hand: int, loose: int, builds: tuple[Build, ...], player: int,
              rules: Rules) -> list[Move]:
        out = native(made, hand, loose, builds, player)
        return engine_moves(hand, loose, builds, player, rules) if out is None else \
            cast("list[Move]", out)

    return moves
