"""I Doubt It's solver in the registry (solver.games): hints, the house's bots, levels."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from typing import Any

from engine.games import engine_of
from engine.i_doubt_it import Move, View
from engine.i_doubt_it.rules import NAME
from solver.games import META, HintGame
from solver.i_doubt_it.bots import BOTS, make_bot
from solver.i_doubt_it.hints import ALGORITHM, DEFAULT, finish, hint_moves, solve
from solver.levels import Ladder
from solver.ranking import Tally
from solver.review import Verdicts, _rate, summary

__all__ = ["BOTS", "LADDER", "SOLVER"]

ENGINE = engine_of(NAME)
LADDER = Ladder(anchors=((0.0, "random"), (50.0, "counting"), (100.0, "solver")),
                levels={"beginner": 10.0, "casual": 25.0, "club": 40.0, "expert": 60.0,
                        "master": 100.0}, make=make_bot, bots=BOTS)
"""I Doubt It's levels: random moves, the counting bot and the solver as anchors (solver/
levels.py); a level between two plays the upper one's move as often as its place says."""

VERDICTS = Verdicts(best=0.05, good=0.5, inaccuracy=1.5, mistake=3.0)
"""A move's verdict by the cards of value it lost (docs/api.md "Game review")."""


def _with(played: Move) -> HintGame[View]:
    """The solver whose hints weigh ``played`` too (a review rates it among them)."""

    def moves(view: View) -> list[Move]:
        return hint_moves(view, played)

    def searched(view: View, options: Any, seed: int, start: int, stop: int | None,
                 early: bool, progress: Any) -> Tally:
        return solve(view, options, seed, start, stop, early=early, progress=progress,
                     extra=played)

    return replace(SOLVER, moves=moves, solve=searched)


def _review(record: dict[str, Any], seat: int, seed: int, options: Any,
            progress: Any) -> dict[str, Any]:
    """The shared review (solver/review.py), each claim rated among the claims a hint
    weighs and the one played (a hint weighs one or two claims a rank, not every one)."""
    keeper = ENGINE.records
    assert keeper is not None
    options = SOLVER.default if options is None else options
    positions = keeper.replay(keeper.read(record))
    turns = [(before, after) for before, after in pairwise(positions)
             if after.player == seat and after.move is not None]
    rated = []
    for done, (before, after) in enumerate(turns, start=1):
        game = _with(after.move)
        rated.append({"ply": after.ply, "deal": 1,
                      **_rate(game, before.state.view(seat), after.move, seed, options,
                              VERDICTS)})
        if progress is not None:
            progress(done, len(turns))
    return {"player": seat, "seed": seed, "opponent_model": 0.0, "moves": rated,
            "summary": summary(rated, VERDICTS), "verdicts": dict(VERDICTS.items())}


def _exact(view: View) -> bool:
    """A speaker's choice is counted, not sampled: one world says everything."""
    return view.game_over or view.speaker is not None or view.player not in view.acting


SOLVER: HintGame[View] = HintGame(
    name=NAME, algorithm=ALGORITHM, default=DEFAULT, read_view=View.from_dict,
    moves=hint_moves, over=lambda view: view.game_over,
    move_json=ENGINE.move_json,
    solve=lambda view, options, seed, start, stop, early, progress: solve(
        view, options, seed, start, stop, early=early, progress=progress),
    finish=finish, exact=_exact, bound=lambda view: 60.0 * view.seats,
    seats=lambda view: view.seats, house=LADDER.house(),
    meta=META | {"claim_true"}, stderr_when_over=True, review=_review)
