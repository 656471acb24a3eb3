"""The rummy games' moves and events in plain English, for frontends to show as they are
(RM7-RM27, DP3-DP10).

``Discard 9♦ and call a show-down``, ``Lay out 6♣, 7♣ and JK1 (as 8♣)``; ``Player 1 takes
9♦ from the discard pile``.  A joker is named with what it stands for in its meld (DP4-DP7),
always in brackets after it, ``(as 8♣)``: that is no card of the packs.
A move's words depend on the move, and on the table's melds where a joker's place is read
there (an addition to a set of jokers only, a shift), so a move reads the same in legal
moves and hints.  An event's words are written from the fields its viewer's JSON shows
(:meth:`engine.rummy.events.Event.to_dict`), and a draw's are the same for every seat: they
never name the card drawn (RM27), which only the drawer's ``card`` field holds, but for a
draw from a turned stock, public to all (DP12).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import RANKS, SUIT_SYMBOLS, listed
from engine.cards import card_text as base_text
from engine.rummy.cards import cards_of, is_joker, parse_card, rank_of, sort_key, suit_of
from engine.rummy.moves import ADD, DISCARD, DRAW, MELD, SHIFT, TAKE, Move
from engine.rummy.stock import AGAIN, EMPTY, STALLED, TAKES
from engine.rummy.table import RUN, Laid, holding, shift_result

__all__ = ["card_text", "cards_text", "event_text", "laid_text", "move_json", "move_text"]


def card_text(card: int) -> str:
    """A card in words: ``7♥``, the second pack's ``7♥'``, a joker ``JK1`` (RM3)."""
    if is_joker(card):
        return f"JK{card - 103}"
    return base_text(card % 52) + ("'" if card >= 52 else "")


def cards_text(mask: int) -> str:
    """A set of cards as an English list, by rank, suit and pack: ``2♥, 5♣ and JK1``."""
    return listed(card_text(c) for c in sorted(cards_of(mask), key=sort_key))


def _a_rank(rank: int) -> str:
    word = {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(rank, RANKS[rank - 1])
    return f"{'an' if word in ('ace', '8') else 'a'} {word}"


def _stands_for(position: int, suit: int) -> str:
    """The card a joker stands for at ``position`` (1..14) of a run of ``suit`` (RM11)."""
    rank = 1 if position == 14 else position
    return f"{RANKS[rank - 1]}{SUIT_SYMBOLS[suit]}"


def _key(cards: Sequence[int], low: int) -> int | None:
    """A meld's rank (a set, ``low`` 0) or suit (a run), read from its first natural card."""
    natural = next((c for c in cards if not is_joker(c)), None)
    if natural is None:
        return None
    return rank_of(natural) if low == 0 else suit_of(natural)


def _named(cards: Sequence[int], low: int, key: int | None = None) -> list[str]:
    """``cards`` in words, each joker with what it stands for (DP4, DP5): in a set its rank,
    in a run (``low`` the place of the first card) its place; ``key`` is the meld's rank or
    suit (else read from the cards, and a joker with no natural beside it is bare)."""
    key = _key(cards, low) if key is None else key
    out = []
    for i, card in enumerate(cards):
        text = card_text(card)
        if is_joker(card) and key is not None:
            text += f" (as {_a_rank(key) if low == 0 else _stands_for(low + i, key)})"
        out.append(text)
    return out


def laid_text(cards: Sequence[int], low: int) -> str:
    """A meld in words, a run's cards by place: ``6♣, 7♣ and JK1 (as 8♣)``."""
    return listed(_named(cards, low))


def _shift_text(move: Move, table: Sequence[Laid]) -> str:
    """A joker's shift (DP7), with what it stood for and will stand for when the table is
    known."""
    assert move.card is not None
    joker = card_text(move.card)
    index = holding(table, move.card)
    head = f"Move {joker} to the other end of its run"
    if index >= 0:
        laid = table[index]
        after = shift_result(laid, move.card, move.fill, move.extend)
        if isinstance(after, Laid):
            was = _stands_for(laid.low + laid.cards.index(move.card), laid.key)
            now = _stands_for(after.low + after.cards.index(move.card), after.key)
            head = f"Move {joker} to the other end of meld {index} (as {now} instead of {was})"
    parts = []
    if move.fill is not None:
        parts.append(f"{card_text(move.fill)} in its place")
    if move.extend is not None:
        parts.append(f"{card_text(move.extend)} added beyond it")
    return head + (", with " + " and ".join(parts) if parts else "")


def move_text(move: Move, table: Sequence[Laid] = (), pile: Sequence[int] = ()) -> str:
    """The move in words: draw (RM7), take (RM8), discard and call (RM14), and double-pack
    rum's lay-out (DP4), addition (DP5) and joker shift (DP7).  ``table``: the melds on the
    table, where an addition's or a shift's jokers are read (without it a joker whose meld
    the move does not show is named bare); ``pile``: the discard pile, whose top card a
    take names.  Both are public (RM27)."""
    if move.type == DRAW:
        return "Draw from the stock"
    if move.type == TAKE:
        return f"Take {card_text(pile[-1])} from the discard pile" if pile else \
            "Take the top card of the discard pile"
    if move.type == DISCARD and move.card is not None:
        return f"Discard {card_text(move.card)}" + (
            " and call a show-down" if move.call else "")
    if move.type == MELD:
        return f"Lay out {laid_text(move.cards, move.low)}"
    if move.type == ADD and move.target is not None:
        key = None
        if 0 <= move.target < len(table) and (table[move.target].kind == RUN) == bool(move.low):
            key = table[move.target].key
        return f"Add {listed(_named(move.cards, move.low, key))} to meld {move.target}"
    if move.type == SHIFT and move.card is not None:
        return _shift_text(move, table)
    return move.type.capitalize()  # pragma: no cover - parse_move knows the types


