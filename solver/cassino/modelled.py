"""A world's search with a model of the opponent's replies (issue 14, on by default).

Perfect-information Monte Carlo searches each world by minimax, so in every world the
opponent replies *seeing the root player's hand*: it always trails the card the root player
cannot take, never walks into a build it cannot see coming.  A real opponent does not see
that hand.  :class:`ModelSearch` values the opponent's nodes (the player who is not
``root``) by a mix::

    (1 - weight) * (the opponent's best reply) + weight * (the reply of a one-ply policy)

where the policy reads only the opponent's move and the table, never the root player's
hand: :func:`policy_score`, the one ply of the inference model
(:func:`solver.cassino.inference.move_value`: a capture 1 + what it takes + a sweep, R13; a
build half the worth of its cards; a trail minus its card's worth), its first best move in
the engine's move order.  The root player's own nodes stay maximising.  With ``weight`` 0
this is :class:`solver.cassino.search.Search` exactly; the default solver builds one at
``Options.opponent_model`` 0.25 for each two-seat world in batches.

Alpha-beta still prunes at the opponent's nodes: the policy's reply is searched first with
a full window (its value ``cp`` is needed exactly), then the best reply ``M`` within the
window ``(alpha - weight * cp) / (1 - weight) .. (beta - weight * cp) / (1 - weight)`` that the
mix maps to the node's window, so the bounds stored in the transposition table are bounds
of the mixed value (filed by ``M``'s outcome in its window, not by comparing the rounded
mix with ``alpha`` and ``beta``).  The compiled kernel has the same search (``search_om`` in
``_kernel.c``): the same values and node counts (``tests/solver/test_modelled.py``).
"""

from __future__ import annotations

from engine.cards import FULL_DECK, SPADE_MASK
from engine.cassino import Build, Move, Rules, play_card
from engine.cassino import generate_moves as legal_moves
from solver.cassino.evaluation import weights
from solver.cassino.search import INF, Search, _order

__all__ = ["ModelSearch", "card_worths", "policy_score"]

_CAPTURE = "capture"
_BUILD = "build"


MAJORITY_SHARE = 0.12
"""A card's share of each majority it counts for (the inference model's, R26)."""


def card_worths(rules: Rules) -> tuple[float, ...]:
    """Each card's rough worth in a pile, as the inference model's one ply counts it: a
    share of the cards and spades majorities and the points it scores by itself (R26,
    the variant's scheme)."""
    w = weights(rules)
    out = []
    for c in range(52):
        bit = 1 << c
        worth = 0.0
        for mask, _, _ in w.most:
            if mask in (FULL_DECK, SPADE_MASK) and mask & bit:
                worth += MAJORITY_SHARE
        for mask, points in w.by_category:
            if mask & bit:
                worth += points
        out.append(worth)
    return tuple(out)


def _sum(cards: int, worths: tuple[float, ...]) -> float:
    """The worth of ``cards``: the per-card worths added in card order (the kernel's)."""
    total = 0.0
    while cards:
        low = cards & -cards
        total += worths[low.bit_length() - 1]
        cards ^= low
    return total


def policy_score(move: Move, loose: int, builds: tuple[Build, ...], player: int,
                 rules: Rules, worths: tuple[float, ...]) -> float:
    """The one-ply policy's score of ``move``: what it sees is its own card and the table."""
    if move[0] == _CAPTURE:
        nl, nb, taken, _ = play_card(loose, builds, player, move, rules)
        sweep = rules.sweep_points if not nl and not nb else 0
        return 1.0 + _sum(taken, worths) + float(sweep)
    if move[0] == _BUILD:
        return 0.5 * _sum(move[2] | 1 << move[1], worths)
    return -_sum(1 << move[1], worths)


def _bound_window(m: float, a0: float, b: float) -> tuple[float, float]:
    """The window that files the mix of ``m`` as the bound ``m`` is of the best reply
    searched within ``(a0, b)``: an upper bound, a lower bound, or exact."""
    if m <= a0:
        return INF, INF
    if m >= b:
        return -INF, -INF
    return -INF, INF


