"""Why a move is refused, naming the rule (Q6-Q24): the engine lists the legal moves, and
a move not among them is explained here."""

from __future__ import annotations

from engine.cards import bit, card_name, format_cards
from engine.conquian.melds import Layout, layout
from engine.conquian.movegen import TURNED
from engine.conquian.moves import DISCARD, FORCE, LAY, PASS, TAKE, Move
from engine.conquian.rules import get_rules
from engine.conquian.state import MELD, OFFER, Deal, Seen, seats_of
from engine.errors import GameOverError, IllegalMoveError

__all__ = ["explain"]


def _refuse(message: str, rule: str, field: str = "move") -> IllegalMoveError:
    return IllegalMoveError(f"{message} ({rule})", field=field, rule=rule)


def _names(mask: int) -> str:
    return " ".join(format_cards(mask))


def _meld_problem(lay: Layout, meld: int, card: int, hand: int,
                  own: tuple[int, ...]) -> IllegalMoveError | None:
    """What is wrong with making ``meld`` from ``card`` (-1 for a lay), the hand and the
    player's own melds, or ``None``."""
    kind = lay.kind(meld)
    if kind is None:
        return _refuse(f"{_names(meld)} is neither a set nor a run", "Q11, Q12", "move.meld")
    table = meld & ~hand & ~(bit(card) if card >= 0 else 0)
    on_table = 0
    for m in own:
        on_table |= m
    if table & ~on_table:
        return _refuse(f"{_names(table & ~on_table)}: neither in your hand nor in your melds",
                       "Q6, Q13", "move.meld")
    if not meld & hand and card < 0:
        return _refuse("a meld laid holds a card of your hand", "QD7", "move.meld")
    whole = [m for m in own if m & ~meld == 0]
    if whole:
        if len(whole) > 1 or table & ~whole[0]:
            return _refuse("a move extends one meld and never joins melds or borrows for it",
                           "QD5", "move.meld")
        return None
    for m in own:
        part = m & meld
        if not part:
            continue
        lends = lay.lends_to_run(m) if kind == "run" else lay.lends_to_set(m)
        if part.bit_count() > 1 or part & ~lends:
            return _refuse(f"{_names(part)} cannot be borrowed from {_names(m)}: a set of four "
                           "lends one card to a run, a run of four or more an end card to a set",
                           "Q14", "move.meld")
    return None


def explain(deal: Deal | Seen, hand: int, move: Move) -> IllegalMoveError:
    """The error refusing ``move`` of the seat to move, who holds ``hand``, in ``deal`` (a
    move the engine does not list).  Only the mover's hand and what every seat sees are
    read (Q23), so a full state and the mover's view give the same answer, and a card the
    mover does not hold is refused alike wherever it lies (QD13)."""
    if deal.phase not in (OFFER, MELD):
        return GameOverError("the hand is over (Q18, Q20)", field="state.phase",
                             rule="Q18, Q20")
    rules = get_rules(deal.variant)
    lay = layout(rules)
    seat = deal.to_move
    own = deal.melds[seat]
    other = deal.melds[rules.adversary(seat, deal.dealer, seats_of(deal))]
    if deal.phase == OFFER and move.type in (LAY, DISCARD):
        return _refuse(f"{move.type}: only after using a card or being forced one; now "
                       f"{card_name(deal.up)} is offered to you", "Q9, QD4")
    if deal.phase == MELD and move.type in (PASS, TAKE):
        return _refuse(f"{move.type}: no card is offered; lay, discard or force", "Q9")
    if move.type == TAKE:
        if move.card != deal.up:
            return _refuse(f"the card offered is {card_name(deal.up)}, not "
                           f"{card_name(move.card)}", "Q6", "move.card")
        problem = _meld_problem(lay, move.meld, move.card, hand, own)
        if problem is not None:
            return problem
        return _refuse(f"{card_name(move.card)} starts a meld with at least two other cards "
                       "or extends one of yours", "QD6", "move.meld")
    if move.type == LAY:
        problem = _meld_problem(lay, move.meld, -1, hand, own)
        if problem is not None:
            return problem
        return _refuse(f"{_names(move.meld)} cannot be laid", "QD4", "move.meld")
    if move.type == DISCARD:
        return _refuse(f"{card_name(move.card)} is not in your hand", "Q9", "move.card")
    if move.type == FORCE:
        if deal.phase == OFFER:
            if deal.source == TURNED:
                return _refuse("you may not force the card you turned up yourself", "Q16")
            if move.card != deal.up:
                return _refuse(f"the card offered is {card_name(deal.up)}, not "
                               f"{card_name(move.card)}", "Q16", "move.card")
        elif not hand >> move.card & 1:
            return _refuse(f"{card_name(move.card)} is not in your hand", "Q15", "move.card")
        target = move.meld & ~bit(move.card)
        if target not in other or not lay.extenders(target) >> move.card & 1:
            return _refuse(f"{card_name(move.card)} does not extend a meld of your adversary "
                           f"as {_names(move.meld)}", "Q15, Q16", "move.meld")
    return _refuse(f"{move.id} is not a legal move now", "Q24")
