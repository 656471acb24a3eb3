"""Canfield at the terminal (docs/rules/canfield.md): a sealed game of one seat played to
its end: the table as the player sees it (CF15), the legal moves numbered, a hint with
each move's chance of the bet and expected cards, why a card cannot go somewhere, and the
settlement (CF14)."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from client.api import ApiError

__all__ = ["TITLE", "play", "table_lines"]

TITLE = "Canfield"
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _card(name: str | None, symbols: bool) -> str:
    if not name:
        return "##"
    return f"{name[:-1]}{SUITS[name[-1]]}" if symbols else name


def table_lines(view: dict[str, Any], symbols: bool = False) -> list[str]:
    """The table in lines: foundations, stock and talon, the four columns."""
    def c(name: str | None) -> str:
        return _card(name, symbols)

    word = "Reserve" if view["variant"] == "canfield-classic" else "Stock"
    tops = [c(f[-1]) if f else "--" for f in view["foundations"]]
    up = sum(len(f) for f in view["foundations"])
    talon = view["talon"]
    lines = [f"Foundations (from {view['base']}): {' '.join(tops)}   {up} up, "
             f"${5 * up} for the $52",
             f"{word}: {c(view['stock'][0]) if view['stock'] else '--'} "
             f"({len(view['stock'])})   Hand: {len(view['hand'])}   Talon: "
             f"{c(talon[-1]) if talon else '--'} ({len(talon)})   Pass {view['passes']}"
             f"{', a card used' if view['used'] else ''}"]
    for j, col in enumerate(view["columns"]):
        lines.append(f"  {j + 1}: {' '.join(c(x) for x in col) or '(space)'}")
    return lines


def play(client: Any, args: argparse.Namespace, symbols: bool, stdin: TextIO, out: TextIO,
         delay: float) -> int:
    """``cassino play --game canfield``: one sealed game to its end."""
    del delay

    def say(text: str) -> None:
        out.write(text + "\n")

    variant = getattr(args, "variant", None) or "canfield"
    created = client.new_game(getattr(args, "seed", None), None, sealed=True,
                              game="canfield", variant=variant)
    position = {"game": created["game"], "credential": created["credentials"][0]}
    say(f"New game of {TITLE} ({variant}): $52 the pack, $5 a foundation card; the bet "
        "is won with eleven up. Type ? for help.")
    while True:
        view = client.view(position)["view"]
        if view["result"]["over"]:
            return _over(say, view)
        moves = client.legal_moves(position)
        for line in table_lines(view, symbols):
            say(line)
        for i, move in enumerate(moves, start=1):
            say(f"  {i}. {move['description']}  [{move['id']}]")
        while True:
            out.write(f"Your move (1-{len(moves)} or id; h hint, w CARD why, q quit): ")
            line = stdin.readline()
            if not line:
                say("Bye.")
                return 0
            command = line.strip()
            if command in ("q", "quit"):
                say("Bye.")
                return 0
            if command in ("?", "help"):
                say("A number or a move id plays it; h ranks the moves; w 5D says where "
                    "the 5D may go, or why not.")
                continue
            if command == "h":
                answer = client.hints(position=position)
                bet, cards = answer["solver"].get("bet", {}), answer["solver"].get("cards", {})
                for hint in answer["moves"]:
                    mid = hint["move"]["id"]
                    say(f"  {hint['rank']}. {hint['move']['description']}: net "
                        f"${hint['equity']:+.1f}, bet {100 * bet.get(mid, 0):.0f}%, "
                        f"{cards.get(mid, 0)} cards")
                continue
            if command.startswith("w "):
                try:
                    answer = client.post("/v1/why", {**position, "card": command[2:].strip()})
                except ApiError as exc:
                    say(f"  {exc.message}")
                    continue
                for move in answer["moves"]:
                    say(f"  may: {move['description']}")
                for reason in answer["reasons"]:
                    say(f"  {reason['type']}: {reason['message']}")
                continue
            chosen = (moves[int(command) - 1] if command.isdigit()
                      and 1 <= int(command) <= len(moves)
                      else next((m for m in moves if m["id"] == command), None))
            if chosen is None:
                say(f"  no move {command!r}: pick 1-{len(moves)} or an id")
                continue
            result = client.apply(position, chosen["id"])
            position = {**position, "game": result["game"]}
            for event in result["events"]:
                say(f"  {event['description']}")
            break


def _over(say: Any, view: dict[str, Any]) -> int:
    up = sum(len(f) for f in view["foundations"])
    net = view["result"]["points"][0]
    say(f"GAME OVER ({view['end']}): {up} cards up, ${5 * up} for the $52: net "
        f"{'+' if net >= 0 else '-'}${abs(net)}; the bet is "
        f"{'won' if up >= 11 else 'lost'}.")
    return 0
