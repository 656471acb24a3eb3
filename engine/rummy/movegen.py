"""The legal moves (RM7, RM8, RM14, RM24, DP3-DP7, DP10), from the parts of a position
they depend on."""

from __future__ import annotations

from collections.abc import Sequence

from engine.rummy.cards import cards_of, sort_key
from engine.rummy.melds import deadwood_after_discards
from engine.rummy.moves import ADD, DISCARD, DRAW, MELD, SHIFT, TAKE, Move
from engine.rummy.rules import Rules
from engine.rummy.table import Laid, additions, new_melds, shifts

__all__ = ["lay_outs", "legal_moves"]


def lay_outs(hand: int, table: Sequence[Laid]) -> list[Move]:
    """Every lay-out, addition and joker shift of ``hand`` (DP4-DP7)."""
    moves = [Move(MELD, cards=cards, low=low) for cards, low in new_melds(hand)]
    moves += [Move(ADD, cards=cards, target=index, low=low)
              for index, cards, low in additions(hand, table)]
    moves += [Move(SHIFT, shift.joker, fill=shift.fill, extend=shift.extend)
              for shift in shifts(hand, table)]
    return moves


def legal_moves(rules: Rules, phase: str, hand: int, pile_size: int, table: Sequence[Laid],
                taken: int | None) -> list[Move]:
    """Every legal move of the seat to move, each once: in the draw phase ``draw`` and
    ``take`` (RM7); then each discard but the card just taken (RM8, DP10), with a call
    where the variant allows one (RM14, RM24), and in double-pack rum every lay-out."""
    if phase == DRAW:
        return [Move(DRAW)] + ([Move(TAKE)] if pile_size else [])
    if phase != DISCARD:
        return []
    if hand.bit_count() == 1:
        taken = None  # DP10: the last card may go out even if just taken
    cards = sorted((c for c in cards_of(hand) if c != taken), key=sort_key)
    if rules.lay_out:
        return [Move(DISCARD, card) for card in cards] + lay_outs(hand, table)
    moves = []
    if rules.false_call_penalty is not None:  # RM24: a call over the limit is legal
        for card in cards:
            moves += [Move(DISCARD, card), Move(DISCARD, card, True)]
        return moves
    after = deadwood_after_discards(hand)
    for card in cards:
        moves.append(Move(DISCARD, card))
        if after[card] <= rules.call_limit:
            moves.append(Move(DISCARD, card, True))
    return moves
