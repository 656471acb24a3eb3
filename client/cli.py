"""``cassino``: play against the solver in the terminal, or rank the moves of a saved state.

    cassino play [--game NAME] [--variant NAME] [--seed N] [--dealer N] [--seat N] [--players N]
                 [--opponent BOT|LEVEL|DIAL] ...
    cassino hint --state FILE [--player N] [--samples N] [--seed N] [--top N]
                 [--opponent-model W]
    cassino variants
    cassino replay FILE | cassino review FILE [--player N] [--opponent-model W]
                                                        (client/records.py)

All speak only the public API: to a server with ``--url http://host:port``, or by
default to the app in this process (``api.create_app()``), so no server is needed.  This
module is the command line only: each game's table is its own module, found by the
game's name (``client/games/<game>.py``, :mod:`client.games`), and no shared module lists
the games.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from client import games, records
from client.api import ApiError, CardGames, HttpTransport, InProcessTransport
from client.catalog import playable
from client.files import UsageError, read_json, state_or_view
from client.text import Style, variant_lines

__all__ = ["UsageError", "build_parser", "main"]


# ---- the command line ------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--url", default=argparse.SUPPRESS, metavar="URL",
                        help="the API's address, e.g. http://127.0.0.1:8000 (default: the "
                             "app in this process, no server needed)")
    common.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                        help="cards as 7S, 10D instead of 7♠, 10♦")
    budget = argparse.ArgumentParser(add_help=False)
    budget.add_argument("--samples", type=positive, metavar="N",
                        help="deals the solver samples per hint (default: the server's); "
                             "in a new game the opponent plays at the server's budget")
    budget.add_argument("--time-ms", type=positive, metavar="MS",
                        help="the solver's time budget per answer (default: the server's)")
    analysis = argparse.ArgumentParser(add_help=False)
    analysis.add_argument("--opponent-model", type=weight, metavar="W",
                          help="the weight of the opponent model in the search, 0 to 1 "
                               "(default: the server's, 0.25); 0 is plain minimax: in the "
                               "last batch, the game's value (docs/api.md \"Hints\")")

    parser = argparse.ArgumentParser(
        prog="cassino", parents=[common],
        description=f"The book's card games ({'; '.join(games.titles())}) against the "
                    "solver, through the public HTTP API.")
    # No parser.set_defaults(url=...) here: the common actions are shared with every
    # command's parser, so a default set on one would undo a --url given before the command.
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser(
        "play", parents=[common, budget], help="play a game against the solver",
        description="Play a game to 21 against the solver. Type a move's number or id; "
                    "h for a hint, q to quit.")
    play.add_argument("--game", choices=games.names(),
                      help="the game, one with a table here (client/games/); default: the "
                           "server's first game (GET /v1/catalog)")
    play.add_argument("--variant", metavar="NAME",
                      help="the variant of a new game: any playable one of the game, e.g. "
                           "three-hand or partnership (`cassino variants` lists them; "
                           "default: the game's default)")
    play.add_argument("--seed", type=natural, help="the game's seed (default: random)")
    play.add_argument("--dealer", type=natural, metavar="SEAT",
                      help="the first dealer (default: by lot)")
    play.add_argument("--seat", type=natural, default=0, metavar="SEAT",
                      help="your seat, from 0 to the variant's seats less one (default 0)")
    play.add_argument("--players", type=natural, metavar="N",
                      help="the seats at the table, for a meld game: Conquian 2 or 3 (the "
                           "dealer sits each hand out), rummy 2 to 6 (default: the variant's)")
    play.add_argument("--hint-seed", type=natural, default=0, metavar="N",
                      help="seed of the solver's world sampler, for you and for it (default 0)")
    play.add_argument("--top", type=positive, metavar="N",
                      help="how many ranked moves a hint shows (default: all)")
    play.add_argument("--opponent", default="solver", metavar="BOT",
                      help="who plays the other seats, on the server: solver (default), "
                           "heuristic, greedy or random, or a skill level: beginner, "
                           "casual, club, expert, master, or a dial from 0 to 100 such as "
                           "60 (every game whose catalog lists levels and the dial; "
                           "docs/ladder.md)")
    play.add_argument("--state", type=Path, metavar="FILE",
                      help="resume the game saved in FILE: a sealed game saved by --save, "
                           "or a full state ({\"state\": ...}) to play in the open")
    play.add_argument("--save", type=Path, metavar="FILE",
                      help="write the game to FILE after every move (a sealed game: its "
                           "token and your credential; an open one: its state)")
    play.add_argument("--delay", type=float, metavar="SECONDS",
                      help="pause before each solver move (default 0.5 on a terminal, else 0)")
    play.set_defaults(run=run_play)

    hint = commands.add_parser(
        "hint", parents=[common, budget, analysis], help="rank the moves of a saved state",
        description="Print the moves of a saved position ranked by equity (expected "
                    "round points of the player's side less the other sides' mean).")
    hint.add_argument("--state", type=Path, required=True, metavar="FILE",
                      help="a JSON file: a full state, {\"state\": ...}, or {\"view\": ...}")
    hint.add_argument("--player", type=natural, metavar="SEAT",
                      help="whose moves (default: the player to move)")
    hint.add_argument("--seed", type=natural, default=0,
                      help="seed of the world sampler (default 0): same seed, same answer")
    hint.add_argument("--top", type=positive, metavar="N", help="show the best N moves only")
    hint.add_argument("--json", action="store_true", help="print the API's answer as JSON")
    hint.set_defaults(run=run_hint)

    variants = commands.add_parser(
        "variants", parents=[common], help="list the variants and which ones play",
        description="The variants of GET /v1/catalog: seats, whether `play --variant` can "
                    "play them, their rules pages.")
    variants.set_defaults(run=run_variants)
    play.add_argument("--record", type=Path, metavar="FILE",
                      help="once the game is over (a meld game: the hand), write its record "
                           "to FILE, for cassino replay and cassino review (the games whose "
                           "catalog features list records)")
    records.add_commands(commands, common, budget, analysis)
    return parser


def weight(text: str) -> float:
    """An ``--opponent-model`` weight: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.0 <= value <= 1.0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be from 0 to 1, not {text}")
    return value


