"""The compiled kernel (issue 15), when present: the choice between it and the reference.

``solver/cassino/_kernel.c`` is a C extension built by ``pip install`` when a compiler is
there (``setup.py``: an optional extension).  It mirrors, line by line, the engine's move
generation and :func:`engine.cassino.play_card` (R9-R22; V1.1; V3) and the two-seat
:class:`solver.cassino.search.Search` with :class:`solver.cassino.evaluation.BatchEnd` and
:func:`solver.cassino.evaluation.final_diff` (R24, R26): same moves in the same order, same
root values bit for bit, same node counts, so a hint's answer does not depend on it.

The pure-Python code stays the definition and the fallback: without the extension, or
with ``CASSINO_KERNEL=python`` in the environment, :func:`available` is false and nothing
native runs.  The kernel answers ``None`` for a position it cannot hold (more builds or
groups than its arrays, a family of moves past D16's bound, which the reference lists in
part); callers then run the reference, which answers or raises exactly as it always did.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from typing import Any, Protocol, cast

from engine.cassino import Build, HandSampler, Move, Rules, View, card_points
from solver.cassino.evaluation import weights

__all__ = [
    "ENV",
    "KernelDrawSearch",
    "KernelSearch",
    "available",
    "draw_search",
    "enabled",
    "kernel_rules",
    "legal_moves",
    "load",
    "module",
    "perft",
    "play_card",
    "random_rounds",
    "rules_cache",
    "separated",
    "solve_worlds",
]

ENV = "CASSINO_KERNEL"
"""``CASSINO_KERNEL=python`` forces the pure-Python reference (read at each choice);
``CASSINO_KERNEL=world`` keeps the loop over a hint's worlds in Python, the kernel searching
each world (the path before :func:`solve_worlds`, for benchmarks)."""


class KernelSearch(Protocol):
    """The compiled :class:`solver.cassino.search.Search` (one world, reused per root move)."""

    @property
    def nodes(self) -> int: ...

    def root_values(self, to_move: int, hand0: int, hand1: int, loose: int,
                    builds: tuple[Build, ...], pile0: int, pile1: int, sweeps0: int,
                    sweeps1: int, last: int, moves: list[Move]) -> list[float] | None: ...

    def value(self, to_move: int, hand0: int, hand1: int, loose: int,
              builds: tuple[Build, ...], pile0: int, pile1: int, sweeps0: int, sweeps1: int,
              last: int) -> float | None: ...


class KernelDrawSearch(Protocol):
    """The compiled :class:`solver.cassino.search.DrawSearch` (one ``draw`` world, W8)."""

    @property
    def nodes(self) -> int: ...

    def draw_root_values(self, stock: int, to_move: int, hand0: int, hand1: int, loose: int,
                         builds: tuple[Build, ...], pile0: int, pile1: int, sweeps0: int,
                         sweeps1: int, last: int, moves: list[Move]) -> list[float] | None: ...

    def draw_value(self, stock: int, to_move: int, hand0: int, hand1: int, loose: int,
                   builds: tuple[Build, ...], pile0: int, pile1: int, sweeps0: int,
                   sweeps1: int, last: int) -> float | None: ...


def load(name: str) -> Any:
    """The optional extension ``name`` set up with the engine's ``Move`` and ``Build`` (its
    results are the engine's own values), or ``None`` where it is not built.  The N-seat
    extension (:mod:`solver.cassino.exact`) loads likewise."""
    try:  # by name: the extension is no module of the package's import graph
        native = importlib.import_module(name)
    except ImportError:
        return None
    native.setup(Move, Build)
    return native


def enabled(native: Any) -> bool:
    """``native`` (from :func:`load`) is built and not disabled by ``CASSINO_KERNEL=python``."""
    return native is not None and os.environ.get(ENV, "").lower() != "python"


def rules_cache(native: Any, make: Callable[[Rules], Any], missing: str
                ) -> Callable[[Rules], Any]:
    """The function from an engine ``Rules`` to ``native``'s copy of it, made by ``make``
    once per ``Rules`` object and kept by its ``id`` (with the object, so the id stays
    its): hashing a frozen ``Rules`` costs more than a world's whole search near the
    round's end.  It raises ``RuntimeError(missing)`` where ``native`` is not built."""
    by_id: dict[int, tuple[Rules, Any]] = {}

    def native_rules(rules: Rules) -> Any:
        found = by_id.get(id(rules))
        if found is not None and found[0] is rules:
            return found[1]
        if native is None:
            raise RuntimeError(missing)
        if len(by_id) > 256:  # rules made on the fly (tests): start afresh
            by_id.clear()
        made = make(rules)
        by_id[id(rules)] = (rules, made)
        return made

    return native_rules


_MODULE = load("solver.cassino._kernel")


def module() -> Any:
    """The extension module, whether or not the environment disables it (tests, benches)."""
    return _MODULE


def available() -> bool:
    """The kernel is built and not disabled by ``CASSINO_KERNEL=python``."""
    return enabled(_MODULE)


def _new_rules(rules: Rules) -> Any:
    w = weights(rules)
    points = card_points(rules)
    return _MODULE.Rules(rules.values, rules.max_build, int(rules.court_captures_all),
                         int(rules.pairing_takes_all), rules.sweep_points, rules.hand_size,
                         w.most, w.each, tuple(points.get(c, 0) for c in range(52)))


