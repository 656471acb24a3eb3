"""Canfield's players (docs/solver.md "Canfield"): random, greedy and the solver, each
deciding from the view only (CF15) and deterministic given its seed."""

from __future__ import annotations

from engine.canfield import Move, View
from solver import bots
from solver.canfield.hints import DEFAULT, Options, hint
from solver.canfield.policy import greedy_move
from solver.games import Bot

__all__ = ["BOTS", "GreedyBot", "RandomBot", "SolverBot", "make_bot"]

BOTS = ("solver", "greedy", "random")


class RandomBot(bots.RandomBot):
    """A uniformly random legal move (the stop among them)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "canfield-random-bot")


class GreedyBot:
    """The greedy rule (solver/canfield/policy.py)."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"

    def choose(self, view: View) -> Move:
        return greedy_move(view)


class SolverBot:
    """The hint's best move at a given budget; its seed drawn from the view, so that the
    same view gets the same move."""

    def __init__(self, seed: int = 0, options: Options = DEFAULT, name: str = "solver") -> None:
        self.name, self.seed, self.options = name, seed, options

    def choose(self, view: View) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        salt = sum(view.found) * 131 + len(view.hand) * 7 + len(view.waste) + view.passes
        answer = hint(view, seed=self.seed * 1000 + salt, top=1, options=self.options)
        chosen: str = answer["moves"][0]["move"]["id"]
        return next(m for m in moves if m.id == chosen)


_OPTIONS = {"samples": int, "min_samples": int, "nodes": int, "time_ms": float,
            "z": float, "tolerance": float}


def make_bot(spec: str, seed: int = 0) -> Bot:
    """``random``, ``greedy``, ``solver`` or ``solver:K=V,...`` (``nodes=0`` lifts the
    node budget)."""
    name, _, params = spec.partition(":")
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "solver":
        return SolverBot(seed, bots.solver_options(params, DEFAULT, _OPTIONS), name=spec)
    raise ValueError(f"unknown bot {spec!r}: random, greedy, solver[:opts]")
