"""Fit the claim model (solver.i_doubt_it.model TABLE and DOUBT_RATE) on self-play:

    python -m solver.i_doubt_it.fit --games 200 --seed 1

Games of three to six seats, each seat a bot drawn from the house's counting, honest and
solver bots (the random bluffer left out: no player claims at random); for every claim,
its phase (the last rounds or before), the claimer's hand before laying (its bucket), how
many of each rank it held, the rank named and whether the claim was true (a cell no claim
named takes the one below it: a small hand never held four of the rank it named); for
every speaker's choice on a claim its hand does not disprove, whether it doubted, by
whether the claim looked unlikely from its hand.
Prints the table to paste into model.py."""

from __future__ import annotations

import argparse
import random
from math import comb

from engine.i_doubt_it import new_game
from engine.i_doubt_it.state import rank_mask_of, truthful
from solver.i_doubt_it.bots import make_bot
from solver.i_doubt_it.claims import counts
from solver.i_doubt_it.model import BUCKETS, UNLIKELY, bucket, late

MIX = ("counting", "honest", "solver")


Cell = tuple[int, int]
"""(phase, bucket): solver.i_doubt_it.model.TABLE's key."""
CELLS = [(phase, b) for phase in (0, 1) for b in range(len(BUCKETS) + 1)]


def fit(games: int, seed: int) -> tuple[dict[Cell, list[tuple[float, float]]],
                                         tuple[float, float]]:
    rng = random.Random(seed)
    named = {cell: [0.0] * 5 for cell in CELLS}
    base = {cell: [0.0] * 5 for cell in CELLS}
    true = {cell: [0.0] * 5 for cell in CELLS}
    doubts = [[0, 0], [0, 0]]  # [looks unlikely][doubted?]
    for game in range(games):
        seats = rng.randint(3, 6)
        bots = [make_bot(rng.choice(MIX), seed * 1000 + game * 10 + s) for s in range(seats)]
        state = new_game(seed * 100003 + game, players=seats)
        while not state.game_over:
            seat = min(state.acting)
            view = state.view(seat)
            move = bots[seat].choose(view)
            if state.speaker is None:
                held = counts(state.hands[seat])
                b = late(state.claims, seats), bucket(state.hands[seat].bit_count())
                for r in range(1, 14):
                    base[b][held[r]] += 1 / 13
                named[b][held[move.rank]] += 1
                true[b][held[move.rank]] += truthful(move.cards, move.rank)
            else:
                own = (state.hands[seat] & rank_mask_of(state.rank)).bit_count()
                if 4 - own >= state.laid:
                    pool, free = 52 - state.hands[seat].bit_count(), 4 - own
                    size = state.sizes[state.claimer] + state.laid
                    chance = sum(comb(free, x) * comb(pool - free, size - x)
                                 for x in range(state.laid, min(free, size) + 1)) / comb(pool, size)
                    doubts[chance < UNLIKELY][move.kind == "doubt"] += 1
            state = state.apply(move)[0]
    table: dict[Cell, list[tuple[float, float]]] = {}
    for cell in CELLS:
        row = table[cell] = []
        for x in range(5):
            if named[cell][x] or not row:
                row.append((round(named[cell][x] / base[cell][x], 3) if base[cell][x] else 1.0,
                            round(true[cell][x] / named[cell][x], 3) if named[cell][x] else 0.0))
            else:
                row.append(row[-1])
    rates = tuple(round(d[1] / max(1, d[0] + d[1]), 3) for d in doubts)
    return table, (rates[0], rates[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    table, rates = fit(args.games, args.seed)
    print("TABLE = {")
    for b, row in table.items():
        print(f"    {b}: {tuple(row)},")
    print("}")
    print(f"DOUBT_RATE = {rates}")


if __name__ == "__main__":
    main()
