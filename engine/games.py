"""The registry of games: what each game declares about itself (after OpenSpiel's
``GameType``), found by name.

A game is a sub-package ``engine/<name>/`` whose ``GAME`` is a :class:`GameType`.  The
registry imports it on first use, so the engine's core never imports a game statically.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Literal

from engine.errors import UnsupportedVariantError

__all__ = ["GAME_NAMES", "GameType", "VariantInfo", "game_of_variant", "game_types", "get_game"]

Information = Literal["perfect", "imperfect"]
Chance = Literal["deterministic", "explicit", "sampled"]


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

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """Every number of seats some variant plays with, ascending."""
        return tuple(sorted({n for v in self.variants
                             for n in range(v.seat_range[0], v.seat_range[1] + 1)}))

    def variant(self, name: str) -> VariantInfo:
        for info in self.variants:
            if info.name == name:
                return info
        known = ", ".join(v.name for v in self.variants)
        raise UnsupportedVariantError(f"unknown {self.name} variant {name!r}; known: {known}",
                                      field="variant")


GAME_NAMES: tuple[str, ...] = ("cassino", "conquian", "rummy")
"""Every game the engine implements, by the name of its sub-package."""


def get_game(name: str) -> GameType:
    """The declaration of game ``name``; :class:`UnsupportedVariantError` if there is none."""
    if name not in GAME_NAMES:
        raise UnsupportedVariantError(
            f"unknown game {name!r}; known: {', '.join(GAME_NAMES)}", field="game")
    game: GameType = importlib.import_module(f"engine.{name}").GAME
    return game


def game_types() -> list[GameType]:
    """Every registered game, in :data:`GAME_NAMES` order."""
    return [get_game(name) for name in GAME_NAMES]


def game_of_variant(variant: str) -> GameType | None:
    """The game with a variant of that name (a variant's name is unique across the
    registry, so that a request may name the variant alone), or ``None``."""
    return next((game for game in game_types()
                 if any(info.name == variant for info in game.variants)), None)
