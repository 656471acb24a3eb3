"""I Doubt It at the terminal (docs/rules/i-doubt-it.md, docs/play.md): a sealed game
against the house in every other seat.  Your hand by number; ``c 1 4 7 J`` lays cards 1, 4
and 7 as three jacks (ID4), ``d`` doubts and ``p`` passes (ID5), ``h`` asks for a hint (the
best claims; for a doubt, the chance the claim is true), ``w 1 4 7 [J]`` asks why a claim
is refused or what it risks (POST /v1/why), ``q`` quits."""

from __future__ import annotations

import argparse
import time
from typing import Any, TextIO

from client.api import ApiError

__all__ = ["TITLE", "play", "replay_lines"]

GAME = "i-doubt-it"
TITLE = "I Doubt It"
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def card(name: str, symbols: bool) -> str:
    return f"{name[:-1]}{SUITS[name[-1]]}" if symbols else name


def lines(view: dict[str, Any], human: int, symbols: bool) -> list[str]:
    """The table as the seat sees it (IDD9): each hand's count, the centre, the claim."""
    seats = " · ".join(f"{'you' if s == human else f'seat {s}'} {n}"
                       for s, n in enumerate(view["hand_sizes"]))
    out = [f"Hands: {seats} · centre {view['centre_size']} · claims {view['claims']}/100"]
    if view["laid"]:
        out.append(f"Seat {view['claimer']} claims {view['laid']} × {view['rank']}")
    out.append("Your hand: " + "  ".join(f"{i + 1}:{card(c, symbols)}"
                                          for i, c in enumerate(view["hand"])))
    return out


def _claim(view: dict[str, Any], words: list[str]) -> str | None:
    """``1 4 7 J`` -> the claim's id, or ``None`` when the words are not numbers + a rank."""
    if len(words) < 2 or words[-1].upper() not in RANKS:
        return None
    try:
        picked = sorted(int(w) - 1 for w in words[:-1])
    except ValueError:
        return None
    hand = view["hand"]
    if any(not 0 <= i < len(hand) for i in picked):
        return None
    return f"claim:{','.join(hand[i] for i in picked)}:{words[-1].upper()}"


def play(client: Any, args: argparse.Namespace, symbols: bool, stdin: TextIO, out: TextIO,
         delay: float) -> int:
    """One game to its end (or ``q``)."""
    players = args.players or 4
    human = args.seat if args.seat < players else 0
    bot = args.opponent or "solver"
    body: dict[str, Any] = {"game": GAME, "variant": GAME, "players": players, "sealed": True,
                            "house": [{"player": s, "bot": bot} for s in range(players)
                                      if s != human]}
    if args.dealer is not None:
        body["dealer"] = args.dealer
    if args.seed is not None:
        body["seed"] = args.seed
    started = client.post("/v1/games", body)
    seat = {"game": started["game"], "credential": started["credentials"][human]}
    seen = client.view(seat)
    view = seen["view"]

    def say(text: str) -> None:
        print(text, file=out)

    say(f"{TITLE}: {players} players, you are seat {human}; rules {client.link('/rules/' + GAME)}")
    for event in seen.get("events", []):
        say(f"  {event['description']}")
    while not view["result"]["over"]:
        for line in lines(view, human, symbols):
            say(line)
        claiming = view["speaker"] is None
        say("Your move: c CARD# ... RANK · h hint · w CARD# ... [RANK] why · q quit"
            if claiming else "A claim lies face down: d doubt · p pass · h hint · q quit")
        out.flush()
        line = stdin.readline()
        if not line:
            return 0
        words = line.split()
        if not words:
            continue
        verb, rest = words[0].lower(), words[1:]
        if verb == "q":
            return 0
        if verb == "h":
            hint = client.hints(position=seat, seed=args.hint_seed, top=args.top or 3)
            for item in hint["moves"]:
                say(f"  {item['rank']}. {item['move']['description']} ({item['equity']:+.2f})")
            chance = hint["solver"].get("claim_true")
            if chance is not None:
                say(f"  the claim is true {100 * chance:.0f}% of the time")
            continue
        if verb == "w":
            picked = [w for w in rest if w.isdigit()]
            rank = [w.upper() for w in rest if w.upper() in RANKS and not w.isdigit()]
            try:
                cards = [view["hand"][int(w) - 1] for w in picked]
            except IndexError:
                say("  no such card number")
                continue
            answer = client.post("/v1/why", {**seat, "cards": cards,
                                             **({"rank": rank[0]} if rank else {})})
            for move in answer["moves"][:3]:
                say(f"  legal: {move['description']}")
            for reason in answer["reasons"]:
                say(f"  {reason['type']}: {reason['message']}")
            continue
        move = {"d": "doubt", "p": "pass"}.get(verb) if not claiming else (
            _claim(view, rest) if verb == "c" else None)
        if move is None:
            say("  ?")
            continue
        try:
            answer = client.apply(seat, move)
        except ApiError as error:
            say(f"  refused: {error}")
            continue
        seat["game"] = answer["game"]
        view = answer["view"]
        for event in answer["events"]:
            say(f"  {event['description']}")
            if delay:
                time.sleep(delay)
    points = view["result"]["points"]
    winner = view["result"]["winners"][0] if view["result"]["winners"] else None
    say("GAME OVER: " + ("you win" if winner == human else f"seat {winner} wins")
        + "; chips " + ", ".join(f"seat {s} {n:+d}" for s, n in enumerate(points)))
    return 0


def replay_lines(position: dict[str, Any], last: int, symbols: bool) -> list[str]:
    """A position of a replayed game: every hand, the centre, the claim (client/records)."""
    state = position["state"]
    out = [f"Move {position['ply']} of {last}"
           + (f": player {position['player']}: {position['move']['description']}"
              if position.get("move") else ": the deal")]
    for s, hand in enumerate(state["hands"]):
        out.append(f"  seat {s}: " + " ".join(card(c, symbols) for c in hand))
    out.append(f"  centre ({len(state['centre'])}): "
               + " ".join(card(c, symbols) for c in state["centre"]))
    if state["laid"]:
        out.append(f"  seat {state['claimer']} claims {state['laid']} × {state['rank']}: "
                   + " ".join(card(c, symbols) for c in state["claim"]))
    return out
