"""``cassino replay`` and ``cassino review``: a game's record stepped through with every
hand shown, and one seat's moves rated (docs/play.md "Replay and review").

    cassino replay record.json
    cassino review record.json [--player N] [--seed N] [--samples N] [--opponent-model W]
                               [--json]

Both speak only the public API (``POST /v1/records/replay``, ``POST /v1/reviews`` and its
job), for every game whose catalog ``features`` list them; ``cassino play`` offers them
after a game (a hand of a meld game) and saves the record with ``--record``.  What is the
same for every game is here; a position is drawn by its game's module
(``replay_lines(position, last, symbols)`` in ``client/games/<game>.py``; the meld games'
from :mod:`client.melds`), else by :func:`generic_lines`.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any, TextIO

from client import games
from client.api import ApiError, Cassino
from client.files import UsageError
from client.text import Style

__all__ = ["FEATURES", "REPLAY_HELP", "add_commands", "event_lines", "fetch_record",
           "generic_lines", "head_line", "offer", "position_lines", "replay", "review",
           "review_lines"]

JOB_POLL = 0.2
REPLAY_HELP = ("Enter or n: next move   p: previous   f: first   l: last   <number>: that "
               "move   q: quit")
FEATURES = frozenset({"records", "replay", "review"})
"""The catalog's features (``GET /v1/catalog``) this module offers, each a game's own."""
MARKS = {"best": "", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""What follows a rated move, as a chess site writes it."""


class RecordUsageError(Exception):
    """A record file that cannot be read (exit status 2, as the command line's mistakes)."""


def read_record(path: Path) -> dict[str, Any]:
    """The record in ``path``: the record itself, or ``{"record": ...}``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordUsageError(f"{path}: {exc.strerror or exc}") from exc
    except json.JSONDecodeError as exc:
        raise RecordUsageError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from exc
    if isinstance(data, dict) and isinstance(data.get("record"), dict):
        data = data["record"]
    if not isinstance(data, dict) or "deals" not in data:
        raise RecordUsageError(f"{path}: not a game record (cassino play --record FILE "
                               "writes one)")
    return data


def fetch_record(client: Cassino, position: dict[str, Any]) -> dict[str, Any]:
    """``POST /v1/records``: the record of a finished sealed game, or of an open state."""
    return dict(client.post("/v1/records", position)["record"])


# --- replay -------------------------------------------------------------------------------


def replay(client: Cassino, record: dict[str, Any], style: Any, stdin: TextIO,
           out: TextIO) -> int:
    """Step through ``record`` move by move, every hand shown (each position drawn by the
    record's game's module, :func:`position_lines`); commands from ``stdin``.  ``style``
    is the table's (its ``symbols``: suit symbols or the wire's letters)."""
    positions = client.post("/v1/records/replay", {"record": record})["positions"]
    last = len(positions) - 1
    game = record.get("game") if isinstance(record.get("game"), str) else None
    say = _sayer(out)
    say(f"Replay of a game of {record.get('variant', 'standard')} (seed {record['seed']}): "
        f"{last} moves. {REPLAY_HELP}")
    at = 0
    while True:
        for text in position_lines(positions[at], last, style, game):
            say(text)
        line = _ask(stdin, out, f"[{at}/{last}] > ")
        if line is None:
            return 0
        command = line.lower()
        if command in ("q", "quit"):
            return 0
        if command in ("", "n", "next"):
            at = min(last, at + 1)
        elif command in ("p", "prev", "previous"):
            at = max(0, at - 1)
        elif command in ("f", "first"):
            at = 0
        elif command in ("l", "last"):
            at = last
        elif command.isdigit() and int(command) <= last:
            at = int(command)
        else:
            say(REPLAY_HELP)


def position_lines(position: dict[str, Any], last: int, style: Any,
                   game: str | None = None) -> list[str]:
    """One position of a replay, drawn by its game's module (``replay_lines`` of
    ``client/games/<game>.py``: the hands, the table, the piles, the scores), else by
    :func:`generic_lines`; ``game`` defaults to the state's own."""
    name = game or position["state"].get("game")
    draw = getattr(_module(name), "replay_lines", None) if isinstance(name, str) else None
    if draw is None:
        return generic_lines(position, last, style)
    return list(draw(position, last, bool(getattr(style, "symbols", True))))