class ModelSearch(Search):
    """:class:`Search` with the opponent's nodes valued by the mix above (``root`` is the
    player whose hand the opponent cannot see; ``0 < weight <= 1``)."""

    __slots__ = ("root", "weight", "worths")

    def __init__(self, rules: Rules, stock: int, dealer: int, root: int, weight: float,
                 worths: tuple[float, ...] | None = None) -> None:
        super().__init__(rules, stock, dealer)
        if not 0.0 < weight <= 1.0:
            raise ValueError("the model's weight must lie in (0, 1]")
        self.root = root
        self.weight = weight
        self.worths = card_worths(rules) if worths is None else worths
        if self.kernel is not None:
            self.kernel.set_model(weight, self.worths, root)  # type: ignore[attr-defined]

    def _child(self, me: int, mine: int, theirs: int, loose: int, builds: tuple[Build, ...],
               pm: int, pt: int, sd: int, last: int, kid: Move, alpha: float,
               beta: float) -> float:
        """The value for ``me`` of playing ``kid`` (the loop body of :meth:`_search`)."""
        nl, nb, taken, _ = play_card(loose, builds, me, kid, self.rules)
        final = self.final
        sweep = self.sweep_points
        if not theirs:
            if taken:
                return self._leaf(me, nl, nb, pm | taken, pt,
                                  sd + sweep if not nl and not nb else sd, me if final else -1)
            return self._leaf(me, nl, nb, pm, pt, sd, last)
        left = mine & ~(1 << kid[1])
        if taken:
            return -self._search(1 - me, theirs, left, nl, nb, pt, pm | taken,
                                 -sd - sweep if not nl and not nb else -sd,
                                 me if final else -1, -beta, -alpha)
        return -self._search(1 - me, theirs, left, nl, nb, pt, pm, -sd, last, -beta, -alpha)

    def _search(self, me: int, mine: int, theirs: int, loose: int, builds: tuple[Build, ...],
                pm: int, pt: int, sd: int, last: int, alpha: float, beta: float) -> float:
        """The value for ``me`` to move holding ``mine`` (not empty): maximising at the
        root player's nodes, the mix at the opponent's."""
        self.nodes += 1
        key = (mine, theirs, loose, builds, pm, sd, last, me)
        entry = self.tt.get(key)
        first: Move | None = None
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:  # noqa: PLR1730
                alpha = lo
            if hi < beta:  # noqa: PLR1730
                beta = hi
        rules = self.rules
        kids = legal_moves(mine, loose, builds, me, rules)
        modelled = me != self.root and len(kids) > 1
        policy = kids[0]
        if modelled:  # the first best score in the engine's order
            top = policy_score(kids[0], loose, builds, me, rules, self.worths)
            for kid in kids[1:]:
                score = policy_score(kid, loose, builds, me, rules, self.worths)
                if score > top:
                    top, policy = score, kid
        if len(kids) > 1:
            kids.sort(key=_order)
            if first is not None and kids[0] != first:
                kids.remove(first)
                kids.insert(0, first)
        alpha0 = alpha
        best = -INF
        best_kid: Move | None = None
        w = self.weight
        if modelled:
            cp = self._child(me, mine, theirs, loose, builds, pm, pt, sd, last, policy, -INF,
                             INF)
            best, best_kid = cp, policy
            if w < 1.0:
                a0 = (alpha - w * cp) / (1.0 - w)
                b = (beta - w * cp) / (1.0 - w)
                a = max(a0, best)
                for kid in kids:
                    if best >= b:
                        break
                    if kid == policy:
                        continue
                    v = self._child(me, mine, theirs, loose, builds, pm, pt, sd, last, kid, a, b)
                    if v > best:
                        best, best_kid = v, kid
                        a = max(a, v)
                # the mix's bound is M's (the window maps back with rounding)
                alpha0, beta = _bound_window(best, a0, b)
                best = (1.0 - w) * best + w * cp
        else:
            for kid in kids:
                v = self._child(me, mine, theirs, loose, builds, pm, pt, sd, last, kid, alpha,
                                beta)
                if v > best:
                    best = v
                    best_kid = kid
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
        if best <= alpha0:
            self.tt[key] = (-INF, best, best_kid)
        elif best >= beta:
            self.tt[key] = (best, INF, best_kid)
        else:
            self.tt[key] = (best, best, best_kid)
        return best
