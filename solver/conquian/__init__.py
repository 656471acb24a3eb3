"""What the solver knows of Conquian (docs/solver.md "Conquian"): hints, evaluations,
bots and the arena, from one player's :class:`engine.conquian.View` (Q23).

Modules outside ``solver/conquian/`` import from here, never from the modules inside
(tests/test_layers.py checks it):

* :mod:`solver.conquian.evaluation`: the horizon estimate (progress toward eleven down);
* :mod:`solver.conquian.search`: alpha-beta on one world to a horizon of decisions;
* :mod:`solver.conquian.worlds`: world ``i`` of a seed (``View.resample``) and its values;
* :mod:`solver.conquian.hints`: ``Options``, ``solve``, ``finish``, ``hint``, ``evaluate``;
* :mod:`solver.conquian.bots` and :mod:`solver.conquian.arena`: players and mirrored pairs.
"""

from solver.conquian.bots import Bot, GreedyBot, RandomBot, SolverBot, make_bot, usefulness
from solver.conquian.evaluation import Weights, estimate, progress
from solver.conquian.hints import (
    ALGORITHM,
    DEFAULT,
    POSITION,
    Options,
    evaluate,
    finish,
    hint,
    solve,
)
from solver.conquian.search import Search
from solver.conquian.worlds import Worlds, world_rng

__all__ = [
    "ALGORITHM",
    "DEFAULT",
    "POSITION",
    "Bot",
    "GreedyBot",
    "Options",
    "RandomBot",
    "Search",
    "SolverBot",
    "Weights",
    "Worlds",
    "estimate",
    "evaluate",
    "finish",
    "hint",
    "make_bot",
    "progress",
    "solve",
    "usefulness",
    "world_rng",
]