def positive(text: str) -> int:
    value = natural(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return value



def natural(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative: {text}")
    return value


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None,
         stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """The ``cassino`` console script; the streams default to the process's own."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    args = build_parser().parse_args(argv)
    args.url = getattr(args, "url", None)
    args.ascii = getattr(args, "ascii", False)
    style = Style(symbols=not args.ascii and _can_print(stdout, "♠♥♦♣±"))
    try:
        client = CardGames(HttpTransport(args.url) if args.url else InProcessTransport())
        return int(args.run(args, client, style, stdin, stdout))
    except (UsageError, records.RecordUsageError) as exc:
        print(f"cassino: {exc}", file=stderr)
        return 2
    except ApiError as exc:
        print(f"cassino: {exc.message}", file=stderr)
        return 1
    except KeyboardInterrupt:
        print("\nBye.", file=stdout)
        return 130


def _can_print(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True  # e.g. io.StringIO
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


# ---- cassino hint ------------------------------------------------------------------------

def run_hint(args: argparse.Namespace, client: CardGames, style: Style, stdin: TextIO,
             out: TextIO) -> int:
    """The moves of a saved position ranked, by its game's module (the position's ``game``;
    the default game's when it names none)."""
    state, view = state_or_view(read_json(args.state), args.state)
    named = (state or view or {}).get("game")
    game = named if isinstance(named, str) else games.default_game(client.catalog())
    hint = getattr(games.module(game), "hint", None)
    if hint is None:
        raise UsageError(f"{args.state}: a position of {game}, whose moves `cassino hint` "
                         f"cannot rank yet (`cassino play --game {game}` has hints)")
    return int(hint(args, client, style.symbols, state, view, out))


# ---- cassino variants --------------------------------------------------------------------

def run_variants(args: argparse.Namespace, client: CardGames, style: Style, stdin: TextIO,
                 out: TextIO) -> int:
    catalog = client.catalog()
    here = {v["name"] for name in games.names()  # play --game plays each
            for v in playable(catalog, name)}
    for line in variant_lines(catalog, here):
        print(line, file=out)
    return 0


# ---- cassino play ------------------------------------------------------------------------

def run_play(args: argparse.Namespace, client: CardGames, style: Style, stdin: TextIO,
             out: TextIO) -> int:
    """A game of ``--game`` (default: the server's first game with a table here), played
    by that game's module (client/games/)."""
    delay = args.delay if args.delay is not None else (0.5 if out.isatty() else 0.0)
    if args.game is None:
        args.game = games.default_game(client.catalog())
    return games.load(args.game).play(client, args, style.symbols, stdin, out, delay)
