"""Kernel benchmark (issue 15): the pure-Python reference and the compiled kernel side by side.

Run with ``python bench/kernel_bench.py [--part rounds,solve,hints]``; ``make bench`` runs
the rounds part, ``make bench-solver`` the solve and hints parts.  One process, one core.

* rounds: full random two-seat rounds per second: the engine's ``State`` (as
  bench/engine_bench.py), a lean Python playout on ``generate_moves`` + ``play_card`` (the
  kernel's algorithm in Python), and the kernel's native playouts (its own generator);
* solve: the last deal solved exactly (empty stock, both hands known, eight cards to play;
  R24, R26) with :class:`solver.cassino.search.Search`, Python then kernel, the same
  positions: mean, median, worst;
* hints: hint latency at the default budget (p50, p95) on the positions of self-play
  rounds, Python (``CASSINO_KERNEL=python``) then kernel; the answers are compared.

Every figure is the median of ``--repeat`` runs where it is a rate.  Times are the CPU
time of this process (``time.process_time``), not the wall clock: on a machine shared with
other work the wall clock measures the neighbours, the CPU time the code.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

import solver
from engine import new_game
from engine.cassino import STANDARD, Move, State, generate_moves, play_card
from engine.cassino.moves import parse_move_id
from engine.cassino.play import advance, legal_moves
from solver.cassino import World, Worlds, kernel
from solver.cassino.search import Position, Search


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def engine_round(seed: int, rng: random.Random) -> int:
    state = new_game(seed)
    deal = state.deal
    moves = 0
    while state.deal == deal and state.status == "playing":
        state = advance(state, rng.choice(legal_moves(state)))
        moves += 1
    return moves


def lean_round(rng: random.Random) -> int:
    """The kernel's playout in Python: deal, batches of four, random legal moves."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[0:8:2]), sum(1 << c for c in deck[1:8:2])]
    loose = sum(1 << c for c in deck[8:12])
    top, builds, me, moves = 12, (), 1, 0
    while True:
        if not hands[0] | hands[1]:
            if top >= 52:
                return moves
            hands = [sum(1 << c for c in deck[top:top + 8:2]),
                     sum(1 << c for c in deck[top + 1:top + 8:2])]
            top += 8
            me = 1
        move = rng.choice(generate_moves(hands[me], loose, builds, me, STANDARD))
        loose, builds, _, _ = play_card(loose, builds, me, move, STANDARD)
        hands[me] &= ~(1 << move.card)
        me = 1 - me
        moves += 1


def rate(run: Callable[[int], int], seconds: float) -> float:
    """Work per second of ``run(i)`` called with i = 0, 1, ... for ``seconds``."""
    done = i = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        done += run(i)
        i += 1
    return done / (time.process_time() - start)


def part_rounds(args: argparse.Namespace) -> None:
    print("== random full rounds per second (standard, one core)")
    results: dict[str, list[float]] = {"engine State (python)": [], "lean playout (python)": [],
                                       "kernel playout (C)": []}
    for r in range(args.repeat):
        rng = random.Random(r)
        base_seed = 1000 * r
        results["engine State (python)"].append(rate(
            lambda i, s=base_seed, g=rng: (engine_round(s + i, g), 1)[1], args.seconds))
        results["lean playout (python)"].append(
            rate(lambda i, g=rng: (lean_round(g), 1)[1], args.seconds))
        if kernel.module() is not None:  # 200 rounds a call: the call's cost is negligible
            results["kernel playout (C)"].append(rate(
                lambda i, s=base_seed: (kernel.random_rounds(STANDARD, s + i, 200), 200)[1],
                args.seconds))
    base = statistics.median(results["engine State (python)"])
    for name, xs in results.items():
        if xs:
            m = statistics.median(xs)
            print(f"  {name:24} {m:12,.0f} rounds/s   x{m / base:7.1f}   "
                  f"(runs: {', '.join(f'{x:,.0f}' for x in xs)})")


def last_deals(count: int) -> list[State]:
    """States at the start of the last batch of random rounds (seeds 1.., fixed moves)."""
    out: list[State] = []
    seed = 1
    rng = random.Random(2024)
    while len(out) < count:
        state = new_game(seed)
        seed += 1
        while state.status == "playing" and state.round == 1:
            if not state.stock and state.hands[0].bit_count() + state.hands[1].bit_count() == 8:
                out.append(state)
                break
            state = advance(state, rng.choice(state.legal_moves()))
    return out


