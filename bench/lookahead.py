"""What a look past the batch is worth to the cheater (issue 14, docs/solver.md "The
horizon's evaluation", idea (c)).

    python bench/lookahead.py --plies 2 --deals 8 --pairs 200 --seed 100000 [--against greedy] \
        [--out /tmp/look.json]

The *lookahead cheater* is the cheater (:class:`solver.cassino.bots.CheaterBot`: the search in the
true world, the stock a set) except at its decisions with at most ``plies`` cards left in
both hands before the batch ends (never in the last batch, which both solve exactly).
There it plays the rest of the batch out by negamax over the engine's moves, and values
each batch end by ``deals`` next deals drawn from the stock (the same deals at every batch
end of the decision: common random numbers), each searched to the end of the next batch
by :class:`solver.cassino.Search` (the closed form after it, or the round's exact score
when the next batch is the last).  It plays mirrored pairs against ``--against`` (greedy
by default, or the plain cheater) and prints its margin per mirrored pair of rounds.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from math import sqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from engine.cards import cards_of
from engine.cassino import Build, Move, State, View, generate_moves, play_card
from solver.cassino import Position, Search, weights
from solver.cassino.arena import play_game
from solver.cassino.bots import Bot, CheaterBot, make_bot

INF = float("inf")


class LookaheadCheater(CheaterBot):
    """The cheater with a look one batch past the horizon near the batch's end."""

    def __init__(self, seed: int, plies: int, deals: int) -> None:
        super().__init__(seed, name=f"lookahead:{plies}x{deals}")
        self.plies = plies
        self.deals = deals
        self.looked = 0

    def choose(self, view: View, state: State | None = None) -> Move:
        assert state is not None
        moves = view.legal_moves()
        left = state.hands[0].bit_count() + state.hands[1].bit_count()
        if len(moves) == 1 or not state.stock or left > self.plies:
            return super().choose(view, state)
        self.looked += 1
        return Look(state, self.deals).best(moves)


class Look:
    """One decision's look: the rest of the batch, then sampled next deals."""

    def __init__(self, state: State, deals: int) -> None:
        self.rules = state.rules
        self.dealer = state.dealer
        self.weights = weights(state.rules)
        self.stock = sum(1 << c for c in state.stock)
        cards = list(cards_of(self.stock))
        rng = random.Random(f"lookahead/{self.stock}/{state.dealer}")
        size = self.rules.hand_size
        self.deals = []
        for _ in range(deals):
            dealt = rng.sample(cards, 2 * size)
            first = sum(1 << c for c in dealt[:size])  # the nondealer's (R5)
            second = sum(1 << c for c in dealt[size:])
            self.deals.append((first, second))
        self.state = state
        self.cache: dict[tuple[int, int, int, int, int], float] = {}

    def best(self, moves: list[Move]) -> Move:
        s = self.state
        me = s.to_move
        values = [self.after(me, s.hands[me], s.hands[1 - me], s.loose, s.builds,
                             (s.captured[0], s.captured[1]), (s.sweeps[0], s.sweeps[1]),
                             -1 if s.last_capturer is None else s.last_capturer, m)
                  for m in moves]
        return moves[max(range(len(moves)), key=lambda i: (values[i], -i))]

    def after(self, me: int, mine: int, theirs: int, loose: int, builds: tuple[Build, ...],
              piles: tuple[int, int], sweeps: tuple[int, int], last: int, move: Move) -> float:
        """``me``'s value of playing ``move``."""
        nl, nb, taken, _ = play_card(loose, builds, me, move, self.rules)
        mine &= ~(1 << move.card)
        if taken:
            p = list(piles)
            p[me] |= taken
            piles = (p[0], p[1])
            last = me
            if not nl and not nb:  # R13
                sw = list(sweeps)
                sw[me] += 1
                sweeps = (sw[0], sw[1])
        if not theirs and not mine:
            return self.batch_end(me, nl, piles, sweeps, last)
        return -self.negamax(1 - me, theirs, mine, nl, nb, piles, sweeps, last)

    def negamax(self, me: int, mine: int, theirs: int, loose: int, builds: tuple[Build, ...],
                piles: tuple[int, int], sweeps: tuple[int, int], last: int) -> float:
        best = -INF
        for m in generate_moves(mine, loose, builds, me, self.rules):
            best = max(best, self.after(me, mine, theirs, loose, builds, piles, sweeps, last, m))
        return best

    def batch_end(self, me: int, loose: int, piles: tuple[int, int], sweeps: tuple[int, int],
                  last: int) -> float:
        """``me``'s value of the batch end: the mean over the next deals of the next batch's
        search (its first player, the nondealer, to move)."""
        key = (loose, piles[0], piles[1], sweeps[0] - sweeps[1], last)
        v = self.cache.get(key)
        if v is None:
            first = 1 - self.dealer
            total = 0.0
            for a, b in self.deals:
                hands = (a, b) if first == 0 else (b, a)
                rest = self.stock & ~(a | b)
                pos = Position(first, hands, loose, (), piles, sweeps, last, rest, self.dealer)
                total += Search(self.rules, rest, self.dealer).value(pos)
            v = total / len(self.deals)  # for the first player
            v = v if first == 0 else -v  # for seat 0
            self.cache[key] = v
        return v if me == 0 else -v


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plies", type=int, default=2)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=100000)
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--out", help="the pairs as JSON for bench/inference_ab.py compare")
    args = parser.parse_args()
    xs: list[int] = []
    looked = 0
    for i in range(args.pairs):
        game = args.seed + i
        rounds = []
        for seat in (0, 1):
            me = LookaheadCheater(game, args.plies, args.deals)
            other: Bot = make_bot(args.against, game + 1_000_003)
            bots = (me, other) if seat == 0 else (other, me)
            record = play_game(game, bots, 1)
            looked += me.looked
            a, b = record.rounds[0]
            rounds.append(a - b if seat == 0 else b - a)
        xs.append(rounds[0] + rounds[1])
        n = len(xs)
        m = sum(xs) / n
        se = sqrt(sum((x - m) ** 2 for x in xs) / max(1, n - 1) / n)
        sys.stderr.write(f"\r{n}/{args.pairs} pairs {m:+.3f} ± {se:.3f}")
    sys.stderr.write("\n")
    if args.out:
        Path(args.out).write_text(json.dumps({
            "a": f"lookahead:{args.plies}x{args.deals}", "b": args.against, "seed": args.seed,
            "pairs": len(xs), "rounds": 1, "round_pairs": [[x] for x in xs], "mean": m,
            "se": se}))
    print(f"lookahead cheater ({args.plies} plies, {args.deals} deals) against {args.against}, "
          f"seed {args.seed}, {len(xs)} pairs: {m:+.3f} ± {se:.3f} per mirrored pair; "
          f"{looked} decisions looked past the batch")


if __name__ == "__main__":
    main()