kernel_rules = rules_cache(_MODULE, _new_rules, "the compiled kernel is not built")
"""The kernel's copy of a variant's options (two seats, batches; not ``draw``'s W8)."""


def search(rules: Rules, stock: int, dealer: int) -> KernelSearch | None:
    """A compiled search of one world, or ``None`` where the reference must run: the kernel
    missing or disabled, or rules it does not play (more than two seats)."""
    if not available() or rules.players != 2:
        return None
    return cast(KernelSearch, _MODULE.Search(kernel_rules(rules), stock, dealer))


def draw_search(rules: Rules, order: tuple[int, ...], plies: int) -> KernelDrawSearch | None:
    """A compiled ``draw`` search of one world (W8), or ``None`` (as :func:`search`)."""
    if not available() or rules.players != 2:
        return None
    return cast(KernelDrawSearch, _MODULE.draw_search(kernel_rules(rules), order, plies))


class Stopping(Protocol):
    """What :func:`solve_worlds` reads of the stopping rule (``solver.cassino.core.Options``)."""

    @property
    def min_samples(self) -> int: ...
    @property
    def time_ms(self) -> float | None: ...
    @property
    def z(self) -> float: ...
    @property
    def tolerance(self) -> float: ...


_U64 = 1 << 64


def solve_worlds(view: View, sampler: HandSampler, drawing: bool, plies: int, prefix: str,
                 start: int, stop: int, moves: list[Move], won: list[float], *, early: bool,
                 budget: int | None, rule: Stopping, began: float,
                 progress: Callable[[int, int], None] | None, model: float = 0.0,
                 worths: tuple[float, ...] = ()) -> tuple[list[list[float]], int] | None:
    """``solver.cassino.core.solve``'s loop over the worlds ``start .. stop - 1`` of a two-seat view
    in one native call: world ``i`` drawn from ``random.Random(prefix + str(i))`` exactly as
    :meth:`solver.cassino.Worlds.draw` draws it (the sampler's calls, then ``draw``'s stock
    order, W8), searched as :meth:`~solver.cassino.Worlds.values` searches it, a world seen
    before taking its row again, and with ``early`` the stopping rule between worlds (the
    node budget, ``rule.time_ms``, :func:`solver.ranking.separated` after
    ``rule.min_samples``).  A ``model`` weight searches each world with the opponent model
    (:class:`solver.cassino.modelled.ModelSearch`, ``worths`` its card worths; not in
    ``draw``).  The tally's rows in world order and the nodes searched; ``None``
    when the kernel is off or cannot hold the view (the caller loops in Python)."""
    if not available() or view.rules.players != 2 or sampler.total >= _U64 \
            or os.environ.get(ENV, "").lower() == "world":
        return None
    stock_empty = view.stock_size == 0
    sampled = (0, 0, [], [], []) if stock_empty else (
        sampler.total, sampler.size, sampler.plans, sampler.groups, sampler.rest)
    last = -1 if view.last_capturer is None else view.last_capturer
    position = (view.to_move, view.player, view.hand, view.unseen, view.loose, view.builds,
                view.captured[0], view.captured[1], view.sweeps[0], view.sweeps[1], last)
    time_ms = rule.time_ms
    return cast("tuple[list[list[float]], int] | None", _MODULE.solve_worlds(
        kernel_rules(view.rules), prefix.encode(), start, stop, early, view.dealer, position,
        stock_empty, drawing, plies, sampled, moves, won, -1 if budget is None else budget,
        -1.0 if time_ms is None else float(time_ms), began, rule.min_samples, rule.z,
        rule.tolerance, progress, *((model, worths) if model else ())))


def separated(rows: list[list[float]], z: float, tolerance: float) -> bool:
    """The kernel's :func:`solver.ranking.separated` on a tally's rows (differential tests)."""
    return cast(bool, _MODULE.separated(rows, z, tolerance))


def legal_moves(hand: int, loose: int, builds: tuple[Build, ...], player: int,
                rules: Rules) -> list[Move] | None:
    """The engine's ``generate_moves`` computed by the kernel (``None``: not held)."""
    return cast("list[Move] | None",
                _MODULE.legal_moves(kernel_rules(rules), hand, loose, builds, player))


def play_card(loose: int, builds: tuple[Build, ...], player: int, move: Move,
              rules: Rules) -> tuple[int, tuple[Build, ...], int, str | None] | None:
    """The engine's ``play_card`` computed by the kernel (``None``: not held)."""
    return cast("tuple[int, tuple[Build, ...], int, str | None] | None",
                _MODULE.play_card(kernel_rules(rules), loose, builds, player, move))


def random_rounds(rules: Rules, seed: int, rounds: int) -> tuple[int, int]:
    """Play ``rounds`` random two-seat rounds natively from ``seed`` (the kernel's own
    generator): the moves played and the sum of the seat-0 round differences."""
    out = _MODULE.random_rounds(kernel_rules(rules), seed, rounds)
    if out is None:
        raise RuntimeError("a random round outgrew the kernel's arrays")
    return cast("tuple[int, int]", out)


def perft(rules: Rules, hands: tuple[int, int], loose: int, builds: tuple[Build, ...],
          to_move: int, depth: int) -> int | None:
    """Leaves of the legal-move tree ``depth`` plies deep inside the batch (no deal)."""
    return cast("int | None", _MODULE.perft(kernel_rules(rules), hands[0], hands[1], loose,
                                            builds, to_move, depth))
