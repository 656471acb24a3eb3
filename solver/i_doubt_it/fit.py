"""Fit the claim model (solver.i_doubt_it.model TABLE and DOUBT_RATE) on self-play:

    python -m solver.i_doubt_it.fit --games 200 --seed 1

Games of three to six seats, each seat a bot drawn from the house's counting, honest and
solver bots (the random bluffer left out: no player claims at random); for every claim,
the claimer's hand before laying (its bucket), how many of each rank it held, the rank
named and whether the claim was true; for every speaker's choice on a claim its hand does
not disprove, whether it doubted, by whether the claim looked unlikely from its hand.
Prints the table to paste into model.py."""

from __future__ import annotations

import argparse
import random
from math import comb

from engine.i_doubt_it import new_game
from engine.i_doubt_it.state import rank_mask_of, truthful
from solver.i_doubt_it.bots import make_bot
from solver.i_doubt_it.claims import counts
from solver.i_doubt_it.model import BUCKETS, UNLIKELY, bucket

MIX = ("counting", "honest", "solver")


def fit(games: int, seed: int) -> tuple[dict[int, list[tuple[float, float]]],
                                         tuple[float, float]]:
    rng = random.Random(seed)
    named = [[0.0] * 5 for _ in range(len(BUCKETS) + 1)]
    base = [[0.0] * 5 for _ in range(len(BUCKETS) + 1)]
    true = [[0.0] * 5 for _ in range(len(BUCKETS) + 1)]
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
                b = bucket(state.hands[seat].bit_count())
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
    table = {b: [(round(named[b][x] / base[b][x], 3) if base[b][x] else 1.0,
                  round(true[b][x] / named[b][x], 3) if named[b][x] else 0.0)
                 for x in range(5)] for b in range(len(BUCKETS) + 1)}
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
