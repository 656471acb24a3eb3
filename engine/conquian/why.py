"""Why not in Conquian (docs/api.md "Why not"): what the hand cards a player picks make
with the face-up card and the table cards he picks (a use, a lay, a discard, a force, a
pass), or the first rule each kind of move breaks (Q6-Q17, QD4-QD9), read from his view
alone (Q23)."""

from __future__ import annotations

from engine.conquian.moves import DISCARD, FORCE, LAY, PASS, TAKE, Move
from engine.conquian.play import View
from engine.why import Answer, Kind, ask

__all__ = ["why"]


def why(view: View, cards: int, table: int = 0) -> Answer:
    """The legal moves that place exactly the hand cards ``cards`` (a card set) with the
    table cards ``table`` (a meld to extend or to borrow from, the adversary's meld to force
    on) and, for each kind of move they make none of, the rule it breaks.  The face-up card
    joins a use, or is the card forced when no hand card is picked (Q16)."""
    up = 1 << view.up if view.up >= 0 else 0

    def hand_part(move: Move) -> int:
        placed = move.meld | (1 << move.card if move.card >= 0 else 0)
        return placed & view.hand

    def table_part(move: Move) -> int:
        return move.meld & ~view.hand & ~up & ~(1 << move.card if move.card >= 0 else 0)

    def fits(move: Move) -> bool:
        return hand_part(move) == cards and (not table or table_part(move) & table == table)

    kinds = [
        Kind("take", lambda m: m.type == TAKE and fits(m),
             Move(TAKE, view.up, cards | up | table)),
        Kind("lay", lambda m: m.type == LAY and fits(m), Move(LAY, -1, cards | table)),
    ]
    single = cards.bit_count() == 1
    card = cards.bit_length() - 1 if single else -1
    if single:
        kinds.append(Kind("discard", lambda m: m.type == DISCARD and m.card == card,
                          Move(DISCARD, card)))
    if single or (not cards and view.up >= 0):
        forced = card if single else view.up
        kinds.append(Kind("force", lambda m: m.type == FORCE and m.card == forced and (
            not table or m.meld & table == table), Move(FORCE, forced, table | 1 << forced)))
    if not cards and not table:
        kinds.append(Kind("pass", lambda m: m.type == PASS, Move(PASS)))
    return ask(view, view.legal_moves(), kinds)
