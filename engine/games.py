"""The registry of games: what each game declares about itself (after OpenSpiel's
``GameType`` and ``Game``), found by name (docs/architecture.md "The registry").

A game is a folder in each layer, each declaring the game's part in its ``entry`` module
(:func:`module_of`): ``engine/<name>/entry.py`` holds its :class:`GameType` as ``GAME``
and its :class:`Game` (how states, views and moves are made and read) as ``ENGINE``;
``solver/<name>/entry.py`` and ``api/<name>/entry.py`` hold the solver's and the API's
parts, which those layers find by the same name.  The registry lists the engine's sub-packages
that declare a ``GAME``, so no shared file lists the games; a game kept elsewhere (the
tests' example game) joins with one call to :func:`register`.  Nothing is imported before
it is first asked for.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, Protocol, TypeVar

from engine.errors import UnsupportedVariantError
from engine.protocols import GameState, GameView

__all__ = ["LAYERS", "Game", "GameType", "Played", "Records", "ResultKind", "Step",
           "VariantInfo", "engine_of", "game_names", "game_of_variant", "game_types",
           "get_game", "module_of", "package_name", "register", "registered", "unnamed_game",
           "unregister"]

Information = Literal["perfect", "imperfect"]
Chance = Literal["deterministic", "explicit", "sampled"]
ResultKind = Literal["points", "team-points", "settlement", "score", "win"]
"""What a finished game gives each seat (engine.result), and so what a seat's value is
(solver.value, docs/solver.md "Values by result kind"): ``points`` each seat scores by
itself (its value: its points less the mean of the others'), ``team-points`` a team's
seats share (its side's less the mean of the other sides'), a ``settlement`` of points
the seats pay one another, adding up to zero (its own), a solitaire's ``score`` (its own),
or a ``win`` or a loss (1 or 0)."""
LAYERS = ("engine", "solver", "api")
"""The layers in which a game has a folder, each found by the game's name."""

S = TypeVar("S", bound=GameState)
V = TypeVar("V", bound=GameView)
M = TypeVar("M")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class VariantInfo:
    """One variant of a game, as the catalog lists it."""

    name: str
    description: str
    seats: int
    teams: tuple[tuple[int, ...], ...]
    """The seats that score together; each seat alone when there are no partnerships."""
    playable: bool
    min_seats: int = 0
    """The fewest seats a game of it may have; 0: exactly ``seats``."""
    max_seats: int = 0
    """The most seats; 0: exactly ``seats``."""
    result: ResultKind | None = None
    """What this variant's end gives each seat when it differs from its game's
    (:attr:`GameType.result`): partnerships' team points, a solitaire's win or loss."""

    @property
    def seat_range(self) -> tuple[int, int]:
        """The fewest and most seats a game of it may have (``seats`` by default)."""
        return self.min_seats or self.seats, self.max_seats or self.seats


@dataclass(frozen=True, slots=True)
class GameType:
    """What a game is: its name, seats, information and chance, its variants, its rules."""

    name: str
    title: str
    information: Information
    """``imperfect``: each seat sees only its view (hidden hands, stock order)."""
    chance: Chance
    """``sampled``: the shuffles are chance, drawn from the game's seed."""
    default_variant: str
    variants: tuple[VariantInfo, ...]
    rules_page: str
    """The path of the game's rules page on the server (``/rules/<variant>`` pages below it)."""
    result: ResultKind = "points"
    """What the game's end gives each seat (its hints' equity is of this kind), unless a
    variant says otherwise (:meth:`result_of`)."""
    unnamed: bool = False
    """The game of a state, view or request that names none (the service's first game,
    from before there were others): one game of the registry says so."""

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """Every number of seats some variant plays with, ascending."""
        return tuple(sorted({n for v in self.variants
                             for n in range(v.seat_range[0], v.seat_range[1] + 1)}))

    def result_of(self, variant: str) -> ResultKind:
        """What an end of ``variant`` gives each seat: the variant's kind, else the game's."""
        return self.variant(variant).result or self.result

    def variant(self, name: str) -> VariantInfo:
        for info in self.variants:
            if info.name == name:
                return info
        known = ", ".join(v.name for v in self.variants)
        raise UnsupportedVariantError(f"unknown {self.name} variant {name!r}; known: {known}",
                                      field="variant")


class Played(Protocol):
    """A move as a record keeps it: who played it, and the move."""

    @property
    def player(self) -> int: ...

    @property
    def move(self) -> Any: ...


class Step(Protocol):
    """One position of a replay: the state after move number ``ply`` (0: the first deal),
    the move that led to it and its player (``None`` at the deal), and what happened."""

    @property
    def ply(self) -> int: ...

    @property
    def state(self) -> Any: ...

    @property
    def player(self) -> int | None: ...

    @property
    def move(self) -> Any: ...

    @property
    def events(self) -> tuple[Any, ...]: ...


class Records(ABC, Generic[S, R]):
    """A game's records (docs/api.md "Game records"): a whole game as one JSON object of
    version 1 that names its game and variant, its seed and first dealer, and each deal's
    moves (``deals[i].moves[j]``, each ``{player, move}``), replayed through the rules.
    Every error names the field of the record (``deals[1].moves[4]``) and the rule."""

    @abstractmethod
    def read(self, data: Any) -> R:
        """A record's form read (its moves checked by :meth:`replay`)."""

    @abstractmethod
    def to_dict(self, record: R) -> dict[str, Any]:
        """The record's JSON."""

    @abstractmethod
    def replay(self, record: R) -> Sequence[Step]:
        """Every position of the record's game in order, each hand revealed; an error
        names the first move the rules refuse."""

    @abstractmethod
    def step_json(self, step: Step) -> dict[str, Any]:
        """A replay's position as the answer shows it: ``ply``, ``player``, ``move`` (with
        its ``id`` and ``description``), the whole ``state`` and its ``events``."""

    @abstractmethod
    def of_game(self, state: S, moves: Sequence[Played]) -> R:
        """The record of ``state``'s game, given every move played to reach it."""

    @abstractmethod
    def of_state(self, state: S, earlier: R | None) -> R:
        """The record of an open ``state``'s game: ``earlier`` (the record of the deals
        before the state's, or ``None``) then the moves the state itself keeps."""

    @abstractmethod
    def seats(self, record: R) -> int:
        """The number of seats of the record's game."""

    @abstractmethod
    def variant(self, record: R) -> str:
        """The record's variant."""


class Game(ABC, Generic[S, V, M]):
    """How a game's states, views and moves are made and read (after OpenSpiel's ``Game``):
    the one protocol through which the solver, the workers and the API serve any game.

    ``S``, ``V`` and ``M`` are the game's state, view and move types; every error names
    the field, card or rule (:mod:`engine.errors`)."""

    type: GameType

    @property
    def name(self) -> str:
        return self.type.name

    max_seed: int
    """The largest seed a game may be dealt from."""
    turn_rule: str
    """The rule that says who acts when (a move out of turn is refused naming it)."""
    over_rule: str
    """The rule that ends the game (a move or a question after it is refused naming it)."""
    seat_rule: str | None = None
    """The rule that numbers the seats (a seat outside them is refused naming it)."""
    records: Records[S, Any] | None = None
    """The game's records, replay and review (``None``: it offers none)."""

    @abstractmethod
    def new_game(self, seed: int, variant: str, dealer: int | None = None,
                 players: int | None = None) -> S:
        """A new game of ``variant`` dealt from ``seed``, with ``players`` seats (the
        variant's own number when ``None``)."""

    @abstractmethod
    def read_state(self, data: Any) -> S:
        """A state from its JSON, checked."""

    @abstractmethod
    def read_view(self, data: Any) -> V:
        """A view from its JSON, checked."""

    @abstractmethod
    def parse_move(self, data: Any) -> M:
        """A move from its JSON or its id (errors name ``move``)."""

    @abstractmethod
    def move_json(self, position: S | V, move: M) -> dict[str, Any]:
        """``move`` of ``position`` as answers list it: its JSON with its ``id`` and its
        ``description`` in words (public facts only)."""

    @abstractmethod
    def event_json(self, event: Any, seat: int | None) -> dict[str, Any]:
        """An event as seat ``seat`` may see it (``None``: all of it, an open game's)."""

    def seat_count(self, position: S | V) -> int:
        """The number of seats of a state or view's game."""
        return len(position.result.points)

    # --- what the conformance suite checks (tests/conformance, docs/adding-a-game.md) ----

    def cards(self, state: S) -> Counter[str]:
        """Every card of ``state`` by its name, as many times as it lies there (hands,
        stock, table, piles): the pack, at every step of a deal (cards are conserved)."""
        raise NotImplementedError(f"{self.name}: cards(state) is not declared "
                                  "(docs/adding-a-game.md)")

    def hidden(self, state: S, seat: int) -> frozenset[str]:
        """The names of the cards seat ``seat`` may not see in ``state`` (another hand,
        the stock...), told from the rules apart from the view: no answer a seat gets may
        name one."""
        raise NotImplementedError(f"{self.name}: hidden(state, seat) is not declared "
                                  "(docs/adding-a-game.md)")


_EXTRA: dict[str, str] = {}
"""Games registered from outside ``engine/`` (:func:`register`): name -> the package
holding one module per layer (``<package>.engine``, ``<package>.solver``, ...)."""


@functools.cache
def _discovered() -> tuple[str, ...]:
    """The engine's sub-packages that declare a game (``GAME``), by name: a package's ``_``
    is the name's ``-`` (``engine/i_doubt_it`` is ``i-doubt-it``, :func:`package_name`)."""
    here = Path(__file__).parent
    return tuple(sorted(info.name.replace("_", "-") for info in pkgutil.iter_modules([str(here)])
                        if info.ispkg))


_LOADED: dict[str, Any] = {}
"""The engine entry modules imported so far, by game (a registered game's dropped when it
is registered again or forgotten): a request asks for its game's several times."""
_KNOWN: list[tuple[str, ...]] = []
"""The names, once listed (emptied by :func:`register` and :func:`unregister`)."""
_UNNAMED: list[str] = []
"""The unnamed game's name, once found (emptied as :data:`_KNOWN`)."""


def _changed(name: str) -> None:
    _LOADED.pop(name, None)
    _KNOWN.clear()
    _UNNAMED.clear()


def game_names() -> tuple[str, ...]:
    """Every registered game's name: the engine's own, in name order, then the registered."""
    if not _KNOWN:
        own = _discovered()
        _KNOWN.append((*own, *(name for name in _EXTRA if name not in own)))
    return _KNOWN[0]


def register(name: str, package: str) -> None:
    """Register a game kept outside ``engine/``: ``package`` holds its part of each layer
    as a module (``package.engine`` with ``GAME`` and ``ENGINE``, ``package.solver``,
    ``package.api``, ...)."""
    _EXTRA[name] = package
    _changed(name)


def unregister(name: str) -> None:
    """Forget a game :func:`register` added."""
    _EXTRA.pop(name, None)
    _changed(name)


def registered() -> dict[str, str]:
    """The games :func:`register` added, name -> package: what another process of the
    service (a search process) registers again to know the same games."""
    return dict(_EXTRA)


def module_of(name: str, layer: str) -> str:
    """The dotted name of the module that declares game ``name``'s part in ``layer`` (one of
    :data:`LAYERS`): ``<layer>/<name>/entry.py`` (``GAME`` and ``ENGINE`` in the engine,
    ``SOLVER`` in the solver, ``SERVED`` in the API), or a registered package's
    ``<package>.<layer>``."""
    if name in _EXTRA:
        return f"{_EXTRA[name]}.{layer}"
    return f"{layer}.{package_name(name)}.entry"


def package_name(name: str) -> str:
    """The Python name of game ``name``'s folders and modules: the name with each ``-`` a
    ``_`` (a module's name cannot hold a ``-``): ``i-doubt-it`` is ``i_doubt_it``."""
    return name.replace("-", "_")


def _package(name: str) -> Any:
    found = _LOADED.get(name)
    if found is None:
        if name not in game_names():
            raise UnsupportedVariantError(
                f"unknown game {name!r}; known: {', '.join(game_names())}", field="game")
        found = _LOADED[name] = importlib.import_module(module_of(name, "engine"))
    return found


def get_game(name: str) -> GameType:
    """The declaration of game ``name``; :class:`UnsupportedVariantError` if there is none."""
    game: GameType = _package(name).GAME
    return game


def engine_of(name: str) -> Game[Any, Any, Any]:
    """How game ``name``'s states, views and moves are made and read."""
    game: Game[Any, Any, Any] = _package(name).ENGINE
    return game


def game_types() -> list[GameType]:
    """Every registered game, in :func:`game_names` order."""
    return [get_game(name) for name in game_names()]


def unnamed_game() -> GameType:
    """The game of a state, view or request that names none (:attr:`GameType.unnamed`)."""
    if not _UNNAMED:
        _UNNAMED.append(next(game for game in game_types() if game.unnamed).name)
    return get_game(_UNNAMED[0])


def game_of_variant(variant: str) -> GameType | None:
    """The game with a variant of that name (a variant's name is unique across the
    registry, so that a request may name the variant alone), or ``None``."""
    return next((game for game in game_types()
                 if any(info.name == variant for info in game.variants)), None)

