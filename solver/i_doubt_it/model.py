"""How likely a claim is true, from one seat's view (docs/solver.md "I Doubt It"): exact
counting where it decides (the seat's own cards and the cards it saw placed leave too few
of the rank: impossible), otherwise Bayes over the number ``x`` of the rank the claimer
held before laying, its prior the hypergeometric count of the cards the seat cannot place,
weighted by a model of how players claim, fitted on the bots' self-play (:data:`TABLE`,
``python -m solver.i_doubt_it.fit``)."""

from __future__ import annotations

from math import comb

from engine.i_doubt_it import View
from engine.i_doubt_it.rules import MAX_CLAIMS
from engine.i_doubt_it.state import rank_mask_of

__all__ = ["COUNTED", "DOUBT_RATE", "HORIZON_CLAIMS", "HORIZON_ROUNDS", "TABLE", "Table", "bucket",
           "claim_true", "counted_chance", "counting_doubts", "held_prior", "late",
           "seen_of_rank"]

BUCKETS = (5, 12)
"""The claimer's hand before laying: up to 5 cards, 6 to 12, 13 or more."""
HORIZON_ROUNDS, HORIZON_CLAIMS = 8, 48
"""The last rounds: within ``HORIZON_ROUNDS * seats`` claims of the limit, at most
``HORIZON_CLAIMS`` (solver.i_doubt_it.endgame plays them out; players claim differently
there, so the model has a table of its own for them)."""


def late(claims: int, seats: int) -> int:
    """1 when a claim made after ``claims`` claims at ``seats`` seats is in the last
    rounds (its phase in :data:`TABLE`), else 0."""
    return int(MAX_CLAIMS - claims <= min(HORIZON_ROUNDS * seats, HORIZON_CLAIMS))


Table = dict[tuple[int, int], tuple[tuple[float, float], ...]]
"""(phase, bucket) to a row of ``(L, T)`` by ``x``: :data:`TABLE`'s shape."""
TABLE: Table = {
    (0, 0): ((0.169, 0.0), (2.497, 0.0), (4.623, 0.0), (13.0, 1.0), (13.0, 1.0)),
    (0, 1): ((0.027, 0.0), (1.206, 0.0), (2.341, 0.0), (11.776, 1.0), (12.257, 1.0)),
    (0, 2): ((0.007, 0.0), (0.213, 0.0), (0.41, 0.0), (5.647, 1.0), (7.751, 1.0)),
    (1, 0): ((0.09, 0.0), (2.541, 0.0), (4.779, 0.0), (11.143, 1.0), (13.0, 1.0)),
    (1, 1): ((0.015, 0.0), (1.403, 0.0), (1.87, 0.0), (8.319, 0.853), (9.698, 0.691)),
    (1, 2): ((0.002, 0.0), (0.186, 0.0), (0.503, 0.0), (4.142, 0.81), (6.955, 0.81)),
}
"""By phase (:func:`late`) and :func:`bucket`, then by ``x`` (0..4): ``(L, T)``, how much
likelier a claim names a rank of which its claimer held ``x`` than a rank drawn at random
(L), and how often such a claim is true (T).  Fitted by
``python -m solver.i_doubt_it.fit --games 120 --seed 1`` (its output pasted)."""
DOUBT_RATE = (0.039, 0.247)
"""How often a speaker doubts a claim it cannot disprove, and one whose chance it counts
below :data:`UNLIKELY` (fitted with :data:`TABLE`)."""
UNLIKELY = 0.15


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


def held_prior(view: View, rank: int, claimer: int, size: int) -> list[float]:
    """P(the claimer held ``x`` of ``rank`` before laying), x = 0..4: the cards the seat saw
    with it, and a uniform draw of the rest of its hand from the cards the seat cannot
    place (hypergeometric)."""
    _away, sure, free_rank = seen_of_rank(view, rank, claimer)
    unseen = view.unseen().bit_count()
    slots = size - view.known[claimer].bit_count()
    prior = [0.0] * 5
    if slots < 0 or unseen < slots:
        prior[sure] = 1.0
        return prior
    total = comb(unseen, slots)
    for extra in range(min(free_rank, slots) + 1):
        prior[sure + extra] = comb(free_rank, extra) * comb(unseen - free_rank,
                                                            slots - extra) / total
    return prior


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
    prior = held_prior(view, rank, claimer, size)
    row = TABLE[late(view.claims - 1, view.seats), bucket(size)]
    num = sum(prior[x] * row[x][0] * row[x][1] for x in range(k, 5))
    den = sum(prior[x] * row[x][0] for x in range(5))
    return 0.0 if den <= 0 else min(1.0, num / den)


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
