"""Why not: what a hand card and some picked table cards make, or the rule that forbids it.

A player picks one card of their hand and some table cards (loose cards, whole builds,
R7).  :func:`why` lists the legal moves that play exactly that card with exactly those
cards (a capture, R11; builds of a value, R14; the trail when nothing is picked, R9) and,
for each kind of move they do not make, the first rule it breaks (the order of D13), with
words naming the cards and values.  It also says which table cards the card reaches in
some legal move, so a table can light them up.

Everything is read from the player's :class:`engine.cassino.play.View`: their own hand
and the table (R28), never another hand or the stock (R29), so two states with the same
view always get the same answer.  Legality is judged as on the player's own turn.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import card_name, cards_of, format_cards
from engine.cassino.movegen import moves_and_families
from engine.cassino.moves import BUILD, CAPTURE, TRAIL, Move
from engine.cassino.play import View
from engine.cassino.referee import game_over, refusal
from engine.cassino.state import PLAYING
from engine.cassino.words import cards_text
from engine.errors import IllegalMoveError

__all__ = ["Reason", "Why", "why"]


class Reason(NamedTuple):
    """Why the picked cards make no legal move of one ``type``: the ``rule`` it breaks (as
    in docs/rules/*.md, ``R11``, ``V6.3``) and a ``message`` that says it in words; the
    build ``value`` the reason is about (builds only, else 0)."""

    type: str
    rule: str
    message: str
    value: int = 0

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"type": self.type, "rule": self.rule, "message": self.message}
        if self.type == BUILD and self.value:
            out["value"] = self.value
        return out


class Why(NamedTuple):
    """The answer: the legal ``moves`` of exactly ``card`` with exactly ``picked`` (engine
    order, D10), the ``reasons`` for the kinds of move they do not make, and ``reach``: the
    table cards that some legal move of ``card`` takes or builds with."""

    player: int
    card: int
    picked: int
    moves: list[Move]
    reasons: list[Reason]
    reach: int
    captures: int
    """The table cards some legal capture of ``card`` takes."""
    builds: int
    """The table cards some legal build move of ``card`` uses."""

    @property
    def legal(self) -> bool:
        return bool(self.moves)


def why(view: View, card: int, picked: int, value: int | None = None) -> Why:
    """What ``card`` from ``view``'s hand makes with the ``picked`` table cards (a card set),
    and why it makes no other kind of move; ``value`` limits the builds to that value.

    :class:`IllegalMoveError` when the game is over (R27), the card is not in the player's
    hand (R6) or a picked card is not on the table (R11, R15): those are not questions about
    a move.
    """
    if view.status != PLAYING:
        raise game_over(view)
    name = card_name(card)
    if not view.hand >> card & 1:
        raise IllegalMoveError(f"card {name} is not in your hand (R6)", field="card", rule="R6")
    table = view.loose
    for b in view.builds:
        table |= b.cards
    off = picked & ~table
    if off:
        raise IllegalMoveError(f"{' '.join(format_cards(off))} not on the table (R11, R15)",
                               field="table", rule="R11, R15",
                               token=card_name(off.bit_length() - 1))
    rules = view.rules
    listed, families = moves_and_families(view.hand, view.loose, view.builds, view.player,
                                          rules)
    legal = [m for m in listed if m.card == card]
    captures = builds = 0
    for m in legal:
        if m.type == CAPTURE:
            captures |= m.targets
        elif m.type == BUILD:
            builds |= m.targets
    moves = [m for m in legal if m.targets == picked
             and (value is None or m.type != BUILD or m.value == value)]
    for f in families:  # D16: the moves of a family listed in part are legal too
        if f.card != card:
            continue
        if f.type == CAPTURE:
            captures |= f.cards
        else:
            builds |= f.cards
        found = Move(f.type, card, picked, 0 if f.type == CAPTURE else f.value)
        if found not in moves and (value is None or f.type != BUILD or f.value == value) \
                and f.admits(picked, view.loose, view.builds, rules):
            moves.append(found)
    kinds = {m.type for m in moves}
    reasons: list[Reason] = []
    if view.to_move != view.player:
        reasons.append(Reason(TRAIL if not picked else CAPTURE, "R4",
                              f"it is player {view.to_move}'s turn, not yours: these are the "
                              "moves you could make on your turn (R4)"))
    if not picked:
        if TRAIL not in kinds:
            reasons.append(_reason(view, Move(TRAIL, card)))
        return Why(view.player, card, picked, moves, reasons, captures | builds, captures,
                   builds)
    partial = [b for b in view.builds if b.cards & picked and b.cards & picked != b.cards]
    if partial:
        b = partial[0]
        message = (f"{cards_text(b.cards & picked)} belong to a build of {b.value} "
                   f"({cards_text(b.cards)}): a build is taken or built on whole, never in "
                   "part (R8)")
        reasons.append(Reason(CAPTURE, "R8", message))
        reasons.append(Reason(BUILD, "R8", message))
        return Why(view.player, card, picked, moves, reasons, captures | builds, captures,
                   builds)
    if CAPTURE not in kinds:
        reasons.append(_capture_reason(view, card, picked))
    if BUILD not in kinds:
        reasons.append(_build_reason(view, card, picked, value))
    return Why(view.player, card, picked, moves, reasons, captures | builds, captures, builds)


def _reason(view: View, move: Move) -> Reason:
    error = refusal(view.seat_state(), move)
    return Reason(move.type, error.rule or "R9-R22", error.message,
                  move.value if move.type == BUILD else 0)


def _capture_reason(view: View, card: int, picked: int) -> Reason:
    """R10, R11, R18, R22 or V1.1 for a capture of exactly ``picked``; the sum in words
    when loose numerals do not split into groups of the card's value (R11)."""
    reason = _reason(view, Move(CAPTURE, card, picked))
    values = view.rules.values
    cv = values[card]
    loose = [values[c] for c in cards_of(picked & view.loose)]
    if reason.rule == "R11" and cv and loose and all(loose):
        total = sum(loose)
        if len(loose) == 1:
            how = f"it is worth {total}"
        elif total % cv:
            how = f"they total {total}"
        else:
            how = f"they total {total} but do not split into groups worth {cv} each"
        message = (f"{_a(card, cv)} cannot take {cards_text(picked & view.loose)}: {how}; a "
                   f"capture takes cards or groups of cards worth exactly {cv} (R11)")
        return Reason(CAPTURE, "R11", message)
    return reason


def _build_reason(view: View, card: int, picked: int, value: int | None) -> Reason:
    """Why no build of the picked cards is legal: for ``value`` when given, else for the
    value the cards point to (a raise or extension of a picked build, else their total)."""
    rules = view.rules
    values = rules.values
    cv = values[card]
    if value is not None or not cv:
        return _reason(view, Move(BUILD, card, picked, value or cv or 1))
    used = [b for b in view.builds if b.cards & picked]
    total = cv + sum(values[c] for c in cards_of(picked & view.loose))
    total += sum(b.value * len(b.groups) for b in used)
    candidates: list[int] = []
    for b in used:
        if len(b.groups) == 1:
            candidates.append(b.value + cv)  # R14b: a raise
        candidates.append(b.value)  # R14c: an extension
    if not any(values[c] == 0 for c in cards_of(picked & view.loose)):
        candidates.append(total)  # R14a: one group of everything
        candidates += [v for v in range(min(total, rules.max_build), cv - 1, -1)
                       if total % v == 0]
    fits = [v for v in candidates if cv <= v <= rules.max_build and total % v == 0]
    if not fits:
        if total > rules.max_build and not used:
            message = (f"{cards_text(picked | 1 << card)} total {total}, more than "
                       f"{rules.max_build}: no build is worth more than {rules.max_build}, and "
                       f"they do not split into groups of one value from {cv} to "
                       f"{rules.max_build} (R17, R14)")
            return Reason(BUILD, "R17", message, total)
        fits = [v for v in candidates if 1 <= v <= rules.max_build] or [max(cv, 1)]
    return _reason(view, Move(BUILD, card, picked, fits[0]))


def _a(card: int, value: int) -> str:
    """``a 7 (7♠)``: the card with its value in words."""
    return f"{'an' if value in (8, 11, 18) else 'a'} {value} ({cards_text(1 << card)})"
