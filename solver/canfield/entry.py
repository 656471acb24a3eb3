"""Canfield's solver in the registry (solver.games)."""

from __future__ import annotations

from typing import Any

from engine.canfield import View
from engine.games import engine_of
from solver.canfield.bots import BOTS, make_bot
from solver.canfield.hints import ALGORITHM, DEFAULT, finish, solve
from solver.games import META, HintGame
from solver.levels import rule_ladder
from solver.review import Verdicts, review

__all__ = ["LADDER", "SOLVER"]

_ENGINE = engine_of("canfield")
LADDER = rule_ladder(make_bot, BOTS)
"""Canfield's levels (solver/levels.py): random, greedy and the solver as anchors."""

VERDICTS = Verdicts(best=0.5, good=2.0, inaccuracy=5.0, mistake=10.0)
"""A move's verdict by the expected dollars it lost (CF14): a foundation card is $5."""


def _review(record: dict[str, Any], seat: int, seed: int, options: Any,
            progress: Any) -> dict[str, Any]:
    return review(SOLVER, record, seat, VERDICTS, seed=seed, options=options,
                  progress=progress)


def _exact(view: View) -> bool:
    """No card unseen: one world."""
    return not view.unseen()


SOLVER: HintGame[View] = HintGame(
    name="canfield", algorithm=ALGORITHM, default=DEFAULT, read_view=_ENGINE.read_view,
    moves=lambda view: view.legal_moves(), over=lambda view: view.game_over,
    move_json=_ENGINE.move_json,
    solve=lambda view, options, seed, start, stop, early, progress: solve(
        view, options, seed, start, stop, early=early, progress=progress),
    finish=finish, exact=_exact, bound=lambda view: 208.0, seats=lambda view: 1,
    house=LADDER.house(), meta=META | {"bet", "cards"}, stderr_when_over=True,
    review=_review)
