"""Batch-end positions of self-play with the round's final margin (issue 14, docs/solver.md
"The horizon's evaluation").

    python bench/horizon_data.py cheater --rounds 400 --seed 50000 --out /tmp/hz/cheater.jsonl

Bot ``BOT`` (any arena name) plays itself for one round of each game ``seed + i``.  At the
first move of every batch after the first, the position the previous batch ended in (the
piles, the loose table, the sweeps, the stock as it was before the deal, the next batch's
first player) is written with the round's final difference, seat 0's points less seat 1's.
``bench/horizon_fit.py`` compares that margin with :class:`solver.cassino.BatchEnd`'s value.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from engine.cassino import Move, State, View
from solver.cassino.arena import play_game
from solver.cassino.bots import Bot, make_bot


class Watcher:
    """Plays as ``inner`` and notes the batch ends it sees (the state before its move)."""

    cheats = True

    def __init__(self, inner: Bot, ends: list[dict[str, int]]) -> None:
        self.inner = inner
        self.name = inner.name
        self.ends = ends

    def claims(self, view: View) -> bool:
        return self.inner.claims(view)

    def choose(self, view: View, state: State | None = None) -> Move:
        assert state is not None
        size = state.rules.hand_size
        full = state.hands[0].bit_count() == size and state.hands[1].bit_count() == size
        if full and (state.captured[0] or state.captured[1] or state.sweeps[0]
                     or state.sweeps[1] or state.loose.bit_count() != 4):
            stock = state.hands[0] | state.hands[1]
            for c in state.stock:
                stock |= 1 << c
            if not any(e["stock"] == stock for e in self.ends):  # once per batch end
                self.ends.append({
                    "pile0": state.captured[0], "pile1": state.captured[1],
                    "sweeps0": state.sweeps[0], "sweeps1": state.sweeps[1],
                    "loose": state.loose, "stock": stock, "dealer": state.dealer,
                    "last": -1 if state.last_capturer is None else state.last_capturer})
        return self.inner.choose(view, state if self.inner.cheats else None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bot")
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=50000)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    with Path(args.out).open("w") as out:
        for i in range(args.rounds):
            game = args.seed + i
            ends: list[dict[str, int]] = []
            bots = (Watcher(make_bot(args.bot, game), ends),
                    Watcher(make_bot(args.bot, game + 1_000_003), ends))
            record = play_game(game, bots, 1)
            if not record.rounds:
                continue
            margin = record.rounds[0][0] - record.rounds[0][1]
            for e in ends:
                out.write(json.dumps({**e, "game": game, "margin": margin}) + "\n")
            out.flush()
            sys.stderr.write(f"\r{i + 1}/{args.rounds} rounds")
    sys.stderr.write("\n")


if __name__ == "__main__":
    main()
