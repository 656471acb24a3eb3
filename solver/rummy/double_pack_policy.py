"""The greedy rule of Double-Pack Rum (docs/rules/rummy.md DP3-DP10), shared by the greedy
bot and the search's playouts.

* Draw (RM7): take the pile's top card when one of the lay-outs below would use it at
  once (added to a meld on the table, DP5, or a meld with cards of the hand, DP4); else
  draw.
* Lay out (DP3-DP7) while anything fits: of a new meld of every natural card of a rank
  (three or more), a new run of the longest stretch of naturals of a suit, an addition of
  naturals to a meld on the table (all of its rank, or the whole block at one end of a
  run), and a new meld of two naturals and one joker, the move laying the most natural
  cards, then the most pips.  A joker is never added alone, nor shifted (DP7).
* Discard (RM8, DP10): the card least tied to the rest of the hand: most pips, less for
  each other card of its rank and each card of its suit within two places, a card that
  fits the table kept (a joker only when nothing else is left).

Every choice depends only on the mover's hand, the table and the pile (RM27, DP12).  The
rule writes its own lay-outs (:func:`lay_out_moves`), a few from the best stretches
rather than every one the engine lists, so that a playout's turn costs little; each is
legal (tests/solver/rummy/test_double_pack.py checks them against the engine's list).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rummy import (
    ADD,
    DISCARD,
    DRAW,
    MELD,
    SHIFT,
    TAKE,
    Laid,
    Move,
    Played,
    View,
    pip,
    rank_of,
    suit_of,
)

__all__ = ["SPLASH_HOLD", "discard_badness", "greedy_choice", "greedy_discard",
           "greedy_lay_out", "greedy_move", "greedy_takes", "lay_out_moves", "left_after_lay_outs",
           "splash_move"]

_JOKER = 104
"""The first joker's id (engine.rummy.cards): ids from here on are jokers."""
_SET_WEIGHT = 8
"""Pips a card of the same rank in hand takes off a card's badness (the discard)."""
_RUN_WEIGHT = 5
"""Pips a card of its suit within two places takes off a card's badness."""
_STUCK_JOKER = 100
"""A joker's badness: below every natural card's, so it is kept."""


def _positions(card: int) -> tuple[int, ...]:
    rank = rank_of(card)
    return (1, 14) if rank == 1 else (rank,)


