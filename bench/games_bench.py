"""Per-game benchmark of the draw-and-meld games (issue 13's targets), on one core: the
legal moves of mid-hand positions (target under 1 ms a call) and the hint latency at the
default budget (targets p50 <= 100 ms, p95 <= 300 ms), for Conquian, Poker Rum, Poker Gin
and Double-Pack Rum.

Run with ``python bench/games_bench.py [--positions N] [--hints N] [--seconds S]
[--game NAME ...]`` (``make bench-games``).  The positions are those of the games' own
benches: bench/conquian_bench.py and bench/rummy_bench.py for the legal moves (Double-Pack
Rum's with 2 to 4 seats and melds on the table), bench/conquian_solver_bench.py and
bench/rummy_solver_bench.py for the hints.  Times are the process's CPU time: on a machine
shared with other jobs it is what one dedicated core would take (the load average is
printed with the figures).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # this checkout's packages
sys.path.insert(0, str(HERE))  # the games' own benches, for their positions

import conquian_bench  # noqa: E402
import conquian_solver_bench  # noqa: E402
import rummy_bench  # noqa: E402
import rummy_solver_bench  # noqa: E402

import solver.conquian  # noqa: E402
import solver.rummy  # noqa: E402

GAMES = ("conquian", "poker-rum", "poker-gin", "double-pack-rum")


def quantile(xs: Sequence[float], q: float) -> float:
    ordered = sorted(xs)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def legal_positions(game: str, count: int, seed: int) -> list[Any]:
    """Mid-hand whole states of ``game`` (each has ``legal_moves()``)."""
    if game == "conquian":
        return list(conquian_bench.mid_hand_positions(count, seed))
    return list(rummy_bench.mid_hand_positions(game, count, random.Random(seed)))


def hint_views(game: str, count: int, seed: int) -> list[Any]:
    """Views of the seat to move, mid-hand, for the hint."""
    if game == "conquian":
        return list(conquian_solver_bench.mid_hand_views(count, seed))
    return [s.view(s.to_move) for s in rummy_solver_bench.positions(game, count, seed)]


def time_legal_moves(states: Sequence[Any], seconds: float) -> tuple[float, float, float]:
    """CPU microseconds per call over every position (repeated for ``seconds``), the
    slowest position's (its best of three calls), and the mean number of moves."""
    calls = 0
    began = time.process_time()
    while True:
        for state in states:
            state.legal_moves()
        calls += len(states)
        spent = time.process_time() - began
        if spent >= seconds:
            break
    worst = 0.0
    for state in states:
        best = float("inf")
        for _ in range(3):
            t = time.process_time()
            state.legal_moves()
            best = min(best, time.process_time() - t)
        worst = max(worst, best)
    moves = statistics.fmean(len(s.legal_moves()) for s in states)
    return spent / calls * 1e6, worst * 1e6, moves


def time_hints(views: Sequence[Any], hint: Callable[..., dict[str, Any]]
               ) -> tuple[list[float], float]:
    """Each view's hint CPU time in ms at the default budget, and the mean worlds."""
    cpu = []
    worlds = 0
    for i, view in enumerate(views):
        began = time.process_time()
        answer = hint(view, seed=i)
        cpu.append((time.process_time() - began) * 1000)
        worlds += answer["solver"]["samples"]
    return cpu, worlds / max(1, len(views))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300, help="legal-move positions")
    parser.add_argument("--hints", type=int, default=60, help="hint positions per game")
    parser.add_argument("--seconds", type=float, default=1.0, help="legal-move timing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=GAMES)
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f}; CPU time of one process")
    print(f"{'game':17} {'moves/pos':>9} {'us/call':>8} {'worst us':>9}   "
          f"{'hint p50 ms':>11} {'p95 ms':>7} {'worlds':>6}")
    for game in args.game or GAMES:
        states = legal_positions(game, args.positions, args.seed)
        per_call, worst, moves = time_legal_moves(states, args.seconds)
        hint = solver.conquian.hint if game == "conquian" else solver.rummy.hint
        cpu, worlds = time_hints(hint_views(game, args.hints, args.seed), hint)
        print(f"{game:17} {moves:9.1f} {per_call:8.1f} {worst:9.1f}   "
              f"{quantile(cpu, .5):11.1f} {quantile(cpu, .95):7.1f} {worlds:6.1f}",
              flush=True)


if __name__ == "__main__":
    main()
