"""Conquian players for the arena (docs/solver.md "Conquian"): random, greedy and the
solver, each deciding from its seat's :class:`engine.conquian.View` only (Q23), and
deterministic given its seed."""

from __future__ import annotations

from engine.conquian import DISCARD, FORCE, LAY, TAKE, Move, View, get_rules, layout
from solver import bots
from solver.conquian.evaluation import fits, neighbours
from solver.conquian.hints import DEFAULT, Options, hint
from solver.games import Bot

__all__ = ["Bot", "GreedyBot", "RandomBot", "SolverBot", "make_bot", "usefulness"]


class RandomBot(bots.RandomBot):
    """A uniformly random legal move (solver.bots.RandomBot, Conquian's random source)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "conquian-random-bot")


def usefulness(view: View, card: int) -> int:
    """How many ways a hand card helps: the other hand cards of its rank (Q11), of its
    suit one or two places away (Q12), and one if it extends one of the seat's melds
    (QD4)."""
    rules = get_rules(view.variant)
    nb = neighbours(rules)
    hand = view.hand & ~(1 << card)
    near = nb.same[card] | nb.prev1[card] | nb.prev2[card] | nb.next1[card] | nb.next2[card]
    own = view.melds[view.player]
    return (near & hand).bit_count() + (fits(layout(rules), own) >> card & 1)


class GreedyBot:
    """A one-ply rule: use the card offered when it can (the largest meld), else force it
    when it can (Q16), else pass; after a use, lay the largest meld it can (QD4), else force
    a hand card when it can (Q15), else discard its least useful card (fewest hand cards of
    its rank or near it in its suit, then the highest)."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"

    def choose(self, view: View) -> Move:
        moves = view.legal_moves()
        melds = [m for m in moves if m.type in (TAKE, LAY)]
        if melds:
            return max(melds, key=lambda m: (m.meld.bit_count(), -moves.index(m)))
        forces = [m for m in moves if m.type == FORCE]
        if forces:
            return forces[0]
        discards = [m for m in moves if m.type == DISCARD]
        if discards:
            return min(discards, key=lambda m: (usefulness(view, m.card), -m.card))
        return moves[0]  # the pass


class SolverBot:
    """The solver's best move (:func:`solver.conquian.hint`) at a given budget."""

    def __init__(self, seed: int = 0, options: Options = DEFAULT, name: str = "solver") -> None:
        self.name = name
        self.seed = seed
        self.options = options
        self.turn = 0

    def choose(self, view: View) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        self.turn += 1
        answer = hint(view, seed=self.seed * 1000 + self.turn, top=1, options=self.options)
        chosen: str = answer["moves"][0]["move"]["id"]
        return next(m for m in moves if m.id == chosen)


_OPTIONS = {"samples": int, "min_samples": int, "nodes": int, "time_ms": float,
            "depth": int, "endgame": int, "z": float, "tolerance": float}


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from its arena name: ``random``, ``greedy``, ``solver`` or ``solver:K=V,...``
    with options such as ``nodes=5000``, ``depth=4``, ``samples=16`` (``nodes=0`` lifts
    the node budget)."""
    name, _, params = spec.partition(":")
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "solver":
        return SolverBot(seed, bots.solver_options(params, DEFAULT, _OPTIONS), name=spec)
    raise ValueError(f"unknown bot {spec!r}: random, greedy, solver[:opts]")
