"""What a costly request counts against ``HINT_RATE_LIMIT``, in searches (docs/api.md
"Costly requests").

A search is that limit's unit: a hint or an evaluation (run apart from the request
threads, at a lower priority), or about ``SEARCH_MS`` of one core's work that a request
does in its own thread: the house's moves, a replay, a record, a bot's search.  Each
endpoint charges its work (:func:`api.limits.charge_search`) before doing it.  A cost is
told from public facts only, the bots, the game and variant, a record's length, never
from the time the work took: a house move's time depends on its hidden hand, and
``X-RateLimit-Remaining`` would show it.  The figures are means measured on the 2-core
reference machine (CPU time of one thread), rounded up to whole searches.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from api.sealed import house_run
from api.served import ServedGame

__all__ = ["BOT_SEARCH", "REVIEW", "house_moves", "record_moves", "records", "review"]

SEARCH_MS = 10
"""About what one search stands for, in ms of one core, when the request does the work."""
HOUSE_MOVE = 1
"""The least a house's answer counts; a house move's own cost is its game's
(:meth:`api.served.ServedGame.house_move_cost`: Cassino's, any bot or dial, 1, its solver's
mean being 4 ms and its slowest 140; Conquian's and the rummy games' solvers more)."""
MOVES_PER_SEARCH = 64
"""A record's moves that count one search when a request plays them through (a whole
game of 192 moves, 24 KB of JSON, replays with every position in 25 ms)."""
BOT_SEARCH = 1
"""``POST /v1/bot-move`` above dial 50, which may search (the solver's mean is 4 ms)."""
REVIEW = 10
"""``POST /v1/reviews``: it runs one hint per move of the seat, apart, like the hints."""


def house_moves(game: ServedGame, state: Any, house: Mapping[int, str]) -> tuple[int, str]:
    """The searches of the house's answer to ``state`` (a new game's, or the state a seat's
    move made): the turns of the house seats that come next in the rules' turn order
    (:func:`api.sealed.house_run`, public facts only, before any is played), at least one
    move's (a house may claim, T5); and what the 429 says counted."""
    run = house_run(game, state, house)
    cost = max(HOUSE_MOVE, sum(game.house_move_cost(state.variant, house[seat])
                               for seat in run))
    if not run:
        return cost, f"a move in a game with house seats counts {cost}"
    return cost, (f"the house seats' {_moves(len(run)) if len(run) > 1 else 'move'} "
                  f"count {cost}")


def record_moves(data: Any) -> int:
    """The moves a record's JSON lists, counted before it is read (0 if it lists none)."""
    deals = data.get("deals") if isinstance(data, Mapping) else None
    if not isinstance(deals, list):
        return 0
    return sum(len(deal["moves"]) for deal in deals
               if isinstance(deal, Mapping) and isinstance(deal.get("moves"), list))


def records(moves: int, what: str = "a record") -> tuple[int, str]:
    """The searches of playing ``moves`` moves of a record through the rules (a replay, a
    record made or checked), at least one; and what the 429 says counted."""
    cost = max(1, math.ceil(moves / MOVES_PER_SEARCH))
    return cost, f"{what} of {_moves(moves)} counts {cost}"


def review(moves: int) -> tuple[int, str]:
    """The searches of a review of a record of ``moves`` moves: ``REVIEW`` and its record's,
    charged at once (two charges would not fit a window that one fits)."""
    cost = REVIEW + records(moves)[0]
    return cost, f"a review of a record of {_moves(moves)} counts {cost}"


def _moves(count: int) -> str:
    return f"{count} move" if count == 1 else f"{count} moves"
