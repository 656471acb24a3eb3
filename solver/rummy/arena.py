"""Arena: two bots play mirrored pairs of hands, each deal twice with the seats swapped.

    python -m solver.rummy.arena solver greedy --variant poker-rum --pairs 100
    python -m solver.rummy.arena solver greedy --variant double-pack-rum --pairs 300 --jobs 2

Pair ``i`` is game seed ``seed + i`` (its dealer and deal, RM5, RM6, RM28) played twice:
bot A in seat 0, then bot A in seat 1, so each bot holds each hand once and the luck of
the cards cancels.  A hand is a game (RM26).  Reported: A's points minus B's per pair
with its standard error, per hand, and how the hands ended (a show-down, drawn, or a
player out in Double-Pack Rum, DP9).  ``--jobs`` plays pairs in parallel processes: the
results do not change, each pair depending on its index only.  The loop, the seating, the
parallel jobs and the statistics are every game's (:mod:`solver.arena`); the margins and
the ends of hands reported are rummy's own.  Both bots of a pair are made with the pair's
seed (the arena's seed offset 0).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.rummy import DRAWN, OUT, SHOWDOWN, Move, State, advance, new_game
from solver import arena
from solver.arena import mean_se
from solver.rummy.bots import Bot, make_bot

__all__ = ["HandRecord", "Summary", "main", "play_hand", "play_pair", "summarize"]


@dataclass
class HandRecord:
    """One hand: each seat's points (RM26), how it ended, the caller, the moves made."""

    points: tuple[int, ...]
    status: str
    caller: int | None
    moves: int
    think: list[float] = field(default_factory=lambda: [0.0, 0.0])


def _checked(state: State, move: Move) -> tuple[State, list[Any]]:
    """A listed move played straight on, any other refused naming the rule."""
    after, events = advance(state, move) if move in state.legal_moves() else state.apply(move)
    return after, list(events)


def play_hand(seed: int, bots: Sequence[Bot], variant: str = "poker-rum") -> HandRecord:
    """Play hand ``seed`` of ``variant`` to its end, seat ``s`` played by ``bots[s]``."""
    played = arena.play(new_game(seed, variant, players=len(bots)), bots, advance=_checked)
    state = played.state
    return HandRecord(state.returns(), state.status, state.caller, played.moves, played.think)


@dataclass
class PairResult:
    """Both hands of a pair, from bot A's point of view."""

    index: int
    first: HandRecord  # A in seat 0
    second: HandRecord  # A in seat 1

    def margin(self) -> int:
        """A's points minus B's over the two hands."""
        return (self.first.points[0] - self.first.points[1]
                + self.second.points[1] - self.second.points[0])


def play_pair(index: int, specs: tuple[str, str], seed: int, variant: str) -> PairResult:
    """Pair ``index``: hand ``seed + index`` with A in seat 0, then in seat 1."""
    game = seed + index
    first, second = (play_hand(game, arena.rotation(specs, r, game, make_bot, offset=0),
                               variant) for r in (0, 1))
    return PairResult(index, first, second)


def _play(task: tuple[int, tuple[str, str], int, str]) -> PairResult:
    return play_pair(*task)


@dataclass
class Summary:
    pairs: int
    margin: float
    """A's points minus B's per pair (two hands)."""
    stderr: float
    per_hand: float
    showdowns: int
    drawn: int
    think_ms: tuple[float, float]
    """Mean thinking time per move of A and of B."""
    outs: int = 0
    """Double-Pack Rum's hands won by going out (DP9)."""

    def to_dict(self) -> dict[str, Any]:
        return self.__dict__.copy()


def summarize(results: list[PairResult]) -> Summary:
    margins = [float(r.margin()) for r in results]
    mean, se = mean_se(margins)
    hands = [h for r in results for h in (r.first, r.second)]
    moves = [0, 0]
    think = [0.0, 0.0]
    for r in results:
        for hand, a_seat in ((r.first, 0), (r.second, 1)):
            think[0] += hand.think[a_seat]
            think[1] += hand.think[1 - a_seat]
            moves[0] += (hand.moves + (a_seat == 0)) // 2  # roughly half the moves each
            moves[1] += (hand.moves + (a_seat == 1)) // 2
    return Summary(len(results), round(mean, 3), round(se, 3), round(mean / 2, 3),
                   sum(h.status == SHOWDOWN for h in hands),
                   sum(h.status == DRAWN for h in hands),
                   (round(1000 * think[0] / max(1, moves[0]), 2),
                    round(1000 * think[1] / max(1, moves[1]), 2)),
                   sum(h.status == OUT for h in hands))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m solver.rummy.arena",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--variant", default="poker-rum")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    tasks = [(i, (args.a, args.b), args.seed, args.variant) for i in range(args.pairs)]

    def shown(results: list[PairResult]) -> str:
        mean, se = mean_se([float(r.margin()) for r in results])
        return f"per pair {mean:+.2f} ± {se:.2f}"

    s = summarize(arena.run_sets(_play, tasks, args.jobs, None if args.quiet else shown,
                                 unit="pairs"))
    if args.json:
        print(json.dumps(s.to_dict()))
    else:
        print(f"{args.a} vs {args.b}, {args.variant}, {s.pairs} mirrored pairs "
              f"(seeds {args.seed}..{args.seed + args.pairs - 1}, {2 * s.pairs} hands)")
        print(f"  {args.a} minus {args.b}: {s.margin:+.2f} ± {s.stderr:.2f} points per pair "
              f"({s.per_hand:+.2f} per hand)")
        ended = f"{s.outs} out, " if s.outs else ""
        print(f"  hands: {ended}{s.showdowns} show-downs, {s.drawn} drawn; think per move "
              f"{s.think_ms[0]:.1f} ms / {s.think_ms[1]:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
