"""Moves and events in plain English, for frontends to show as they are (R9-R27).

``Take 4♦ with 4♠``, ``Build 9 from 5♣ on 4♦``, ``Trail K♣``, ``Sweep!``.  A move's
words depend on the move alone, so a move reads the same in legal moves, hints and the
history; whether it sweeps and which point cards it takes depend on the table and are
given beside the words (:func:`engine.cassino.play.move_json`).
"""

from __future__ import annotations

import functools
from typing import Any

from engine.cards import card_text, cards_of, listed
from engine.cassino.moves import BUILD, CAPTURE, CLAIM, Move

__all__ = ["card_text", "cards_text", "event_text", "move_text"]

def cards_text(mask: int) -> str:
    """Cards in ascending order as an English list: ``2♥, 5♣ and 7♦``."""
    return listed(card_text(c) for c in cards_of(mask))


@functools.lru_cache(maxsize=1 << 16)
def move_text(move: Move) -> str:
    """The move in words: trail (R9), capture (R10-R12), build (R14-R15), claim (T5).
    Memoised: the same moves come back request after request."""
    if move.type == CLAIM:
        return "Claim the game" if move.player is None else \
            f"Claim the game for player {move.player}"
    card = card_text(move.card)
    if move.type == CAPTURE:
        return f"Take {cards_text(move.targets)} with {card}"
    if move.type == BUILD:
        return f"Build {move.value} from {card} on {cards_text(move.targets)}"
    return f"Trail {card}"


def _seat(value: Any) -> str:
    return f"Player {value}"


def event_text(kind: str, fields: dict[str, Any]) -> str:
    """An event (:class:`engine.cassino.events.Event`) in words; ``fields`` hold card masks."""
    who = _seat(fields.get("player"))
    if kind == "trail":
        return f"{who} trails {card_text(fields['card'])}"
    if kind == "capture":
        return f"{who} takes {cards_text(fields['targets'])} with {card_text(fields['card'])}"
    if kind == "build":
        verb = {"raise": "raises to", "extend": "adds to the build of"}.get(
            str(fields.get("kind")), "builds")
        return (f"{who} {verb} {fields['value']} with {card_text(fields['card'])} "
                f"on {cards_text(fields['targets'])}")
    if kind == "sweep":
        return "Sweep!"
    if kind == "residue":
        return f"{who} takes the cards left on the table: {cards_text(fields['cards'])}"
    if kind == "deal":
        where = f"Round {fields['round']}, batch {fields['batch']}"
        table = fields.get("table")
        extra = f", and {table.bit_count()} face up on the table" if table else ""
        last = " (the last batch)" if fields.get("last_batch") else ""
        return f"{where}: {fields.get('hand_size', 4)} cards to each player{extra}{last}"
    if kind == "draw":  # never the card: the words are the same for every seat (R29)
        left = fields.get("stock_size", 0)
        rest = f"{left} left in the stock" if left else "the stock is now empty"
        return f"{who} draws a card ({rest})"
    if kind == "round_void":
        return f"Nobody captured in round {fields['round']}: it is dealt again"
    if kind == "round_scored":
        totals = fields["breakdown"].totals
        scores = fields["scores"]
        return (f"Round {fields['round']} scores {' to '.join(map(str, totals))}; "
                f"the game stands at {' to '.join(map(str, scores))}")
    if kind == "claim":
        verdict = "right" if fields["correct"] else "wrong"
        return (f"{who} claims the game with {fields['secured']} points secured of the "
                f"{fields['target']} needed: the claim is {verdict}")
    if kind == "count_out":
        step = fields["steps"][-1] if fields.get("winner") is None else next(
            s for s in fields["steps"] if s["reached"])
        if fields.get("winner") is None:
            return "Counting out: nobody reaches " + str(fields["target"])
        return (f"Counting out: {_seat(fields['winner'])} reaches {fields['target']} first, "
                f"with {step['name']}")
    if kind == "target_raised":
        return (f"Both totals reach {fields['previous']}: neither wins, the game now goes to "
                f"{fields['target']}")
    if kind == "game_over":
        scores = " to ".join(map(str, fields["scores"]))
        value = fields.get("game_value", 1)
        if fields["winner"] is None:
            return f"The game is drawn, {scores}"
        worth = f" (a game worth {value})" if value != 1 else ""
        seats = fields.get("seats")
        if seats is not None:  # a team (V6.2)
            team = listed(str(seat) for seat in seats)
            return f"Players {team} (team {fields['winner']}) win the game, {scores}{worth}"
        return f"{_seat(fields['winner'])} wins the game, {scores}{worth}"
    return kind.replace("_", " ").capitalize()
