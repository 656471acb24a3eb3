"""What a seat makes of the cards it cannot place, read from its log (docs/solver.md
"I Doubt It", "Holdings"): the counting rules (IDD9) forget a hand's seen cards once it
lays a claim that stands, and say nothing of a centre taken back, but a careful player
remembers both.

- A claim that stood most likely was of its rank (:data:`STOOD_TRUE`): it lies in the
  centre as a *lot* of that rank, and the seat that takes the centre back (ID6) or draws
  its top (ID9) likely holds it.
- A seat laying a claim spends what it likely held of the rank named first.
- The cards a seat saw go into a hand stay likely there once that hand lays a claim that
  stands, all but those of the rank named.

A lot is a guess, not a fact: ``size`` cards of ``rank`` lie there with ``chance``.
:func:`holdings` replays the log once per view (memoised) and mirrors the rules' own
record of seen cards as it goes (``known``, which it must equal: tested)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from engine.cards import FULL_DECK, cards_of, rank_of
from engine.i_doubt_it import Event, View
from solver.i_doubt_it.phase import late

__all__ = ["STOOD_TRUE", "Holdings", "Lot", "holdings"]

STOOD_TRUE = (0.896, 0.811)
"""How often a claim nobody doubted was true, before the last rounds and within them
(solver.i_doubt_it.phase.late; fitted with solver.i_doubt_it.model's TABLE)."""


class Lot(NamedTuple):
    """``size`` cards of ``rank`` lie in a place with ``chance``."""

    rank: int
    size: int
    chance: float


@dataclass
class _Layer:
    """One claim that stood in the centre (or the deal's rest at its bottom): its size,
    the lot it likely is (none: the seat's own, whose cards it knows, or the rest), and
    the seat's own cards, in the order they lie (the top last, ID9)."""

    size: int
    lot: Lot | None = None
    own: list[int] = field(default_factory=list)


class Holdings(NamedTuple):
    """A view's lots: by seat (the viewer's own empty) and the centre's; and the seen
    cards the replay mirrors (equal to the view's ``known``)."""

    seats: tuple[tuple[Lot, ...], ...]
    centre: tuple[Lot, ...]
    known: tuple[int, ...]
    doubted: tuple[tuple[tuple[int, int], ...], ...]
    """By seat and phase (solver.i_doubt_it.phase.late): its claims doubted, and how many
    of them were true."""


def _spend(lots: list[Lot], rank: int, k: int) -> list[Lot]:
    """``lots`` after laying ``k`` named ``rank``: up to ``k`` of the rank's likeliest
    cards laid (a player holding them lays them: he has no cause to bluff)."""
    out: list[Lot] = []
    for lot in sorted(lots, key=lambda lot: (lot.rank != rank, -lot.chance)):
        used = min(lot.size, k) if lot.rank == rank else 0
        k -= used
        if lot.size > used:
            out.append(lot._replace(size=lot.size - used))
    return out


def _shown(lots: list[Lot], cards: int) -> list[Lot]:
    """``lots`` less the cards turned up (they were likely those of their rank)."""
    out = list(lots)
    for card in cards_of(cards):
        rank = rank_of(card)
        for i, lot in enumerate(out):
            if lot.rank == rank:
                out[i] = lot._replace(size=lot.size - 1)
                break
    return [lot for lot in out if lot.size > 0]


def _merged(lots: list[Lot]) -> list[Lot]:
    """The same lots, those of one rank and chance summed."""
    counts: dict[tuple[int, float], int] = {}
    for lot in lots:
        key = (lot.rank, round(lot.chance, 3))
        counts[key] = counts.get(key, 0) + lot.size
    return [Lot(r, n, c) for (r, c), n in counts.items() if n > 0]


@lru_cache(maxsize=512)
def _replay(player: int, seats: int, log: tuple[Event, ...]) -> Holdings:
    lots: list[list[Lot]] = [[] for _ in range(seats)]
    known = [0] * seats
    sizes = [52 // seats] * seats
    centre = [_Layer(52 % seats)]
    claims = 0
    doubted = [[[0, 0], [0, 0]] for _ in range(seats)]
    pending: Event | None = None
    for event in log:
        s = event.player
        if event.type == "claim":
            pending, claims = event, claims + 1
            sizes[s] -= event.size
        elif event.type == "centre" and pending is not None:
            k, rank = pending.size, pending.rank
            if s == player:
                centre.append(_Layer(k, own=list(cards_of(pending.cards or 0))))
            else:
                true = STOOD_TRUE[late(claims - 1, seats)]
                before = sizes[s] + k
                seen = [Lot(rank_of(c), 1, 1.0) for c in cards_of(known[s])]
                named = sum(lot.size for lot in seen if lot.rank == rank)
                stay = 1.0 - (1.0 - true) * min(1.0, k / max(1, before - named))
                kept = [lot if lot.rank == rank else lot._replace(chance=lot.chance * stay)
                        for lot in lots[s] + seen]
                lots[s] = _merged(_spend(kept, rank, k))
                known[s] = 0
                centre.append(_Layer(k, Lot(rank, k, true)))
            pending = None
        elif event.type == "reveal":
            shown, taker = event.cards or 0, event.taker
            if taker is None:
                continue
            tally = doubted[s][late(claims - 1, seats)]
            tally[0] += 1
            tally[1] += bool(event.true)
            lots[s] = _shown(lots[s], shown & ~known[s])
            if s not in (player, taker):
                known[s] &= ~shown
            sizes[taker] += event.size
            if taker != player:
                mine = sum(1 << c for layer in centre for c in layer.own)
                known[taker] |= shown | mine
                lots[taker] = _merged(lots[taker] + [
                    layer.lot for layer in centre if layer.lot is not None])
            centre, pending = [], None
        elif event.type == "draw":
            sizes[s] += event.size
            short = event.size
            while short and centre:
                top = centre[-1]
                n = min(short, top.size)
                short -= n
                if s != player:
                    known[s] |= sum(1 << c for c in top.own[len(top.own) - n:])
                    if top.lot is not None:
                        lots[s] = _merged(lots[s] + [top.lot._replace(size=n)])
                top.size -= n
                if top.own:
                    del top.own[len(top.own) - n:]
                if top.lot is not None:
                    top.lot = top.lot._replace(size=top.size)
                if not top.size:
                    centre.pop()
    lots[player] = []
    return Holdings(tuple(tuple(row) for row in lots),
                    tuple(layer.lot for layer in centre if layer.lot is not None),
                    tuple(k & FULL_DECK for k in known),
                    tuple(((e[0], e[1]), (f[0], f[1])) for e, f in doubted))


def holdings(view: View) -> Holdings:
    """The view's lots (module doc)."""
    return _replay(view.player, view.seats, view.log)