def _sort_key(card: int) -> tuple[int, int]:
    """The engine's order of cards in a set (rank, suit, pack; jokers last)."""
    return (card % 52 if card < _JOKER else card, card // 52)


_RANK = tuple(rank_of(c) for c in range(_JOKER))
_SUIT = tuple(suit_of(c) for c in range(_JOKER))
_PLACES = tuple(_positions(c) for c in range(_JOKER))
_PIP = tuple(pip(c) for c in range(_JOKER))
_CACHE_SIZE = 50_000
_HANDS: dict[int, _Hand] = {}


class _Hand:
    """A hand by rank and by place: ``ranks[r]`` its naturals of rank ``r``, ``rows[suit]``
    the places (bits 1..14) its naturals of ``suit`` may stand at in a run, ``cells`` the
    naturals at each ``suit * 16 + place``, and its jokers."""

    __slots__ = ("cells", "jokers", "ranks", "rows")

    def __init__(self, hand: int) -> None:
        self.ranks: dict[int, list[int]] = {}
        self.rows = [0, 0, 0, 0]
        self.cells: dict[int, list[int]] = {}
        self.jokers: list[int] = []
        mask = hand
        while mask:
            low = mask & -mask
            card = low.bit_length() - 1
            mask ^= low
            if card >= _JOKER:
                self.jokers.append(card)
                continue
            self.ranks.setdefault(_RANK[card], []).append(card)
            suit = _SUIT[card]
            for place in _PLACES[card]:
                self.rows[suit] |= 1 << place
                self.cells.setdefault(suit << 4 | place, []).append(card)

    @staticmethod
    def of(hand: int) -> _Hand:
        """The hand's shape, memoized (a pure function of the cards)."""
        known = _HANDS.get(hand)
        if known is None:
            if len(_HANDS) >= _CACHE_SIZE:
                _HANDS.clear()
            known = _HANDS[hand] = _Hand(hand)
        return known

    def cell(self, suit: int, place: int) -> list[int]:
        """The hand's naturals that may stand at ``place`` of a run of ``suit``."""
        return self.cells.get(suit << 4 | place, [])


def _block(h: _Hand, suit: int, places: range) -> tuple[int, ...] | None:
    """One natural card for each place, no card twice (an ace stands at 1 or 14)."""
    out: list[int] = []
    for place in places:
        free = [c for c in h.cell(suit, place) if c not in out]
        if not free:
            return None
        out.append(free[0])
    return tuple(out)


def _stretches(row: int) -> list[tuple[int, int]]:
    """The maximal stretches ``(low, high)`` of places held, three long or more."""
    out: list[tuple[int, int]] = []
    if not row & row >> 1 & row >> 2:
        return out
    place = 1
    while place <= 14:
        if not row >> place & 1:
            place += 1
            continue
        end = place
        while end < 14 and row >> (end + 1) & 1:
            end += 1
        if end - place >= 2:
            out.append((place, end))
        place = end + 1
    return out


def lay_out_moves(hand: int, table: Sequence[Laid]) -> list[Move]:
    """The lay-outs the greedy rule chooses among (DP4, DP5): see the module's text."""
    h = _Hand.of(hand)
    moves: list[Move] = []
    for naturals in h.ranks.values():
        if len(naturals) >= 3:
            moves.append(Move(MELD, cards=tuple(sorted(naturals, key=_sort_key))))
    for suit, row in enumerate(h.rows):
        for first, high in _stretches(row):
            start = first
            cards = _block(h, suit, range(start, high + 1))
            if cards is None and start == 1:  # one ace for both ends: leave it at the top
                start = 2
                cards = _block(h, suit, range(start, high + 1)) if high - start >= 2 else None
            if cards is not None:
                moves.append(Move(MELD, cards=cards, low=start))
    for index, laid in enumerate(table):
        if laid.kind == "set":
            same = h.ranks.get(laid.key)
            if same:
                moves.append(Move(ADD, cards=tuple(sorted(same, key=_sort_key)), target=index))
            continue
        row = h.rows[laid.key]
        high = laid.high
        while high < 14 and row >> (high + 1) & 1:
            high += 1
        if high > laid.high:
            cards = _block(h, laid.key, range(laid.high + 1, high + 1))
            if cards is not None:
                moves.append(Move(ADD, cards=cards, target=index, low=laid.high + 1))
        low = laid.low
        while low > 1 and row >> (low - 1) & 1:
            low -= 1
        if low < laid.low:
            cards = _block(h, laid.key, range(low, laid.low))
            if cards is not None:
                moves.append(Move(ADD, cards=cards, target=index, low=low))
    if h.jokers:
        moves += _joker_melds(h, h.jokers[0])
    return moves


def _joker_melds(h: _Hand, joker: int) -> list[Move]:
    """New melds of two naturals and ``joker`` (DP4): a pair and the joker, or two cards of
    a suit one or two places apart and the joker between or beside them."""
    moves = []
    for naturals in h.ranks.values():
        if len(naturals) == 2:
            moves.append(Move(MELD, cards=(*sorted(naturals, key=_sort_key), joker)))
    for suit, row in enumerate(h.rows):
        if not row & (row >> 1 | row >> 2):
            continue
        for place in range(1, 14):
            if not row >> place & 1:
                continue
            here = h.cell(suit, place)[0]
            if row >> (place + 1) & 1:
                nxt = h.cell(suit, place + 1)[0]
                if place + 2 <= 14:
                    moves.append(Move(MELD, cards=(here, nxt, joker), low=place))
                else:
                    moves.append(Move(MELD, cards=(joker, here, nxt), low=place - 1))
            if place + 2 <= 14 and row >> (place + 2) & 1:
                beyond = h.cell(suit, place + 2)[0]
                if beyond != here:
                    moves.append(Move(MELD, cards=(here, joker, beyond), low=place))
    return moves


def greedy_takes(hand: int, top: int, table: Sequence[Laid]) -> bool:
    """Whether the rule takes ``top`` from the pile (RM7): it would lay something out with
    it that it could not without it."""
    return _best(lay_out_moves(hand | 1 << top, table), top) is not None


def _best(moves: Sequence[Move], needing: int | None = None) -> Move | None:
    """The move laying the most naturals, then the most pips (then the smallest id); with
    ``needing``, of the moves that lay that card."""
    best: Move | None = None
    best_key: tuple[int, int] = (0, 0)
    for move in moves:
        if needing is not None and needing not in move.cards:
            continue
        naturals = [c for c in move.cards if c < _JOKER]
        key = (len(naturals), sum(_PIP[c] for c in naturals))
        if best is None or key > best_key or (key == best_key and move.id < best.id):
            best, best_key = move, key
    return best


def greedy_lay_out(hand: int, table: Sequence[Laid]) -> Move | None:
    """The lay-out the rule plays now, or ``None`` (DP3-DP5)."""
    return _best(lay_out_moves(hand, table))


def discard_badness(card: int, h: _Hand, table: Sequence[Laid]) -> int:
    """How gladly the rule throws ``card`` away: its pips, less for each tie to the rest
    of the hand; a card that fits the table, or a joker, is kept."""
    if card >= _JOKER:
        return -_STUCK_JOKER
    rank, suit = _RANK[card], _SUIT[card]
    score = _PIP[card] - _SET_WEIGHT * (len(h.ranks[rank]) - 1)
    row = h.rows[suit]
    for p in _PLACES[card]:
        for q in (p - 2, p - 1, p + 1, p + 2):
            if 1 <= q <= 14 and row >> q & 1:
                score -= _RUN_WEIGHT
    for laid in table:
        if laid.kind == "set":
            fits = laid.key == rank
        else:
            fits = laid.key == suit and any(p in (laid.low - 1, laid.high + 1)
                                            for p in _PLACES[card])
        if fits:
            score -= 2 * _SET_WEIGHT
            break
    return score


def greedy_discard(hand: int, table: Sequence[Laid], taken: int | None) -> int:
    """The card the rule discards (RM8: never the card just taken, unless it is the last,
    DP10); of equals the highest id."""
    if hand.bit_count() == 1:
        return hand.bit_length() - 1
    h = _Hand.of(hand)
    best, best_key = -1, (0, 0)
    mask = hand
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        if card == taken:
            continue
        key = (discard_badness(card, h, table), card)
        if best < 0 or key > best_key:
            best, best_key = card, key
    return best


def greedy_choice(phase: str, hand: int, table: Sequence[Laid], pile: Sequence[int],
                  taken: int | None) -> Move:
    """The rule's move for the seat to move, from its hand, the table and the pile."""
    if phase == DRAW:
        if pile and greedy_takes(hand, pile[-1], table):
            return Move(TAKE)
        return Move(DRAW)
    lay = greedy_lay_out(hand, table)
    if lay is not None:
        return lay
    return Move(DISCARD, greedy_discard(hand, table, taken))


def greedy_move(view: View) -> Move:
    """The greedy rule's move for the viewer, who is to move."""
    return greedy_choice(view.phase, view.hand, view.table, view.pile, view.taken)


SPLASH_HOLD = 3
"""Most cards a hand may keep after its lay-outs for the splash rule to hold them back."""


def left_after_lay_outs(hand: int, table: Sequence[Laid]) -> int:
    """The cards left in ``hand`` once the rule has laid out all it would this turn, the
    table taken as it is (DP3-DP5; a block added to a meld laid this turn is not seen)."""
    while True:
        lay = greedy_lay_out(hand, table)
        if lay is None:
            return hand.bit_count()
        for card in lay.cards:
            hand &= ~(1 << card)


def _has_laid(history: Sequence[Played], seat: int) -> bool:
    return any(p.seat == seat and p.type in (MELD, ADD, SHIFT) for p in history)


def splash_move(view: View) -> Move:
    """The greedy rule held back for a splash (DP9: going out with nothing laid out in an
    earlier turn is paid double): a seat that has laid out nothing yet in the hand and
    would keep two or three cards (``SPLASH_HOLD``) after all its lay-outs this turn lays
    nothing and discards, to go out at once, doubled, on a later turn; otherwise the greedy
    rule's move.  Measured against the greedy rule itself, +1.9 points a pair (docs/solver.md
    "Double-Pack Rum").  The solver ranks this move first unless the search beats it
    (``prior_z``); the playouts keep the greedy rule for every seat."""
    move = greedy_move(view)
    if (view.phase == DISCARD and move.type != DISCARD
            and not _has_laid(view.history, view.player)
            and 1 < left_after_lay_outs(view.hand, view.table) <= SPLASH_HOLD):
        return Move(DISCARD, greedy_discard(view.hand, view.table, view.taken))
    return move
