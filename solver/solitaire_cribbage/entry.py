"""Solitaire Cribbage's solver in the registry (solver.games)."""

from __future__ import annotations

from typing import Any

from engine.games import engine_of
from engine.solitaire_cribbage import View
from solver.games import META, HintGame
from solver.levels import rule_ladder
from solver.review import Verdicts, review
from solver.solitaire_cribbage.bots import BOTS, make_bot
from solver.solitaire_cribbage.hints import ALGORITHM, DEFAULT, finish, move_entry, solve

__all__ = ["LADDER", "SOLVER", "VERDICTS"]

_ENGINE = engine_of("solitaire-cribbage")

LADDER = rule_ladder(make_bot, BOTS)
"""The levels: random, greedy and the solver as anchors (solver/levels.py, docs/ladder.md)."""

VERDICTS = Verdicts(best=0.002, good=0.01, inaccuracy=0.03, mistake=0.08)
"""A discard's verdict by the chance (of 91, of winning) it lost: a point of chance in a
hundred still good, eight a blunder beyond (docs/api.md "Game review")."""


def _review(record: dict[str, Any], seat: int, seed: int, options: Any,
            progress: Any) -> dict[str, Any]:
    return review(SOLVER, record, seat, VERDICTS, seed=seed, options=options,
                  progress=progress)


SOLVER: HintGame[View] = HintGame(
    name="solitaire-cribbage", algorithm=ALGORITHM, default=DEFAULT,
    read_view=_ENGINE.read_view, moves=lambda view: view.legal_moves(),
    over=lambda view: view.game_over, move_json=move_entry,
    solve=solve,
    finish=finish,
    exact=lambda view: True, bound=lambda view: 1.0, seats=lambda view: view.seats,
    house=LADDER.house(), meta=META | {"exact"}, stderr_when_over=True, review=_review)
"""Hints from one seat's view (SC24): the exact value of every discard (solver/
solitaire_cribbage/hints.py); the equity is the chance of winning (SCD11)."""