def _module(name: str) -> Any:
    try:
        return games.module(name)
    except UsageError:
        return None


def head_line(position: dict[str, Any], last: int, dealt: str = "Dealt") -> str:
    """``Move 3 of 48: player 1: <the move in the server's words>``, or at move 0 the
    ``dealt`` words: ``Dealt (move 0 of 48)``."""
    if position["move"] is None:
        return f"{dealt} (move 0 of {last})"
    return (f"Move {position['ply']} of {last}: player {position['player']}: "
            f"{position['move']['description']}")


def event_lines(position: dict[str, Any], restated: frozenset[str] = frozenset()) -> list[str]:
    """What else the move did: each event's description, indented, but for the events of
    a type in ``restated`` (those that only say the move again)."""
    return [f"  {event.get('description') or event['type']}"
            for event in position["events"] if event["type"] not in restated]


def generic_lines(position: dict[str, Any], last: int, style: Any) -> list[str]:
    """A position of a game whose module draws none: the move's description, the events'
    descriptions, each hand (the state's ``hands``, cards by their names), then the
    state's other fields as they are (its ``history`` is the moves already shown)."""
    del style  # the cards are a game's own: printed as the wire names them
    state = position["state"]
    lines = [head_line(position, last), *event_lines(position)]
    hands = state.get("hands")
    if isinstance(hands, list):
        for seat, hand in enumerate(hands):
            cards = " ".join(str(c) for c in hand) if isinstance(hand, list) else str(hand)
            lines.append(f"  Player {seat}: {cards or '-'}")
    for key, value in state.items():
        if key not in ("hands", "history"):
            shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            lines.append(f"  {key}: {shown}")
    return lines


# --- review -------------------------------------------------------------------------------


def review(client: Cassino, record: dict[str, Any], player: int, *, seed: int = 0,
           samples: int | None = None, opponent_model: float | None = None,
           progress: Any = None) -> dict[str, Any]:
    """``POST /v1/reviews``, its job followed to the end (``progress(done, total)``)."""
    body: dict[str, Any] = {"record": record, "player": player, "seed": seed, "async": True}
    if samples is not None:
        body["samples"] = samples
    if opponent_model is not None:
        body["opponent_model"] = opponent_model
    status, data = client.call("POST", "/v1/reviews", body)
    while status == 202:
        time.sleep(JOB_POLL)
        job_id = data["job"]["id"] if "job" in data else data["id"]
        status, data = client.call("GET", f"/v1/jobs/{job_id}")
        if data.get("status") == "finished":
            return dict(data["result"])
        if data.get("status") == "failed":
            raise ApiError(f"the review failed: {data.get('error')}")
        if progress is not None:
            progress(data["progress"]["done"], data["progress"]["total"])
        status = 202
    return dict(data)


def review_lines(result: dict[str, Any], style: Any) -> list[str]:
    """Each rated move on a line, then the summary."""
    del style  # descriptions come in the server's words
    lines = [f"Review of player {result['player']}'s moves (points lost against the best "
             "move from what they could see):"]
    for item in result["moves"]:
        mark = MARKS[item["verdict"]]
        line = (f"  {item['ply']:>4}. {item['move']['description']}{mark}  "
                f"{item['verdict']}")
        if item["points_lost"] > 0:
            best = item["best"]["description"] if item["best"] else "no claim"
            line += f", -{item['points_lost']:.2f}; best: {best}"
        if item["forced"]:
            line += " (forced)"
        elif item.get("exact"):
            line += " (exact)"
        lines.append(line)
    summary = result["summary"]
    counts = ", ".join(f"{n} {name}" for name, n in summary["counts"].items() if n)
    lines.append(f"Accuracy {summary['accuracy']}% over {summary['moves']} moves; "
                 f"{summary['points_lost']:.2f} points lost in all ({counts}).")
    return lines


# --- the commands --------------------------------------------------------------------------


