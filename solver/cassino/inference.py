"""Worlds that read the opponent's play in this batch (issue 14): inference, opt-in.

The uniform worlds of :mod:`solver.cassino.worlds` use only what the rules force (R23 and
the batch's builds).  But every move the other player made in this batch was made holding
the hand they hold now plus the cards they played since (the batch deals no card, R5-R7),
so a world's hand also says what they held at each of those moves, and how likely each
move was.  Two world sources read that evidence; both draw world ``i`` from world ``i``'s
own random source only (:func:`~solver.cassino.worlds.world_rng`), so every world keeps
weight one, tallies of world ranges merge exactly and paired standard errors stay exact:

* :class:`PolicyWorlds` (the *oracle posterior*, a measuring tool against a known,
  deterministic opponent such as the greedy bot): uniform draws, rejected until the given
  policy, holding the world's hand at each of the other player's moves of this batch,
  would have played exactly the moves played (at most ``tries`` draws, else the first);
* :class:`SoftWorlds` (an unknown opponent): sampling-importance-resampling per world
  index: ``candidates`` uniform draws, each weighted by the likelihood of the other
  player's moves of this batch under :class:`OpponentModel` (a softmax over a one-ply
  value of every legal move, mixed with a uniform choice), and one of them kept.

Only the view is read (R29): the evidence is the public history of the batch.  With no
move of the other player in this batch, in the last batch (one world) and in ``draw``
(W8, no batches) both are the uniform worlds, world for world.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import exp
from typing import NamedTuple

from engine.cards import FULL_DECK, SPADE_MASK, cards_of
from engine.cassino import (
    BUILD,
    CAPTURE,
    PLAYING,
    Build,
    Move,
    Rules,
    View,
    generate_moves,
    play_card,
)
from engine.errors import GameError
from solver.cassino.evaluation import weights
from solver.cassino.worlds import World, Worlds, world_rng

__all__ = ["Evidence", "OpponentModel", "Policy", "PolicyWorlds", "SoftWorlds",
           "batch_evidence", "move_value"]

Policy = Callable[[View], Move]
"""A deterministic player: the move it makes from a view."""


class Evidence(NamedTuple):
    """One move of the other player in this batch, and the public table before it."""

    loose: int
    builds: tuple[Build, ...]
    move: Move
    later: int
    """The cards the other player played from this move on in the batch (its own card
    included): holding ``hand`` now, they held ``hand | later`` when they made it."""


def batch_evidence(view: View) -> list[Evidence]:
    """The other player's moves of the current batch (R5-R7: one deal, no draw), oldest
    first, each with the loose cards and builds it was played on.  Empty in ``draw``
    (W8), in the last batch, and when the history does not replay to the view's table
    (a client may send any history, docs/api.md)."""
    rules = view.rules
    if rules.players != 2 or rules.draw_after_play or not view.stock_size:
        return []
    played = rules.hand_size * 2 - sum(view.hand_sizes)
    if played <= 0 or len(view.history) < played:
        return []
    other = 1 - view.player
    played_cards = 0
    for p in view.history:
        played_cards |= 1 << p.move.card
    table = view.loose
    for b in view.builds:
        table |= b.cards
    loose = (table | view.captured[0] | view.captured[1]) & ~played_cards  # the first table
    if loose.bit_count() != rules.table_size:
        return []
    builds: tuple[Build, ...] = ()
    piles = [0, 0]
    before: list[tuple[int, tuple[Build, ...]]] = []
    try:
        for p in view.history:
            before.append((loose, builds))
            loose, builds, taken, _ = play_card(loose, builds, p.player, p.move, rules)
            piles[p.player] |= taken
    except (GameError, ValueError, IndexError, StopIteration):
        return []
    if loose != view.loose or builds != view.builds or tuple(piles) != view.captured:
        return []
    start = len(view.history) - played
    batch = view.history[start:]
    out = []
    for i, p in enumerate(batch):
        if p.player != other:
            continue
        later = 0
        for q in batch[i:]:
            if q.player == other:
                later |= 1 << q.move.card
        table_loose, table_builds = before[start + i]
        out.append(Evidence(table_loose, table_builds, p.move, later))
    return out


class PolicyWorlds(Worlds):
    """Uniform worlds conditioned on a deterministic opponent: world ``index`` is the first
    of at most ``tries`` uniform draws from its own random source in which ``policy``,
    holding that world's hand at each of the other player's moves of this batch, would
    have played exactly that move; the first draw when none is."""

    def __init__(self, view: View, policy: Policy, tries: int = 64, *,
                 reply_weight: float = 0.0) -> None:
        super().__init__(view, reply_weight)
        self.policy = policy
        self.tries = tries
        self.evidence = [] if self.exact else batch_evidence(view)
        self.other = 1 - view.player
        self._memo: dict[tuple[int, int], bool] = {}

    def consistent(self, hand: int) -> bool:
        """``policy`` would have made every one of the other player's moves of this batch
        holding ``hand`` now."""
        for j, ev in enumerate(self.evidence):
            held = hand | ev.later
            key = (j, held)
            ok = self._memo.get(key)
            if ok is None:
                seat = self.view._replace(
                    player=self.other, hand=held, loose=ev.loose, builds=ev.builds,
                    to_move=self.other, status=PLAYING, history=())
                ok = self._memo[key] = self.policy(seat) == ev.move
            if not ok:
                return False
        return True

    def draw(self, seed: int, index: int) -> World:
        if not self.evidence:
            return super().draw(seed, index)
        rng = world_rng(seed, index)
        first = None
        for _ in range(self.tries):
            hand = self.sampler.draw(rng)
            if first is None:
                first = hand
            if self.consistent(hand):
                return hand, ()
        assert first is not None
        return first, ()


MAJORITY_SHARE = 0.12
"""What one card is guessed to add to a majority in the one-ply value (as the bots')."""


def _worth(cards: int, rules: Rules) -> float:
    """Rough round points of ``cards`` in a capture pile: a share of the majorities and
    the points of the cards that score by themselves (R26, the variant's scheme)."""
    w = weights(rules)
    worth = 0.0
    for mask, _, _ in w.most:
        if mask in (FULL_DECK, SPADE_MASK):
            worth += MAJORITY_SHARE * (cards & mask).bit_count()
    for mask, points in w.by_category:
        worth += points * (cards & mask).bit_count()
    return worth


def move_value(move: Move, loose: int, builds: tuple[Build, ...], player: int,
               rules: Rules) -> float:
    """The one-ply value of a move for the opponent model: a capture is worth what it
    takes (and a sweep, R24's point), plus a bonus for taking at all; a build half the
    worth of its cards (what it may take later, less the risk); a trail the loss of its
    card's worth."""
    if move.type == CAPTURE:
        nl, nb, taken, _ = play_card(loose, builds, player, move, rules)
        sweep = rules.sweep_points if not nl and not nb else 0
        return 1.0 + _worth(taken, rules) + sweep
    if move.type == BUILD:
        return 0.5 * _worth(move.targets | 1 << move.card, rules)
    return -_worth(1 << move.card, rules)


@dataclass(frozen=True)
class OpponentModel:
    """A soft model of the other player: it plays each legal move with probability
    ``(1 - mixture) * softmax(value / temperature) + mixture / (number of moves)``."""

    temperature: float = 0.1
    mixture: float = 0.1
    candidates: int = 16
    """Uniform draws per world index among which one is resampled."""


class _Terms(NamedTuple):
    """One piece of evidence, precomputed over every hand the other player could hold."""

    later: int
    played: float  # exp(value / temperature) of the move played
    plain: dict[int, tuple[float, int]]  # card -> (sum of exp, count) of its captures, trails
    builds: list[tuple[int, int, float, int]]  # (card, numerals of the value, sum exp, count)


class SoftWorlds(Worlds):
    """Worlds resampled by the likelihood of the other player's moves of this batch under
    an :class:`OpponentModel` (sampling-importance-resampling per world index)."""

    def __init__(self, view: View, model: OpponentModel = OpponentModel(), *,
                 reply_weight: float = 0.0) -> None:
        super().__init__(view, reply_weight)
        self.model = model
        evidence = [] if self.exact or self.drawing else batch_evidence(view)
        self.terms = [self._terms(ev) for ev in evidence]

    def _terms(self, ev: Evidence) -> _Terms:
        """The moves of every hand the other player could have held then, grouped by the
        card played: a capture or trail needs only its card; a build of value v also a
        numeral of v besides it (R14, R17; R22's obligation is left out)."""
        rules = self.view.rules
        other = 1 - self.view.player
        t = self.model.temperature
        superset = self.unseen | ev.later
        plain: dict[int, tuple[float, int]] = {}
        builds: dict[tuple[int, int], tuple[float, int]] = {}
        played = 0.0
        for m in generate_moves(superset, ev.loose, ev.builds, other, rules):
            e = exp(move_value(m, ev.loose, ev.builds, other, rules) / t)
            if m == ev.move:
                played = e
            if m.type == BUILD:
                z, n = builds.get((m.card, m.value), (0.0, 0))
                builds[(m.card, m.value)] = (z + e, n + 1)
            else:
                z, n = plain.get(m.card, (0.0, 0))
                plain[m.card] = (z + e, n + 1)
        upto = rules.upto
        return _Terms(ev.later, played, plain,
                      [(c, upto[v] & ~upto[v - 1], z, n) for (c, v), (z, n) in builds.items()])

    def likelihood(self, hand: int) -> float:
        """The model's probability of the other player's moves of this batch, had they
        held ``hand`` now."""
        mix = self.model.mixture
        out = 1.0
        for term in self.terms:
            held = hand | term.later
            z = 0.0
            n = 0
            for c in cards_of(held):
                zc, nc = term.plain.get(c, (0.0, 0))
                z += zc
                n += nc
            for c, takers, zb, nb in term.builds:
                if held >> c & 1 and held & takers & ~(1 << c):
                    z += zb
                    n += nb
            if not n:
                return 0.0
            out *= (1 - mix) * term.played / z + mix / n
        return out

    def draw(self, seed: int, index: int) -> World:
        if not self.terms:
            return super().draw(seed, index)
        rng = world_rng(seed, index)
        hands = [self.sampler.draw(rng) for _ in range(self.model.candidates)]
        weights_ = [self.likelihood(h) for h in hands]
        total = sum(weights_)
        if total <= 0:
            return hands[0], ()
        pick = rng.random() * total
        for h, w in zip(hands, weights_, strict=True):
            pick -= w
            if pick < 0:
                return h, ()
        return hands[-1], ()
