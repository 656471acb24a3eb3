"""Solitaire Cribbage at the terminal (docs/rules/solitaire-cribbage.md): the solitaire, or
a competition against house seats (``--players``), each seat with its own pack.  The seat
lays two of its six away by naming them (``5H KD``) or a listed move's number; ``hint``
ranks the fifteen discards by the chance of 91 (of winning) with their expected points,
``why 5H KD`` tells the rule a pick breaks or what it scores, ``quit`` stops."""

from __future__ import annotations

import argparse
import time
from typing import Any, TextIO

from client.api import ApiError, CardGames

__all__ = ["GAME", "TITLE", "count_line", "play"]

GAME = "solitaire-cribbage"
TITLE = "Solitaire Cribbage"
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card(name: str, symbols: bool) -> str:
    return f"{name[:-1]}{SUITS[name[-1]]}" if symbols else name


def cards(names: list[str], symbols: bool) -> str:
    return " ".join(card(n, symbols) for n in names)


def count_line(count: dict[str, Any], symbols: bool) -> str:
    """One count (SC7, SC10) in a line."""
    what = "last hand" if count["deal"] > 6 else f"deal {count['deal']}"
    line = f"{what}: hand {cards(count['hand'], symbols)} = {count['hand_points']['total']}"
    if count["crib"]:
        line += (f", crib {cards(count['crib'], symbols)} = {count['crib_points']['total']}, "
                 f"starter {card(count['starter'], symbols)}")
    if count["heels"]:
        line += f", heels {count['heels']}"
    return f"{line}: {count['points']} points"


def _pick(text: str, moves: list[dict[str, Any]]) -> dict[str, Any] | None:
    words = text.upper().replace(",", " ").split()
    if len(words) == 1 and words[0].isdigit() and 1 <= int(words[0]) <= len(moves):
        return moves[int(words[0]) - 1]
    picked = {w.replace("T", "10") if w.startswith("T") else w for w in words}
    return next((m for m in moves if set(m["cards"]) == picked), None)


def play(client: CardGames, args: argparse.Namespace, symbols: bool, stdin: TextIO,
         out: TextIO, delay: float) -> int:
    """One game from ``args`` (``--variant``, ``--players``, ``--seat``, ``--opponent``,
    ``--seed``) to its end."""
    def say(line: str = "") -> None:
        print(line, file=out)

    variant = getattr(args, "variant", None) or GAME
    players = getattr(args, "players", None) or (4 if variant.endswith("partners") else 1)
    human = args.seat if 0 <= args.seat < players else 0
    bot = getattr(args, "opponent", None) or "solver"
    body: dict[str, Any] = {"game": GAME, "variant": variant, "sealed": True, "players": players,
                            "house": [{"player": s, "bot": bot} for s in range(players)
                                      if s != human]}
    if getattr(args, "seed", None) is not None:
        body["seed"] = args.seed
    try:
        started = client.post("/v1/games", body)
    except ApiError as error:
        say(f"error: {error}")
        return 2
    seat = {"game": started["game"], "credential": started["credentials"][human]}
    shown = [0] * players
    while True:
        view = client.post("/v1/view", seat)["view"]
        for s, counts in enumerate(view["counts"]):
            for count in counts[shown[s]:]:
                who = "You" if s == human else f"Seat {s}"
                say(f"{who}, {count_line(count, symbols)}")
            shown[s] = len(counts)
        say(f"Holes: {' · '.join(str(h) for h in view['holes'])}")
        if view["result"]["over"]:
            won = human in view["result"]["winners"]
            what = ("you reached 91!" if won else "you did not reach 91") if players == 1 \
                else ("you win" if won else "you lose" if view["result"]["winners"]
                      else "a drawn game")
            games = f" (games {view['games']})" if players > 1 else ""
            say(f"GAME OVER: {what}{games}")
            return 0
        moves = client.post("/v1/legal-moves", seat)["moves"]
        say(f"Deal {view['deal']}: your hand {cards(view['hand'], symbols)}")
        for i, move in enumerate(moves, start=1):
            say(f"  {i:2}. {cards(move['cards'], symbols)}")
        while True:
            out.write("lay away> ")
            out.flush()
            line = stdin.readline()
            if not line or line.strip() == "quit":
                say("bye")
                return 0
            text = line.strip()
            if text == "hint":
                answer = client.post("/v1/hints", {**seat, "top": 5})
                for hint in answer["moves"]:
                    say(f"  {cards(hint['move']['cards'], symbols)}: "
                        f"{100 * hint['equity']:.1f}% · {hint['move']['deal_points']} "
                        "points expected")
                continue
            if text.startswith("why"):
                named = [w.upper() for w in text[3:].replace(",", " ").split()]
                try:
                    answer = client.post("/v1/why", {**seat, "cards": named})
                except ApiError as error:
                    say(f"  {error}")
                    continue
                if answer["legal"]:
                    say(f"  legal: {answer['moves'][0]['deal_points']} points expected")
                    for warning in answer["warnings"]:
                        say(f"  warning: {warning['message']}")
                else:
                    say(f"  {answer['message']}")
                continue
            move = _pick(text, moves)
            if move is None:
                say("  name two of your cards (5H KD), a move's number, hint, why or quit")
                continue
            break
        seat["game"] = client.post("/v1/apply", {**seat, "move": move["id"]})["game"]
        if delay:
            time.sleep(delay)
