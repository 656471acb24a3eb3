"""Playouts: the rest of a hand played by the careful rule (:mod:`solver.rummy.careful`) for
every seat, on a lean copy of a whole state, and its exact result.

The playout follows the engine move for move (RM7, RM8, RM14, RM22, RM25): the draws come
from the state's stock in order, the reshuffle of RM25 is the engine's from the state's
seed, and a call is settled by the engine (:func:`engine.rummy.settle`; Poker Gin's
lay-offs by :func:`engine.rummy.arrange`, as :func:`engine.rummy.show_down` lays them,
RM21), so a playout that reaches the show-down gives exactly the points the engine
would (tests/solver/rummy/test_playout.py).
"""

from __future__ import annotations

from engine.rummy import DISCARD, State, arrange, reshuffle, settle
from solver.rummy.careful import careful_takes
from solver.rummy.evaluation import estimate
from solver.rummy.policy import greedy_call, greedy_discard, points

__all__ = ["play_out", "showdown_points"]

_CACHE_SIZE = 50_000
_LAID: dict[int, tuple[int, ...]] = {}
_OFF: dict[tuple[int, tuple[int, ...]], int] = {}


def _caller_melds(hand: int) -> tuple[int, ...]:
    """The melds the caller lays out (RM16, RM13), memoized."""
    known = _LAID.get(hand)
    if known is None:
        if len(_LAID) >= _CACHE_SIZE:
            _LAID.clear()
        known = _LAID[hand] = arrange(hand).melds
    return known


def _laid_off(hand: int, onto: tuple[int, ...]) -> int:
    """The deadwood of ``hand`` laying off on ``onto`` (RM21), memoized."""
    key = (hand, onto)
    known = _OFF.get(key)
    if known is None:
        if len(_OFF) >= _CACHE_SIZE:
            _OFF.clear()
        known = _OFF[key] = arrange(hand, onto).points
    return known


def showdown_points(state: State, hands: list[int], caller: int,
                    scores: list[int]) -> tuple[int, ...]:
    """Every seat's points after ``caller`` calls with ``hands`` (RM16-RM23), the earlier
    penalties ``scores`` (RM24) included."""
    rules = state.rules
    if rules.layoffs:  # as engine.rummy.show_down lays them out
        onto = _caller_melds(hands[caller])
        counts = [points(h) if s == caller else _laid_off(h, onto)
                  for s, h in enumerate(hands)]
    else:
        counts = [points(h) for h in hands]
    settled = settle(rules, counts, caller)
    return tuple(a + b for a, b in zip(scores, settled, strict=True))


def play_out(state: State, horizon: int | None = None) -> tuple[tuple[float, ...], int]:
    """Every seat's points at the end of the hand from ``state`` with every seat playing the
    careful rule, and the turns played.  A drawn hand (RM25) pays only the penalties.  With
    a ``horizon``, a hand not over after that many turns is valued by
    :func:`solver.rummy.evaluation.estimate`."""
    if state.game_over:
        return state.returns(), 0
    rules = state.rules
    n = state.players
    hands = list(state.hands)
    stock = list(state.stock)
    pile = list(state.pile)
    scores = list(state.scores)
    reshuffled = state.reshuffled
    seat = state.to_move
    dead = [0 if (s == seat and state.phase == DISCARD) else points(h)
            for s, h in enumerate(hands)]
    drawing = state.phase != DISCARD
    taken = state.taken
    pos = 0
    turns = 0
    while True:
        hand = hands[seat]
        if drawing:
            if pile and careful_takes(hand, pile[-1]):
                taken = pile.pop()
                hand |= 1 << taken
            else:
                taken = None
                hand |= 1 << stock[pos]
                pos += 1
        drawing = True
        card, after = greedy_discard(hand, taken)
        hands[seat] = hand & ~(1 << card)
        dead[seat] = after
        pile.append(card)
        turns += 1
        if greedy_call(rules, after):
            return showdown_points(state, hands, seat, scores), turns
        if pos == len(stock):  # RM25
            if reshuffled or len(pile) < 2:
                return tuple(scores), turns
            stock, pos, reshuffled = list(reshuffle(state.seed, pile[:-1])), 0, True
            pile = pile[-1:]
        seat = (seat + 1) % n
        if horizon is not None and turns >= horizon:
            return estimate(rules, dead, scores, seat), turns
