"""Where the Double-Pack Rum solver leaves the greedy rule, and what that is worth.

Run with ``python bench/double_pack_deviations.py [--bot solver] [--games 0 20]
[--worlds 300]`` from the repository's root.  For each game seed the bot plays one hand in
seat 0 and one in seat 1 against the greedy rule (as the arena does); at every move where
the bot's choice is not the greedy rule's (nor its twin, the same move with another copy
of a card, DP1), both moves are valued on ``--worlds`` worlds of the bot's view (seed
99991, so not the bot's own) by whole playouts of the greedy rule for every seat (no cut,
no fit), and the paired difference is printed: the bot's move less the greedy move, with
its standard error.  The greedy rule is the arena's opponent and nearly the bot's own
later play, so the sum of these gains is what the deviations bring in the arena, measured
with far less noise than the arena's points.  One JSON line per deviation, then a summary.
"""

from __future__ import annotations

import argparse
import json
import sys
from math import sqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.rummy import advance, new_game
from solver.rummy import Worlds, make_bot
from solver.rummy.double_pack_policy import greedy_move
from solver.rummy.double_pack_worlds import twin_key

ORACLE_SEED = 99_991


def mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, 0.0
    return mean, sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="solver")
    parser.add_argument("--games", type=int, nargs=2, default=(0, 20))
    parser.add_argument("--worlds", type=int, default=300)
    args = parser.parse_args()
    gains: list[float] = []
    hands = 0
    for game in range(*args.games):
        for seat in (0, 1):
            hands += 1
            bot = make_bot(args.bot, game)
            state = new_game(game, "double-pack-rum", 2)
            while not state.game_over:
                view = state.view(state.to_move)
                move = greedy_move(view)
                if state.to_move == seat:
                    mine = bot.choose(view)
                    if twin_key(mine) != twin_key(move):
                        worlds = Worlds(view, None)
                        diffs = []
                        for i in range(args.worlds):
                            row, _ = worlds.values(worlds.draw(ORACLE_SEED, i), [mine, move])
                            diffs.append(row[0] - row[1])
                        gain, se = mean_se(diffs)
                        gains.append(gain)
                        print(json.dumps({"game": game, "seat": seat, "ply": len(view.history),
                                          "phase": view.phase, "bot": mine.id,
                                          "greedy": move.id, "gain": round(gain, 3),
                                          "stderr": round(se, 3)}), flush=True)
                    move = mine
                state, _ = advance(state, move)
    if gains:
        gain, se = mean_se(gains)
        print(f"{len(gains)} deviations in {hands} hands ({sum(g > 0 for g in gains)} gain): "
              f"{gain:+.2f} ± {se:.2f} points each, {sum(gains) / hands * 2:+.2f} per pair")
    else:
        print(f"no deviation in {hands} hands")


if __name__ == "__main__":
    main()
