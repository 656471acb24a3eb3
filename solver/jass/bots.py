"""Jass's house bots (docs/solver.md "Jass"): ``random`` (any legal move), ``rule`` (follows,
heads and melds sensibly: solver.jass.playout.rule_play; takes the table's nine or passes
out on a weak hand), and the solver's (solver.jass.hints.SolverBot; solver.jass.entry.make_bot)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.cards import cards_of, rank_of, suit_of
from engine.jass import CALL, EXCHANGE, KEEP, PASS, STAY, Move, View
from engine.jass.cards import legal_plays, pips
from engine.jass.melds import meld_value, melds_of
from engine.jass.rules import JACK, NINE, TWO
from solver.jass.playout import rule_play

__all__ = ["BOTS", "Random", "Rule", "rule_move", "sound", "strength_of"]

BOTS = ("solver", "rule", "random")
WEAK_EXCHANGE, WEAK_PASS = 55, 30
"""The rule bot takes the table's nine below the first strength (J6), passes out below the
second (J8)."""


def strength_of(hand: int, trump: int) -> int:
    """A hand's rough worth: its pips, ten a trump (twenty the jack and the nine), its melds."""
    total = sum(meld_value(m, trump) for m in melds_of(hand, trump))
    for card in cards_of(hand):
        total += pips(card, trump)
        if suit_of(card) == trump:
            total += 20 if rank_of(card) in (JACK, NINE) else 10
    return total


def sound(view: View, moves: list[Move]) -> list[Move]:
    """The moves a house bot may make: never a wrong call-out (JD20), which every seat can
    tell from its view."""
    return [m for m in moves if m != CALL or view.call_right(view.player)]


def rule_move(view: View) -> Move:
    """The rule bot's move in the view's phase: a call-out as soon as it is right (JD20)."""
    if CALL in view.legal_moves() and view.call_right(view.player):
        return CALL
    if view.phase == "exchange":
        return EXCHANGE if strength_of(view.hand, view.trump) < WEAK_EXCHANGE else KEEP
    if view.phase == "pass":
        return PASS if strength_of(view.hand, view.trump) < WEAK_PASS else STAY
    if view.phase == "declare":
        options = [m for m in view.legal_moves() if m.kind == "declare"]
        return max(options, key=lambda m: sum(meld_value(x, view.trump) for x in m.melds))
    trick = [c for _, c in view.trick]
    allowed = legal_plays(view.hand, trick, view.trump, must=view.must,
                          free_jack=view.form != TWO)
    return Move("play", rule_play(allowed, trick, view.trump, len(view.in_play)))


@dataclass
class Rule:
    """The rule bot (:func:`rule_move`)."""

    seed: int = 0

    def choose(self, view: View) -> Move:
        return rule_move(view)


@dataclass
class Random:
    """Any legal move at random (but a call-out: at once when right, never when wrong)."""

    seed: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"jass-random/{self.seed}")

    def choose(self, view: View) -> Move:
        moves = sound(view, view.legal_moves())
        if CALL in moves:  # a right call-out at once (JD23)
            return CALL
        return moves[self.rng.randrange(len(moves))]
