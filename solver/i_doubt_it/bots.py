"""I Doubt It's house bots (docs/solver.md "I Doubt It"): ``honest`` (claims the truth
when it can, doubts only what its own hand disproves), ``random`` (any legal move, the
random bluffer), ``counting`` (claims as honest does, bluffing with its loosest cards,
doubts what the cards it has seen make impossible or unlikely, and a claimer going out),
and the solver's (solver.i_doubt_it.hints)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.i_doubt_it import DOUBT, PASS, Move, View
from engine.i_doubt_it.state import rank_mask_of
from solver.i_doubt_it.claims import plain_claim
from solver.i_doubt_it.endgame import counting_move
from solver.i_doubt_it.hints import SolverBot

__all__ = ["BOTS", "Counting", "Honest", "Random", "make_bot"]

BOTS = ("solver", "counting", "honest", "random")


@dataclass
class Honest:
    """Claims the truth when it can (the rank held most), else bluffs with a rank it holds
    some of; doubts only what its own hand disproves."""

    seed: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"honest/{self.seed}")

    def choose(self, view: View) -> Move:
        if view.speaker is None:
            return plain_claim(view, self.rng)
        own = (view.hand & rank_mask_of(view.rank)).bit_count()
        return DOUBT if 4 - own < view.laid else PASS


@dataclass
class Random:
    """Any legal move at random (a claim of random cards naming a random rank; a doubt
    one time in two): the random bluffer."""

    seed: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"random/{self.seed}")

    def choose(self, view: View) -> Move:
        moves: Sequence[Move] = view.legal_moves()
        return moves[self.rng.randrange(len(moves))]


@dataclass
class Counting:
    """Claims as :class:`Honest`; doubts a claim the cards it has seen make impossible or
    unlikely, and a claimer's last cards unless they make it likely (the move of
    solver.i_doubt_it.endgame.counting_move, which the play-outs make for every seat)."""

    seed: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"counting/{self.seed}")

    def choose(self, view: View) -> Move:
        return counting_move(view, self.rng)


def make_bot(spec: str, seed: int) -> Honest | Random | Counting | SolverBot:
    """A house bot by name (the solver's: solver.i_doubt_it.hints.SolverBot)."""
    if spec == "solver" or spec.startswith("solver:"):
        return SolverBot(seed)
    if spec == "honest":
        return Honest(seed)
    if spec == "random":
        return Random(seed)
    if spec == "counting":
        return Counting(seed)
    raise ValueError(f"unknown I Doubt It bot {spec!r}")

