"""Conquian's moves and events in plain English, for frontends to show as they are (Q5-Q24).

``Take 5♥ and meld 4♥, 5♥ and 6♥``, ``Discard K♦``; ``Player 1 turns up 5♥ (19 left in
the stock)``.  A move's words depend on the move and the face-up card alone, so a move
reads the same in legal moves and hints.  Every card an event names was face up to both
players (Q23), so an event reads the same for each seat.
"""

from __future__ import annotations

import functools
from typing import Any

from engine.cards import card_text, cards_of, listed
from engine.conquian.moves import DISCARD, FORCE, LAY, PASS, TAKE, Move

__all__ = ["cards_text", "event_text", "move_json", "move_text"]


def cards_text(mask: int) -> str:
    """Cards in ascending order as an English list: ``4♥, 5♥ and 6♥``."""
    return listed(card_text(c) for c in cards_of(mask))


@functools.lru_cache(maxsize=1 << 14)
def move_text(move: Move, up: int = -1) -> str:
    """The move in words: pass (Q7, Q8), take (Q6, Q14), lay (QD4), discard (Q9), force
    (Q15, Q16); ``up``, the face-up card a pass passes (public, Q23), when known.
    Memoised: the same moves come back request after request."""
    if move.type == PASS:
        return f"Pass {card_text(up)}" if up >= 0 else "Pass the face-up card"
    if move.type == TAKE:
        return f"Take {card_text(move.card)} and meld {cards_text(move.meld)}"
    if move.type == LAY:
        return f"Lay down {cards_text(move.meld)}"
    if move.type == DISCARD:
        return f"Discard {card_text(move.card)}"
    if move.type == FORCE:
        return (f"Force {card_text(move.card)} onto the other player's meld, making "
                f"{cards_text(move.meld)}")
    return move.type.capitalize()  # pragma: no cover - parse_move knows the types


def move_json(move: Move, up: int = -1) -> dict[str, Any]:
    """A move as answers list it (legal moves, hints): its JSON form, its ``id`` and its
    ``description`` (``up``: the position's face-up card, as for :func:`move_text`)."""
    return {**move.to_dict(), "description": move_text(move, up)}


def _borrowing(fields: dict[str, Any]) -> str:
    borrowed = fields.get("borrowed", 0)
    return f", borrowing {cards_text(borrowed)} (Q14)" if borrowed else ""


def _counters(n: int) -> str:
    return f"{n} counter{'' if abs(n) == 1 else 's'}"


def event_text(kind: str, fields: dict[str, Any]) -> str:
    """An event (:class:`engine.conquian.events.Event`) in words; ``fields`` hold cards as
    ints and card sets as masks."""
    who = f"Player {fields.get('player')}"
    if kind == "turn":
        left = fields.get("stock", 0)
        rest = f"{left} left in the stock" if left else "the stock is now empty"
        return f"{who} turns up {card_text(fields['card'])} ({rest})"
    if kind == "pass":
        return f"{who} passes {card_text(fields['card'])}"
    if kind == "dead":
        return f"{who} passes {card_text(fields['card'])}: it is dead (Q8, Q10)"
    if kind == "take":
        return (f"{who} takes {card_text(fields['card'])} and melds "
                f"{cards_text(fields['meld'])}{_borrowing(fields)}")
    if kind == "lay":
        return f"{who} lays down {cards_text(fields['meld'])}{_borrowing(fields)}"
    if kind == "discard":
        return f"{who} discards {card_text(fields['card'])}"
    if kind == "force":
        return (f"{who} forces {card_text(fields['card'])} onto Player {fields['onto']}'s "
                f"meld, making {cards_text(fields['meld'])} (Q15, Q16)")
    if kind == "out":
        return f"{who} has {fields['down']} cards down and wins the hand (Q18)"
    if kind == "tableau":
        if "stakes" in fields:  # three at the table: the stakes differ (QD16)
            return (f"The stock is exhausted: a tableau (Q20); the pool holds "
                    f"{_counters(sum(fields['stakes']))} (QD16)")
        return (f"The stock is exhausted: a tableau (Q20); the pool holds "
                f"{_counters(fields['pool'])} from each player")
    if kind == "settled":
        returns = list(fields["returns"])
        if not any(returns):
            return "Settled: no counter changes hands (Q21)"
        won = ", ".join(f"Player {seat} {'+' if r > 0 else ''}{r}"
                        for seat, r in enumerate(returns))
        return f"Settled in counters: {won} (Q21)"
    return kind.replace("_", " ").capitalize()
