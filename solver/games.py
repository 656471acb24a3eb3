"""Each game's solver, found by the game's name: what the workers and the API need to
search any game's view the same way (docs/solver.md, docs/architecture.md "The registry").

A game's solver package (``solver/<name>/``, or the registered package's ``solver``
module, engine.games.module_of) holds its :class:`HintGame` as ``SOLVER``; a game whose
package has none offers no hints.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from engine.errors import UnsupportedVariantError
from engine.games import get_game, module_of
from solver.ranking import POSITION, Tally

__all__ = ["POSITION", "READABLE_KEYS", "Bot", "HintGame", "House", "hint_game", "solver_of"]

READABLE_KEYS = frozenset(("alternatives", "alternative_of"))
"""The fields a game's readable hints may add to a ranked move (:attr:`HintGame.mark`)."""

Progress = Callable[[int, int], None] | None
V = TypeVar("V")


class Bot(Protocol):
    """A player that chooses from its own view only (every game's bots are these)."""

    def choose(self, view: Any) -> Any: ...


@dataclass(frozen=True)
class House:
    """Who may play a game's house seat: the bots by name, the skill levels among them and
    the dial's range where the game has one (docs/ladder.md); ``make(spec, seed)`` makes
    one from its name (a dial's is ``dial:VALUE``, :attr:`dial_spec`).  The arena
    (solver.arena) plays a game's bots through it."""

    bots: Callable[[str], tuple[str, ...]]
    """The bots of a variant."""
    make: Callable[[str, int], Bot]
    levels: Mapping[str, float] = field(default_factory=dict)
    """The named skill levels, weakest first, and their dial values."""
    dial: tuple[float, float] | None = None
    dial_spec: Callable[[float], str] | None = None
    ladder: Any = None
    """The levels' anchors (a :class:`solver.levels.Ladder`), where the game's levels are
    measured by the shared ladder (solver/ladder.py)."""
    step: Callable[[Any, Sequence[Any]], tuple[int, Any]] | None = None
    """``(state, bots)`` -> the seat that acts next and its move, where several seats may
    act at once (Cassino's claims, T5) or a bot is handed more than its view; ``None``:
    the first seat the state says may act, its bot choosing from its view
    (:func:`solver.arena.first_acting`)."""


@dataclass(frozen=True)
class HintGame(Generic[V]):
    """One game's solver, as the workers drive it."""

    name: str
    algorithm: str
    default: Any
    """The default options (``samples``, ``nodes``, ``time_ms``, ``min_samples``, ``z``,
    ``tolerance`` and ``with_budget``)."""
    read_view: Callable[[Any], V]
    moves: Callable[[V], list[Any]]
    """The moves a hint of the view ranks (none when the viewer is not to move)."""
    over: Callable[[V], bool]
    move_json: Callable[[V, Any], dict[str, Any]]
    """``(view, move)``: a ranked move as the answer shows it."""
    solve: Callable[[V, Any, int, int, int | None, bool, Progress], Tally]
    """``(view, options, seed, start, stop, early, progress)``."""
    finish: Callable[[V, Tally, int, int | None, bool, Any], dict[str, Any]]
    """``(view, tally, seed, top, with_moves, options)``: the answer of a search under
    ``options``."""
    exact: Callable[[V], bool]
    """One world says everything: the answer serves every budget."""
    bound: Callable[[V], float]
    """No value of a world exceeds this either way."""
    seats: Callable[[V], int]
    house: House
    meta: frozenset[str]
    """The keys of the answer's ``solver`` object."""
    stderr_when_over: bool
    """A finished hand's evaluation still has a ``stderr`` (0)."""
    check: Callable[[V], None] = lambda view: None
    """Raise an engine error naming the field (``variant``, a table too large to search)
    for a view the solver does not search."""
    model: Callable[[V, Any], float] | None = None
    """``(view, options)``: the opponent model's weight the search applies (the answer's
    ``solver.opponent_model``); ``None`` for a game whose search has no opponent model
    (a request may not ask for one, docs/api.md "Hints")."""
    mark: Callable[[V, list[dict[str, Any]]], list[dict[str, Any]]] | None = None
    """Readable hints: mark a hint's ranked moves in place (:data:`READABLE_KEYS`)."""
    review: Callable[[dict[str, Any], int, int, Any, Progress], dict[str, Any]] | None = None
    """``(record, seat, seed, options, progress)``: a whole game's record reviewed move by
    move for one seat (docs/api.md "Reviews"); ``None``: the game offers no reviews."""
    keyed: bool = True
    """Job and cache keys name the game (the first game's keys name only its rules, as
    they did before there were others)."""

    def columns(self, view: V) -> list[str]:
        """The columns of a tally of this view's worlds: the ranked moves' ids, the position
        alone when the viewer has no move, none when the hand is over."""
        if self.over(view):
            return []
        return [m.id for m in self.moves(view)] or [POSITION]


META = frozenset({"algorithm", "samples", "elapsed_ms", "cached", "nodes", "seed"})
"""The keys every game's ``solver`` object has."""


def solver_of(name: str) -> HintGame[Any] | None:
    """Game ``name``'s solver, or ``None`` when its package declares none."""
    get_game(name)  # a registered game, or the refusal naming it
    module = importlib.import_module(module_of(name, "solver"))
    found: HintGame[Any] | None = getattr(module, "SOLVER", None)
    return found


def hint_game(name: str) -> HintGame[Any]:
    """Game ``name``'s solver; :class:`UnsupportedVariantError` naming ``game`` when the
    game has none."""
    found = solver_of(name)
    if found is None:
        raise UnsupportedVariantError(f"game: {name} has no solver (no hints, no house bots)",
                                      field="game")
    return found
