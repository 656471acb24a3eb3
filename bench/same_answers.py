"""Do this tree and an earlier commit give the same answers?  (make same-answers)

    python bench/same_answers.py --base 7f00ad4 --positions 30

For each seed, random legal moves lead to a position of a standard game; the answers there
(the state's JSON, the legal moves as the server lists them, the solver's hint at the
default budget) are printed by each tree in its own process and compared.  The ``game``
field, which states carry since the catalog, and the hint's timings are left out.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from ab import checkout  # bench/ is this script's folder

ROOT = Path(__file__).resolve().parent.parent

ANSWERS = r"""
import importlib, json, os, random, sys
engine = importlib.import_module("engine")
play = importlib.import_module("engine.cassino" if os.path.isdir("engine/cassino")
                               else "engine.play")  # before engine/cassino/
hint = importlib.import_module("solver.cassino.core" if os.path.isfile("solver/cassino/core.py")
                               else "solver.core").hint  # before solver/cassino/core.py

for seed in range(1, int(sys.argv[1]) + 1):
    rng = random.Random(seed)
    state = engine.new_game(seed)
    for _ in range(rng.randrange(0, 46)):
        if state.status != "playing":
            break
        state = play.advance(state, rng.choice(state.legal_moves()))
    if state.status != "playing":
        continue
    p = state.to_move
    moves = [play.move_json(state.loose, state.builds, p, m, state.rules)
             for m in state.legal_moves()]
    answer = hint(state.view(p), seed=seed)
    answer["solver"].pop("elapsed_ms", None)
    data = state.to_dict()
    data.pop("game", None)
    print(json.dumps({"seed": seed, "state": data, "moves": moves, "hint": answer},
                     sort_keys=True))
"""


def answers(tree: Path, positions: int) -> list[dict[str, object]]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", ANSWERS, str(positions)], cwd=tree, env=env,
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="the commit to compare against")
    parser.add_argument("--positions", type=int, default=30, help="seeds to try (default 30)")
    args = parser.parse_args(argv)
    with checkout(args.base) as base:
        before = answers(base, args.positions)
    after = answers(ROOT, args.positions)
    differ = [(a["seed"], key) for a, b in zip(before, after, strict=True)
              for key in ("state", "moves", "hint") if a[key] != b[key]]
    print(f"{len(after)} positions, {len(differ)} answers differ from {args.base}"
          + "".join(f"\n  seed {seed}: {key}" for seed, key in differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
