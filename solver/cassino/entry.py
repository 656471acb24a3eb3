"""Cassino's solver in the registry (solver.games): the hint entry points, the house's
bots, levels and dial."""

from __future__ import annotations

from typing import Any

from engine.cassino import PLAYING, HandSampler, Record, View
from engine.games import engine_of
from solver.cassino.arena import step
from solver.cassino.bounds import check_searchable
from solver.cassino.core import ALGORITHM, DEFAULT, finish, hint_moves, model_weight, solve
from solver.cassino.levels import DIAL_MAX, DIAL_MIN, LEVELS, level_spec, make_player
from solver.cassino.readable import mark_alternatives
from solver.cassino.review import review
from solver.games import META, HintGame, House, Progress

__all__ = ["HOUSE_BOTS", "SOLVER"]

HOUSE_BOTS = ("solver", "heuristic", "greedy", "random", *LEVELS)
"""Who may play a house seat: the solver at the default hint budget, a simpler bot, or a
skill level (solver/cassino/levels.py, docs/ladder.md), each from its seat's view only."""

_ENGINE = engine_of("cassino")


def _review(record: dict[str, Any], seat: int, seed: int, options: Any,
            progress: Progress) -> dict[str, Any]:
    return review(Record.from_dict(record), seat, seed=seed, options=options,
                  progress=progress)

SOLVER: HintGame[View] = HintGame(
    name="cassino", algorithm=ALGORITHM, default=DEFAULT,
    read_view=View.from_dict, moves=hint_moves,
    over=lambda view: view.status != PLAYING,
    move_json=_ENGINE.move_json,
    solve=lambda view, options, seed, start, stop, early, progress: solve(
        view, options, seed, start, stop, early=early, progress=progress),
    finish=lambda view, tally, seed, top, with_moves, options: finish(
        view, tally, seed=seed, top=top, with_moves=with_moves, options=options),
    exact=lambda view: HandSampler(view).exact,
    # every card's points and a sweep at each of the 52 plays
    bound=lambda view: 52.0 * (1 + view.rules.sweep_points),
    seats=lambda view: view.rules.players,
    house=House(bots=lambda variant: HOUSE_BOTS, make=make_player, levels=LEVELS,
                dial=(DIAL_MIN, DIAL_MAX), dial_spec=level_spec, step=step),
    meta=META | {"exact", "opponent_model"}, stderr_when_over=False,
    check=check_searchable, model=model_weight, mark=mark_alternatives,
    review=_review, keyed=False)