def part_solve(args: argparse.Namespace) -> None:
    print(f"== last deal solved exactly (standard, {args.deals} positions, 8 cards, one world)")
    states = last_deals(args.deals)
    times: dict[str, list[float]] = {"python": [], "kernel": []}
    values: dict[str, list[list[float]]] = {"python": [], "kernel": []}
    for state in states:
        pos = Position(state.to_move, (state.hands[0], state.hands[1]), state.loose,
                       state.builds, (state.captured[0], state.captured[1]),
                       (state.sweeps[0], state.sweeps[1]), state.last_capturer, 0,
                       state.dealer)
        moves = state.legal_moves()
        for name, spent in times.items():
            if name == "kernel" and kernel.module() is None:
                continue
            search = Search(state.rules, 0, state.dealer)
            if name == "python":
                search.kernel = None
            began = time.process_time()
            values[name].append(search.root_values(pos, moves))
            spent.append((time.process_time() - began) * 1000)
    for name, xs in times.items():
        if xs:
            print(f"  {name:7} mean {statistics.mean(xs):8.2f} ms   median "
                  f"{statistics.median(xs):8.2f} ms   worst {max(xs):8.2f} ms")
    py, native = times["python"], times["kernel"]
    if native:
        print(f"  speed-up: mean x{statistics.mean(py) / statistics.mean(native):.1f}, "
              f"median x{statistics.median(py) / statistics.median(native):.1f}; "
              f"identical root values: {values['python'] == values['kernel']}")


def part_hints(args: argparse.Namespace) -> None:
    print(f"== hint latency at the default budget ({args.rounds} self-play rounds, standard)")
    views = []
    for seed in range(1, 1 + args.rounds):
        state = new_game(seed)
        while state.status == "playing" and state.round == 1:
            view = state.view(state.to_move)
            answer = solver.hint(view, seed=seed)
            views.append((view, seed))
            state = advance(state, parse_move_id(answer["moves"][0]["move"]["id"]))
    answers: dict[str, list[dict[str, object]]] = {}
    means: dict[str, float] = {}
    searching = [0.0]
    values = Worlds.values

    def timed(self: Worlds, world: World, moves: list[Move]) -> tuple[list[float], int]:
        began = time.process_time()
        try:
            return values(self, world, moves)
        finally:
            searching[0] += time.process_time() - began

    # python: the reference; kernel/world: the kernel searches each world, the loop over
    # worlds in Python (the path before solve_worlds); kernel: the whole loop in one call
    for name, env in (("python", "python"), ("kernel/world", "world"), ("kernel", None)):
        if name != "python" and kernel.module() is None:
            continue
        if env is None:
            os.environ.pop(kernel.ENV, None)
        else:
            os.environ[kernel.ENV] = env
        xs = []
        answers[name] = []
        searching[0] = 0.0
        Worlds.values = timed  # type: ignore[method-assign]
        try:
            for view, seed in views:
                began = time.process_time()
                answer = solver.hint(view, seed=seed)
                xs.append((time.process_time() - began) * 1000)
                answer["solver"].pop("elapsed_ms")
                answers[name].append(answer)
        finally:
            Worlds.values = values  # type: ignore[method-assign]
        means[name] = statistics.mean(xs)
        if name == "kernel/world":
            search_ms = searching[0] * 1000 / len(views)
        print(f"  {name:12} p50 {quantile(xs, .5):7.2f} ms   p95 {quantile(xs, .95):7.2f} ms   "
              f"mean {means[name]:7.2f} ms   max {max(xs):7.2f} ms   ({len(xs)} hints)")
    os.environ.pop(kernel.ENV, None)
    if "kernel" in answers:
        print(f"  identical answers: "
              f"{answers['python'] == answers['kernel'] == answers['kernel/world']}")
        print(f"  per hint, the kernel's world searches take {search_ms:.2f} ms (timed in the "
              f"kernel/world pass); outside them: kernel/world "
              f"{means['kernel/world'] - search_ms:.2f} ms, kernel "
              f"{means['kernel'] - search_ms:.2f} ms (mean time less the searches' time)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--part", default="rounds,solve,hints")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per rate measurement")
    parser.add_argument("--repeat", type=int, default=3, help="rate measurements (median)")
    parser.add_argument("--deals", type=int, default=40, help="last deals to solve")
    parser.add_argument("--rounds", type=int, default=4, help="self-play rounds for hints")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}; kernel "
          f"{'built' if kernel.module() is not None else 'NOT built (python only)'}")
    parts = {"rounds": part_rounds, "solve": part_solve, "hints": part_hints}
    for part in args.part.split(","):
        parts[part](args)


if __name__ == "__main__":
    main()
