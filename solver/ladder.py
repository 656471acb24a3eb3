"""The ladder of any game with levels (solver/levels.py): each level against the one below
it, in mirrored pairs on the shared arena (solver/arena.py), written into docs/ladder.md.

    python -m solver.ladder rummy --variant poker-gin --pairs 300 --jobs 2
    python -m solver.ladder conquian --pairs 300 --jobs 2 --out docs/ladder.md

Each game's section of docs/ladder.md sits between markers of its own and is replaced in
place, so the games' sections (and Cassino's, solver/cassino/ladder.py) are measured
apart.  A step up is sound when the upper level wins by at least two standard errors.
"""

from __future__ import annotations

import argparse
import re
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.games import get_game
from solver.arena import Summary, run
from solver.games import hint_game
from solver.levels import Ladder

__all__ = ["SOUND", "main", "render", "steps"]

SOUND = 2.0
"""A step up is sound when its margin is at least this many standard errors above zero."""
DOC = Path(__file__).resolve().parents[1] / "docs" / "ladder.md"


def ladder_of(game: str) -> Ladder:
    found = hint_game(game).house.ladder
    if not isinstance(found, Ladder):
        raise ValueError(f"{game} has no ladder of levels")
    return found


def steps(ladder: Ladder) -> list[tuple[str, str]]:
    """Each level and the one below it, weakest pair first."""
    names = list(ladder.levels)
    return [(names[i + 1], names[i]) for i in range(len(names) - 1)]


def _plays(ladder: Ladder, dial: float) -> str:
    low, up = ladder.segment(dial)
    below = f"`{ladder.anchors[low][1]}`"
    if up == 0.0:
        return below
    return f"`{ladder.anchors[low + 1][1]}` {100 * up:.0f}% of moves, else {below}"


def render(game: str, variant: str, ladder: Ladder, rows: Sequence[Summary],
           command: str) -> str:
    """The game's section: its levels, then each measured step."""
    title = get_game(game).title
    lines = [f"## {title}: `{variant}`", "",
             f"Measured with `{command}` (mirrored pairs: each deal played twice with the "
             "seats swapped; margins are the upper level's value per pair, by the game's "
             "result kind, ± one standard error).", "",
             "| level | dial | plays |", "|---|---|---|"]
    lines += [f"| {name} | {dial:g} | {_plays(ladder, dial)} |"
              for name, dial in ladder.levels.items()]
    lines += ["", "| step | pairs | margin per pair | standard errors | sound | ms per move "
              "(upper) |", "|---|---|---|---|---|---|"]
    for row in rows:
        mean, se = row.margin
        sigmas = mean / se if se else float("inf")
        upper = row.specs[0]
        lines.append(f"| {upper} – {row.specs[1]} | {row.sets} | {mean:+.2f} ± {se:.2f} | "
                     f"{sigmas:.1f} | {'yes' if sigmas >= SOUND else 'no'} | "
                     f"{row.ms_per_move[upper]:.1f} |")
    return "\n".join(lines)


def write(section: str, key: str, path: Path) -> None:
    """Replace (or add) the section between ``key``'s markers in ``path``."""
    begin, end = f"<!-- ladder:{key} -->", f"<!-- /ladder:{key} -->"
    text = path.read_text(encoding="utf-8") if path.exists() else "# The ladder\n"
    block = f"{begin}\n{section}\n{end}"
    pattern = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.S)
    text = pattern.sub(lambda _: block, text) if pattern.search(text) else \
        text.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m solver.ladder", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=DOC)
    args = parser.parse_args(argv)
    try:
        ladder = ladder_of(args.game)
    except ValueError as exc:
        parser.error(str(exc))
    variant = args.variant or get_game(args.game).default_variant
    rows = []
    for upper, lower in steps(ladder):
        print(f"{args.game}/{variant}: {upper} against {lower}", file=sys.stderr)
        rows.append(run(args.game, [upper, lower], args.pairs, args.seed, variant, args.jobs,
                        progress=sys.stderr.isatty()))
    command = "python -m solver.ladder " + shlex.join(
        [args.game, "--variant", variant, "--pairs", str(args.pairs), "--seed",
         str(args.seed)])
    section = render(args.game, variant, ladder, rows, command)
    write(section, f"{args.game}/{variant}", args.out)
    print(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
