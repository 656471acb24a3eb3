"""What every game's bots share (docs/solver.md "Bots and arena"): the random player, and
the reading of a solver bot's options from its arena name (``solver:nodes=2000,...``).

A bot is a :class:`solver.games.Bot`: it chooses from its own seat's view only, and is
deterministic given its seed.  A game's own bots (greedy rules, its solver) are in its
folder (``solver/<game>/bots.py``), named there by ``make_bot``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, TypeVar

__all__ = ["RandomBot", "solver_options"]

OptionsT = TypeVar("OptionsT")


class RandomBot:
    """A uniformly random legal move of its view, from a random source named by its game's
    ``stream`` and its seed; a game's ``allowed(view, move)`` keeps out the moves no player
    would make (rummy's call over the limit, RM24), unless it would leave none."""

    name = "random"

    def __init__(self, seed: int = 0, stream: str = "random-bot",
                 allowed: Callable[[Any, Any], bool] | None = None) -> None:
        self.rng = random.Random(f"{stream}/{seed}")
        self.allowed = allowed

    def choose(self, view: Any) -> Any:
        """One of ``view.legal_moves()`` (every game's views list their seat's)."""
        moves: Sequence[Any] = view.legal_moves()
        if self.allowed is not None:
            kept = [move for move in moves if self.allowed(view, move)]
            moves = kept or moves
        return self.rng.choice(moves)


def solver_options(params: str, base: OptionsT, kinds: Mapping[str, Callable[[str], Any]],
                   lifted: Collection[str] = ("nodes",)) -> OptionsT:
    """``base`` (a dataclass of options) with the ``K=V,...`` of a solver bot's arena name,
    each value read by ``kinds[K]``; a budget of ``lifted`` set to 0 is lifted (``None``).
    An unknown key is a :class:`ValueError` naming it."""
    options = base
    for item in filter(None, params.split(",")):
        key, _, value = item.partition("=")
        if key not in kinds:
            raise ValueError(f"unknown solver option {key!r}")
        number = kinds[key](value)
        if key in lifted and number == 0:
            number = None
        options = dataclasses.replace(options, **{key: number})  # type: ignore[type-var]
    return options
