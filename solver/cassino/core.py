"""The solver's entry points: ranked hints and hand evaluations from one player's view.

Determinized search (perfect-information Monte Carlo) with the coming deals left as
chance: world ``i`` draws the hidden cards the engine's sampler allows
(:mod:`engine.cassino.worlds`, R23) from a random source derived from ``(seed, i)``, and the
game's search values every root move in it (:class:`solver.cassino.Worlds`; in ``draw`` a
world also fixes the stock's order and is searched to a horizon in plies, W8);
:mod:`solver.ranking` turns the values of all worlds into a ranking with standard errors.
Only a :class:`engine.cassino.View` comes in, so nothing depends on the cards the player
cannot see (R29).  What is Cassino's own comes from :mod:`solver.cassino`, the package.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from engine.cassino import (
    CLAIM,
    PLAYING,
    HandSampler,
    Move,
    Rules,
    View,
    claim,
    claims_allowed,
    move_json,
    secured,
)
from solver.cassino import (
    EXACT_NODES,
    MAXN,
    THREE_HAND_SEARCH,
    WORLD_NODES,
    OpponentModel,
    SoftWorlds,
    Worlds,
    WorldsOf,
    round_total,
    seat_settings,
    side_of,
    side_round_total,
    weights,
    worlds_of,
)
from solver.cassino import model_weight as _weight
from solver.hints import Budget, search
from solver.ranking import POSITION, Tally, answer, rank, ranked_answer, solver_meta
from solver.value import value_at

__all__ = ["ALGORITHM", "BY_VARIANT", "POSITION", "Options", "claim_equity", "claim_is_right",
           "evaluate", "exact", "finish", "hint", "hint_moves", "model_weight", "solve"]

ALGORITHM = "pimc-alphabeta"
BY_VARIANT: Final = "variant"
"""``Options.seat_nodes``: the variant's own default (:data:`solver.cassino.SEATS`)."""


@dataclass(frozen=True)
class Options:
    """The solver's budget and stopping rule.  The defaults meet the latency target."""

    samples: int = 48
    """Most worlds to search."""
    min_samples: int = 8
    """Fewest worlds before stopping early (a lone legal move stops here)."""
    nodes: int | None = 25_000
    """Search-node budget, checked between worlds (no world starts that would likely
    overrun it): deterministic, unlike ``time_ms``."""
    time_ms: float | None = None
    """Wall-clock budget, checked between worlds (answers then depend on the machine)."""
    z: float = 3.0
    """Stop early when every other move is this many paired standard errors below the best
    or practically equal to it."""
    tolerance: float = 0.1
    """Round points under which two moves count as practically equal."""
    seat_nodes: int | Literal["variant"] | None = BY_VARIANT
    """The node budget of an N-seat view (V6, V7) in place of ``nodes``: there every
    position searched counts, the leaves too, and a node costs more.  By default the
    variant's own (:data:`solver.cassino.SEATS`: three-hand 2,000, partnership 3,000)."""
    world_nodes: int | None = WORLD_NODES
    """The node budget of one N-seat world (its iterative deepening stops there)."""
    exact_nodes: int | None = EXACT_NODES
    """The native node limit of an N-seat world's exact search of the last batch
    (:mod:`solver.cassino.exact`); past it, or None, the depth-limited search."""
    search: str | None = None
    """Three-hand's search (V7): ``paranoid`` or ``maxn``; None for the default
    (:data:`solver.cassino.THREE_HAND_SEARCH`)."""
    inference: bool = False
    """Resample worlds by the likelihood of the opponent's moves of this batch under a
    soft one-ply model (:class:`solver.cassino.SoftWorlds`, docs/solver.md "Inference");
    opt-in: the uniform worlds are the default."""
    temperature: float = 0.1
    """The opponent model's softmax temperature (round points), with ``inference``."""
    mixture: float = 0.1
    """The opponent model's weight on a uniformly random move, with ``inference``."""
    candidates: int = 16
    """Uniform draws per world among which inference resamples one."""
    opponent_model: float = 0.25
    """Two seats, batches (not ``draw`` while the stock lasts): the weight of a one-ply
    policy that does not see the viewer's hand in the opponent's replies
    (:class:`solver.cassino.ModelSearch`, docs/solver.md "Opponent model in the search");
    0 is plain minimax in each world (the default before issue 14's measurement), and
    what the search does where it has no model (:func:`model_weight`)."""

    def __post_init__(self) -> None:
        if not 0.0 <= self.opponent_model <= 1.0:  # also refuses NaN
            raise ValueError(f"opponent_model {self.opponent_model!r} is outside 0..1")

    def seat_budget(self, rules: Rules) -> int | None:
        """The node budget of an N-seat view in the variant of ``rules``."""
        if self.seat_nodes == BY_VARIANT:
            return seat_settings(rules).seat_nodes
        return self.seat_nodes

    def with_budget(self, samples: int | None = None, time_ms: float | None = None) -> Options:
        """These options with a request's ``samples`` and ``time_ms`` (docs/api.md "Hints"):
        an explicit budget replaces the default node budget."""
        if samples is None and time_ms is None:
            return self
        return replace(self, samples=self.samples if samples is None else max(1, samples),
                       min_samples=min(self.min_samples, samples or self.min_samples),
                       nodes=None, seat_nodes=None, time_ms=time_ms)


