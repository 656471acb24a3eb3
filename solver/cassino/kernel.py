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
groups than its arrays, unions past D16); callers then run the reference, which answers
or raises exactly as it always did.
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Protocol, cast

from engine.cassino import Build, Move, Rules, card_points
from solver.cassino.evaluation import weights

__all__ = [
    "ENV",
    "KernelDrawSearch",
    "KernelSearch",
    "available",
    "draw_search",
    "kernel_rules",
    "legal_moves",
    "module",
    "perft",
    "play_card",
    "random_rounds",
]

ENV = "CASSINO_KERNEL"
"""``CASSINO_KERNEL=python`` forces the pure-Python reference (read at each choice)."""


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


def _load() -> Any:
    try:  # by name: the extension is no module of the package's import graph
        native = importlib.import_module("solver.cassino._kernel")
    except ImportError:
        return None
    native.setup(Move, Build)
    return native


_MODULE = _load()


def module() -> Any:
    """The extension module, whether or not the environment disables it (tests, benches)."""
    return _MODULE


def available() -> bool:
    """The kernel is built and not disabled by ``CASSINO_KERNEL=python``."""
    return _MODULE is not None and os.environ.get(ENV, "").lower() != "python"


_BY_ID: dict[int, tuple[Rules, Any]] = {}
"""The kernel's rules by ``id`` of the engine's (kept alive here, so the id stays theirs):
hashing a frozen ``Rules`` costs more than a world's whole search near the round's end."""


def kernel_rules(rules: Rules) -> Any:
    """The kernel's copy of a variant's options (two seats, batches; not ``draw``'s W8)."""
    found = _BY_ID.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    if _MODULE is None:
        raise RuntimeError("the compiled kernel is not built")
    if len(_BY_ID) > 256:  # rules made on the fly (tests): start afresh
        _BY_ID.clear()
    made = _new_rules(rules)
    _BY_ID[id(rules)] = (rules, made)
    return made


def _new_rules(rules: Rules) -> Any:
    w = weights(rules)
    points = card_points(rules)
    return _MODULE.Rules(rules.values, rules.max_build, int(rules.court_captures_all),
                         int(rules.pairing_takes_all), rules.sweep_points, rules.hand_size,
                         w.most, w.each, tuple(points.get(c, 0) for c in range(52)))


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