def add_commands(commands: Any, common: argparse.ArgumentParser,
                 budget: argparse.ArgumentParser, analysis: argparse.ArgumentParser) -> None:
    """The ``replay`` and ``review`` subcommands (``analysis``: ``--opponent-model``)."""
    show = commands.add_parser(
        "replay", parents=[common], help="step through a saved game, every hand shown",
        description="Replay a game record move by move with every hand shown. " + REPLAY_HELP)
    show.add_argument("record", type=Path, metavar="FILE",
                      help="a game record (cassino play --record FILE writes one)")
    show.set_defaults(run=run_replay)
    rate = commands.add_parser(
        "review", parents=[common, budget, analysis],
        help="rate one player's moves of a saved game",
        description="Rate each move of one player against the solver's best move from what "
                    "that player could see then: best, good, inaccuracy, mistake, blunder.")
    rate.add_argument("record", type=Path, metavar="FILE", help="a game record")
    rate.add_argument("--player", type=_natural, default=0, metavar="SEAT",
                      help="whose moves (default 0)")
    rate.add_argument("--seed", type=_natural, default=0,
                      help="seed of every hint (default 0): same seed, same review")
    rate.add_argument("--json", action="store_true", help="print the API's answer as JSON")
    rate.set_defaults(run=run_review)


def _natural(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"not a whole number of 0 or more: {text!r}")
    return int(text)


def run_replay(args: argparse.Namespace, client: Cassino, style: Style, stdin: TextIO,
               out: TextIO) -> int:
    return replay(client, read_record(args.record), style, stdin, out)


def run_review(args: argparse.Namespace, client: Cassino, style: Style, stdin: TextIO,
               out: TextIO) -> int:
    record = read_record(args.record)
    result = review(client, record, args.player, seed=args.seed, samples=args.samples,
                    opponent_model=args.opponent_model)
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False), file=out)
        return 0
    say = _sayer(out)
    for line in review_lines(result, style):
        say(line)
    return 0


def offer(client: Cassino, position: dict[str, Any], seat: int, style: Any,
          stdin: TextIO, out: TextIO, save: Path | None,
          features: frozenset[str] | None = None) -> None:
    """After a game: save its record to ``save`` (``--record``), and at a terminal offer
    to replay it, review your moves or save it: what the game's catalog ``features``
    offer of ``records``, ``replay`` and ``review`` (all three when not given)."""
    offered = FEATURES if features is None else features
    if "records" not in offered:
        if save is not None:
            _sayer(out)(f"No record of this game: the server keeps no records of it, so "
                        f"{save} is not written.")
        return
    if save is None and not stdin.isatty():
        return  # scripted input is never asked, and nothing is to be saved
    try:
        record = fetch_record(client, position)
    except ApiError as exc:
        if save is not None or stdin.isatty():
            _sayer(out)(f"No record of this game: {exc.message}")
        return
    say = _sayer(out)
    if save is not None:
        save.write_text(json.dumps(record, indent=1, ensure_ascii=False), encoding="utf-8")
        say(f"The game's record is in {save} (cassino replay {save}).")
    if not stdin.isatty():
        return
    choices = [*(["r replay"] if "replay" in offered else []),
               *(["v review your moves"] if "review" in offered else []),
               "s FILE save the record", "Enter to leave: "]
    while True:
        line = _ask(stdin, out, ", ".join(choices))
        if not line:
            return
        command, _, rest = line.partition(" ")
        if command == "r" and "replay" in offered:
            replay(client, record, style, stdin, out)
        elif command == "v" and "review" in offered:
            for text in review_lines(review(client, record, seat), style):
                say(text)
        elif command == "s" and rest.strip():
            Path(rest.strip()).write_text(json.dumps(record, indent=1, ensure_ascii=False),
                                          encoding="utf-8")
            say(f"Saved to {rest.strip()}.")


def _sayer(out: TextIO) -> Any:
    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    return say


def _ask(stdin: TextIO, out: TextIO, prompt: str) -> str | None:
    out.write(prompt)
    out.flush()
    line = stdin.readline()
    if not line:
        out.write("\n")
        return None
    if not stdin.isatty():  # scripted input: echo it, so the transcript reads well
        out.write(line if line.endswith("\n") else line + "\n")
    return line.strip()
