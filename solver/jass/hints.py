"""Jass's hints (docs/solver.md "Jass"): a determinized search.  Each world is a deal of
the cards the seat cannot place, consistent with its view (View.resample: the turned
trump, the six and the melds shown where they lie, no card of a suit a seat showed it
lacks); in each, every move is played and the deal's rest played out by the rule bot at
every seat, or searched exactly (max^n, each seat for his own margin: playout.exact) once
few cards remain.  A move's value is the seat's points less the mean of the others'
(solver.value's ``points``); the exchange, passing out and the melds are valued alike."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from engine.games import engine_of
from engine.jass import CALL, Move, State, View
from engine.jass.rules import NAME, THREE, TWO
from solver.hints import Budget, search
from solver.jass.bots import rule_move, sound
from solver.jass.endgame import Endgame
from solver.jass.playout import Deal, exact, margin, play_out
from solver.ranking import Tally, answer, rank, ranked_answer, solver_meta

__all__ = ["ALGORITHM", "DEFAULT", "EXACT", "Options", "SolverBot", "finish", "hint_moves",
           "solve", "value_after"]

ALGORITHM = "pimc-rule-playout-maxn"
ENGINE = engine_of(NAME)
EXACT = {NAME: 3, THREE: 3, TWO: 5}
"""The most cards a hand may hold for a world's rest to be searched exactly by max^n, by
the deal's rules (two-hand once the stock is gone: always, by alpha-beta, endgame.py)."""
MATCH = 1000.0
"""A match won, in a seat's margin (lost: its opposite): more than any deal's margin, so
that a right call-out ranks first and a wrong one last (JD20); a move that ends a deal of
a match going on is worth that deal's margin (the hint searches the deal, JD18)."""


@dataclass(frozen=True)
class Options:
    """The budget and the stopping rule (solver.hints.Budget)."""

    samples: int = 32
    min_samples: int = 8
    nodes: int | None = None
    time_ms: float | None = None
    z: float = 3.0
    tolerance: float = 0.5

    def with_budget(self, samples: int | None = None, time_ms: float | None = None) -> Options:
        if samples is None and time_ms is None:
            return self
        return replace(self, samples=samples or self.samples, time_ms=time_ms,
                       min_samples=min(self.min_samples, samples or self.min_samples))


DEFAULT = Options()


def _settled(state: State, deal: int | None) -> State:
    """The calls before the play made by the rule bot at each seat (J6, J8); a call-out
    when it is right (JD20)."""
    while state.phase in ("exchange", "pass") and _ended(state, 0, deal) is None:
        state, _ = state.apply(rule_move(state.view(state.turn)))
    return state


def _ended(state: State, seat: int, deal: int | None) -> float | None:
    """``seat``'s value when ``state``'s deal is over: a match's end (:data:`MATCH`), a
    game of one deal's margin, or the margin of a match's deal ``deal`` that ended (the
    next one dealt); ``None`` while the deal goes on."""
    if state.match is not None and state.game_over:
        return MATCH if seat in state.result.winners else -MATCH
    if state.game_over:
        return margin(list(state.result.points), seat)
    if state.match is not None and deal is not None and state.match.deal != deal:
        return margin([p or 0 for p in state.match.scores[deal - 1]], seat)
    return None


def value_after(state: State, seat: int, memo: dict[Any, Any],
                known: bool = False, deal_number: int | None = None) -> tuple[float, int]:
    """``seat``'s margin at the end of ``state``'s deal (of a match, deal ``deal_number``,
    the world's), played out (or searched exactly when few cards remain; ``known``:
    two-hand's whole endgame, the view's one world), and the nodes it took."""
    ended = _ended(state, seat, deal_number)
    if ended is not None:
        return ended, 1
    state = _settled(state, deal_number)
    ended = _ended(state, seat, deal_number)
    if ended is not None:
        return ended, 1
    deal = Deal.of(state)
    if known and state.phase == "play":
        return _endgame(deal, seat, memo)
    if not deal.stock and deal.declare is None and max(
            deal.hands[s].bit_count() for s in range(deal.seats) if s != deal.out
    ) <= EXACT[state.form]:
        counter = [0]
        return margin(exact(deal, memo, counter), seat), counter[0]
    return margin(play_out(deal), seat), 36


