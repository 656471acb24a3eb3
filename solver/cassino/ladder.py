"""The ladder: each skill level (:mod:`solver.cassino.levels`) against the next one down and
against the greedy bot, in mirrored pairs (:mod:`solver.cassino.arena`), written to docs/ladder.md.

    python -m solver.cassino.ladder --pairs 200 --jobs 2
    python -m solver.cassino.ladder --pairs 20 --variant royal --out /tmp/ladder.md

A level's rating is its margin over greedy per mirrored pair of rounds (greedy, the
``casual`` level, is 0); the adjacent rows check that every level beats the one below.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.cassino import get_rules
from engine.errors import GameError
from solver.cassino.arena import Summary, run
from solver.cassino.levels import ANCHORS, LEVELS
from solver.ladder import write

__all__ = ["REFERENCE", "main", "matchups", "render"]

REFERENCE = "greedy"
"""The bot every level is also measured against (it is the ``casual`` level)."""


def matchups(levels: Sequence[str] = tuple(LEVELS)) -> list[tuple[str, str]]:
    """Each level against the one below it, then each against greedy (the casual level:
    a level just above it is measured once)."""
    adjacent = [(levels[i + 1], levels[i]) for i in range(len(levels) - 1)]
    same = {a for a, b in adjacent if LEVELS[b] == LEVELS["casual"]}  # already vs greedy
    versus = [(level, REFERENCE) for level in levels
              if LEVELS[level] != LEVELS["casual"] and level not in same]
    return adjacent + versus


def _row(s: Summary) -> str:
    pp, pr, wr = s.per_pair, s.per_round, s.win_rate
    wins = f"{100 * wr[0]:.1f}% ± {100 * wr[1]:.1f}%" if s.a_wins + s.b_wins else "–"
    return (f"| {s.a} – {s.b} | {s.pairs} | {s.round_pairs} | {pp[0]:+.2f} ± {pp[1]:.2f} | "
            f"{pr[0]:+.2f} ± {pr[1]:.2f} | {wins} | {s.ms_per_move[0]:.1f} |")


def render(summaries: Sequence[Summary], command: str, variant: str, seed: int) -> str:
    """docs/ladder.md: the levels, their ratings and every measured row."""
    rating = {s.a: s.per_pair for s in summaries if s.b in (REFERENCE, "casual")}
    rating.setdefault("casual", (0.0, 0.0))
    lines = [
        f"## Cassino: `{variant}`",
        "",
        f"Measured with `{command}` (variant `{variant}`, game seeds {seed} on, whole games "
        "in mirrored pairs: each deal played twice with the seats swapped, so the luck of "
        "the cards cancels).  Margins are points per mirrored pair of rounds (the first "
        "bot's round points less the second's, summed over the two rounds of a deal) ± "
        "one standard error.  Levels: `solver/cassino/levels.py`; the arena: "
        "`solver/cassino/arena.py`.",
        "",
        "### Levels",
        "",
        "| level | dial | plays | rating (vs greedy, per mirrored pair) |",
        "|---|---|---|---|",
    ]
    anchors = dict(ANCHORS)
    for level, dial in LEVELS.items():
        below = max(d for d in anchors if d <= dial)
        above = min((d for d in anchors if d > dial), default=below)
        plays = (f"`{anchors[dial]}`" if dial in anchors else
                 f"`{anchors[above]}` {100 * (dial - below) / (above - below):.0f}% of moves, "
                 f"else `{anchors[below]}`")
        mean, se = rating.get(level, (float("nan"), 0.0))
        lines.append(f"| {level} | {dial:g} | {plays} | {mean:+.2f} ± {se:.2f} |")
    lines += [
        "",
        "The dial (0..100) mixes the two anchors around it the same way: at dial *d* "
        "between anchors *a* < *d* < *b* the upper anchor plays a share (*d* − *a*) / "
        "(*b* − *a*) of the moves, drawn from the seed, the seat and the move number.",
        "",
        "Where to play a dial value: `POST /v1/bot-move` (`dial`), a sealed game's house "
        "seat (`POST /v1/games` with `\"house\": [{\"player\": 1, \"dial\": 60}]`, "
        "docs/api.md), the web table's **Dial** beside its Opponent menu (a range 0..100 "
        "with the named levels marked; `/play?dial=60`, docs/play.md) and the terminal's "
        "`cassino play --opponent 60`.",
        "",
        "### Measured",
        "",
        "| A – B | game pairs | round pairs | A − B per mirrored pair | per round | "
        "A's games won | A's ms per move |",
        "|---|---|---|---|---|---|---|",
    ]
    lines += [_row(s) for s in summaries]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m solver.cassino.ladder", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=200,
                        help="mirrored game pairs per row (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--variant", default="standard",
                        help="a two-seat Cassino variant (default standard)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--out", default="docs/ladder.md",
                        help="where to write the table (default docs/ladder.md; - prints it)")
    args = parser.parse_args(argv)
    try:
        rules = get_rules(args.variant)
    except GameError as exc:
        parser.error(str(exc))
    if rules.players != 2:
        parser.error(f"{args.variant} seats {rules.players} players: the ladder is two-seat")
    summaries = []
    for a, b in matchups():
        summary = run((a, b), args.pairs, args.seed, args.jobs, progress=False,
                      variant=args.variant)
        print(summary.text(), file=sys.stderr, flush=True)
        summaries.append(summary)
    command = "python -m solver.cassino.ladder " + " ".join(
        f"--{k} {v}" for k, v in (("pairs", args.pairs), ("seed", args.seed),
                                  ("variant", args.variant)))
    text = render(summaries, command, args.variant, args.seed)
    if args.out == "-":
        print(text, end="")
    else:  # Cassino's section of the page, the other games' kept (solver/ladder.py)
        write(text.rstrip("\n"), f"cassino/{args.variant}", Path(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
