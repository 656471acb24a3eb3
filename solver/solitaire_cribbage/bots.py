"""Solitaire Cribbage's players (docs/solver.md "Solitaire Cribbage"): random, greedy (the
deal's most expected points) and the solver (the best chance of 91, of winning), each
deciding from its seat's view alone (SC24), deterministic given its seed."""

from __future__ import annotations

from engine.solitaire_cribbage import Move, View
from solver import bots
from solver.games import Bot
from solver.solitaire_cribbage.hints import best

__all__ = ["BOTS", "GreedyBot", "RandomBot", "SolverBot", "make_bot"]

BOTS = ("solver", "greedy", "random")


class RandomBot(bots.RandomBot):
    """Any two of the six, uniformly (solver.bots.RandomBot)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "solitaire-cribbage-random-bot")


class GreedyBot:
    """The discard of the most expected points in this deal (hand, crib, heels), exact."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, view: View) -> Move:
        return best(view, "points")


class SolverBot:
    """The discard of the best chance of reaching 91 (of winning, against others)."""

    name = "solver"

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, view: View) -> Move:
        return best(view, "odds")


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot by its arena name: ``random``, ``greedy`` or ``solver``."""
    if spec == "random":
        return RandomBot(seed)
    if spec == "greedy":
        return GreedyBot(seed)
    if spec == "solver":
        return SolverBot(seed)
    raise ValueError(f"unknown bot {spec!r}: {', '.join(BOTS)}")
