"""The rummy games at the terminal (Poker Rum, Poker Gin, Double-Pack Rum;
docs/rules/rummy.md): what their table says that the other meld games' do not.  The table
itself is the meld games' shared one (:mod:`client.melds`), which finds this module by the
game's name (:class:`client.melds.MeldRules`).
"""

from __future__ import annotations

from typing import Any

from client import melds
from client.melds import MeldGame, MeldStyle, hand_melds, pip, play
from client.text import counted

__all__ = ["ACE_HIGH", "PACKS", "RANKS", "TITLE", "TITLES", "centre", "deadwood", "face_up",
           "hand_over", "header", "notes", "play", "replay_centre", "replay_lines",
           "replay_over", "seat_note", "table_melds", "why_target"]

GAME = __name__.rpartition(".")[2]
"""This module's game: its name, the one the command line finds it by."""
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ACE_HIGH = True
"""A run may end with the ace above the king, never round the corner (RM11)."""
PACKS: dict[str, tuple[str, ...]] = {}
"""Every variant plays ``RANKS``."""
TITLES = {"poker-rum": "Poker Rum", "poker-gin": "Poker Gin",
          "double-pack-rum": "Double-Pack Rum"}
TITLE = ", ".join(TITLES.values())
NO_DEADWOOD = frozenset({"double-pack-rum"})
"""The variants with no show-down, so no deadwood to count (RM12-RM24 do not apply)."""


def table_melds(view: dict[str, Any]) -> list[tuple[str, int, list[str]]]:
    """Every meld on the table, labelled by its index (what ``add`` names it by)."""
    return [(str(i), laid["owner"], laid["cards"]) for i, laid in enumerate(view["table"])]


def why_target(label: str, cards: list[str]) -> dict[str, Any]:
    """A table meld aimed at by ``why``: its number, what ``add`` names it by (DP5)."""
    return {"meld": int(label)}


def face_up(view: dict[str, Any]) -> str | None:
    """The top of the discard pile."""
    pile = view.get("pile") or []
    return str(pile[-1]) if pile else None


def deadwood(hand: list[str]) -> int:
    """The least deadwood of a rummy hand (RM12, RM13): the pips no meld holds."""
    melds = hand_melds(hand, GAME)
    best = sum(pip(c) for c in hand)

    def search(start: int, used: frozenset[str]) -> None:
        nonlocal best
        best = min(best, sum(pip(c) for c in hand if c not in used))
        for i in range(start, len(melds)):
            if not used.intersection(melds[i]):
                search(i + 1, used | frozenset(melds[i]))

    search(0, frozenset())
    return best


def header(game: MeldGame, view: dict[str, Any]) -> str:
    """``scores: you 12, the solver 30``: every seat's, yours first."""
    return "scores: " + ", ".join(f"{game.name(seat)} {view['scores'][seat]}"
                                  for seat in [game.human, *game.others])


def centre(game: MeldGame, view: dict[str, Any]) -> list[str]:
    """The stock and the discard pile."""
    s = game.style
    up = face_up(view)
    pile = view.get("pile") or []
    top = f"top {s.card(up)}, {len(pile)} card{'s' if len(pile) != 1 else ''}" \
        if up else "empty"
    return [f"Stock: {view['stock_size']} · discard pile: {top}"]


def notes(game: MeldGame, view: dict[str, Any]) -> list[str]:
    return [] if view["variant"] in NO_DEADWOOD else [f"deadwood {deadwood(view['hand'])}"]


def hand_over(game: MeldGame, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """Who went out or called a show-down, the hands shown, the settlement, the scores."""
    s = game.style
    status = view.get("status")
    caller = view.get("caller")
    what = ("a drawn hand" if status == "drawn"
            else f"{game.name(caller)} went out" if status == "out"
            else f"{game.name(caller)} called a show-down")
    game.say(f"HAND OVER: {what}.")
    shown = view.get("shown")
    if shown and not any(e["type"] == "show" for e in events):  # out (DP9)
        for seat, cards in enumerate(shown):
            if cards:
                who = game.name(seat).capitalize()
                game.say(f"{who} held {s.cards(cards)} "
                         f"({counted(sum(pip(c) for c in cards), 'point')}).")
    settle = next((e for e in events if e["type"] in ("settle", "out")
                   and "points" in e), None)
    if settle:
        game.settlement(settle["points"])
    scores = view["scores"]
    game.say("Scores: " + ", ".join(f"{game.name(seat)} {scores[seat]}"
                                    for seat in [game.human, *game.others]) + ".")


# ---- a replayed position (cassino replay, client/records.py): a full state ---------------

def replay_lines(position: dict[str, Any], last: int, symbols: bool) -> list[str]:
    """A position of a replayed hand: the meld games' (:func:`client.melds.replay_lines`)."""
    return melds.replay_lines(position, last, symbols, GAME)


def seat_note(state: dict[str, Any], seat: int) -> str:
    """The seat's least deadwood (RM12, RM13), where the variant counts it."""
    if state["variant"] in NO_DEADWOOD:
        return ""
    return f"deadwood {deadwood(state['hands'][seat])}"


def replay_centre(state: dict[str, Any], style: MeldStyle) -> list[str]:
    """The stock's size, the whole discard pile (its top last) and the scores."""
    pile = state.get("pile") or []
    top = f"{len(pile)} card{'s' if len(pile) != 1 else ''}, top last: " \
        f"{style.cards(pile)}" if pile else "empty"
    return [f"Stock: {len(state['stock'])} · discard pile: {top}",
            f"Scores: {', '.join(f'player {s} {n}' for s, n in enumerate(state['scores']))}"]


def replay_over(state: dict[str, Any]) -> str:
    """Who went out or called a show-down (or a drawn hand), and each seat's points."""
    status, caller = state.get("status"), state.get("caller")
    what = ("a drawn hand" if status == "drawn"
            else f"player {caller} went out" if status == "out"
            else f"player {caller} called a show-down")
    points = state["result"]["points"]
    return f"{what}; points " + ", ".join(f"player {s} {n:+d}" for s, n in enumerate(points))
