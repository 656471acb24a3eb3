"""Canfield's hints (docs/solver.md "Canfield"): worlds are orders of the cards not yet
seen (View.resample, CFD11), each root move valued by the greedy rule's playout of that
world to the end (solver/canfield/policy.py), as the net dollars of CF14; the answer adds,
for each move, the chance of winning the bet (eleven cards or more, a net gain) and the
expected foundation cards.  With every card known, solver/canfield/exact.py searches the
deal exactly."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from engine.canfield import View
from engine.canfield.rules import PAY, STAKE
from engine.games import engine_of
from solver.canfield.policy import playout
from solver.games import POSITION, Progress
from solver.hints import Budget, search
from solver.ranking import Tally, answer, rank, ranked_answer, solver_meta
from solver.value import value_at

__all__ = ["ALGORITHM", "DEFAULT", "Options", "dollars", "finish", "hint", "solve"]

ALGORITHM = "pimc-greedy-playout"


@dataclass(frozen=True)
class Options:
    samples: int = 24
    min_samples: int = 4
    nodes: int | None = 2500
    """Playout moves, all worlds together (deterministic; ~60 ms on one core)."""
    time_ms: float | None = None
    z: float = 2.0
    tolerance: float = 1.0
    """A dollar: moves within it are alike."""

    def with_budget(self, samples: int | None = None, time_ms: float | None = None) -> Options:
        if samples is None and time_ms is None:
            return self
        return replace(self, samples=samples or self.samples, time_ms=time_ms,
                       nodes=None if samples or time_ms else self.nodes)


DEFAULT = Options()
ENGINE = engine_of("canfield")


def dollars(cards: int) -> float:
    """CF14: the net dollars of ``cards`` on the foundations."""
    return float(PAY * cards - STAKE)


def solve(view: View, options: Options, seed: int, start: int = 0, stop: int | None = None,
          early: bool = True, progress: Progress = None) -> Tally:
    moves = [m for m in view.legal_moves()]
    tally = Tally([] if view.game_over else [m.id for m in moves] or [POSITION])
    if not tally.moves:
        return tally
    stop = options.samples if stop is None else stop

    def value(index: int) -> tuple[list[float], int, bool]:
        world = view.resample(random.Random(f"canfield/{seed}/{index}"))
        row, spent = [], 0
        for move in moves:
            end, n = playout(world.apply(move)[0])
            row.append(dollars(end.score))
            spent += n + 1
        return row, spent, True

    return search(tally, value, start, stop, Budget(options.nodes, options.time_ms,
                                                    options.min_samples, options.z,
                                                    options.tolerance),
                  early=early, progress=progress)


def finish(view: View, tally: Tally, seed: int, top: int | None, with_moves: bool,
           options: Any = None) -> dict[str, Any]:
    """The answer: equity the expected net dollars; the ``solver`` object adds each
    move's chance of the bet (``bet``) and expected foundation cards (``cards``)."""
    del options
    meta = solver_meta(ALGORITHM, tally, seed)
    value = value_at(view)
    if not tally.samples:
        equity = value.of_result(view.result, 0)
        return answer(0, [], {"equity": equity, "stderr": 0.0,
                              "expected_points": value.expected(equity, 0)}, meta,
                      with_moves=with_moves)
    columns = list(zip(*tally.values, strict=True))
    meta["bet"] = {m: round(sum(v > 0 for v in col) / len(col), 3)
                   for m, col in zip(tally.moves, columns, strict=True)}
    meta["cards"] = {m: round((sum(col) / len(col) + STAKE) / PAY, 2)
                     for m, col in zip(tally.moves, columns, strict=True)}
    return ranked_answer(0, tally, rank(tally), view.legal_moves,
                         lambda move: ENGINE.move_json(view, move),
                         lambda equity: value.expected(equity, 0), meta, top=top,
                         with_moves=with_moves)


def hint(view: View, seed: int = 0, top: int | None = None,
         options: Options = DEFAULT) -> dict[str, Any]:
    """A whole hint of ``view`` in this process."""
    return finish(view, solve(view, options, seed), seed, top, True)
