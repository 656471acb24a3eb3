"""Game records and reviews: sizes and review time (docs/api.md "Game records, replay and
review"): ``python bench/records_bench.py [--seed N] [--samples N]``.

Plays a whole game of standard (seat 1 deals first; each turn's first legal move), then
prints the record's size, the final sealed token's size with and without the earlier
deals' moves, the replay answer's size, and the time to review seat 0's moves at the
default hint budget (or ``--samples``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api import create_app
from engine.cassino import Played, new_game, record_of
from solver import DEFAULT
from solver.cassino.review import review


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=None)
    args = parser.parse_args()
    state = new_game(args.seed, "standard", 1)
    moves: list[Played] = []
    while state.status == "playing":
        move = state.legal_moves()[0]
        moves.append(Played(state.to_move, move))
        state = state.apply(move).state
    record = record_of(args.seed, "standard", 1, moves)
    app = create_app({"RATE_LIMIT": "", "HINT_RATE_LIMIT": ""})
    sealer = app.extensions["cardgames_sealer"]
    game = sealer.start(state, {1: "solver"})
    earlier = tuple(moves[:len(moves) - len(state.history)])
    bare = len(sealer.seal(replace(game, past=None)))
    full = len(sealer.seal(replace(game, past=earlier)))
    replayed = app.test_client().post("/v1/records/replay", json={"record": record.to_dict()})
    print(f"game: {len(moves)} moves in {len(record.deals)} deals")
    print(f"record: {len(json.dumps(record.to_dict(), ensure_ascii=False).encode())} bytes")
    print(f"final token: {bare} bytes with the last deal's moves only, {full} with the "
          f"{len(earlier)} earlier moves too")
    print(f"replay answer: {len(replayed.data)} bytes")
    started = time.perf_counter()
    result = review(record, 0, options=DEFAULT.with_budget(args.samples))
    seconds = time.perf_counter() - started
    rated = result["summary"]["moves"]
    print(f"review of seat 0: {rated} moves in {seconds:.1f} s ({1000 * seconds / rated:.0f} ms "
          f"a move); summary {result['summary']}")


if __name__ == "__main__":
    main()
