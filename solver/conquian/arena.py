"""Conquian arena: two bots play mirrored pairs of hands, each deal twice with the seats
swapped (docs/solver.md "Conquian").

    python -m solver.conquian.arena solver greedy --pairs 100
    python -m solver.conquian.arena greedy random --pairs 200 --seed 7

Pair ``i`` is hand seed ``seed + i`` (its deal and first dealer fixed by the seed, Q4,
QD2) played twice: bot A in seat 0, then in seat 1, so each bot gets both hands of the
same deal and the luck of the cards cancels.  Each hand is a game of its own (Q21) with
an empty pool, so a hand is worth +1, -1 or 0 (a tableau, Q20) to A.  Reported: A's
counters per mirrored pair with its standard error, per hand, the wins and tableaux, and
the thinking time per decision.  The loop, the seating and the statistics are every game's
(:mod:`solver.arena`); the counters, wins and tableaux reported are Conquian's own.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.conquian import new_game
from solver import arena
from solver.arena import mean_se
from solver.conquian.bots import Bot, make_bot

__all__ = ["HandRecord", "PairResult", "Summary", "main", "play_hand", "play_pair", "run"]


@dataclass
class HandRecord:
    """One hand: each seat's counters (QD11), its winner (-1 for a tableau), its moves and
    each seat's thinking time in seconds."""

    returns: tuple[int, ...] = (0, 0)
    winner: int = -1
    moves: int = 0
    think: list[float] = field(default_factory=lambda: [0.0, 0.0])


def play_hand(seed: int, bots: Sequence[Bot]) -> HandRecord:
    """Hand ``seed`` to its end (Q18, Q20), each bot seeing its own view only; every
    move checked (a bot's illegal move fails loudly)."""
    played = arena.play(new_game(seed), bots)
    state = played.state
    return HandRecord(state.returns(), state.winner, played.moves, played.think)


@dataclass
class PairResult:
    """Both hands of a pair, from bot A's point of view."""

    index: int
    first: HandRecord  # A in seat 0
    second: HandRecord  # A in seat 1

    def margin(self) -> int:
        """A's counters over both hands of the deal."""
        return self.first.returns[0] + self.second.returns[1]


def play_pair(index: int, seed: int, specs: tuple[str, str]) -> PairResult:
    """Pair ``index``: hand ``seed + index`` with A in seat 0, then in seat 1."""
    game = seed + index
    first, second = (play_hand(game, arena.rotation(specs, r, game, make_bot)) for r in (0, 1))
    return PairResult(index, first, second)


def _play(task: tuple[int, int, tuple[str, str]]) -> PairResult:
    return play_pair(*task)


@dataclass
class Summary:
    a: str
    b: str
    pairs: int
    per_pair: tuple[float, float]
    """A's counters per mirrored pair of hands, with its standard error."""
    per_hand: tuple[float, float]
    a_wins: int
    b_wins: int
    tableaux: int
    ms_per_move: tuple[float, float]
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def text(self) -> str:
        pp, ph = self.per_pair, self.per_hand
        hands = 2 * self.pairs
        return "\n".join([
            f"{self.a} vs {self.b}: {self.pairs} mirrored pairs ({hands} hands), "
            f"{self.seconds:.0f} s",
            f"  counters per mirrored pair ({self.a}): {pp[0]:+.3f} ± {pp[1]:.3f} "
            "(standard error)",
            f"  counters per hand: {ph[0]:+.3f} ± {ph[1]:.3f}",
            f"  hands: {self.a} won {self.a_wins}, {self.b} won {self.b_wins}, "
            f"tableaux {self.tableaux}",
            f"  thinking time per decision: {self.a} {self.ms_per_move[0]:.1f} ms, "
            f"{self.b} {self.ms_per_move[1]:.1f} ms",
        ])


def summarize(specs: tuple[str, str], results: list[PairResult], seconds: float) -> Summary:
    margins = [float(r.margin()) for r in results]
    hands = [float(r.first.returns[0]) for r in results] + \
        [float(r.second.returns[1]) for r in results]
    a_wins = sum((r.first.winner == 0) + (r.second.winner == 1) for r in results)
    b_wins = sum((r.first.winner == 1) + (r.second.winner == 0) for r in results)
    tableaux = sum((r.first.winner < 0) + (r.second.winner < 0) for r in results)
    moves = max(1, sum(r.first.moves + r.second.moves for r in results) // 2)
    a_think = sum(r.first.think[0] + r.second.think[1] for r in results)
    b_think = sum(r.first.think[1] + r.second.think[0] for r in results)
    return Summary(specs[0], specs[1], len(results), mean_se(margins), mean_se(hands),
                   a_wins, b_wins, tableaux, (1000 * a_think / moves, 1000 * b_think / moves),
                   seconds)


def run(specs: tuple[str, str], pairs: int, seed: int, progress: bool = True,
        jobs: int = 1) -> Summary:
    """Play ``pairs`` mirrored pairs in ``jobs`` processes and summarize them."""
    for spec in specs:
        make_bot(spec)  # fail fast on a bad name
    began = time.perf_counter()

    def shown(results: list[PairResult]) -> str:
        mean, se = mean_se([float(r.margin()) for r in results])
        return f"per pair {mean:+.3f} ± {se:.3f}"

    results = arena.run_sets(_play, [(i, seed, specs) for i in range(pairs)], jobs,
                             shown if progress else None, unit="pairs")
    return summarize(specs, results, time.perf_counter() - began)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m solver.conquian.arena", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", help="bot A: random, greedy, solver[:k=v,...]")
    parser.add_argument("b", help="bot B")
    parser.add_argument("--pairs", type=int, default=50, help="mirrored pairs (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="first hand seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)
    summary = run((args.a, args.b), args.pairs, args.seed, progress=not args.quiet,
                  jobs=args.jobs)
    print(json.dumps(summary.to_dict(), indent=2) if args.json else summary.text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
