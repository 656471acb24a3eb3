"""Conquian's solver in the registry (solver.games)."""

from __future__ import annotations

from typing import Any

from engine import conquian
from engine.games import engine_of
from solver.conquian.bots import make_bot
from solver.conquian.hints import ALGORITHM, DEFAULT, finish, solve
from solver.games import META, HintGame
from solver.levels import rule_ladder
from solver.review import Verdicts, review

__all__ = ["BOTS", "SOLVER"]

BOTS = ("solver", "greedy", "random")
"""Who may play a house seat (solver/conquian/bots.py)."""

_ENGINE = engine_of("conquian")

LADDER = rule_ladder(make_bot, BOTS)
"""Conquian's levels (solver/levels.py, docs/ladder.md)."""


VERDICTS = Verdicts(best=0.02, good=0.1, inaccuracy=0.25, mistake=0.5)
"""A Conquian move's verdict by the counters it lost (Q21): within the solver's tolerance of
the best is best, half a stake a mistake (docs/api.md "Game review")."""


def _review(record: dict[str, Any], seat: int, seed: int, options: Any,
            progress: Any) -> dict[str, Any]:
    return review(SOLVER, record, seat, VERDICTS, seed=seed, options=options,
                  progress=progress)


def _exact(view: conquian.View) -> bool:
    """The stock is out and no other hand holds a card: one world."""
    return not view.stock_size and sum(view.hand_sizes) == view.hand.bit_count()


def _bound(view: conquian.View) -> float:
    """No world's value exceeds this either way: the stake times one more than every
    other seat's counters in the pool, with one more tableau (Q21, QD11, QD16)."""
    seats = len(view.hand_sizes)
    return float(conquian.get_rules(view.variant).stake * (2 + (seats - 1) * view.pool))


SOLVER: HintGame[conquian.View] = HintGame(
    name="conquian", algorithm=ALGORITHM, default=DEFAULT,
    read_view=conquian.View.from_dict, moves=lambda view: view.legal_moves(),
    over=lambda view: view.game_over, move_json=_ENGINE.move_json,
    solve=lambda view, options, seed, start, stop, early, progress: solve(
        view, options, seed, start, stop, early=early, progress=progress),
    finish=lambda view, tally, seed, top, with_moves, options: finish(
        view, tally, seed=seed, top=top, with_moves=with_moves),
    exact=_exact,
    bound=_bound,
    seats=lambda view: len(view.hand_sizes),
    house=LADDER.house(),
    meta=META | {"exact"}, stderr_when_over=True, review=_review)
