"""What every game's states and views provide (after OpenSpiel's ``State``): the solver,
the workers and the API work through these, not through a game's own fields."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Protocol

from engine.result import Result

__all__ = ["GameState", "GameView"]


class GameView(Protocol):
    """What one seat may see of a state."""

    @property
    def game(self) -> str: ...
    @property
    def variant(self) -> str: ...
    @property
    def player(self) -> int: ...
    @property
    def game_over(self) -> bool: ...
    @property
    def result(self) -> Result:
        """Whether the game is over, who won, the points per seat: all public."""

    def refusal(self, move: Any) -> Exception | None:
        """Why this seat may not make ``move`` now, judged from this view alone, or
        ``None`` when it may: a sealed game checks every move here first, so that no
        refusal depends on what the seat may not see (a card it does not hold is refused
        with one answer wherever the card lies)."""
    def resample(self, rng: random.Random) -> GameState:
        """A whole state with this view, the hidden information drawn from ``rng`` among
        what the view allows (OpenSpiel's resampling of an information state, for search);
        its seed need not be the real one."""
    def to_dict(self) -> dict[str, Any]: ...


class GameState(Protocol):
    """A whole state: every seat's cards, the stock, the seed."""

    @property
    def game(self) -> str: ...
    @property
    def variant(self) -> str: ...
    @property
    def seats(self) -> int: ...
    @property
    def acting(self) -> frozenset[int]:
        """The seats that may act now: usually the one to move, but a claim or a challenge
        may come from another seat."""
    @property
    def game_over(self) -> bool: ...
    @property
    def result(self) -> Result: ...

    def moves_for(self, seat: int) -> Sequence[Hashable]:
        """The legal moves of ``seat`` now (none when it may not act)."""
    def apply(self, move: Any) -> tuple[GameState, list[Any]]:
        """The next state and the events, after checking the move."""
    def view(self, player: int) -> GameView: ...
    def returns(self) -> tuple[int, ...]:
        """The result per seat of a finished game (zero while it is in play)."""
    def to_dict(self) -> dict[str, Any]: ...