DEFAULT = Options()


def claim_is_right(view: View) -> bool:
    """The viewer may claim the game now and would win by it (twenty-one-claims T6, T7):
    decided from public facts, the scores and the viewer's own pile and sweeps."""
    return (view.status == PLAYING and claims_allowed(view.rules)
            and secured(view, view.player) >= view.target)


def claim_equity(rules: Rules) -> float:
    """What a right claim is worth on the scale of round points: the game won, so more
    than any card play can make, the most a round can swing (every card's points and a
    sweep at each of the 52 plays)."""
    return 52.0 * (1 + rules.sweep_points)


def model_weight(view: View, options: Options = DEFAULT) -> float:
    """The opponent model's weight the search of ``view`` applies under ``options``: the
    answer's ``solver.opponent_model`` (docs/api.md "Hints"); 0 where the search has none
    (N seats, V6 and V7; ``draw`` while the stock lasts, W8)."""
    return _weight(view, options.opponent_model)


def exact(view: View, tally: Tally, options: Options = DEFAULT) -> bool:
    """The values of ``tally`` are the game's value for the viewer (docs/api.md "Hints",
    ``solver.exact``; docs/solver.md "The game's value"): the hidden cards are known (one
    world, R23), every world was searched to the round's end (the last batch: residue
    R24, points R26), by minimax with no opponent model (:func:`model_weight` 0) and no
    right claim's conventional value among them (T7).  With N seats the values are a
    search's of two camps: partnership's team against team (V6) is the game's value;
    three-hand's paranoid search (V7) is the viewer's against the two others together,
    what the viewer can make whatever they play (the game's value under that
    assumption); max-n's never counts (each seat for itself has no one value).  A round
    that is over is its result (nothing searched)."""
    if not tally.samples:
        return True
    rules = view.rules
    if tally.estimated or model_weight(view, options) or claim_is_right(view):
        return False
    if rules.players > 2 and not rules.partnerships and \
            (options.search or THREE_HAND_SEARCH) == MAXN:
        return False
    return HandSampler(view).exact


def hint_moves(view: View) -> list[Move]:
    """The moves a hint ranks: a right claim first (never a wrong one, T7), then the
    viewer's card plays when it is to move."""
    if view.status != PLAYING:
        return []
    moves = view.legal_moves()
    return [claim(view.player), *moves] if claim_is_right(view) else moves


def _columns(view: View) -> tuple[list[Move], list[str]]:
    if view.status != PLAYING:
        return [], []
    moves = hint_moves(view)
    if moves:
        return moves, [m.id for m in moves]
    return [], [POSITION]


def solve(view: View, options: Options = DEFAULT, seed: int = 0, start: int = 0,
          stop: int | None = None, *, early: bool = True,
          progress: Callable[[int, int], None] | None = None,
          source: Callable[[View], Worlds] | None = None) -> Tally:
    """Search worlds ``start`` .. ``stop - 1`` (``options.samples`` by default) of ``view``.

    ``progress(done, total)`` is called after each world (jobs report it to clients).

    ``source(view)`` replaces the source of worlds (the arena's oracle bot); by default it
    is :func:`solver.cassino.worlds_of` (uniform worlds, for any number of seats), or
    :class:`solver.cassino.SoftWorlds` with ``options.inference`` (two seats).

    With ``early`` the search ends as soon as the budget is spent or the best move is
    clearly separated; without it every world of the range is searched, so that ranges
    searched apart merge (:func:`solver.ranking.merge`) into the single-process tally.

    For two seats and uniform worlds the compiled kernel, when built, runs this whole loop
    in one call (:meth:`solver.cassino.Worlds.solve`, docs/solver.md "The compiled
    kernel"): the same worlds, rows, nodes and stopping point.
    """
    if not isinstance(view, View):
        raise TypeError(f"the solver takes a player's View, not {type(view).__name__} (R29)")
    began = time.perf_counter()
    moves, columns = _columns(view)
    tally = Tally(columns)
    if not columns:
        return tally
    won = [claim_equity(view.rules)] if moves and moves[0].type == CLAIM else []
    if won:  # a right claim: its value is known, only the card plays are searched
        moves = moves[1:]
    stop = options.samples if stop is None else stop
    worlds = source(view) if source is not None else _worlds(view, options)
    budget = options.nodes if view.rules.players == 2 else options.seat_budget(view.rules)
    if worlds.exact or (won and not moves):  # one world says everything
        stop = min(stop, 1)
    if type(worlds) is Worlds and (moves or not won):  # the compiled kernel: one call
        native = worlds.solve(seed, start, stop, moves, won, early=early, budget=budget,
                              rule=options, began=began, progress=progress)
        if native is not None:
            rows, tally.nodes = native
            for index, values in enumerate(rows, start):
                tally.add(index, values)
            tally.estimated = 0 if worlds.to_end else len(rows)
            tally.elapsed_ms = (time.perf_counter() - began) * 1000
            return tally
    cache: dict[Hashable, tuple[list[float], bool]] = {}

    def value(index: int) -> tuple[list[float], int, bool]:
        world = worlds.draw(seed, index)
        seen = cache.get(world)
        if seen is not None:
            return seen[0], 0, seen[1]
        nodes, to_end = 0, True
        if moves or not won:
            values, nodes, to_end = worlds.searched(world, moves)
            row = won + values
        else:  # a right claim is the only move: nothing to search
            row = list(won)
        cache[world] = row, to_end
        return row, nodes, to_end

    return search(tally, value, start, stop, Budget(budget, options.time_ms,
                                                    options.min_samples, options.z,
                                                    options.tolerance),
                  early=early, progress=progress, began=began)


