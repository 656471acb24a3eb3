"""Game review for every game that keeps records (docs/api.md "Game review"): each move of
one seat rated against the best move from what that seat could see when making it.

A move's rating is its game's hint (``HintGame.solve`` at the default budget and a fixed
seed) on the seat's view just before the move: what it lost is the mean value of the best
move less that of the move played, on the hint's own scale (a game's result kind,
solver.value), never below zero.  Only the view is searched, so a rating never depends on
a card the seat could not see.  The verdict comes from the game's bounds
(:class:`Verdicts`), each written once in its solver's entry.  Cassino's own review
(solver/cassino/review.py) adds its claims and rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from engine.games import engine_of
from solver.games import HintGame
from solver.ranking import rank

__all__ = ["BLUNDER", "Verdicts", "review", "summary"]

BEST, GOOD, INACCURACY, MISTAKE, BLUNDER = "best", "good", "inaccuracy", "mistake", "blunder"


@dataclass(frozen=True)
class Verdicts:
    """A game's verdict bounds, in its hint's units lost (inclusive); beyond ``mistake``,
    a blunder."""

    best: float
    good: float
    inaccuracy: float
    mistake: float

    def items(self) -> tuple[tuple[str, float], ...]:
        return ((BEST, self.best), (GOOD, self.good), (INACCURACY, self.inaccuracy),
                (MISTAKE, self.mistake))

    def of(self, lost: float) -> str:
        """The verdict for ``lost``: the first bound it stays within."""
        return next((name for name, bound in self.items() if lost <= bound), BLUNDER)


def review(game: HintGame[Any], record: dict[str, Any], player: int, verdicts: Verdicts, *,
           seed: int = 0, options: Any = None,
           progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Rate every move ``player`` made in ``record`` (its game's records, engine.games)
    from the seat's view before it; ``progress(done, total)`` after each."""
    keeper = engine_of(game.name).records
    if keeper is None:
        raise ValueError(f"{game.name} keeps no records")
    options = game.default if options is None else options
    positions: Sequence[Any] = keeper.replay(keeper.read(record))
    turns = [(before, after) for before, after in pairwise(positions)
             if after.player == player and after.move is not None]
    rated = []
    for done, (before, after) in enumerate(turns, start=1):
        view = before.state.view(player)
        rated.append({"ply": after.ply, "deal": getattr(before.state, "deal", 1),
                      **_rate(game, view, after.move, seed, options, verdicts)})
        if progress is not None:
            progress(done, len(turns))
    return {"player": player, "seed": seed, "opponent_model": 0.0, "moves": rated,
            "summary": summary(rated, verdicts), "verdicts": dict(verdicts.items())}


def _rate(game: HintGame[Any], view: Any, move: Any, seed: int, options: Any,
          verdicts: Verdicts) -> dict[str, Any]:
    moves = game.moves(view)
    by_id = {m.id: m for m in moves}
    if move.id not in by_id:
        raise ValueError(f"{move.id} is not a move a hint of player {view.player} ranks")
    written = game.move_json(view, move)
    if len(moves) == 1:
        return {"move": written, "best": written, "equity": 0.0, "best_equity": 0.0,
                "points_lost": 0.0, "verdict": BEST, "forced": True, "samples": 0,
                "exact": False}
    tally = game.solve(view, options, seed, 0, options.samples, True, None)
    stats = rank(tally)
    best = stats[0]
    played = next(s for s in stats if tally.moves[s.index] == move.id)
    lost = max(0.0, best.mean - played.mean)
    return {"move": written, "best": game.move_json(view, by_id[tally.moves[best.index]]),
            "equity": round(played.mean, 3), "best_equity": round(best.mean, 3),
            "points_lost": round(lost, 3), "verdict": verdicts.of(lost), "forced": False,
            "samples": tally.samples, "exact": bool(game.exact(view))}


def summary(rated: list[dict[str, Any]], verdicts: Verdicts) -> dict[str, Any]:
    """``moves`` rated, total and mean ``points_lost``, each verdict's count, and
    ``accuracy``: the percentage of the moves rated best or good."""
    counts = {name: 0 for name, _ in verdicts.items()} | {BLUNDER: 0}
    for item in rated:
        counts[item["verdict"]] += 1
    lost = sum(item["points_lost"] for item in rated)
    n = len(rated)
    return {"moves": n, "points_lost": round(lost, 3),
            "mean_points_lost": round(lost / n, 3) if n else 0.0,
            "accuracy": round(100 * (counts[BEST] + counts[GOOD]) / n, 1) if n else 100.0,
            "counts": counts}
