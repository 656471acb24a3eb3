"""A/B benchmark: this tree against an earlier commit, runs alternating in one session.

    python bench/ab.py --base 7f00ad4 engine        # make bench, both trees
    python bench/ab.py --base 7f00ad4 api --runs 4  # make bench-api, both trees

The machine is shared and noisy, so the two trees' runs alternate (A B A B ...) and the
medians are compared: a drift in the machine's load hits both sides alike.  The base
commit is checked out in a temporary git worktree and each run imports its own tree's
packages (``PYTHONPATH``), gunicorn included.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BENCHES: dict[str, tuple[list[str], dict[str, str]]] = {
    "engine": (["bench/engine_bench.py", "--seconds", "3", "--repeat", "1"], {
        "rounds/s": r"full random rounds per second:\s+([\d,.]+)",
        "generations/s": r"legal-move generations per second:\s+([\d,.]+)",
    }),
    "api": (["bench/api_bench.py", "--seconds", "8"], {
        "req/s": r"throughput: ([\d,.]+) req/s",
        "p50 ms": r"p50=([\d.]+)",
        "p99 ms": r"p99=([\d.]+)",
    }),
}


@contextlib.contextmanager
def checkout(rev: str) -> Iterator[Path]:
    """Commit ``rev`` in a temporary git worktree, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="cassino-base-") as tmp:
        tree = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(tree), rev],
                       cwd=ROOT, check=True)
        try:
            yield tree
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                           check=False)


def run_once(tree: Path, bench: str) -> dict[str, float]:
    command, patterns = BENCHES[bench]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, *command], cwd=tree, env=env, capture_output=True,
                         text=True, check=True).stdout
    figures = {}
    for name, pattern in patterns.items():
        found = re.search(pattern, out)
        if found is None:
            raise SystemExit(f"{bench} bench printed no {name!r}:\n{out}")
        figures[name] = float(found.group(1).replace(",", ""))
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bench", choices=sorted(BENCHES))
    parser.add_argument("--base", required=True, help="the commit to compare against")
    parser.add_argument("--runs", type=int, default=6, help="runs per side (default 6)")
    args = parser.parse_args(argv)
    results: dict[str, list[dict[str, float]]] = {"base": [], "head": []}
    with checkout(args.base) as base:
        for i in range(args.runs):
            for side, tree in (("base", base), ("head", ROOT)):
                results[side].append(run_once(tree, args.bench))
                print(f"run {i + 1}/{args.runs} {side}: {results[side][-1]}",
                      file=sys.stderr, flush=True)
    print(f"{args.bench} bench, {args.runs} alternating runs per side, medians "
          f"(base {args.base}):")
    for name in BENCHES[args.bench][1]:
        a = statistics.median(r[name] for r in results["base"])
        b = statistics.median(r[name] for r in results["head"])
        print(f"  {name:>14}: base {a:,.1f}   head {b:,.1f}   change {100 * (b - a) / a:+.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
