"""Why not, for a game whose moves are told by the cards they use (docs/api.md "Why not"):
the legal moves the picked cards make, and for each kind of move they make none of, the
first rule it breaks.

A game names, for the cards a seat picks, each kind of move those cards could make
(:class:`Kind`): which legal moves are of it, and the move that stands for it when none
is (its refusal, from the seat's view, says the rule).  Everything is judged from the
seat's view alone, by the view's own ``refusal``, so the answer is the same for two states
with the same view, and a card the seat does not hold is refused in one wording wherever
it lies.  Off the seat's turn every kind's reason is whose turn it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from engine.errors import GameError

__all__ = ["Answer", "Kind", "Reason", "ask"]


class Kind(NamedTuple):
    """One kind of move the picked cards could make: its name (``meld``, ``discard``...),
    which legal moves are of it, the move whose refusal says why there is none, and a
    warning for a legal move of it that costs (a call over the limit's penalty)."""

    type: str
    of: Callable[[Any], bool]
    stands_for: Any
    warn: Callable[[Any], tuple[str, str] | None] = lambda move: None


class Reason(NamedTuple):
    """Why the picked cards make no legal move of ``type``: the ``rule`` it breaks and a
    ``message`` in words (a warning: what a legal move of it costs, and its rule)."""

    type: str
    rule: str | None
    message: str

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "message": self.message}
        if self.rule is not None:
            out["rule"] = self.rule
        return out


class Answer(NamedTuple):
    """The legal ``moves`` of the picked cards (the engine's order), the ``reasons`` of
    the kinds they make none of, and the ``warnings`` of the moves that cost."""

    moves: list[Any]
    reasons: list[Reason]
    warnings: list[Reason]

    @property
    def legal(self) -> bool:
        return bool(self.moves)


def ask(view: Any, legal: Sequence[Any], kinds: Sequence[Kind]) -> Answer:
    """The answer of ``view``'s seat about ``kinds``; ``legal`` is the seat's legal moves
    (none off its turn)."""
    moves: list[Any] = []
    reasons: list[Reason] = []
    warnings: list[Reason] = []
    for kind in kinds:
        found = [move for move in legal if kind.of(move) and move not in moves]
        if found:
            moves += found
            for move in found:
                warned = kind.warn(move)
                if warned is not None:
                    warnings.append(Reason(kind.type, warned[0], warned[1]))
            continue
        refusal = view.refusal(kind.stands_for)
        if isinstance(refusal, GameError):
            reasons.append(Reason(kind.type, refusal.rule, refusal.message))
    return Answer(moves, reasons, warnings)
