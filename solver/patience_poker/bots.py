"""The house's bots for Patience Poker (docs/solver.md "Patience Poker"): ``random`` (any
legal place), ``greedy`` (the place that adds most to the worth of its row and column,
solver/patience_poker/evaluation.py) and ``solver`` (the hint's best place)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import card_name
from engine.patience_poker import View
from engine.patience_poker.state import Move
from solver.patience_poker.playout import Tableau, greedy_cell
from solver.patience_poker.search import DEFAULT, Options, solve, worth_of
from solver.ranking import rank

__all__ = ["BOTS", "Greedy", "Random", "Solver", "make_bot"]

BOTS = ("solver", "greedy", "random")


def _move(view: View, cell: int) -> Move:
    return Move(card_name(view.called[-1]), view.geometry.name(cell),
                None if view.players == 1 else view.player)


class Greedy:
    """The greedy rule (:func:`solver.patience_poker.playout.greedy_cell`)."""

    def choose(self, view: View) -> Move:
        own = view.tableaus[view.player]
        t = Tableau(view.geometry, own, view.called[:len(own)])
        return _move(view, greedy_cell(t, view.called[-1], worth_of(view.variant))[0])


@dataclass
class Random:
    """Any legal place, drawn from its seed."""

    seed: int

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, view: View) -> Move:
        return self.rng.choice(view.legal_moves())


@dataclass
class Solver:
    """The hint's best place at ``options`` (the search's seed its own)."""

    seed: int
    options: Options = DEFAULT

    def choose(self, view: View) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        tally = solve(view, self.options, self.seed)
        best = tally.moves[rank(tally)[0].index]
        return next(m for m in moves if m.id == best)


def make_bot(spec: str, seed: int) -> Greedy | Random | Solver:
    """A bot by its arena name: ``solver``, ``solver:SAMPLES``, ``greedy``, ``random``."""
    name, _, arg = spec.partition(":")
    if name == "solver":
        options = DEFAULT if not arg else DEFAULT.with_budget(samples=int(arg))
        if arg:
            options = Options(samples=int(arg), min_samples=min(6, int(arg)), nodes=None)
        return Solver(seed, options)
    if name == "greedy":
        return Greedy()
    if name == "random":
        return Random(seed)
    raise ValueError(f"unknown Patience Poker bot {spec!r}: {', '.join(BOTS)}")
