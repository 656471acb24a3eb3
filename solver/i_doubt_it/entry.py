"""I Doubt It's solver in the registry (solver.games): hints, the house's bots, levels."""

from __future__ import annotations

from typing import Any

from engine.i_doubt_it import View
from engine.i_doubt_it.rules import NAME
from solver.games import META, HintGame
from solver.i_doubt_it.bots import BOTS, make_bot
from solver.i_doubt_it.hints import ALGORITHM, DEFAULT, finish, hint_moves, solve
from solver.levels import Ladder
from solver.review import Verdicts, review

__all__ = ["BOTS", "LADDER", "SOLVER"]

LADDER = Ladder(anchors=((0.0, "random"), (50.0, "counting"), (100.0, "solver")),
                levels={"beginner": 10.0, "casual": 25.0, "club": 40.0, "expert": 60.0,
                        "master": 100.0}, make=make_bot, bots=BOTS)
"""I Doubt It's levels: random moves, the counting bot and the solver as anchors (solver/
levels.py); a level between two plays the upper one's move as often as its place says."""

VERDICTS = Verdicts(best=0.05, good=0.5, inaccuracy=1.5, mistake=3.0)
"""A move's verdict by the cards of value it lost (docs/api.md "Game review")."""


def _review(record: dict[str, Any], seat: int, seed: int, options: Any,
            progress: Any) -> dict[str, Any]:
    return review(SOLVER, record, seat, VERDICTS, seed=seed, options=options,
                  progress=progress)


def _exact(view: View) -> bool:
    """A speaker's choice is counted, not sampled: one world says everything."""
    return view.game_over or view.speaker is not None or view.player not in view.acting


SOLVER: HintGame[View] = HintGame(
    name=NAME, algorithm=ALGORITHM, default=DEFAULT, read_view=View.from_dict,
    moves=hint_moves, over=lambda view: view.game_over,
    move_json=lambda view, move: __import__("engine.games", fromlist=["engine_of"]
                                            ).engine_of(NAME).move_json(view, move),
    solve=lambda view, options, seed, start, stop, early, progress: solve(
        view, options, seed, start, stop, early=early, progress=progress),
    finish=finish, exact=_exact, bound=lambda view: 60.0 * view.seats,
    seats=lambda view: view.seats, house=LADDER.house(),
    meta=META | {"claim_true"}, stderr_when_over=True, review=_review)
