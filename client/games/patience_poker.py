"""Patience Poker at the terminal (docs/rules/patience-poker.md): the solitaire, or the
competition against the house (``--players N``: the house at every other seat), each card
placed by its cell or its number in the list, with hints."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from client.api import ApiError, CardGames
from client.house import house_seat

__all__ = ["TITLE", "grid_lines", "play"]

GAME = "patience-poker"
TITLE = "Patience Poker and Poker Squares"
HELP = ("Type a cell (r4c5), a move's number or id; h for a hint, q to quit. A card goes "
        "touching a card already down, inside a square of five (PP6, PP7); in poker-squares "
        "any empty cell (PP19).")


def grid_lines(view: dict[str, Any], seat: int, legal: list[str] | None = None) -> list[str]:
    """The seat's tableau as rows of cells, ``·`` an empty cell where the card may go."""
    size = 5 if view["variant"] == "poker-squares" else 9
    cells = {cell: view["called"][i] for i, cell in enumerate(view["tableaus"][seat])}
    used = [divmod(int(c[1]) * size + int(c[3]), size) for c in cells] + [
        divmod(int(c[1]) * size + int(c[3]), size) for c in legal or []]
    rows = sorted({r for r, _ in used}) or [0]
    cols = sorted({c for _, c in used}) or [0]
    out = ["     " + " ".join(f"c{c:<3}" for c in range(cols[0], cols[-1] + 1))]
    for r in range(rows[0], rows[-1] + 1):
        line = []
        for c in range(cols[0], cols[-1] + 1):
            name = f"r{r}c{c}"
            line.append(f"{cells.get(name, '·' if name in (legal or []) else ' '):<4}")
        out.append(f"r{r}   " + " ".join(line))
    return out


def play(client: CardGames, args: argparse.Namespace, symbols: bool, stdin: TextIO,
         out: TextIO, delay: float) -> int:
    """One tableau to its end, sealed, the house at the other seats (PP15, PPD13)."""
    del symbols, delay
    players = getattr(args, "players", None) or 1
    variant = getattr(args, "variant", None) or GAME
    bot = getattr(args, "opponent", None) or "solver"
    started = client.new_game(getattr(args, "seed", None), getattr(args, "dealer", None),
                              sealed=True, game=GAME, variant=variant, players=players,
                              house=[{"player": s, **house_seat(bot)}
                                     for s in range(1, players)])
    position = {"game": started["game"], "credential": started["credentials"][0]}

    def say(text: str) -> None:
        out.write(text + "\n")

    while True:
        view = client.view(position)["view"]
        if view["result"]["over"]:
            for line in grid_lines(view, 0):
                say(line)
            scores = ", ".join(f"player {s} {p}" for s, p in enumerate(view["scores"]))
            say(f"GAME OVER: your tableau counts {view['scores'][0]} ({scores}).")
            return 0
        moves = client.legal_moves(position)
        cells = [m["cell"] for m in moves]
        for line in grid_lines(view, 0, cells):
            say(line)
        say(f"Card {len(view['called'])} of 25: {view['card']} · your count so far "
            f"{view['scores'][0]}")
        say("  " + "  ".join(f"{i}. {m['cell']}" for i, m in enumerate(moves, 1)))
        while True:
            out.write("Place it (cell, number; h hint, q quit): ")
            out.flush()
            line = stdin.readline()
            if not line:
                return 0
            text = line.strip().lower()
            if text in ("q", "quit"):
                return 0
            if text in ("?", "help"):
                say(HELP)
                continue
            if text in ("h", "hint"):
                answer = client.hints(position=position, top=getattr(args, "top", None) or 3,
                                      samples=getattr(args, "samples", None),
                                      seed=getattr(args, "hint_seed", 0))
                for hint in answer["moves"]:
                    say(f"  {hint['rank']}. {hint['move']['cell']}: expected count "
                        f"{hint['equity']:.1f} ± {hint['stderr']:.1f}")
                continue
            chosen = next((m for i, m in enumerate(moves, 1)
                           if text in (str(i), m["cell"], m["id"].lower())), None)
            if chosen is None:
                say(f"{text!r} is not a place for {view['card']}: {HELP}")
                continue
            try:
                result = client.apply(position, chosen["id"])
                position = {**position, "game": result["game"]}
            except ApiError as exc:
                say(f"Refused: {exc.message}")
                continue
            break
