"""Patience Poker's hints (docs/solver.md "Patience Poker"): every place for the card in
hand valued by its expected final count over sampled futures.

A world is the rest of the pack in an order drawn from the seed and the world's index (the
view's unseen cards, PP3); each place is valued by laying the card there, then the
world's next cards by the greedy rule (:func:`solver.patience_poker.playout.play_out`) to
the twenty-fifth, and counting the tableau (PP14).  Every place meets the same futures, so
their differences are paired.  In the competition a seat's own count is its value (PPD12:
the others' tableaus do not depend on its placements).  The shared loop
(:func:`solver.hints.search`) stops at the node budget (cells weighed) or once the best
place stands apart.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from engine.patience_poker import CARDS, View
from engine.patience_poker.entry import ENGINE
from engine.patience_poker.state import Move
from solver.games import POSITION, Progress
from solver.hints import Budget, search
from solver.patience_poker.evaluation import Worth
from solver.patience_poker.playout import Tableau, play_out
from solver.ranking import Tally, answer, rank, ranked_answer, solver_meta
from solver.value import value_at

__all__ = ["ALGORITHM", "DEFAULT", "Options", "finish", "hint_moves", "solve"]

ALGORITHM = "pimc-greedy-rollout"


@dataclass(frozen=True)
class Options:
    """The budget and the stopping rule (solver.hints.Budget); the defaults meet the
    latency target (docs/solver.md "Patience Poker")."""

    samples: int = 48
    min_samples: int = 6
    nodes: int | None = 30_000
    """Cells weighed by the playouts, checked between worlds: deterministic."""
    time_ms: float | None = None
    z: float = 3.0
    tolerance: float = 0.25
    """Points under which two places count as practically equal."""

    def with_budget(self, samples: int | None = None, time_ms: float | None = None) -> Options:
        if samples is None and time_ms is None:
            return self
        return replace(self, samples=self.samples if samples is None else max(1, samples),
                       min_samples=min(self.min_samples, samples or self.min_samples),
                       nodes=None, time_ms=time_ms)


DEFAULT = Options()
_WORTH: dict[str, Worth] = {}


def worth_of(variant: str) -> Worth:
    """The variant's line worth, made once per process (its memo is shared)."""
    found = _WORTH.get(variant)
    if found is None:
        found = _WORTH[variant] = Worth(variant)
    return found


def hint_moves(view: View) -> list[Move]:
    """Every place for the card, when the viewer has still to place it (PPD7)."""
    return view.legal_moves()


def future(view: View, seed: int, index: int) -> list[int]:
    """World ``index``: the cards the viewer will place after this one, drawn from the
    cards not yet called (PP3)."""
    called = set(view.called)
    unseen = [c for c in range(52) if c not in called]
    random.Random(f"patience-poker/{seed}/{index}").shuffle(unseen)
    return unseen[:CARDS - len(view.called)]


def solve(view: View, options: Options, seed: int, start: int = 0, stop: int | None = None,
          early: bool = True, progress: Progress = None) -> Tally:
    """Worlds ``start`` .. ``stop - 1`` of the view, each a row of every place's count."""
    moves = hint_moves(view)
    tally = Tally([m.id for m in moves] if moves else ([] if view.game_over else [POSITION]))
    if not tally.moves:
        return tally
    stop = options.samples if stop is None else stop
    if len(view.called) == CARDS:  # the last card: nothing is left to chance
        stop = min(stop, start + 1)
    worth = worth_of(view.variant)
    g = view.geometry
    own = view.tableaus[view.player]
    placed = view.called[:len(own)]
    card = view.called[-1]
    cells = view.legal_cells()

    def value(index: int) -> tuple[list[float], int, bool]:
        cards = future(view, seed, index)
        row, nodes = [], 0
        if not cells:  # not the viewer's turn: the tableau as the greedy rule ends it
            t = Tableau(g, own, placed)
            nodes += play_out(t, cards if len(own) == len(view.called) else [card, *cards],
                              worth)
            return [t.count(worth)], nodes, not cards
        for cell in cells:
            t = Tableau(g, own, placed)
            t.lay(cell, card)
            nodes += play_out(t, cards, worth) + 1
            row.append(t.count(worth))
        return row, nodes, not cards

    return search(tally, value, start, stop, Budget(options.nodes, options.time_ms,
                                                    options.min_samples, options.z,
                                                    options.tolerance),
                  early=early, progress=progress)


def _expected(view: View, equity: float) -> list[float]:
    """PPD12: the viewer's expected count; the others' counts as the viewer sees them."""
    return [round(equity, 3) if s == view.player else float(p)
            for s, p in enumerate(view.scores)]


def finish(view: View, tally: Tally, seed: int, top: int | None, with_moves: bool,
           options: Any) -> dict[str, Any]:
    """The answer (docs/api.md "Hints"): equity is the viewer's expected final count."""
    del options
    meta = solver_meta(ALGORITHM, tally, seed)
    if not tally.samples:
        equity = value_at(view).of_result(view.result, view.player) \
            if view.players == 1 else float(view.scores[view.player])
        return answer(view.player, [], {"equity": equity, "stderr": 0.0,
                                        "expected_points": _expected(view, equity)}, meta,
                      with_moves=with_moves)
    return ranked_answer(view.player, tally, rank(tally), lambda: hint_moves(view),
                         lambda move: _move_json(view, move),
                         lambda equity: _expected(view, equity), meta, top=top,
                         with_moves=with_moves)


def _move_json(view: View, move: Move) -> dict[str, Any]:
    return ENGINE.move_json(view, move)
