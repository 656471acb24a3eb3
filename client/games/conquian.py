"""Conquian at the terminal (docs/rules/conquian.md): what its table says that the other
meld games' do not.  The table itself is the meld games' shared one (:mod:`client.melds`),
which finds this module by the game's name (:class:`client.melds.MeldRules`).
"""

from __future__ import annotations

from typing import Any

from client import melds
from client.melds import MeldGame, MeldStyle, play

__all__ = ["ACE_HIGH", "PACKS", "RANKS", "TITLE", "TITLES", "centre", "face_up", "hand_over",
           "header", "notes", "play", "replay_centre", "replay_lines", "replay_over",
           "seat_note", "sits_out", "table_melds"]

GAME = __name__.rpartition(".")[2]
"""This module's game: its name, the one the command line finds it by."""
TITLE = "Conquian"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
"""Conquian's forty-card pack in sequence order (Q2): the 7 next below the jack."""
PACKS = {"conquian-american": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")}
"""The American pack (QD1): ace to ten, one unbroken sequence."""
ACE_HIGH = False
"""A run never goes round from the king to the ace."""
TITLES = {"conquian": "Conquian", "conquian-american": "Conquian (American pack)"}
SOURCES = {"turned": "turned up from the stock", "passed": "passed", "discarded": "discarded"}
DOWN = 11
"""The cards a player lays down to go out (Q9)."""


def table_melds(view: dict[str, Any]) -> list[tuple[str, int, list[str]]]:
    """Every meld on the table, labelled ``seat:i``: each seat's own melds in the view."""
    return [(f"{owner}:{i}", owner, cards) for owner, melds in enumerate(view["melds"])
            for i, cards in enumerate(melds)]


def face_up(view: dict[str, Any]) -> str | None:
    """The card on offer (turned, passed or discarded)."""
    up = view.get("up")
    return str(up) if up else None


def header(game: MeldGame, view: dict[str, Any]) -> str:
    """The pool: at two the counters each player has in it; at three the tableaux in a row
    it holds (each a stake from its two players, QD16)."""
    if len(view["hand_sizes"]) > 2:
        return f"pool of {view['pool']} tableau{'x' if view['pool'] != 1 else ''}"
    return f"pool {view['pool']} each"


def centre(game: MeldGame, view: dict[str, Any]) -> list[str]:
    """The stock and the card on offer, to whom; the dead cards."""
    s = game.style
    up = face_up(view)
    source = SOURCES.get(view.get("source") or "", "")
    offer = (f"face-up {s.card(up)} ({source}), offered to "
             f"{game.name(view['to_move'])}" if up else "no card offered")
    lines = [f"Stock: {view['stock_size']} · {offer}"]
    if view.get("dead"):
        lines.append(f"Dead: {s.cards(view['dead'])}")
    return lines


def sits_out(game: MeldGame, view: dict[str, Any]) -> bool:
    """Whether you deal at three and so sit this hand out (QD12)."""
    return len(view["hand_sizes"]) > 2 and view["dealer"] == game.human


def notes(game: MeldGame, view: dict[str, Any]) -> list[str]:
    if sits_out(game, view):
        return ["you deal and sit this hand out (QD12)"]
    down = sum(len(m) for m in view["melds"][game.human])
    return [f"{down} down of {DOWN}"]


def hand_over(game: MeldGame, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """Who laid eleven down, or the tableau and its pool; the settlement."""
    winner = view.get("winner")
    tableau = next((e for e in events if e["type"] == "tableau"), None)
    pool = (f"{sum(tableau['stakes'])} in all" if tableau and "stakes" in tableau
            else f"{tableau['pool'] if tableau else view['pool']} each")
    out = " You sat this hand out (QD12)." if sits_out(game, view) else ""
    game.say("HAND OVER: " + ("a tableau, nobody went out; the stakes go to the "
                              f"pool ({pool})." if winner is None
                              else "you laid eleven down and win!"
                              if winner == game.human
                              else f"{game.name(winner).capitalize()} laid eleven down and "
                                   "wins.") + out)
    settled = next((e for e in events if e["type"] == "settled"), None)
    if settled:
        game.settlement(settled["returns"])


# ---- a replayed position (cassino replay, client/records.py): a full state ---------------

def replay_lines(position: dict[str, Any], last: int, symbols: bool) -> list[str]:
    """A position of a replayed hand: the meld games' (:func:`client.melds.replay_lines`)."""
    return melds.replay_lines(position, last, symbols, GAME)


def seat_note(state: dict[str, Any], seat: int) -> str:
    """The cards the seat has down, of the eleven that go out (Q9); at three, the dealer
    sits the hand out (QD12)."""
    if len(state["hands"]) > 2 and state["dealer"] == seat:
        return "sits this hand out (QD12)"
    return f"{sum(len(m) for m in state['melds'][seat])} down of {DOWN}"


def replay_centre(state: dict[str, Any], style: MeldStyle) -> list[str]:
    """The stock's size, the card on offer and to whom, the dead cards and the pool."""
    up = face_up(state)
    source = SOURCES.get(state.get("source") or "", "")
    offer = (f"face-up {style.card(up)} ({source}), offered to player {state['to_move']}"
             if up else "no card offered")
    lines = [f"Stock: {len(state['stock'])} · {offer}"]
    if state.get("dead"):
        lines.append(f"Dead: {style.cards(state['dead'])}")
    pool = state["pool"]
    lines.append(f"Pool: {pool} tableau{'x' if pool != 1 else ''}" if len(state["hands"]) > 2
                 else f"Pool: {pool} each")
    return lines


def replay_over(state: dict[str, Any]) -> str:
    """Who laid eleven down, or the tableau; each seat's returns."""
    winner = state.get("winner")
    what = ("a tableau: nobody went out" if winner is None
            else f"player {winner} laid eleven down")
    points = state["result"]["points"]
    return f"{what}; points " + ", ".join(f"player {s} {n:+d}" for s, n in enumerate(points))
