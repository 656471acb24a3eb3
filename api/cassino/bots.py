"""Cassino's bot moves (docs/api.md "Bot moves"): a bot of a skill level
(solver/cassino/levels.py) plays from the seat's view only (R29), or claims the game when
the variant allows claims and the bot would (T5)."""

from __future__ import annotations

from typing import Any

from api.costs import BOT_SEARCH
from api.limits import charge_search
from engine.cassino import View, claim, claims_allowed, move_json
from engine.errors import IllegalMoveError
from solver.cassino.levels import ANCHORS, DialBot

__all__ = ["SEARCHING", "bot_move"]

SEARCHING = 50.0
"""Dial values above this may run the solver (the light solver's anchor is 75)."""


def bot_move(view: View, level: str | None, dial: float, seed: int,
             where: str) -> dict[str, Any]:
    """The move of the bot of ``level`` (or at ``dial``) for ``view``'s seat, with the
    anchor bot that chose it; a seat not to move gets a 422 (R4) unless the bot claims."""
    if dial > SEARCHING:
        charge_search(BOT_SEARCH, f"a bot above dial {SEARCHING:g} counts {BOT_SEARCH}")
    bot = DialBot(dial, seed, name=level or "")
    if claims_allowed(view.rules) and bot.claims(view):
        move = claim(view.player)
    elif view.to_move != view.player:
        raise IllegalMoveError(f"it is player {view.to_move}'s turn, not player "
                               f"{view.player}'s: a bot moves for the seat to move (R4)",
                               field=where, rule="R4")
    else:
        move = bot.choose(view)
    out: dict[str, Any] = {"player": view.player, "dial": dial,
                           "bot": ANCHORS[bot.anchor(view)][1],
                           "move": move_json(view.loose, view.builds, view.to_move, move,
                                             view.rules)}
    if level is not None:
        out["level"] = level
    return out
