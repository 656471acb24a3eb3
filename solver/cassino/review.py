"""Game review: each move of one player rated against the best move from what that player
could see when making it (docs/api.md "Game review").

A move's rating is the solver's hint (:func:`solver.hint`, the default budget at a fixed
seed) run on the seat's :class:`~engine.cassino.View` just before the move: the points it
lost are the equity of the hint's best move less that of the move played (expected round
points, the hint's own scale), never below zero.  Only the view is searched, so the
rating never depends on cards the player could not see (R29): the same view gives the
same rating.  The verdict comes from :data:`VERDICTS`, the one place its thresholds are
written.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any, NamedTuple

from engine.cassino import CLAIM, Move, Record, View, move_json, replay
from solver.cassino import check_searchable, rules_weight
from solver.cassino.core import DEFAULT, Options, claim_equity, exact, hint_moves, solve
from solver.ranking import rank
from solver.review import Verdicts
from solver.review import summary as shared_summary

__all__ = ["BEST", "BLUNDER", "VERDICTS", "Rating", "rate", "review", "summary", "verdict"]

BEST, GOOD, INACCURACY, MISTAKE, BLUNDER = "best", "good", "inaccuracy", "mistake", "blunder"
VERDICTS: tuple[tuple[str, float], ...] = (
    (BEST, 0.1),  # within the solver's tolerance of the best (Options.tolerance)
    (GOOD, 0.5),
    (INACCURACY, 1.0),
    (MISTAKE, 2.0),
)
"""A move's verdict: the first whose bound (round points lost, inclusive) it stays within;
beyond the last, a blunder (about a sweep and a point card given away)."""


def verdict(lost: float) -> str:
    """The verdict for ``lost`` round points (:data:`VERDICTS`)."""
    for name, bound in VERDICTS:
        if lost <= bound:
            return name
    return BLUNDER


class Rating(NamedTuple):
    """One move rated: what was played and what the solver would have played."""

    move: Move
    best: Move | None
    """The hint's best move; ``None`` after a wrong claim out of turn (T7): the best was
    not to claim, and no card could be played."""
    equity: float
    best_equity: float
    lost: float
    verdict: str
    forced: bool
    """The only legal move: nothing to choose, nothing searched."""
    samples: int
    exact: bool = False
    """The equities are the game's value (:func:`solver.cassino.core.exact`: the last batch with
    ``opponent_model`` 0, every card known): the points lost are exact."""

    def to_dict(self, view: View) -> dict[str, Any]:
        def described(move: Move) -> dict[str, object]:
            if move.type == CLAIM:
                return {**move.to_dict(), "id": move.id, "description":
                        f"Claim the game (player {move.player})"}
            return move_json(view.loose, view.builds, view.to_move, move, view.rules)

        return {"move": described(self.move),
                "best": None if self.best is None else described(self.best),
                "equity": round(self.equity, 3), "best_equity": round(self.best_equity, 3),
                "points_lost": round(self.lost, 3), "verdict": self.verdict,
                "forced": self.forced, "samples": self.samples, "exact": self.exact}


def rate(view: View, move: Move, *, seed: int = 0, options: Options = DEFAULT) -> Rating:
    """Rate ``move`` played from ``view`` (the viewer's, it must be theirs to play); a
    table whose moves are too many to search is not rated (D16: PositionTooLargeError)."""
    check_searchable(view)
    moves = hint_moves(view)
    if move not in moves:
        if move.type != CLAIM:
            raise ValueError(f"{move.id} is not a legal move of player {view.player} here")
        lost = claim_equity(view.rules)  # a wrong claim (T7): the game given away
        return Rating(move, moves[0] if moves else None, -lost, 0.0, lost, BLUNDER, False, 0)
    if len(moves) == 1:
        return Rating(move, move, 0.0, 0.0, 0.0, BEST, True, 0)
    tally = solve(view, options, seed)
    stats = rank(tally)
    by_id = {m.id: m for m in moves}
    best_stats = stats[0]
    best = by_id[tally.moves[best_stats.index]]
    played = next(s for s in stats if tally.moves[s.index] == move.id)
    equity = played.mean
    lost = max(0.0, best_stats.mean - equity)
    return Rating(move, best, equity, best_stats.mean, lost, verdict(lost), False,
                  tally.samples, exact(view, tally, options))


def review(record: Record, player: int, *, seed: int = 0, options: Options = DEFAULT,
           progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Rate every move ``player`` made in ``record``'s game (a claim, T5, too) from the
    seat's view before it; ``progress(done, total)`` after each.  The docs/api.md review
    object: the rated moves in order and their :func:`summary`, and the opponent model's
    weight of the searches (:func:`solver.cassino.rules_weight`; ``draw``'s horizon
    search while the stock lasts has none, as in hints)."""
    positions = replay(record)
    turns = [(before, after) for before, after in pairwise(positions)
             if after.player == player and after.move is not None]
    rated = []
    for done, (before, after) in enumerate(turns, start=1):
        view = before.state.view(player)
        move = after.move
        assert move is not None
        rating = rate(view, move, seed=seed, options=options)
        rated.append({"ply": after.ply, "round": before.state.round,
                      "deal": before.state.deal, **rating.to_dict(view)})
        if progress is not None:
            progress(done, len(turns))
    return {"player": player, "seed": seed,
            "opponent_model": rules_weight(record.rules, options.opponent_model),
            "moves": rated, "summary": summary(rated),
            "verdicts": {name: bound for name, bound in VERDICTS}}


def summary(rated: list[dict[str, Any]]) -> dict[str, Any]:
    """``moves`` rated, total and mean ``points_lost``, each verdict's count, and
    ``accuracy`` (solver/review.py's, on :data:`VERDICTS`)."""
    return shared_summary(rated, Verdicts(*(bound for _, bound in VERDICTS)))
