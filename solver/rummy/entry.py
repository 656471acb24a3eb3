"""The rummy games' solver in the registry (solver.games)."""

from __future__ import annotations

from typing import Any

from engine import rummy
from engine.errors import UnsupportedVariantError
from solver.games import META, HintGame
from solver.levels import rule_ladder
from solver.review import Verdicts, review
from solver.rummy.bots import make_bot
from solver.rummy.core import ALGORITHM, DEFAULT, finish, hint_moves, move_json, solve
from solver.rummy.readable import mark_twins

__all__ = ["BOTS", "SOLVER"]

BOTS = ("solver", "careful", "greedy", "random")
"""Every rummy variant's house: the solver, the careful rule, the greedy rule or random
moves (Double-Pack Rum has its own greedy rule, solver/rummy/double_pack_policy)."""


LADDER = rule_ladder(make_bot, BOTS)
"""The rummy games' levels (solver/levels.py, docs/ladder.md)."""

VERDICTS = Verdicts(best=0.25, good=1.0, inaccuracy=3.0, mistake=6.0)
"""A rummy move's verdict by the points of the settlement it lost (RM23, RM26, DP9): within
a quarter point of the best is best, a discard worth a low card's pips a mistake
(docs/api.md "Game review")."""


def _review(record: dict[str, Any], seat: int, seed: int, options: Any,
            progress: Any) -> dict[str, Any]:
    return review(SOLVER, record, seat, VERDICTS, seed=seed, options=options,
                  progress=progress)


def _check(view: rummy.View) -> None:
    try:
        solve(view, DEFAULT, 0, 0, 0)
    except ValueError as exc:  # a variant the rummy solver does not play yet
        raise UnsupportedVariantError(f"variant: no hints for {view.variant} yet ({exc})",
                                      field="variant") from None


def _bound(view: rummy.View) -> float:
    """Every pip of the table's packs, doubled twice (a splash, DP9; a caller paying
    double, RM19), from each other player, with the penalties already paid."""
    rules = view.rules
    pips = sum(rummy.pip(card) for card in rummy.pack(rules.packs(view.players), rules.jokers))
    return float(4 * pips * view.players + sum(abs(s) for s in view.scores))


SOLVER: HintGame[rummy.View] = HintGame(
    name="rummy", algorithm=ALGORITHM, default=DEFAULT,
    read_view=rummy.View.from_dict, moves=hint_moves,
    over=lambda view: view.game_over, move_json=lambda view, move: move_json(move, view),
    solve=lambda view, options, seed, start, stop, early, progress: solve(
        view, options, seed, start, stop, early=early, progress=progress),
    finish=lambda view, tally, seed, top, with_moves, options: finish(
        view, tally, seed=seed, top=top, with_moves=with_moves, prior_z=DEFAULT.prior_z),
    exact=lambda view: False, bound=_bound, seats=lambda view: view.players,
    house=LADDER.house(),
    meta=META | {"exact"}, stderr_when_over=True, check=_check,
    review=_review, mark=mark_twins)
