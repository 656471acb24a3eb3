"""The N-seat exact search of the last batch (issue 12): nodes and CPU time per world.

Run with ``python bench/seats_exact_bench.py [--positions N] [--limit NODES]``.  One process,
one core.  Position ``s`` of a variant is game seed ``s`` played by uniformly random moves
(``random.Random(s)``) until the stock is empty and ``k`` cards are left in hands; the world
is the true deal, searched exactly (:func:`solver.cassino.exact.exact_values`) for the
player to move, every root move with the full window.  Per ``k`` (from 6 to the whole last
batch: 12 in three-hand, 16 in partnership) it reports the nodes and the CPU time (mean,
median, worst) and how many worlds finish within ``--limit`` (default
:data:`solver.cassino.exact.EXACT_NODES`; 0 for none).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from engine import new_game
from engine.cassino.play import advance
from solver.cassino import SeatsPosition, SideSearch, exact, seat_settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=40, help="worlds per row (default 40)")
    parser.add_argument("--variant", action="append", default=None,
                        help="three-hand, partnership (default both)")
    parser.add_argument("--limit", type=int, default=exact.EXACT_NODES,
                        help="node limit of one world (0: none)")
    parser.add_argument("--plies", default=None, help="cards left, e.g. 8,9,10 (default 6..all)")
    args = parser.parse_args()
    if not exact.available():
        sys.exit("the N-seat extension is not built (python setup.py build_ext --inplace)")
    limit = args.limit or None
    print(f"python {sys.version.split()[0]}, one core; limit {limit} nodes")
    for variant in args.variant or ["three-hand", "partnership"]:
        rules = new_game(1, variant).rules
        batch = rules.players * rules.hand_size
        plies = [int(p) for p in args.plies.split(",")] if args.plies else range(6, batch + 1)
        print(f"{variant}: exact search tried up to {seat_settings(rules).exact_plies} cards "
              "left")
        print("  left | finished | nodes mean / median / worst | CPU ms mean / median / worst")
        for left in plies:
            nodes: list[int] = []
            cpus: list[float] = []
            for seed in range(1, args.positions + 1):
                rng = random.Random(seed)
                state = new_game(seed, variant)
                while state.stock or sum(h.bit_count() for h in state.hands) > left:
                    state = advance(state, rng.choice(state.legal_moves()))
                me = state.to_move
                pos = SeatsPosition(me, state.hands, state.loose, state.builds, state.captured,
                                    state.sweeps, state.last_capturer, 0, state.dealer)
                piles, sweeps = SideSearch(rules, 0, state.dealer, me).side_piles(pos)
                moves = state.legal_moves()
                cpu = time.process_time()
                values, count = exact.exact_values(rules, me, me, state.hands, state.loose,
                                                   state.builds, piles, sweeps, pos.last, moves,
                                                   limit)
                ms = (time.process_time() - cpu) * 1000
                if values is not None:
                    nodes.append(count)
                    cpus.append(ms)
            done = f"{len(nodes)}/{args.positions}"
            if nodes:
                print(f"  {left:4d} | {done:>8} | {statistics.mean(nodes):9.0f} / "
                      f"{statistics.median(nodes):7.0f} / {max(nodes):8d} | "
                      f"{statistics.mean(cpus):6.2f} / {statistics.median(cpus):6.2f} / "
                      f"{max(cpus):7.2f}", flush=True)
            else:
                print(f"  {left:4d} | {done:>8} |", flush=True)


if __name__ == "__main__":
    main()
