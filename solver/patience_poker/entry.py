"""Patience Poker's solver in the registry (solver.games): hints, the house, its levels
and its review."""

from __future__ import annotations

from typing import Any

from engine.patience_poker import View
from engine.patience_poker.entry import ENGINE
from solver.games import META, HintGame
from solver.levels import rule_ladder
from solver.patience_poker.bots import BOTS, make_bot
from solver.patience_poker.search import ALGORITHM, DEFAULT, finish, hint_moves, solve
from solver.review import Verdicts, review

__all__ = ["LADDER", "SOLVER", "VERDICTS"]

LADDER = rule_ladder(make_bot, BOTS)
"""Random places, the greedy rule and the solver as the dial's anchors (solver/levels.py)."""

VERDICTS = Verdicts(best=0.5, good=2.0, inaccuracy=5.0, mistake=10.0)
"""A place's verdict by the expected count it lost (PP14): within half a point of the best
is best, a pair's worth (PP13) good, a flush lost a blunder (docs/api.md "Game review")."""


def _review(record: dict[str, Any], seat: int, seed: int, options: Any,
            progress: Any) -> dict[str, Any]:
    return review(SOLVER, record, seat, VERDICTS, seed=seed, options=options,
                  progress=progress)


SOLVER: HintGame[View] = HintGame(
    name="patience-poker", algorithm=ALGORITHM, default=DEFAULT, read_view=View.from_dict,
    moves=hint_moves, over=lambda view: view.game_over, move_json=ENGINE.move_json,
    solve=solve, finish=finish, exact=lambda view: len(view.called) == 25,
    bound=lambda view: 1000.0, seats=lambda view: view.players,
    house=LADDER.house(), meta=META, stderr_when_over=True, review=_review)
"""PP14: ten hands of at most a royal flush's 100 bound every count."""
