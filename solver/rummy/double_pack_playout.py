"""Double-Pack Rum playouts: the rest of a hand played by the greedy rule
(:mod:`solver.rummy.double_pack_policy`) for every seat, through the engine's own
:func:`engine.rummy.advance`, so that going out, the splash, the reshuffle and the
settlement are the engine's (DP3-DP11); a hand not over after a horizon of turns is valued
by :func:`estimate`.

The estimate is a linear fit to greedy self-play (``python bench/double_pack_fit.py``):
a seat's points at the end of the hand regressed, at every turn of 400 two-seat greedy
hands (game seeds 10000-10399), on the others' mean pips in hand less its own (DP9), the
others' mean number of cards less its own, and whether it moves next (+1) or not (-1):
11,788 observations, R^2 0.184.  The count of cards carries the fit (a card is some
three points); the pips, given the cards, next to nothing.

**Draws by seat** (:func:`seat_queues`).  The world's stock is dealt out in advance, one
card to each seat in turn from the next seat to draw: a seat's ``k``-th draw of the
playout is the ``k``-th card of its own queue, whoever took from the pile meanwhile (RM7).
With one stock in order, a single take shifts every later draw to the other seat, and two
root moves that differ only in whether someone takes (the viewer's draw or take, a discard
the next seat takes or not) are then played out with different cards altogether.  Which
cards a seat draws is still a uniform draw without replacement from the unseen cards (the
choice of the next card does not look at them), so every value keeps its expectation; the
paired differences between root moves (common random numbers) lose most of that noise.
Once the pile has been turned into the stock its order is public (DP11, DP12), the same in
every world: it is then drawn as it lies, whoever takes.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rummy import DISCARD, DRAW, State, advance, hand_pips
from solver.rummy.double_pack_policy import greedy_choice

__all__ = ["FIT", "estimate", "play_out", "seat_queues"]

FIT = (-0.0371, 3.13, 1.96)
"""Slopes on the pips difference and the card-count difference, and the value of moving
next (fitted by bench/double_pack_fit.py)."""


_PIPS: dict[int, int] = {}


def _pips(hand: int) -> int:
    """:func:`engine.rummy.hand_pips`, memoized (a pure function of the hand)."""
    known = _PIPS.get(hand)
    if known is None:
        if len(_PIPS) >= 50_000:
            _PIPS.clear()
        known = _PIPS[hand] = hand_pips(hand)
    return known


def estimate(hands: Sequence[int], scores: Sequence[int], to_move: int) -> tuple[float, ...]:
    """Each seat's expected points at the end of the hand from the hands now (DP9)."""
    pips_slope, cards_slope, tempo = FIT
    n = len(hands)
    pips = [_pips(h) for h in hands]
    cards = [h.bit_count() for h in hands]
    total_pips, total_cards = sum(pips), sum(cards)
    out = []
    for seat in range(n):
        others_pips = (total_pips - pips[seat]) / (n - 1)
        others_cards = (total_cards - cards[seat]) / (n - 1)
        lead = 1.0 if seat == to_move else -1.0 / (n - 1)
        out.append(scores[seat] + pips_slope * (others_pips - pips[seat])
                   + cards_slope * (others_cards - cards[seat]) + tempo * lead)
    return tuple(out)


def seat_queues(state: State) -> tuple[tuple[int, ...], ...]:
    """The stock of ``state`` dealt out to the seats in turn, from the next seat to draw
    (the seat to move if it has not drawn yet): each seat's draws in order (RM7)."""
    n = state.players
    first = state.to_move if state.phase == DRAW else (state.to_move + 1) % n
    queues: list[tuple[int, ...]] = [()] * n
    for i in range(n):
        queues[(first + i) % n] = state.stock[i::n]
    return tuple(queues)


def _next_draw(state: State, queue: tuple[int, ...], at: int) -> tuple[State, int]:
    """``state`` with the first card of ``queue`` from ``at`` on still in the stock put on
    top of it, and the place after that card (the stock as it is when the queue is spent,
    or after the reshuffle, DP11)."""
    stock = state.stock
    while at < len(queue):
        card = queue[at]
        at += 1
        if card in stock:
            i = stock.index(card)
            if i:
                state = state._replace(stock=(card, *stock[:i], *stock[i + 1:]))
            return state, at
    return state, at


def play_out(state: State, horizon: int | None = None,
             queues: tuple[tuple[int, ...], ...] | None = None
             ) -> tuple[tuple[float, ...], int]:
    """Every seat's points at the end of the hand from ``state`` with every seat playing
    the greedy rule, and the turns played (a turn ends with a discard or going out).  With
    a ``horizon``, a hand not over after that many turns is valued by :func:`estimate`.
    With ``queues`` (:func:`seat_queues`), each seat draws the next card of its queue."""
    turns = 0
    places = [0] * state.players
    while not state.game_over:
        move = greedy_choice(state.phase, state.hands[state.to_move], state.table, state.pile,
                             state.taken)
        if queues is not None and move.type == DRAW and state.turned_at is None:
            seat = state.to_move
            state, places[seat] = _next_draw(state, queues[seat], places[seat])
        state, _ = advance(state, move)
        if move.type == DISCARD or state.game_over:
            turns += 1
            if horizon is not None and turns >= horizon and not state.game_over:
                return estimate(state.hands, state.scores, state.to_move), turns
    return tuple(float(s) for s in state.returns()), turns
