"""Why a move is illegal, naming the rule (RM7, RM8, RM14, RM15, RM26, DP3-DP7, DP10)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import GameOverError, IllegalMoveError
from engine.rummy.cards import card_name, format_cards
from engine.rummy.melds import deadwood_points
from engine.rummy.moves import ADD, DISCARD, DRAW, LAY_OUT, MELD, TAKE, Move
from engine.rummy.rules import Rules
from engine.rummy.table import Laid, added, holding, laid_problem, meld_of, shift_result

__all__ = ["refuse"]


def refuse(rules: Rules, *, over: bool, phase: str, seat: int, hand: int, pile_size: int,
           table: Sequence[Laid], taken: int | None, move: Move) -> None:
    """Raise the error that says why ``move`` is illegal now; return quietly when it is
    legal."""
    if over:
        raise GameOverError("the hand is over", rule="RM26")
    if phase == DRAW:
        if move.type not in (DRAW, TAKE):
            raise IllegalMoveError("a turn starts with a draw from the stock or the pile",
                                   field="move.type", rule="RM7")
        if move.type == TAKE and not pile_size:
            raise IllegalMoveError("the discard pile is empty", field="move.type", rule="RM7")
        return
    if move.type in LAY_OUT:
        _refuse_lay_out(rules, seat, hand, table, move)
        return
    if move.type != DISCARD:
        raise IllegalMoveError("the turn's draw is made; now discard", field="move.type",
                               rule="RM7")
    assert move.card is not None
    if not hand >> move.card & 1:
        raise IllegalMoveError(f"{card_name(move.card)} is not in the hand",
                               field="move.card", token=card_name(move.card), rule="RM7")
    if move.card == taken and hand.bit_count() > 1:  # DP10: unless it is the last card
        raise IllegalMoveError(f"{card_name(move.card)} was taken from the pile this turn",
                               field="move.card", token=card_name(move.card), rule="RM8")
    if move.call and rules.lay_out:
        raise IllegalMoveError("double-pack rum has no show-down", field="move.call",
                               rule="DP3")
    if move.call and rules.false_call_penalty is None:
        points = deadwood_points(hand & ~(1 << move.card))
        if points > rules.call_limit:
            raise IllegalMoveError(
                f"a show-down needs deadwood of {rules.call_limit} or less, not {points}",
                field="move.call", rule="RM14")


def _refuse_lay_out(rules: Rules, seat: int, hand: int, table: Sequence[Laid],
                    move: Move) -> None:
    if not rules.lay_out:
        raise IllegalMoveError("nothing is laid out before the show-down", field="move.type",
                               rule="RM15")
    naturals = [*move.cards, *(c for c in (move.fill, move.extend) if c is not None)]
    laid_cards = 0
    for card in naturals:
        laid_cards |= 1 << card
    if laid_cards.bit_count() != len(naturals) or laid_cards & ~hand:
        missing = laid_cards & ~hand
        name = format_cards(missing)[0] if missing else "a card"
        raise IllegalMoveError(f"{name} is not in the hand (or is named twice)",
                               field="move.cards", token=name, rule="DP3")
    result: Laid | str
    if move.type == MELD:
        result, rule = meld_of(seat, move.cards, move.low), "DP4"
    elif move.type == ADD:
        if move.target is None or not 0 <= move.target < len(table):
            raise IllegalMoveError(f"there is no meld {move.target} on the table",
                                   field="move.meld", rule="DP5")
        result, rule = added(table[move.target], move.cards, move.low), "DP5"
    else:
        assert move.card is not None
        index = holding(table, move.card)
        result = ("that joker is not on the table" if index < 0 else
                  shift_result(table[index], move.card, move.fill, move.extend))
        rule = "DP7"
    if isinstance(result, Laid):
        problem = laid_problem(result)
        if problem is None:
            return
        result = problem
    raise IllegalMoveError(result, field="move", rule=rule)
