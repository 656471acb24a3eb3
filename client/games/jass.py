"""Jass at the terminal (docs/rules/jass.md, docs/play.md): a sealed game against the house
in every other seat, in any variant (``--variant three-hand-jass``, ``two-hand-jass``, a
match: ``jass-1000``, ``jass-marks``..., its totals or marks shown).
Your hand by number; ``p 3`` plays card 3 (J9-J11, J22); the calls and the melds of the
phase by the letter shown (``1``, ``2``... among the listed moves: J6, J8, J14, J21);
``h`` asks for a hint (every move ranked), ``w 3`` asks why card 3 may not be played
(POST /v1/why), ``c`` calls out in a match to 1,000 (J18, JD19), ``q`` quits; a card of
points that would go onto a trick you cannot win is warned of (the legal moves'
``risks``)."""

from __future__ import annotations

import argparse
import time
from typing import Any, TextIO

from client.api import ApiError

__all__ = ["TITLE", "play", "replay_lines", "warnings"]

GAME = "jass"
TITLE = "Jass"
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
PLAYERS = {"jass": 4, "three-hand-jass": 3, "two-hand-jass": 2, "jass-1000": 4,
           "three-hand-jass-1000": 3, "two-hand-jass-1000": 2, "jass-marks": 4,
           "three-hand-jass-marks": 3}
"""Each variant's seats: one deal each, or a match (to 1,000 with a call-out, or on marks,
docs/rules/jass.md J18, JD17)."""
VARIANTS = tuple(PLAYERS)


def card(name: str, symbols: bool) -> str:
    return f"{name[:-1]}{SUITS[name[-1]]}" if symbols else name


def lines(view: dict[str, Any], human: int, symbols: bool) -> list[str]:
    """The table as the seat sees it (JD11): trumps, the trick, each seat's counts."""
    def seat(s: int) -> str:
        who = "you" if s == human else f"seat {s}"
        if view["out"] == s:
            return f"{who} out"
        melds = "; ".join(" ".join(card(c, symbols) for c in m) for m in view["melds"][s])
        return (f"{who} {view['hand_sizes'][s]} cards, {view['tricks'][s]} tricks, "
                f"{view['result']['points'][s]} points" + (f" (melds {melds})" if melds else ""))

    out = [f"Trumps {card(view['turned'], symbols)[-1] if symbols else view['trump']} "
           f"(turned {card(view['turned'], symbols)})"
           + (f" · stock {view['stock_size']}" if view["stock_size"] else ""),
           " · ".join(seat(s) for s in range(view["seats"]))]
    match = view.get("match")
    if match is not None:
        if "marks" in match:
            out.append(f"Match on marks: deal {match['deal']} of {match['deals']} · marks left "
                       + ", ".join(f"{'you' if s == human else f'seat {s}'} {m}"
                                   for s, m in enumerate(match["marks"])))
        else:
            out.append(f"Match to {match['target']}: deal {match['deal']} · totals "
                       + ", ".join(f"{'you' if s == human else f'seat {s}'} {t}"
                                   for s, t in enumerate(view["result"]["points"]))
                       + " (c calls out)")
    trick = " ".join(f"{'you' if t['player'] == human else t['player']}:"
                     f"{card(t['card'], symbols)}" for t in view["trick"])
    out.append(f"Trick {view['played'] + 1}: {trick or 'empty'}")
    out.append("Your hand: " + "  ".join(f"{i + 1}:{card(c, symbols)}"
                                          for i, c in enumerate(view["hand"])))
    return out


def warnings(listed: dict[str, Any], symbols: bool) -> list[str]:
    """The legal moves' warnings in words (``risks``, how ``give``: a card of points thrown
    onto a trick the seat cannot win, docs/api.md "Jass")."""
    risks = listed.get("risks", [])
    return [f"  warning: {card(r['move'][5:], symbols)} gives {r['lost']:g} more points away "
            f"than {card(r['best'][5:], symbols)} would, to a trick seat {r['player']} is "
            "winning" for r in risks if r.get("how") == "give"] + [
        f"  warning: calling out now loses the match (your total is {r['lost']:g} short; "
        f"seat {r['player']} would win)" for r in risks if r.get("how") == "lose"]


def play(client: Any, args: argparse.Namespace, symbols: bool, stdin: TextIO, out: TextIO,
         delay: float) -> int:
    """One deal, or a whole match (J18), to its end (or ``q``); ``c`` calls out."""
    variant = args.variant if args.variant in VARIANTS else GAME
    players = PLAYERS[variant]
    human = args.seat if args.seat < players else 0
    bot = args.opponent or "solver"
    body: dict[str, Any] = {"game": GAME, "variant": variant, "sealed": True,
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

    say(f"{TITLE}: {variant}, you are seat {human}; rules {client.link('/rules/' + GAME)}")
    for event in seen.get("events", []):
        say(f"  {event['description']}")
    while not view["result"]["over"]:
        for line in lines(view, human, symbols):
            say(line)
        listed = client.post("/v1/legal-moves", {**seat, "risks": True})
        moves = listed["moves"]
        for line in warnings(listed, symbols):
            say(line)
        calls = [m for m in moves if m["type"] not in ("play", "call")]
        can_call = any(m["type"] == "call" for m in moves)
        for i, move in enumerate(calls):
            say(f"  {i + 1}) {move['description']}")
        say("Your move: " + ("NUMBER of the move" if calls else "p CARD#")
            + (" · c call out" if can_call else "") + " · h hint · w CARD# why · q quit")
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
            continue
        chosen: str | None = None
        try:
            if verb in ("p", "w") and rest:
                name = view["hand"][int(rest[0]) - 1]
                if verb == "w":
                    answer = client.post("/v1/why", {**seat, "cards": [name]})
                    for move in answer["moves"][:3]:
                        say(f"  legal: {move['description']}")
                    for reason in answer["reasons"]:
                        say(f"  {reason['type']}: {reason['message']}")
                    continue
                chosen = f"play:{name}"
            elif verb == "c" and can_call:
                chosen = "call"
            elif verb.isdigit() and calls:
                chosen = calls[int(verb) - 1]["id"]
        except (ValueError, IndexError):
            chosen = None
        if chosen is None:
            say("  ?")
            continue
        try:
            answer = client.apply(seat, chosen)
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
    winners = view["result"]["winners"]
    say(("MATCH OVER: " if view.get("match") else "DEAL OVER: ")
        + ("you win" if human in winners else f"seat {winners[0]} wins")
        + "; points " + ", ".join(f"seat {s} {n}" for s, n in enumerate(points)))
    return 0


def replay_lines(position: dict[str, Any], last: int, symbols: bool) -> list[str]:
    """A position of a replayed deal: every hand, the trick, the tricks won."""
    state = position["state"]
    out = [f"Move {position['ply']} of {last}"
           + (f": player {position['player']}: {position['move']['description']}"
              if position.get("move") else ": the deal")]
    for s, hand in enumerate(state["hands"]):
        out.append(f"  seat {s}: " + " ".join(card(c, symbols) for c in hand)
                   + f" · {state['tricks'][s]} tricks")
    out.append("  trick: " + " ".join(f"{t['player']}:{card(t['card'], symbols)}"
                                      for t in state["trick"]))
    return out
