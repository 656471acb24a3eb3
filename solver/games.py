"""Each game's hint entry points, by the game's name: what the workers and the API need
to search any game's view the same way (docs/solver.md, docs/api.md "Other games").

Cassino's are :mod:`solver.cassino.core`'s, Conquian's :mod:`solver.conquian`'s, rummy's
:mod:`solver.rummy`'s; a view's ``game`` picks them (:func:`hint_game`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import solver.cassino.core as cassino_solver
import solver.conquian as conquian_solver
import solver.rummy as rummy_solver
from engine import conquian, rummy
from engine.cassino import PLAYING, HandSampler, move_json
from engine.cassino import View as CassinoView
from engine.errors import UnsupportedVariantError
from engine.games import GAME_NAMES
from solver.ranking import Tally

__all__ = ["CASSINO", "HINT_GAMES", "HintGame", "hint_game"]

CASSINO = GAME_NAMES[0]
"""The game of a view that names none."""

Progress = Callable[[int, int], None] | None


@dataclass(frozen=True)
class HintGame:
    """One game's solver, as the workers drive it."""

    name: str
    algorithm: str
    default: Any
    """The default options (``samples``, ``nodes``, ``time_ms``, ``min_samples``, ``z``,
    ``tolerance`` and ``with_budget``)."""
    read_view: Callable[[Any], Any]
    moves: Callable[[Any], list[Any]]
    """The moves a hint of the view ranks (none when the viewer is not to move)."""
    over: Callable[[Any], bool]
    move_json: Callable[[Any, Any], dict[str, Any]]
    """``(view, move)``: a ranked move as the answer shows it."""
    solve: Callable[[Any, Any, int, int, int | None, bool, Progress], Tally]
    """``(view, options, seed, start, stop, early, progress)``."""
    finish: Callable[[Any, Tally, int, int | None, bool, Any], dict[str, Any]]
    """``(view, tally, seed, top, with_moves, options)``: the answer of a search under
    ``options``."""
    exact: Callable[[Any], bool]
    """One world says everything: the answer serves every budget."""
    bound: Callable[[Any], float]
    """No value of a world exceeds this either way."""
    seats: Callable[[Any], int]
    meta: frozenset[str]
    """The keys of the answer's ``solver`` object."""
    stderr_when_over: bool
    """A finished hand's evaluation still has a ``stderr`` (0)."""
    by_mean: bool = True
    """The ranked moves come best mean first (rummy's put the greedy rule's move first
    unless another clearly beats it, :func:`solver.rummy.core.ranked`)."""
    check: Callable[[Any], None] = lambda view: None
    """Raise :class:`UnsupportedVariantError` naming ``variant`` for a view the solver does
    not search."""
    model: Callable[[Any, Any], float] | None = None
    """``(view, options)``: the opponent model's weight the search applies (the answer's
    ``solver.opponent_model``); ``None`` for a game whose search has no opponent model
    (a request may not ask for one, docs/api.md "Hints")."""

    def columns(self, view: Any) -> list[str]:
        """The columns of a tally of this view's worlds: the ranked moves' ids, the position
        alone when the viewer has no move, none when the hand is over."""
        if self.over(view):
            return []
        return [m.id for m in self.moves(view)] or [cassino_solver.POSITION]


_META = frozenset({"algorithm", "samples", "elapsed_ms", "cached", "nodes", "seed"})


def _rummy_check(view: Any) -> None:
    try:
        rummy_solver.solve(view, rummy_solver.DEFAULT, 0, 0, 0)
    except ValueError as exc:  # a variant the rummy solver does not play yet
        raise UnsupportedVariantError(f"variant: no hints for {view.variant} yet ({exc})",
                                      field="variant") from None


def _rummy_bound(view: Any) -> float:
    """Every pip of the table's packs, doubled twice (a splash, DP9; a caller paying
    double, RM19), from each other player, with the penalties already paid."""
    rules = view.rules
    pips = sum(rummy.pip(card) for card in rummy.pack(rules.packs(view.players), rules.jokers))
    return float(4 * pips * view.players + sum(abs(s) for s in view.scores))


def _conquian_exact(view: Any) -> bool:
    other = conquian.get_rules(view.variant).next_seat(view.player)
    return not view.stock_size and not view.hand_sizes[other]


HINT_GAMES: dict[str, HintGame] = {
    CASSINO: HintGame(
        name=CASSINO, algorithm=cassino_solver.ALGORITHM, default=cassino_solver.DEFAULT,
        read_view=CassinoView.from_dict, moves=cassino_solver.hint_moves,
        over=lambda view: view.status != PLAYING,
        move_json=lambda view, move: move_json(view.loose, view.builds, view.to_move, move,
                                               view.rules),
        solve=lambda view, options, seed, start, stop, early, progress: cassino_solver.solve(
            view, options, seed, start, stop, early=early, progress=progress),
        finish=lambda view, tally, seed, top, with_moves, options: cassino_solver.finish(
            view, tally, seed=seed, top=top, with_moves=with_moves, options=options),
        exact=lambda view: HandSampler(view).exact,
        bound=lambda view: 52.0 * (1 + view.rules.sweep_points),
        seats=lambda view: view.rules.players, meta=_META | {"exact", "opponent_model"},
        stderr_when_over=False, model=cassino_solver.model_weight),
    "conquian": HintGame(
        name="conquian", algorithm=conquian_solver.ALGORITHM, default=conquian_solver.DEFAULT,
        read_view=conquian.View.from_dict, moves=lambda view: view.legal_moves(),
        over=lambda view: view.game_over,
        move_json=lambda view, move: conquian.move_json(move, view.up),
        solve=lambda view, options, seed, start, stop, early, progress: conquian_solver.solve(
            view, options, seed, start, stop, early=early, progress=progress),
        finish=lambda view, tally, seed, top, with_moves, options: conquian_solver.finish(
            view, tally, seed=seed, top=top, with_moves=with_moves),
        exact=_conquian_exact,
        # counters: the stake times one more than the pool, which grows by one a tableau
        bound=lambda view: float(conquian.get_rules(view.variant).stake * (2 + view.pool)),
        seats=lambda view: len(view.hand_sizes), meta=_META | {"exact"},
        stderr_when_over=True),
    "rummy": HintGame(
        name="rummy", algorithm=rummy_solver.ALGORITHM, default=rummy_solver.DEFAULT,
        read_view=rummy.View.from_dict, moves=rummy_solver.hint_moves,
        over=lambda view: view.game_over, move_json=lambda view, move: rummy_solver.move_json(
            move, view),
        solve=lambda view, options, seed, start, stop, early, progress: rummy_solver.solve(
            view, options, seed, start, stop, early=early, progress=progress),
        finish=lambda view, tally, seed, top, with_moves, options: rummy_solver.finish(
            view, tally, seed=seed, top=top, with_moves=with_moves,
            prior_z=rummy_solver.DEFAULT.prior_z),
        exact=lambda view: False, bound=_rummy_bound,
        seats=lambda view: view.players, meta=_META | {"exact"}, stderr_when_over=True,
        by_mean=False, check=_rummy_check),
}
"""The hint entry points of every game, by name."""


def hint_game(name: str) -> HintGame:
    """The entry points of game ``name``."""
    return HINT_GAMES[name]
