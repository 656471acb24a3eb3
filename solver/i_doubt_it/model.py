"""How likely a claim is true, from one seat's view (docs/solver.md "I Doubt It"): exact
counting where it decides (the seat's own cards and the cards it saw placed leave too few
of the rank: impossible), otherwise Bayes over the number ``x`` of the rank the claimer
held before laying, its prior the hypergeometric count of the cards the seat cannot place,
weighted by a model of how players claim, fitted on the bots' self-play (:data:`TABLE`,
``python -m solver.i_doubt_it.fit``)."""

from __future__ import annotations

from itertools import product
from math import comb

from engine.i_doubt_it import View
from engine.i_doubt_it.state import rank_mask_of
from solver.i_doubt_it.holdings import Holdings, Lot, holdings
from solver.i_doubt_it.phase import HORIZON_CLAIMS, HORIZON_ROUNDS, late

__all__ = ["COUNTED", "DOUBT_RATE", "HORIZON_CLAIMS", "HORIZON_ROUNDS", "TABLE", "Table", "bucket",
           "claim_true", "counted_chance", "counting_doubts", "held_prior", "late",
           "seen_of_rank"]

BUCKETS = (5, 12)
"""The claimer's hand before laying: up to 5 cards, 6 to 12, 13 or more."""
Table = dict[tuple[int, int], tuple[tuple[float, float], ...]]
"""(phase, bucket) to a row of ``(L, T)`` by ``x``: :data:`TABLE`'s shape."""
TABLE: Table = {
    (0, 0): ((0.146, 0.0), (2.388, 0.0), (5.245, 0.0), (13.0, 1.0), (13.0, 1.0)),
    (0, 1): ((0.038, 0.0), (1.217, 0.0), (2.373, 0.0), (11.822, 1.0), (12.261, 1.0)),
    (0, 2): ((0.009, 0.0), (0.211, 0.0), (0.438, 0.0), (5.728, 1.0), (8.333, 1.0)),
    (1, 0): ((0.075, 0.0), (2.474, 0.0), (4.935, 0.0), (10.833, 1.0), (13.0, 1.0)),
    (1, 1): ((0.028, 0.0), (1.371, 0.0), (2.033, 0.0), (8.452, 0.892), (9.336, 0.62)),
    (1, 2): ((0.0, 0.0), (0.231, 0.0), (0.477, 0.0), (4.285, 0.85), (6.574, 0.772)),
}
"""By phase (:func:`late`) and :func:`bucket`, then by ``x`` (0..4): ``(L, T)``, how much
likelier a claim names a rank of which its claimer held ``x`` than a rank drawn at random
(L), and how often such a claim is true (T).  Fitted by
``python -m solver.i_doubt_it.fit --games 120 --seed 1`` (its output pasted)."""
DOUBT_RATE = (0.036, 0.28)
"""How often a speaker doubts a claim it cannot disprove, and one whose chance it counts
below :data:`UNLIKELY` (fitted with :data:`TABLE`)."""
UNLIKELY = 0.15
DOUBTED_TRUE = (0.071, 0.17)
"""How often a claim doubted was true, by phase (fitted with :data:`TABLE`)."""
PSEUDO_DOUBTS = 4
"""How many doubts of the fitted players' a claimer's own doubted claims weigh against."""


def bucket(size: int) -> int:
    return sum(size > b for b in BUCKETS)


def seen_of_rank(view: View, rank: int, claimer: int) -> tuple[int, int, int]:
    """Of ``rank``'s four cards: how many the seat saw go where the claimer cannot have
    them, how many it saw with the claimer (in hand or claim), how many it cannot place."""
    mask = rank_mask_of(rank)
    away = view.hand | view.centre_known
    for s, known in enumerate(view.known):
        if s != claimer:
            away |= known
    with_claimer = view.known[claimer] & mask
    return (away & mask).bit_count(), with_claimer.bit_count(), (view.unseen() & mask
                                                                 ).bit_count()


def held_prior(view: View, rank: int, claimer: int, size: int,
               lots: Holdings | None = None) -> list[float]:
    """P(the claimer held ``x`` of ``rank`` before laying), x = 0..4: the cards the seat saw
    with it, and a draw of the rest of its hand from the cards the seat cannot place:
    uniform (hypergeometric), or, given the view's ``lots`` (solver.i_doubt_it.holdings),
    with each lot of the rank there or not by its chance and the likely cards of other
    ranks set aside."""
    _away, sure, free_rank = seen_of_rank(view, rank, claimer)
    unseen = view.unseen().bit_count()
    slots = size - view.known[claimer].bit_count()
    prior = [0.0] * 5
    if slots < 0 or unseen < slots:
        prior[sure] = 1.0
        return prior
    if lots is None:
        _draw(prior, sure, free_rank, unseen, slots, 1.0)
        return prior
    ours, theirs, others, away_other = _lots_of(view, rank, claimer, slots, lots)
    for present in product((False, True), repeat=len(ours) + len(theirs)):
        weight, a, b = 1.0, 0, 0
        for i, lot in enumerate(ours + theirs):
            weight *= lot.chance if present[i] else 1.0 - lot.chance
            if present[i] and i < len(ours):
                a += lot.size
            elif present[i]:
                b += lot.size
        a = min(a, free_rank, slots)
        b = min(b, free_rank - a)
        for held, share in enumerate(others):
            if share < 1e-4:
                continue
            other = min(held, slots - a)
            pool = unseen - a - b - other - min(away_other, unseen - slots - b)
            rest = slots - a - other
            pool = max(pool, rest, free_rank - a - b)
            _draw(prior, sure + a, free_rank - a - b, pool, rest, weight * share)
    return prior


