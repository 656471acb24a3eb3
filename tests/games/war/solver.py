"""War's solver, the example game's (docs/adding-a-game.md): ``SOLVER``, the hints and the
house's bots.  Each world is the view resampled (W3); each root move is valued by playing
the game out to its tenth trick with both seats greedy, as the cards won less the other
seat's (W8: its value, solver.value).  The shared loop (solver.hints) stops the search;
solver.ranking ranks and writes the answer."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from engine.games import engine_of
from solver.games import META, POSITION, HintGame, House, Progress
from solver.hints import Budget, search
from solver.ranking import Tally, answer, rank, ranked_answer, solver_meta
from solver.value import value_at
from tests.games.war.engine import PACK, RANK, Move, State, View

__all__ = ["BOTS", "SOLVER", "Greedy", "Random"]

ALGORITHM = "pimc-greedy-playout"
BOTS = ("greedy", "random")
"""The house's bots (api.schemas.HOUSE_BOTS names both)."""


@dataclass(frozen=True)
class Options:
    """The budget and the stopping rule (solver.hints.Budget)."""

    samples: int = 16
    min_samples: int = 4
    nodes: int | None = None
    time_ms: float | None = None
    z: float = 3.0
    tolerance: float = 0.01

    def with_budget(self, samples: int | None = None, time_ms: float | None = None) -> Options:
        if samples is None and time_ms is None:
            return self
        return replace(self, samples=samples or self.samples, time_ms=time_ms,
                       min_samples=min(self.min_samples, samples or self.min_samples))


def _rank(move: Move) -> int:
    return RANK[move.card[:-1]]


class Greedy:
    """Leads its higher card; follows with the lowest card that wins, else its lowest (W5)."""

    def choose(self, view: View) -> Move:
        hand = sorted(view.legal_moves(), key=_rank)
        if view.led is None:
            return hand[-1]
        led = RANK[view.led[:-1]]
        return next((m for m in hand if _rank(m) > led), hand[0])


@dataclass
class Random:
    """Plays one of its legal moves at random, from its seed."""

    seed: int

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, view: View) -> Move:
        return self.rng.choice(view.legal_moves())


def make_bot(spec: str, seed: int) -> Greedy | Random:
    return Greedy() if spec == "greedy" else Random(seed)


def _playout(state: State, player: int) -> tuple[float, int]:
    """The cards ``player`` wins less the other's (its value, solver.value), both greedy
    to the end; the plies."""
    plies = 0
    while not state.game_over:
        state = state.apply(Greedy().choose(state.view(min(state.acting))))[0]
        plies += 1
    return value_at(state).of_result(state.result, player), plies


def _exact(view: View) -> bool:
    """At most one card unseen: one world."""
    return sum(view.pile_sizes) - len(view.hand) <= 1


def solve(view: View, options: Options, seed: int, start: int = 0, stop: int | None = None,
          early: bool = True, progress: Progress = None) -> Tally:
    """Worlds ``start`` .. ``stop - 1`` of the view, each drawn from ``seed`` and its index."""
    moves = view.legal_moves()
    tally = Tally([] if view.game_over else [m.id for m in moves] or [POSITION])
    if not tally.moves:
        return tally
    stop = options.samples if stop is None else stop
    if _exact(view):
        stop = min(stop, start + 1)

    def value(index: int) -> tuple[list[float], int, bool]:
        world = view.resample(random.Random(f"war/{seed}/{index}"))
        played = [_playout(world.apply(m)[0], view.player) for m in moves] or [
            _playout(world, view.player)]
        return [v for v, _ in played], sum(n for _, n in played), False

    return search(tally, value, start, stop, Budget(options.nodes, options.time_ms,
                                                    options.min_samples, options.z,
                                                    options.tolerance),
                  early=early, progress=progress)


def finish(view: View, tally: Tally, seed: int, top: int | None, with_moves: bool,
           options: Any) -> dict[str, Any]:
    """The answer (docs/api.md "Hints"): equity is the cards won less the other's (W8)."""
    del options
    meta = solver_meta(ALGORITHM, tally, seed)
    value = value_at(view)
    total = float(len(PACK))  # the seats' points add up to the pack (W7)
    if not tally.samples:
        equity = value.of_result(view.result, view.player)
        return answer(view.player, [], {
            "equity": equity, "stderr": 0.0,
            "expected_points": value.expected(equity, view.player, total)}, meta,
            with_moves=with_moves)
    return ranked_answer(view.player, tally, rank(tally), view.legal_moves,
                         lambda move: ENGINE.move_json(view, move),
                         lambda equity: value.expected(equity, view.player, total), meta,
                         top=top, with_moves=with_moves)


ENGINE = engine_of("war")
SOLVER: HintGame[View] = HintGame(
    name="war", algorithm=ALGORITHM, default=Options(), read_view=View.from_dict,
    moves=lambda view: view.legal_moves(), over=lambda view: view.game_over,
    move_json=ENGINE.move_json, solve=solve, finish=finish, exact=_exact,
    bound=lambda view: float(len(PACK)), seats=lambda view: 2,
    house=House(bots=lambda variant: BOTS, make=make_bot), meta=META, stderr_when_over=True)
