"""The values of Double-Pack Rum's root moves in one world (DP1-DP11).

Each root move is played in the world by the engine and the hand played out by the greedy
rule (:mod:`solver.rummy.double_pack_playout`).  Moves that differ only in which copy of a
card they use (``7H`` or ``7H'``, DP1) or which joker from the hand (``JK1`` or ``JK2``)
leave the same hand and table up to the names of identical cards; the world's hidden
cards are drawn uniformly from the unseen ones (RM27) and the greedy rule plays identical
cards alike, so over the worlds they have the same value: one of them is played out and
its value given to all (:func:`twin_key`), which also spares their paired differences
the noise of a single world.  Every root move draws from the same queues of the world's
stock (:func:`solver.rummy.double_pack_playout.seat_queues`): a seat draws the same cards
whatever the root move, whoever takes from the pile.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from engine.rummy import SHIFT, Move, State, advance
from solver.rummy.double_pack_playout import play_out, seat_queues
from solver.value import own

__all__ = ["twin_key", "values"]

_JOKER = 104


def _same(card: int | None) -> int | None:
    """A card as any copy of it: the first pack's, or the first joker (DP1)."""
    if card is None:
        return None
    return _JOKER if card >= _JOKER else card % 52


def twin_key(move: Move) -> Hashable:
    """What a move does with the hand's cards, whichever copies it uses: moves with the
    same key have the same value over the worlds.  A shift keeps its joker's name (it is
    on the table, DP7); the cards from the hand are named as any copy."""
    cards = tuple(_same(c) for c in move.cards)
    joker = move.card if move.type == SHIFT else _same(move.card)
    return (move.type, joker, move.call, cards, move.target, move.low, _same(move.fill),
            _same(move.extend))


def values(world: State, moves: list[Move], player: int, horizon: int | None,
           worth: Callable[[Sequence[float], int], float] = own) -> tuple[list[float], int]:
    """The viewer's value of the end of the hand (``worth``, solver.value: his points)
    after each of ``moves`` in ``world`` (with no moves, of the position), and the turns
    played out."""
    if not moves:
        result, turns = play_out(world, horizon)
        return [worth(result, player)], turns
    queues = seat_queues(world)
    known: dict[Hashable, float] = {}
    row = []
    nodes = 0
    for move in moves:
        key = twin_key(move)
        value = known.get(key)
        if value is None:
            after, _ = advance(world, move)
            result, turns = play_out(after, horizon, queues)
            nodes += turns + 1
            value = known[key] = worth(result, player)
        row.append(value)
    return row, nodes
