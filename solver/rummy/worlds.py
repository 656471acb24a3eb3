"""The solver's worlds in rummy: world ``i`` of a seed, drawn and searched.

World ``i`` is :meth:`engine.rummy.View.resample` from :func:`world_rng` ``(seed, i)``: the
others' hands (the cards they are known to hold, RM27, and the rest uniformly from the
unseen cards), the stock's order and the seed of the reshuffle (RM25), so a world fixes
the whole future but the players' choices.  Each root move is played in the world by the
engine and the hand is then played out by the careful rule for every seat
(:mod:`solver.rummy.playout`); a call is settled exactly (RM16-RM23).
"""

from __future__ import annotations

import random

from engine.rummy import DISCARD, Move, State, View, advance, deadwood_points, false_call
from solver.rummy import double_pack_worlds
from solver.rummy.playout import play_out
from solver.rummy.policy import after_discards
from solver.value import value_at

__all__ = ["TURNS", "Worlds", "played_hands", "thrown_by", "turns_played", "world_rng"]

TURNS = 12
"""Most turns a world plays another seat's hand for (:func:`played_hands`)."""


def world_rng(seed: int, index: int) -> random.Random:
    """The random source of world ``index`` for ``seed``: worlds are independent of one
    another, so any range of them can be computed anywhere and merged."""
    return random.Random(f"rummy-solver/{seed}/{index}")


class Worlds:
    """The worlds of one view: :meth:`draw` world ``index``, :meth:`values` of its moves."""

    def __init__(self, view: View, horizon: int | None = None, played: bool = False) -> None:
        self.view = view
        self.horizon = horizon
        self.known = view.known
        self.turns = (turns_played(view) if played and not view.rules.lay_out
                      and view.rules.packs(view.players) == 1
                      and view.shown is None and view.stock is None else {})
        """The other seats whose hands a world plays, and how many turns each (one pack:
        with two, at four seats or more, the worlds stay uniform)."""
        self.thrown = thrown_by(view) if self.turns else {}
        self.worth = value_at(view).seat
        """The viewer's value of a hand's end (solver.value: a settlement's own points)."""
        self._false: dict[int, bool] = {}

    def draw(self, seed: int, index: int) -> State:
        """World ``index`` of ``seed``: a whole state with the viewer's view (RM27).

        With ``played``, each other hand is then played as the careful rule would have
        played it (:func:`played_hands`)."""
        rng = world_rng(seed, index)
        world = self.view.resample(rng)
        if not self.turns:
            return world
        return played_hands(world, self.known, self.turns, rng, self.thrown)

    def false_call(self, move: Move) -> bool:
        """Whether ``move`` calls over the limit (Poker Gin, RM24): known from the viewer's
        own hand."""
        if not move.call or move.card is None:
            return False
        known = self._false.get(move.card)
        if known is None:
            hand = self.view.hand & ~(1 << move.card)
            known = self._false[move.card] = deadwood_points(hand) > self.view.rules.call_limit
        return known

    def values(self, world: State, moves: list[Move]) -> tuple[list[float], int]:
        """The viewer's value (:attr:`worth`: his points) at the end of the hand after each
        of ``moves`` in ``world``
        (with no moves, of the position), and the turns played out.

        A call over the limit (RM24) is worth the same discard without the call less the
        penalty: the playout's rule pays no heed to the hand it shows, so that is exact."""
        player = self.view.player
        if self.view.rules.lay_out:  # Double-Pack Rum (DP1-DP11)
            return double_pack_worlds.values(world, moves, player, self.horizon, self.worth)
        if not moves:
            result, turns = play_out(world, self.horizon)
            return [self.worth(result, player)], turns
        plain: dict[int, float] = {}
        out: list[float | None] = []
        nodes = 0
        for move in moves:
            if self.false_call(move):
                out.append(None)
                continue
            after, _ = advance(world, move)
            result, turns = play_out(after, self.horizon)
            nodes += turns + 1
            value = self.worth(result, player)
            if move.type == DISCARD and move.card is not None and not move.call:
                plain[move.card] = value
            out.append(value)
        penalty = self.worth(false_call(world.rules, world.players, player), player)
        row = []
        for move, known in zip(moves, out, strict=True):
            if known is not None:
                row.append(known)
                continue
            assert move.card is not None
            if move.card not in plain:  # the plain discard is not a listed move
                after, _ = advance(world, move._replace(call=False))
                result, turns = play_out(after, self.horizon)
                nodes += turns + 1
                plain[move.card] = self.worth(result, player)
            row.append(plain[move.card] + penalty)
        return row, nodes



