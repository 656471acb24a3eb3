"""Where an honest solver loses to the cheater: regret split by position (issue 14).

    python bench/regret.py solver greedy --pairs 40 --seed 1 --rounds 1
    python bench/regret.py oracle greedy --pairs 40 --seed 1 --rounds 1

The bot under test (any arena name) plays mirrored pairs against the opponent.  At every
one of its decisions with a choice, the cheater's search (the same search and evaluation
in the true world: the other hand seen, the stock as a set) values every legal move; the
*regret* is the value of the cheater's best move less the value of the move played, in
round points.  Reported per decision and in total per mirrored pair of rounds, split by
the cards left in the batch (both hands), by whether the opponent has moved in this
batch, and by the type of the move played.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from math import sqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from engine.cassino import Move, State, View
from solver.cassino import Position, Search
from solver.cassino.arena import play_game
from solver.cassino.bots import Bot, make_bot

Row = tuple[int, bool, str, float]
"""(cards left in the batch, opponent moved in this batch, move type, regret)."""


class Recorder:
    """Plays as ``inner`` and records the cheater's regret of each of its choices."""

    cheats = True

    def __init__(self, inner: Bot, rows: list[Row]) -> None:
        self.inner = inner
        self.name = inner.name
        self.rows = rows

    def claims(self, view: View) -> bool:
        return self.inner.claims(view)

    def choose(self, view: View, state: State | None = None) -> Move:
        assert state is not None
        move = self.inner.choose(view, state if self.inner.cheats else None)
        moves = view.legal_moves()
        if len(moves) > 1 and state.stock:  # the last batch is solved exactly by both
            stock = 0
            for c in state.stock:
                stock |= 1 << c
            pos = Position(state.to_move, (state.hands[0], state.hands[1]), state.loose,
                           state.builds, (state.captured[0], state.captured[1]),
                           (state.sweeps[0], state.sweeps[1]), state.last_capturer, stock,
                           state.dealer)
            values = Search(state.rules, stock, state.dealer).root_values(pos, moves)
            regret = max(values) - values[moves.index(move)]
            cards = sum(view.hand_sizes)
            played = state.rules.hand_size * 2 - cards
            batch = view.history[len(view.history) - played:] if played else ()
            opponent = any(p.player != view.player for p in batch)
            self.rows.append((cards, opponent, move.type, regret))
        return move


def table(rows: list[Row], key: int, pairs: int, title: str) -> None:
    groups: dict[object, list[float]] = defaultdict(list)
    for r in rows:
        groups[r[key]].append(r[3])
    print(f"by {title}:")
    for k in sorted(groups, key=lambda g: (str(type(g)), g), reverse=key == 0):
        xs = groups[k]
        n = len(xs)
        mean = sum(xs) / n
        se = sqrt(sum((x - mean) ** 2 for x in xs) / max(1, n - 1) / n)
        print(f"  {k!s:>8}: {n:5d} decisions, regret {mean:.3f} ± {se:.3f} per decision, "
              f"{sum(xs) / pairs:.2f} per mirrored pair of rounds")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bot")
    parser.add_argument("opponent")
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    rows: list[Row] = []
    round_pairs = 0
    for i in range(args.pairs):
        game = args.seed + i
        counts = []
        for seat in (0, 1):
            me = Recorder(make_bot(args.bot, game), rows)
            other = make_bot(args.opponent, game + 1_000_003)
            bots: tuple[Bot, Bot] = (me, other) if seat == 0 else (other, me)
            counts.append(len(play_game(game, bots, args.rounds).rounds))
        round_pairs += min(counts)
        sys.stderr.write(f"\r{i + 1}/{args.pairs} pairs")
    sys.stderr.write("\n")
    total = sum(r[3] for r in rows)
    print(f"{args.bot} against {args.opponent}: {args.pairs} pairs from seed {args.seed}, "
          f"{round_pairs} mirrored round pairs, {len(rows)} decisions with a choice before "
          f"the last batch; regret {total / len(rows):.3f} per decision, "
          f"{total / round_pairs:.2f} per mirrored pair of rounds")
    table(rows, 0, round_pairs, "cards left in the batch")
    table(rows, 1, round_pairs, "opponent has moved in this batch")
    table(rows, 2, round_pairs, "move type played")


if __name__ == "__main__":
    main()