def move_json(move: Move, table: Sequence[Laid] = (), pile: Sequence[int] = ()
              ) -> dict[str, Any]:
    """A move as answers list it (legal moves, hints): its JSON form, its ``id`` and its
    ``description`` (``table``, ``pile``: the position's, as for :func:`move_text`)."""
    return {"id": move.id, **move.to_dict(), "description": move_text(move, table, pile)}


def _meld_of_text(text: str) -> tuple[tuple[int, ...], int]:
    """A laid meld's cards and place from its event text (``6C+7C+JK1@6``, ``7H+7S+JK1``)."""
    body, _, place = text.partition("@")
    return tuple(parse_card(token) for token in body.split("+")), int(place) if place else 0


def _per_seat(values: Sequence[int]) -> str:
    return ", ".join(f"Player {seat} {'+' if v > 0 else ''}{v}" for seat, v in enumerate(values))


def _melds_text(melds: Sequence[int]) -> str:
    return "; ".join(cards_text(m) for m in melds)


_DRAWN: dict[str | None, str] = {
    None: "The stock is out again: the hand is drawn, with no settlement (RM25)",
    AGAIN: "The stock is out again: the hand is drawn, with no settlement (RM25)",
    EMPTY: "The stock is out and nothing lies under the pile's top card: the hand is "
           "drawn, with no settlement (DP11)",
    STALLED: "The stock is out, and nothing was laid out while it was drawn: the hand has "
             "stalled and is drawn, with no settlement (DP13)",
    TAKES: "Round after round every turn took from the pile and laid nothing out: the hand "
           "has stalled and is drawn, with no settlement (DP13)",
}
"""A drawn hand's words by its ``reason`` (engine.rummy.stock); none in the poker games."""


def event_text(kind: str, fields: dict[str, Any]) -> str:
    """An event (:class:`engine.rummy.events.Event`) in words, from the fields its viewer
    is shown (cards as ints, ``None`` for one the viewer may not see; card sets as masks).
    """
    who = f"Player {fields.get('seat')}"
    if kind == "draw":  # never a hidden card: the same words for every seat (RM27)
        if fields.get("public") and fields.get("card") is not None:
            return f"{who} draws {card_text(fields['card'])} from the turned stock (DP12)"
        return f"{who} draws from the stock"
    if kind == "take":
        return f"{who} takes {card_text(fields['card'])} from the discard pile"
    if kind == "discard":
        call = " and calls a show-down (RM14)" if fields.get("call") else ""
        return f"{who} discards {card_text(fields['card'])}{call}"
    if kind == "false_call":
        return (f"{who} calls with {fields['points']} points of deadwood, over the limit "
                f"(RM24): the hand shown is {cards_text(fields['cards'])}; the penalty is "
                f"{_per_seat(fields['penalty'])}, and play goes on")
    if kind == "reshuffle":
        count = fields['cards'].bit_count()
        if fields.get("shuffled") is False:
            return (f"The stock is out: the discard pile, all but its top card, is turned "
                    f"face down as a new stock of {count} cards, its bottom card to be "
                    "drawn first (DP11)")
        return (f"The stock is out: the discard pile, all but its top card, is shuffled into "
                f"a new stock of {count} cards (RM25)")
    if kind == "show":
        melds = _melds_text(fields["melds"]) or "no meld"
        layoffs = _melds_text(fields.get("layoffs", ()))
        off = f", lays off {layoffs}" if layoffs else ""
        dead = cards_text(fields["deadwood"]) or "none"
        return (f"{who} shows {melds}{off}; deadwood {dead} ({fields['points']} points, "
                "RM16, RM17)")
    if kind == "settle":
        return f"The hand is settled: {_per_seat(fields['points'])} (RM18-RM23)"
    if kind == "hand_drawn":
        return _DRAWN.get(fields.get("reason"), _DRAWN[None])
    if kind == "out":
        splash = ", a splash: paid double" if fields.get("splash") else ""
        return f"{who} goes out{splash} (DP9): {_per_seat(fields['points'])}"
    if kind in (MELD, ADD, SHIFT):
        cards, low = _meld_of_text(fields["text"])
        now = laid_text(cards, low)
        index = fields["meld"]
        if kind == MELD:
            return f"{who} lays out meld {index}: {now}"
        if kind == ADD:
            return f"{who} adds {cards_text(fields['cards'])} to meld {index}: now {now}"
        joker = fields.get("joker")
        moved = card_text(joker) if joker is not None else "a joker"
        with_ = f" with {cards_text(fields['cards'])}" if fields.get("cards") else ""
        return f"{who} moves {moved} to the other end of meld {index}{with_}: now {now}"
    return kind.replace("_", " ").capitalize()
