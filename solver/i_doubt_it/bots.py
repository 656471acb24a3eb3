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
from solver.i_doubt_it.hints import SolverBot
from solver.i_doubt_it.model import held_prior, seen_of_rank

__all__ = ["BOTS", "Counting", "Honest", "Random", "make_bot"]

BOTS = ("solver", "counting", "honest", "random")
UNLIKELY, LAST = 0.02, 0.5
"""The counting bot's doubts: a claim whose chance, counted, is below ``UNLIKELY``, or a
claim of the claimer's last cards below ``LAST``."""


def impossible(view: View) -> bool:
    """The cards this seat saw placed away from the claimer leave fewer than the claim."""
    away, _sure, _free = seen_of_rank(view, view.rank, view.claimer)
    return 4 - away < view.laid


def possible_chance(view: View) -> float:
    """P(the claimer held enough of the rank), counting only (uniform over what the seat
    cannot place): the counting bot's measure of how likely a claim is."""
    size = view.hand_sizes[view.claimer] + view.laid
    return sum(held_prior(view, view.rank, view.claimer, size)[view.laid:])


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
    """Claims as :class:`Honest`; doubts a claim the cards it has seen make impossible, one
    they make unlikely (below :data:`UNLIKELY`, counting alone), and a claimer's last cards
    unless they make it likely (:data:`LAST`)."""

    seed: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"counting/{self.seed}")

    def choose(self, view: View) -> Move:
        if view.speaker is None:
            return plain_claim(view, self.rng)
        if impossible(view):
            return DOUBT
        chance = possible_chance(view)
        if view.hand_sizes[view.claimer] == 0:  # his last cards: doubted unless likely
            return DOUBT if chance < LAST else PASS
        return DOUBT if chance < UNLIKELY else PASS


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