def _worlds(view: View, options: Options) -> WorldsOf[Any]:
    if options.inference and view.rules.players == 2:
        return SoftWorlds(view, OpponentModel(options.temperature, options.mixture,
                                              options.candidates),
                          reply_weight=options.opponent_model)
    if options.opponent_model and view.rules.players == 2:
        return Worlds(view, options.opponent_model)
    return worlds_of(view, options.search, options.world_nodes, options.exact_nodes)


def _points(view: View, equity: float) -> list[float]:
    """Expected round points of each seat given the viewer's equity (its side's, partners
    score together, V6.2), on the expected total of the round (:mod:`solver.value`)."""
    rules = view.rules
    sweeps = sum(view.sweeps) * rules.sweep_points
    if rules.players == 2:
        total = round_total((view.captured[0], view.captured[1]), sweeps, weights(rules))
    else:
        sides = side_of(rules)
        piles = [0] * (max(sides) + 1)
        for seat, side in enumerate(sides):
            piles[side] |= view.captured[seat]
        total = side_round_total(tuple(piles), sweeps, weights(rules))
    return value_at(view).expected(equity, view.player, max(total, abs(equity)))


def _final_equity(view: View) -> tuple[float, list[float]]:
    """A finished game: the viewer's equity on the totals (:mod:`solver.value`), and each
    seat's total (its side's)."""
    totals = [float(t) for t in view.score().totals]
    sides = side_of(view.rules)
    if len(totals) != len(sides):  # per side
        totals = [totals[side] for side in sides]
    return value_at(view).of(totals, view.player), totals


def finish(view: View, tally: Tally, *, seed: int = 0, top: int | None = None,
           elapsed_ms: float | None = None, with_moves: bool = True,
           options: Options = DEFAULT) -> dict[str, Any]:
    """The docs/api.md "Hints" answer from a (possibly merged) tally of a search under
    ``options``: its ``solver`` object names the opponent model's weight applied
    (:func:`model_weight`) and whether the values are the game's (:func:`exact`)."""
    meta = solver_meta(ALGORITHM, tally, seed, elapsed_ms)
    meta["exact"] = exact(view, tally, options)
    meta["opponent_model"] = model_weight(view, options)
    if not tally.samples:  # the game is over
        equity, totals = _final_equity(view)
        return answer(view.player, [], {"equity": equity, "expected_points": totals}, meta,
                      with_moves=with_moves)
    return ranked_answer(view.player, tally, rank(tally), lambda: hint_moves(view),
                         lambda move: move_json(view.loose, view.builds, view.to_move, move,
                                                view.rules),
                         lambda equity: _points(view, equity), meta, top=top,
                         with_moves=with_moves)


def _options(options: Options | None, samples: int | None, time_ms: float | None) -> Options:
    return (options or DEFAULT).with_budget(samples, time_ms)


def hint(view: View, *, samples: int | None = None, time_ms: float | None = None, seed: int = 0,
         top: int | None = None, options: Options | None = None) -> dict[str, Any]:
    """Ranked moves for the viewer (docs/api.md "Hints"), best first.

    ``equity`` is the expected round-point difference (viewer minus opponent) at the end
    of the round.  With the viewer not to move, ``moves`` is empty and the evaluation
    values the position.  The same view, seed and options give the same answer (unless a
    ``time_ms`` budget cuts the search).
    """
    opts = _options(options, samples, time_ms)
    tally = solve(view, opts, seed)
    return finish(view, tally, seed=seed, top=top, options=opts)


def evaluate(view: View, *, samples: int | None = None, time_ms: float | None = None,
             seed: int = 0, options: Options | None = None) -> dict[str, Any]:
    """The position's evaluation for the viewer without the move list: ``player``,
    ``evaluation`` (``equity``, ``expected_points``) and ``solver`` metadata."""
    opts = _options(options, samples, time_ms)
    tally = solve(view, opts, seed)
    return finish(view, tally, seed=seed, with_moves=False, options=opts)
