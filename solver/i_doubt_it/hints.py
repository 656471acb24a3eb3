"""I Doubt It's hints (docs/solver.md "I Doubt It"): for a claim, which cards to lay and
which rank to name; for a doubt, doubt or pass with the probability that the claim is true.

A doubt is decided exactly from the view (solver.i_doubt_it.model.claim_true: counting,
then the fitted model of how players claim): one world says everything.  A claim is
weighed over worlds resampled from the view (View.resample): in each, every other seat's
chance of doubting it (certain when its hand disproves the claim or the claim is the
claimer's last cards; else the fitted doubt rates, by how likely the claim looks from its
hand), and the claim's value by how it ends (stands, doubted true, doubted false).

Values are in cards, the seat's hand against the others' (the chips ID11 pays are cards
held): shedding ``k`` is worth ``k``, taking the centre back costs its size, a doubter
taking ``k + C`` gives the seat ``(k + C) / (n - 1)``; going out is worth the chips the
others would pay.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache
from math import comb
from typing import Any

from engine.games import engine_of
from engine.i_doubt_it import DOUBT, PASS, Move, State, View
from engine.i_doubt_it.state import rank_mask_of, truthful
from solver.hints import Budget, search
from solver.i_doubt_it.claims import candidates
from solver.i_doubt_it.endgame import claim_row, near_limit, speak_row
from solver.i_doubt_it.model import DOUBT_RATE, UNLIKELY, claim_true
from solver.ranking import Tally, answer, rank, ranked_answer, solver_meta

__all__ = ["ALGORITHM", "DEFAULT", "Options", "SolverBot", "finish", "solve", "speak_values"]

ALGORITHM = "pimc-claim-model"
ENGINE = engine_of("i-doubt-it")


@dataclass(frozen=True)
class Options:
    """The budget and the stopping rule (solver.hints.Budget)."""

    samples: int = 24
    min_samples: int = 6
    nodes: int | None = None
    time_ms: float | None = None
    z: float = 3.0
    tolerance: float = 0.05

    def with_budget(self, samples: int | None = None, time_ms: float | None = None) -> Options:
        if samples is None and time_ms is None:
            return self
        return replace(self, samples=samples or self.samples, time_ms=time_ms,
                       min_samples=min(self.min_samples, samples or self.min_samples))


DEFAULT = Options()
PLAYED_OUT, SHORTLIST_WORLDS = 6, 8
"""In the last rounds, the claims played out: the best ``PLAYED_OUT`` by their value in
cards over ``SHORTLIST_WORLDS`` worlds."""


def speak_values(view: View, p: float) -> list[float]:
    """The values of doubting and of passing a claim true with chance ``p`` (IDD3, ID6)."""
    n, k, centre = view.seats, view.laid, view.centre_size
    taken = k + centre
    mine = view.hand_sizes[view.player]
    doubt = p * -taken + (1 - p) * taken / (n - 1)
    passed = 0.0
    if view.hand_sizes[view.claimer] == 0:  # the claimer's last cards: a pass lets him out
        lose = 2.0 * mine
        doubt -= p * (lose + taken)
        passed = -lose
    return [doubt, passed]


def _doubt_chance(world: State, seat: int, me: int, move: Move, last: bool) -> float:
    """How likely ``seat`` doubts ``move`` of ``me``'s in ``world``: surely when its hand
    disproves it or it is ``me``'s last cards, else the fitted rates by how likely the
    claim looks from its hand (counting)."""
    k = move.cards.bit_count()
    own = (world.hands[seat] & rank_mask_of(move.rank)).bit_count()
    if 4 - own < k or last:
        return 1.0
    pool = 52 - world.hands[seat].bit_count()
    size = world.hands[me].bit_count() + k
    free = 4 - own
    if pool < size:
        return DOUBT_RATE[0]
    chance = sum(comb(free, x) * comb(pool - free, size - x) for x in range(k, min(free, size) + 1)
                 ) / comb(pool, size)
    return DOUBT_RATE[1] if chance < UNLIKELY else DOUBT_RATE[0]


def claim_value(view: View, world: State, move: Move) -> float:
    """The value of laying ``move`` in ``world`` (module doc)."""
    me, n, k = view.player, view.seats, move.cards.bit_count()
    centre = view.centre_size
    last = view.hand.bit_count() == k
    win = float(sum(s for i, s in enumerate(view.hand_sizes) if i != me)) if last else 0.0
    stands = 1.0
    for step in range(1, n):
        stands *= 1 - _doubt_chance(world, (me + step) % n, me, move, last)
    if truthful(move.cards, move.rank):
        doubted = k + (k + centre) / (n - 1) + win
    else:
        doubted = -float(centre)
    return stands * (k + win) + (1 - stands) * doubted


def solve(view: View, options: Options, seed: int, start: int = 0, stop: int | None = None,
          early: bool = True, progress: Any = None, extra: Move | None = None) -> Tally:
    """Worlds ``start`` .. ``stop - 1`` of the view (each from ``seed`` and its index);
    ``extra``, a claim weighed besides the candidates (a review's played move)."""
    if view.game_over:
        return Tally([])
    if view.player not in view.acting:
        return Tally(["position"])
    stop = options.samples if stop is None else stop
    if near_limit(view):
        return _played_out(view, options, seed, start, stop, early, progress, extra)
    if view.speaker is not None:
        values = speak_values(view, claim_true(view))
        tally = Tally([DOUBT.id, PASS.id])
        return search(tally, lambda index: (values, 1, True), start, min(stop, start + 1),
                      _budget(options), early=early, progress=progress)
    moves = hint_moves(view, extra)
    tally = Tally([m.id for m in moves])

    def value(index: int) -> tuple[list[float], int, bool]:
        world = view.resample(random.Random(f"i-doubt-it/{seed}/{index}"))
        return [claim_value(view, world, m) for m in moves], len(moves), False

    return search(tally, value, start, stop, _budget(options), early=early, progress=progress)


def _played_out(view: View, options: Options, seed: int, start: int, stop: int,
                early: bool, progress: Any, extra: Move | None) -> Tally:
    """The last rounds (solver.i_doubt_it.endgame): each move played out to the end in
    worlds resampled from the view, a doubt in worlds where the claim is true and false."""
    moves = hint_moves(view, extra)
    tally = Tally([m.id for m in moves])
    p = claim_true(view) if view.speaker is not None else 0.0

    def value(index: int) -> tuple[list[float], int, bool]:
        rng = random.Random(f"i-doubt-it/{seed}/{index}")
        world = view.resample(rng)
        if view.speaker is not None:
            return speak_row(view, world, p, rng), 4, False
        return claim_row(world, view.player, moves, rng), len(moves), False

    return search(tally, value, start, stop, _budget(options), early=early, progress=progress)


@lru_cache(maxsize=256)
def _likeliest(view: View, moves: tuple[Move, ...], extra: Move | None) -> list[Move]:
    """The :data:`PLAYED_OUT` claims of best value in cards over a few worlds (and
    ``extra``, a review's played claim): the claims worth playing out.  The worlds are
    drawn from the view alone, not the hint's seed: the claims a hint ranks are the
    view's, whichever seed searches them (a job's answer is checked against them)."""
    worlds = [view.resample(random.Random(f"i-doubt-it/first/{i}"))
              for i in range(SHORTLIST_WORLDS)]
    value = {m.id: sum(claim_value(view, w, m) for w in worlds) for m in moves}
    best = sorted(moves, key=lambda m: -value[m.id])[:PLAYED_OUT]
    if extra is not None and extra in moves and extra not in best:
        best.append(extra)
    return best


def _budget(options: Options) -> Budget:
    return Budget(options.nodes, options.time_ms, options.min_samples, options.z,
                  options.tolerance)


def hint_moves(view: View, extra: Move | None = None) -> list[Move]:
    """The moves a hint ranks: the doubt and the pass, or the claims worth weighing (and
    ``extra``, a legal claim, when it is none of them), in the last rounds the shortlist
    of them played out."""
    if view.game_over or view.player not in view.acting:
        return []
    if view.speaker is not None:
        return [DOUBT, PASS]
    moves = candidates(view)
    if extra is not None and extra.kind == "claim" and extra not in moves:
        moves.append(extra)
    if near_limit(view) and len(moves) > PLAYED_OUT:
        return list(_likeliest(view, tuple(moves), extra))  # the last rounds: played out
    return moves


def finish(view: View, tally: Tally, seed: int, top: int | None, with_moves: bool,
           options: Any = None) -> dict[str, Any]:
    """The answer (docs/api.md "Hints"); a speaker's carries ``solver.claim_true``."""
    del options
    meta = solver_meta(ALGORITHM, tally, seed)
    meta["claim_true"] = round(claim_true(view), 4) if view.laid and not view.game_over \
        else None
    n = view.seats

    def expected(equity: float) -> list[float]:
        others = -equity / (n - 1)
        return [round(equity if s == view.player else others, 3) for s in range(n)]

    if not tally.samples:
        return answer(view.player, [], {"equity": 0.0, "stderr": 0.0,
                                        "expected_points": [0.0] * n}, meta,
                      with_moves=with_moves)
    return ranked_answer(view.player, tally, rank(tally), lambda: hint_moves(view),
                         lambda move: ENGINE.move_json(view, move), expected, meta,
                         top=top, with_moves=with_moves)


@dataclass
class SolverBot:
    """The solver as a house bot: the hint's best move at a small budget."""

    seed: int = 0
    samples: int = 8

    def choose(self, view: View) -> Move:
        if view.speaker is not None and not near_limit(view):
            values = speak_values(view, claim_true(view))
            return DOUBT if values[0] > values[1] else PASS
        tally = solve(view, replace(DEFAULT, samples=self.samples, min_samples=self.samples),
                      self.seed, early=False)
        best = tally.moves[rank(tally)[0].index]
        return next(m for m in hint_moves(view) if m.id == best)
