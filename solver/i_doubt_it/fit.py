"""Fit the claim model (solver.i_doubt_it.model TABLE, DOUBT_RATE and DOUBTED_TRUE, and
solver.i_doubt_it.holdings STOOD_TRUE) on self-play:

    python -m solver.i_doubt_it.fit --games 120 --seed 1

Games of three to six seats, each seat a bot drawn from the house's counting, honest and
solver bots (the random bluffer left out: no player claims at random); for every claim,
its phase (the last rounds or before), the claimer's hand before laying (its bucket), how
many of each rank it held, the rank named and whether the claim was true (a cell no claim
named takes the one below it: a small hand never held four of the rank it named); for
every speaker's choice on a claim its hand does not disprove, whether it doubted, by
whether the claim looked unlikely from its hand; by phase, how often a claim doubted was
true, and how often one nobody doubted was. Prints the tables to paste."""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from math import comb
from typing import NamedTuple

from engine.i_doubt_it import Move, State, View, new_game
from engine.i_doubt_it.state import rank_mask_of, truthful
from solver.i_doubt_it.bots import make_bot
from solver.i_doubt_it.claims import counts
from solver.i_doubt_it.model import BUCKETS, UNLIKELY, Table, bucket, late

MIX = ("counting", "honest", "solver")


Cell = tuple[int, int]
"""(phase, bucket): solver.i_doubt_it.model.TABLE's key."""
CELLS = [(phase, b) for phase in (0, 1) for b in range(len(BUCKETS) + 1)]


class Fitted(NamedTuple):
    table: Table
    doubt_rate: tuple[float, float]
    stood_true: tuple[float, float]
    doubted_true: tuple[float, float]


def steps(games: int, seed: int, mix: tuple[str, ...]) -> Iterator[tuple[State, View, Move]]:
    """Every move of ``games`` games of three to six seats, each seat a bot drawn from
    ``mix``: the state before it, the mover's view, the move."""
    rng = random.Random(seed)
    for game in range(games):
        seats = rng.randint(3, 6)
        bots = [make_bot(rng.choice(mix), seed * 1000 + game * 10 + s) for s in range(seats)]
        state = new_game(seed * 100003 + game, players=seats)
        while not state.game_over:
            seat = min(state.acting)
            view = state.view(seat)
            move = bots[seat].choose(view)
            yield state, view, move
            state = state.apply(move)[0]


def fit(games: int, seed: int) -> Fitted:
    named = {cell: [0.0] * 5 for cell in CELLS}
    base = {cell: [0.0] * 5 for cell in CELLS}
    true = {cell: [0.0] * 5 for cell in CELLS}
    doubts = [[0, 0], [0, 0]]  # [looks unlikely][doubted?]
    stood = [[0, 0], [0, 0]]  # [phase][true?]: the claims nobody doubted
    doubted = [[0, 0], [0, 0]]  # [phase][true?]: the claims doubted
    for state, view, move in steps(games, seed, MIX):
        seat = view.player
        if state.speaker is None:
            held = counts(state.hands[seat])
            b = late(state.claims, state.seats), bucket(state.hands[seat].bit_count())
            for r in range(1, 14):
                base[b][held[r]] += 1 / 13
            named[b][held[move.rank]] += 1
            true[b][held[move.rank]] += truthful(move.cards, move.rank)
        else:
            if move.kind == "doubt":
                doubted[late(state.claims - 1, state.seats)][truthful(state.claim,
                                                                      state.rank)] += 1
            if move.kind == "pass" and (seat + 1) % state.seats == state.claimer:
                stood[late(state.claims - 1, state.seats)][truthful(state.claim,
                                                                    state.rank)] += 1
            own = (state.hands[seat] & rank_mask_of(state.rank)).bit_count()
            if 4 - own >= state.laid:
                pool, free = 52 - state.hands[seat].bit_count(), 4 - own
                size = state.sizes[state.claimer] + state.laid
                chance = sum(comb(free, x) * comb(pool - free, size - x)
                             for x in range(state.laid, min(free, size) + 1)) / comb(pool, size)
                doubts[chance < UNLIKELY][move.kind == "doubt"] += 1
    table: Table = {}
    for cell in CELLS:
        row: list[tuple[float, float]] = []
        for x in range(5):
            if named[cell][x] or not row:
                row.append((round(named[cell][x] / base[cell][x], 3) if base[cell][x] else 1.0,
                            round(true[cell][x] / named[cell][x], 3) if named[cell][x] else 0.0))
            else:
                row.append(row[-1])
        table[cell] = tuple(row)
    rates = tuple(round(d[1] / max(1, d[0] + d[1]), 3) for d in doubts)
    true_rates = tuple(round(p[1] / max(1, p[0] + p[1]), 3) for p in stood)
    return Fitted(table, (rates[0], rates[1]), (true_rates[0], true_rates[1]),
                  (round(doubted[0][1] / max(1, sum(doubted[0])), 3),
                   round(doubted[1][1] / max(1, sum(doubted[1])), 3)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    fitted = fit(args.games, args.seed)
    print("TABLE: Table = {")
    for cell, row in fitted.table.items():
        print(f"    {cell}: {row},")
    print("}")
    print(f"DOUBT_RATE = {fitted.doubt_rate}")
    print(f"DOUBTED_TRUE = {fitted.doubted_true}")
    print(f"STOOD_TRUE = {fitted.stood_true}  # solver.i_doubt_it.holdings")


if __name__ == "__main__":
    main()
