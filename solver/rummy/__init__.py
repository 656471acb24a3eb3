"""The rummy solver (docs/solver.md "Rummy", "Double-Pack Rum"): ranked hints, hand
evaluations, bots and an arena for the show-down games, Poker Rum and Poker Gin
(docs/rules/rummy.md RM1-RM28), and for Double-Pack Rum (DP1-DP12).

It imports only the standard library, :mod:`engine.rummy` and :mod:`solver.ranking`.
Modules outside ``solver/rummy/`` import it from here (tests/test_layers.py checks it):

* :func:`hint` and :func:`evaluate` take a :class:`engine.rummy.View`, never a full state
  (RM27), and answer in the shapes of Cassino's :func:`solver.hint`;
* :func:`solve`, :func:`merge` and :func:`finish` split a budget into ranges of worlds
  searched apart and merged into the same answer (RQ workers);
* :mod:`solver.rummy.worlds`: world ``i`` of a seed and the values of the moves in it;
  :mod:`solver.rummy.playout`: the rest of the hand by the careful rule, settled exactly,
  cut at a horizon valued by :mod:`solver.rummy.evaluation`;
  :mod:`solver.rummy.policy`: the greedy rule; :mod:`solver.rummy.deadwood`: fast least
  deadwood for one pack;
* Double-Pack Rum's own parts: :mod:`solver.rummy.double_pack_policy` (its greedy rule),
  :mod:`solver.rummy.double_pack_playout` (playouts through the engine, the value of a
  hand cut short), :mod:`solver.rummy.double_pack_worlds` (root moves valued, twins once);
* :mod:`solver.rummy.bots` and :mod:`solver.rummy.arena` (``python -m solver.rummy.arena``).
"""

from solver.ranking import Tally, merge
from solver.rummy.bots import Bot, CarefulBot, GreedyBot, RandomBot, SolverBot, make_bot
from solver.rummy.core import (
    ALGORITHM,
    DEFAULT,
    POSITION,
    Options,
    evaluate,
    finish,
    hint,
    hint_moves,
    move_json,
    solve,
)
from solver.rummy.playout import play_out
from solver.rummy.worlds import Worlds, world_rng

__all__ = [
    "ALGORITHM",
    "DEFAULT",
    "POSITION",
    "Bot",
    "CarefulBot",
    "GreedyBot",
    "Options",
    "RandomBot",
    "SolverBot",
    "Tally",
    "Worlds",
    "evaluate",
    "finish",
    "hint",
    "hint_moves",
    "make_bot",
    "merge",
    "move_json",
    "play_out",
    "solve",
    "world_rng",
]
