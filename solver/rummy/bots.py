"""Players for the rummy arena: random, greedy and the solver, each deciding from the
:class:`engine.rummy.View` of its seat only (RM27).  Bots are deterministic given their
seed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rummy import Move, View, parse_move
from solver import bots
from solver.games import Bot
from solver.rummy.careful import careful_move
from solver.rummy.core import DEFAULT, Options, hint
from solver.rummy.policy import greedy_move, points

__all__ = ["Bot", "CarefulBot", "GreedyBot", "RandomBot", "SolverBot", "make_bot"]


def _sane(view: View, move: Move) -> bool:
    """Not a call over the limit (RM24): known from the caller's own hand."""
    if not move.call:
        return True
    assert move.card is not None
    return points(view.hand & ~(1 << move.card)) <= view.rules.call_limit


class RandomBot(bots.RandomBot):
    """A uniformly random legal move, never a call over the limit (RM24)
    (solver.bots.RandomBot, rummy's random source)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "rummy-random-bot", _sane)


class GreedyBot:
    """One ply (:mod:`solver.rummy.policy`): take the pile's top card if it lowers the
    deadwood, else draw (RM7, RM8); discard the card leaving the least deadwood; call as
    soon as allowed (RM14, RM22).  In Double-Pack Rum, the rule of
    :mod:`solver.rummy.double_pack_policy` (lay out whatever fits, DP3-DP7)."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"

    def choose(self, view: View) -> Move:
        return greedy_move(view)


class CarefulBot:
    """The careful rule (:mod:`solver.rummy.careful`): the greedy rule taking the pile's
    card only for a meld or a big cut of the deadwood; in Double-Pack Rum, whose greedy rule
    takes a card only for a lay-out already, that rule."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "careful"

    def choose(self, view: View) -> Move:
        return greedy_move(view) if view.rules.lay_out else careful_move(view)


class SolverBot:
    """The solver's best move (:func:`solver.rummy.hint`) at a given budget."""

    def __init__(self, seed: int = 0, options: Options = DEFAULT, name: str = "solver") -> None:
        self.name = name
        self.seed = seed
        self.options = options

    def choose(self, view: View) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        answer = hint(view, seed=self.seed + len(view.history), top=1, options=self.options)
        return parse_move(answer["moves"][0]["move"]["id"])


def _flag(value: str) -> bool:
    return value not in ("0", "false")


_OPTIONS: dict[str, Callable[[str], Any]] = {
    "samples": int, "min_samples": int, "nodes": int, "time_ms": float, "z": float,
    "tolerance": float, "prior_z": float, "horizon": int, "played": _flag}


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from its arena name: ``random``, ``greedy``, ``solver`` or ``solver:K=V,...``
    with options such as ``nodes=2000``, ``samples=16``, ``time_ms=50``, ``prior_z=0``
    (``nodes=0`` lifts the node budget)."""
    name, _, params = spec.partition(":")
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "careful":
        return CarefulBot(seed)
    if name == "solver":
        return SolverBot(seed, bots.solver_options(params, DEFAULT, _OPTIONS,
                                                   ("nodes", "horizon")), name=spec)
    raise ValueError(f"unknown bot {spec!r}: random, greedy, solver[:opts]")