def _endgame(deal: Deal, seat: int, memo: dict[Any, Any]) -> tuple[float, int]:
    """Two-hand after the stock: the seat's margin by the exact search (endgame.py), its
    table kept for the world's other moves."""
    search = memo.get("endgame")
    if search is None:
        search = memo["endgame"] = Endgame(deal.trump)
    before = search.nodes
    turn = deal.turn
    led = deal.trick[0][1] if deal.trick else -1
    rest = search.value(deal.hands[turn], deal.hands[1 - turn], led)
    now = [deal.pips[s] + (deal.melds[s] if deal.tricks[s] else 0) for s in (0, 1)]
    return now[seat] - now[1 - seat] + (rest if turn == seat else -rest), \
        search.nodes - before + 1


def hint_moves(view: View) -> list[Move]:
    """The moves a hint ranks: every legal move of the seat to act."""
    if view.game_over or view.player not in view.acting:
        return []
    return view.legal_moves()


def solve(view: View, options: Options, seed: int, start: int = 0, stop: int | None = None,
          early: bool = True, progress: Any = None) -> Tally:
    """Worlds ``start`` .. ``stop - 1`` of the view, each from ``seed`` and its index."""
    if view.game_over:
        return Tally([])
    stop = options.samples if stop is None else stop
    moves = hint_moves(view)
    tally = Tally([m.id for m in moves] or ["position"])
    known = _known(view)
    number = None if view.match is None else view.match.deal

    def value(index: int) -> tuple[list[float], int, bool]:
        world = view.resample(random.Random(f"jass/{seed}/{index}"))
        memo: dict[Any, Any] = {}
        row: list[float] = []
        nodes = 0
        columns: list[Move | None] = [*moves] if moves else [None]
        for move in columns:
            after = world if move is None else world.apply(move)[0]
            worth, spent = value_after(after, view.player, memo, known, number)
            row.append(worth)
            nodes += spent
        return row, nodes, known

    if known:
        stop = min(stop, start + 1)
    return search(tally, value, start, stop, _budget(options), early=early, progress=progress)


def _known(view: View) -> bool:
    """Two-hand once the stock is gone: the other hand is the cards unseen, and the rest is
    searched exactly (endgame.py): one world says everything."""
    return view.form == TWO and view.stock_size == 0 and view.phase == "play"


def _budget(options: Options) -> Budget:
    return Budget(options.nodes, options.time_ms, options.min_samples, options.z,
                  options.tolerance)


def finish(view: View, tally: Tally, seed: int, top: int | None, with_moves: bool,
           options: Any = None) -> dict[str, Any]:
    """The answer (docs/api.md "Hints"): moves ranked by the seat's margin; the evaluation's
    ``expected_points`` are margins too (the seat's equity, each other seat its share of
    the opposite), and once the deal is over each seat's final margin."""
    del options
    meta = solver_meta(ALGORITHM, tally, seed)
    n = view.seats
    now = list(view.result.points)

    def expected(equity: float) -> list[float]:
        others = -equity / (n - 1)
        return [round(equity if s == view.player else others, 3) for s in range(n)]

    if not tally.samples:
        margins = [round(margin(now, s), 3) for s in range(n)]
        return answer(view.player, [], {"equity": margins[view.player], "stderr": 0.0,
                                        "expected_points": margins}, meta,
                      with_moves=with_moves)
    return ranked_answer(view.player, tally, rank(tally), lambda: hint_moves(view),
                         lambda move: ENGINE.move_json(view, move), expected, meta,
                         top=top, with_moves=with_moves)


@dataclass
class SolverBot:
    """The solver as a house bot: the hint's best move at a small budget."""

    seed: int = 0
    samples: int = 16

    def choose(self, view: View) -> Move:
        """A right call-out at once; never a wrong one (JD20); else the search's best."""
        if CALL in view.legal_moves() and view.call_right(view.player):
            return CALL
        moves = sound(view, view.legal_moves())
        if len(moves) == 1:
            return moves[0]
        tally = solve(view, replace(DEFAULT, samples=self.samples, min_samples=self.samples),
                      self.seed, early=False)
        ids = {m.id for m in moves}
        best = next(tally.moves[r.index] for r in rank(tally) if tally.moves[r.index] in ids)
        return next(m for m in moves if m.id == best)
