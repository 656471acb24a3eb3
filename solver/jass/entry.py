"""Jass's solver in the registry (solver.games): hints, the house's bots, levels."""

from __future__ import annotations

from typing import Any

from engine.games import engine_of
from engine.jass import View
from engine.jass.rules import NAME
from solver.games import META, HintGame
from solver.jass.bots import BOTS, Random, Rule
from solver.jass.hints import (
    ALGORITHM,
    DEFAULT,
    MATCH,
    SolverBot,
    _known,
    finish,
    hint_moves,
    solve,
)
from solver.levels import Ladder
from solver.review import Verdicts, review

__all__ = ["BOTS", "LADDER", "SOLVER", "make_bot"]


def make_bot(spec: str, seed: int) -> Rule | Random | SolverBot:
    """A house bot by name (solver.jass.bots; the solver's: solver.jass.hints.SolverBot,
    ``solver:N`` searching N worlds a move)."""
    if spec == "solver":
        return SolverBot(seed)
    if spec.startswith("solver:") and spec[7:].isdigit() and int(spec[7:]) > 0:
        return SolverBot(seed, samples=int(spec[7:]))  # the arena's: solver:N worlds a move
    if spec == "rule":
        return Rule(seed)
    if spec == "random":
        return Random(seed)
    raise ValueError(f"unknown Jass bot {spec!r}")

LADDER = Ladder(anchors=((0.0, "random"), (50.0, "rule"), (100.0, "solver")),
                levels={"beginner": 10.0, "casual": 25.0, "club": 40.0, "expert": 60.0,
                        "master": 100.0}, make=make_bot, bots=BOTS)
"""Jass's levels: random moves, the rule bot and the solver as anchors (solver/levels.py);
a level between two plays the upper one's move as often as its place says."""

VERDICTS = Verdicts(best=1.0, good=4.0, inaccuracy=10.0, mistake=25.0)
"""A move's verdict by the points of margin it lost (docs/api.md "Game review")."""


def _review(record: dict[str, Any], seat: int, seed: int, options: Any,
            progress: Any) -> dict[str, Any]:
    """The shared review (solver/review.py): each move rated among every legal move."""
    return review(SOLVER, record, seat, VERDICTS, seed=seed, options=options,
                  progress=progress)


SOLVER: HintGame[View] = HintGame(
    name=NAME, algorithm=ALGORITHM, default=DEFAULT, read_view=View.from_dict,
    moves=hint_moves, over=lambda view: view.game_over, move_json=engine_of(NAME).move_json,
    solve=lambda view, options, seed, start, stop, early, progress: solve(
        view, options, seed, start, stop, early=early, progress=progress),
    finish=finish, exact=lambda view: view.game_over or _known(view),
    bound=lambda view: 400.0 * view.seats + (0.0 if view.match is None else MATCH),
    seats=lambda view: view.seats,
    house=LADDER.house(), meta=META, stderr_when_over=True, review=_review)