def _draw(prior: list[float], sure: int, free: int, pool: int, slots: int,
          weight: float) -> None:
    """Add ``weight`` times the hypergeometric chances of ``sure`` plus how many of
    ``free`` cards of the rank ``slots`` cards drawn from ``pool`` hold."""
    total = comb(pool, slots)
    for extra in range(min(free, slots) + 1):
        prior[sure + extra] += weight * comb(free, extra) * comb(pool - free,
                                                                 slots - extra) / total


def _lots_of(view: View, rank: int, claimer: int, slots: int, lots: Holdings
             ) -> tuple[list[Lot], list[Lot], list[float], int]:
    """The lots of ``rank`` with the claimer and elsewhere (the weightiest :data:`LOTS`);
    the chances of how many cards of other ranks the claimer's lots hold (each there or
    not by its chance); and how many of other ranks the lots elsewhere likely hold
    (rounded). The lots are guesses: the claimer's chances are scaled down where they
    would fill more than its ``slots``, and those of a rank where they would place more
    of it than the seat cannot place."""
    ours: list[Lot] = []
    theirs: list[Lot] = []
    others: list[Lot] = []
    unseen = view.unseen()
    placed: dict[int, float] = {}
    places = [*((s, row) for s, row in enumerate(lots.seats)), (-1, lots.centre)]
    for s, row in places:
        for lot in row:
            if lot.rank == rank:
                (ours if s == claimer else theirs).append(lot)
            else:
                if s == claimer:
                    others.append(lot)
                placed[lot.rank] = placed.get(lot.rank, 0.0) + lot.size * lot.chance
    cap = {r: min(1.0, (unseen & rank_mask_of(r)).bit_count() / n) for r, n in placed.items()}
    others = [lot._replace(chance=lot.chance * cap[lot.rank]) for lot in others]
    held = sum(lot.size * lot.chance for lot in ours + others)
    if held > slots:
        ours = [lot._replace(chance=lot.chance * slots / held) for lot in ours]
        others = [lot._replace(chance=lot.chance * slots / held) for lot in others]
    chances = [1.0]
    for lot in others:
        grown = [0.0] * (len(chances) + lot.size)
        for n, p in enumerate(chances):
            grown[n] += p * (1 - lot.chance)
            grown[n + lot.size] += p * lot.chance
        chances = grown
    away = sum(n * cap[r] for r, n in placed.items()) - sum(lot.size * lot.chance
                                                             for lot in others)
    weightiest = sorted([(lot, True) for lot in ours] + [(lot, False) for lot in theirs],
                        key=lambda pair: -pair[0].size * pair[0].chance)[:LOTS]
    return ([lot for lot, m in weightiest if m], [lot for lot, m in weightiest if not m],
            chances, round(max(0.0, away)))


LOTS = 6
"""The most lots of one rank a prior weighs (each there or not: 2 ** LOTS cases)."""


def claim_true(view: View) -> float:
    """P(the claim lying face down is true), from ``view`` (a speaker's or anyone's):
    0 when the seat's own cards and those it saw placed make it impossible."""
    if not view.laid:
        raise ValueError("no claim lies face down")
    claimer, k, rank = view.claimer, view.laid, view.rank
    if view.player == claimer:
        from engine.i_doubt_it.state import truthful
        return 1.0 if truthful(view.own_claim, rank) else 0.0
    away, _sure, _free = seen_of_rank(view, rank, claimer)
    if 4 - away < k:
        return 0.0
    size = view.hand_sizes[claimer] + k
    lots = holdings(view)
    prior = held_prior(view, rank, claimer, size, lots)
    phase = late(view.claims - 1, view.seats)
    row = TABLE[phase, bucket(size)]
    num = sum(prior[x] * row[x][0] * row[x][1] for x in range(k, 5))
    den = sum(prior[x] * row[x][0] for x in range(5))
    if den <= 0 or num <= 0:
        return 0.0
    if num >= den:
        return 1.0
    return _adapted(num / den, DOUBTED_TRUE[phase], *lots.doubted[claimer][phase])


def _adapted(p: float, base: float, doubted: int, true: int) -> float:
    """``p`` for a claimer of whose claims in this phase ``doubted`` were doubted and
    ``true`` of them proved true: its odds scaled by how much likelier the claimer's doubted
    claims were true than the fitted players' (``base``, :data:`DOUBTED_TRUE`; the
    claimer's rate shrunk toward it by :data:`PSEUDO_DOUBTS` doubts)."""
    rate = (true + PSEUDO_DOUBTS * base) / (doubted + PSEUDO_DOUBTS)
    scale = rate / (1 - rate) * (1 - base) / base
    odds = p / (1 - p) * scale
    return odds / (1 + odds)


COUNTED = (0.02, 0.5)
"""The counting bot's doubts: a claim whose chance, counted, is below the first, or a claim
of the claimer's last cards below the second."""


def counted_chance(view: View) -> float:
    """P(the claimer held enough of the rank), counting only (uniform over what the seat
    cannot place): the counting bot's measure of how likely a claim is; 0 when the cards
    the seat saw placed away from the claimer leave fewer than the claim."""
    away, _sure, _free = seen_of_rank(view, view.rank, view.claimer)
    if 4 - away < view.laid:
        return 0.0
    size = view.hand_sizes[view.claimer] + view.laid
    return sum(held_prior(view, view.rank, view.claimer, size)[view.laid:])


def counting_doubts(view: View) -> bool:
    """The counting bot's doubt (solver.i_doubt_it.bots.Counting): what counting makes
    impossible or unlikely, and the claimer's last cards unless it makes them likely."""
    last = view.hand_sizes[view.claimer] == 0
    return counted_chance(view) < COUNTED[last]