def turns_played(view: View) -> dict[int, int]:
    """The turns each other seat has played (its discards, RM7), at most :data:`TURNS`."""
    out: dict[int, int] = {}
    for played in view.history:
        if played.seat != view.player and played.type == DISCARD:
            out[played.seat] = min(TURNS, out.get(played.seat, 0) + 1)
    return out


def _at(place: int, suit: int) -> int:
    """The card of ``suit`` at a run's ``place`` 1..14 (the ace low or high)."""
    return 4 * ((1 if place == 14 else place) - 1) + suit


def _completions(card: int) -> list[tuple[int, int]]:
    """The pairs of cards that make a meld of three with ``card`` (RM10, RM11)."""
    rank, suit = card // 4 + 1, card % 4
    same = [4 * (rank - 1) + t for t in range(4) if t != suit]
    out = [(a, b) for i, a in enumerate(same) for b in same[i + 1:]]
    places = (1, 14) if rank == 1 else (rank,)
    for p in places:
        for lo, hi in ((p - 2, p - 1), (p - 1, p + 1), (p + 1, p + 2)):
            if lo >= 1 and hi <= 14:
                out.append((_at(lo, suit), _at(hi, suit)))
    return out


_MELDS = tuple(tuple(_completions(c)) for c in range(52))


def played_hands(world: State, known: tuple[int, ...], turns: dict[int, int],
                 rng: random.Random, discards: dict[int, int] | None = None) -> State:
    """``world`` with each other seat's hand made as the careful rule would have played it:
    each card it is known to have taken (RM27) in a meld with two of the unseen cards (the
    rule takes a card for a meld), then its ``turns`` played, a card drawn from the unseen
    cards (the world's stock) and the card leaving the least deadwood thrown back (RM12,
    RM14), never one the seat is known to hold; a card of the hand that would make a meld
    with one the seat threw away (``discards``, the seat's thrown cards as a mask: it would
    not have thrown it) is changed for another unseen card; then the stock is shuffled
    again.  A hand dealt uniformly holds far more deadwood than one played for some turns
    (about 61 against 43 at two seats, a dozen moves into Poker Rum): the others' hands are
    drawn as hands that were played, from the view's facts alone."""
    hands = list(world.hands)
    pool = list(world.stock)
    for seat, count in sorted(turns.items()):
        hand, keep = hands[seat], known[seat]
        for card in _cards_of(keep):
            if any(hand >> a & 1 and hand >> b & 1 for a, b in _MELDS[card]):
                continue
            free = set(pool)
            options = [(a, b) for a, b in _MELDS[card] if a in free and b in free]
            loose = _cards_of(hand & ~keep)
            if not options or len(loose) < 2:
                continue
            pair = options[rng.randrange(len(options))]
            for new in pair:
                old = loose.pop(rng.randrange(len(loose)))
                pool.remove(new)
                pool.append(old)
                hand = hand & ~(1 << old) | 1 << new
        for _ in range(count):
            if not pool:
                break
            drawn = pool.pop(rng.randrange(len(pool)))
            hand |= 1 << drawn
            after = after_discards(hand)
            thrown = min((c for c in after if not keep >> c & 1),
                         key=lambda c: (after[c], -c))
            hand &= ~(1 << thrown)
            pool.append(thrown)
        thrown_mask = (discards or {}).get(seat, 0)
        for card in _cards_of(thrown_mask):
            for a, b in _MELDS[card]:
                if hand >> a & 1 and hand >> b & 1 and pool:
                    out = b if not keep >> b & 1 else a
                    if keep >> out & 1:
                        continue
                    new = pool.pop(rng.randrange(len(pool)))
                    pool.append(out)
                    hand = hand & ~(1 << out) | 1 << new
        hands[seat] = hand
    rng.shuffle(pool)
    return world._replace(hands=tuple(hands), stock=tuple(pool))


def _cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def thrown_by(view: View) -> dict[int, int]:
    """Each other seat's discards so far, as a mask (RM27: the pile is public)."""
    out: dict[int, int] = {}
    for played in view.history:
        if played.seat != view.player and played.type == DISCARD and played.card is not None:
            out[played.seat] = out.get(played.seat, 0) | 1 << played.card
    return out
