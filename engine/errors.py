"""Exception classes.  Each names what is wrong: the card, the field or the rule."""

from __future__ import annotations

__all__ = [
    "CardError",
    "CassinoError",
    "GameError",
    "GameOverError",
    "IllegalMoveError",
    "MoveFormatError",
    "PositionTooLargeError",
    "StateError",
    "UnsupportedVariantError",
]


class GameError(ValueError):
    """Base class of every error the engine raises about its input, in every game.

    ``field`` is the path of the offending input field (``"table.builds[0].owner"``),
    ``rule`` the rule number it breaks (``"R14"``), ``token`` the offending text.
    """

    def __init__(self, message: str, *, field: str | None = None, rule: str | None = None,
                 token: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.rule = rule
        self.token = token

    def to_dict(self) -> dict[str, str]:
        """The error as a JSON-ready object (only the parts that are known)."""
        out = {"message": self.message}
        for key in ("field", "rule", "token"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


CassinoError = GameError
"""The old name of :class:`GameError` (from before the other games), kept for callers."""


class CardError(GameError):
    """A token that is not a card (R2), or a card named twice."""


class StateError(GameError):
    """A full state or view that is malformed or inconsistent (docs/api.md "Full state", R23)."""


class PositionTooLargeError(StateError):
    """A position whose moves are too many to search: hints refuse it (D16); its moves are
    still listed and played."""


class MoveFormatError(GameError):
    """A move that is malformed: unknown type, missing card, a build named by part of its cards."""


class IllegalMoveError(GameError):
    """A well-formed move that the rules refuse; ``rule`` names the rule it breaks."""


class GameOverError(IllegalMoveError):
    """A move, or a question about the next move, asked of a game that is over (R27)."""


class UnsupportedVariantError(GameError):
    """A variant that is unknown, or declared but not playable yet."""
