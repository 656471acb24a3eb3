"""Per-world results, their merge, and the statistics of a ranking (common random numbers).

Every root move is valued on the same worlds, so the difference between two moves is
measured world by world (paired), which cancels most of the luck of the draw.  A
:class:`Tally` keeps every world's values by world index; tallies of disjoint ranges of
worlds merge into exactly the tally one process would have made, because the
statistics are computed from the values in world order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import sqrt
from typing import Any

__all__ = ["POSITION", "MoveStats", "Tally", "answer", "best_of", "merge", "rank",
           "ranked_answer", "ranked_moves", "solver_meta"]

POSITION = "*"
"""The one column of a tally whose viewer has no move: the position's own value."""


@dataclass
class Tally:
    """Values of each root move (in a fixed move order) in each world, by world index."""

    moves: list[str]
    """Root move ids, in the engine's order (the columns of ``values``)."""
    worlds: list[int] = field(default_factory=list)
    values: list[list[float]] = field(default_factory=list)
    nodes: int = 0
    elapsed_ms: float = 0.0
    estimated: int = 0
    """Worlds whose values a search estimated at its horizon rather than solved to the end
    (0 where a game's search does not say; Conquian's does)."""

    def add(self, index: int, row: list[float]) -> None:
        self.worlds.append(index)
        self.values.append(row)

    @property
    def samples(self) -> int:
        return len(self.worlds)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (to ship a chunk between processes)."""
        return {"moves": self.moves, "worlds": self.worlds, "values": self.values,
                "nodes": self.nodes, "elapsed_ms": self.elapsed_ms,
                "estimated": self.estimated}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tally:
        return cls([str(m) for m in data["moves"]], [int(w) for w in data["worlds"]],
                   [[float(v) for v in row] for row in data["values"]], int(data["nodes"]),
                   float(data["elapsed_ms"]), int(data.get("estimated", 0)))


def merge(tallies: list[Tally]) -> Tally:
    """One tally from tallies of disjoint world ranges of the same position."""
    if not tallies:
        raise ValueError("nothing to merge")
    moves = tallies[0].moves
    rows: dict[int, list[float]] = {}
    for t in tallies:
        if t.moves != moves:
            raise ValueError("tallies of different positions cannot be merged")
        for index, row in zip(t.worlds, t.values, strict=True):
            if index in rows:
                raise ValueError(f"world {index} appears twice")
            rows[index] = row
    out = Tally(moves, nodes=sum(t.nodes for t in tallies),
                elapsed_ms=sum(t.elapsed_ms for t in tallies),
                estimated=sum(t.estimated for t in tallies))
    for index in sorted(rows):
        out.add(index, rows[index])
    return out


@dataclass(frozen=True)
class MoveStats:
    """One move's mean value, its standard error, and the paired standard error of its
    difference from the best move, the move of highest mean (0 for the best itself);
    ``prior``: ranked ahead of moves of higher mean by a game's prior (docs/api.md
    "Hints": the answer says so)."""

    index: int
    mean: float
    stderr: float
    stderr_diff: float
    prior: bool = False


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, sqrt(var / n)


def rank(tally: Tally) -> list[MoveStats]:
    """Moves best first (ties keep the engine's order)."""
    if not tally.values:
        raise ValueError("no world was searched")
    columns = list(zip(*tally.values, strict=True))
    stats = [_mean_se(list(col)) for col in columns]
    best = max(range(len(columns)), key=lambda i: (stats[i][0], -i))
    out = []
    for i, col in enumerate(columns):
        if i == best:
            se_diff = 0.0
        else:
            _, se_diff = _mean_se([b - x for b, x in zip(columns[best], col, strict=True)])
        out.append(MoveStats(i, stats[i][0], stats[i][1], se_diff))
    out.sort(key=lambda s: (-s.mean, s.index))
    return out


def separated(tally: Tally, z: float, tolerance: float) -> bool:
    """True when every other move is either clearly worse than the best (its mean is
    more than ``z`` paired standard errors below) or practically equal to it (the
    difference is within ``tolerance`` points, ``z`` standard errors included)."""
    stats = rank(tally)
    best = stats[0]
    for s in stats[1:]:
        gap = best.mean - s.mean
        if gap > z * s.stderr_diff:
            continue
        if gap + z * s.stderr_diff <= tolerance:
            continue
        return False
    return True


# --- the answer's wire form (docs/api.md "Hints"), the same for every game ---------------


def solver_meta(algorithm: str, tally: Tally, seed: int,
                elapsed_ms: float | None = None) -> dict[str, Any]:
    """The answer's ``solver`` object: the search used and the budget it spent."""
    return {
        "algorithm": algorithm,
        "samples": tally.samples,
        "elapsed_ms": round(tally.elapsed_ms if elapsed_ms is None else elapsed_ms, 1),
        "cached": False,
        "nodes": tally.nodes,
        "seed": seed,
    }


def ranked_moves(stats: list[MoveStats], columns: list[str], move_json: Callable[[str], Any],
                 top: int | None = None) -> list[dict[str, Any]]:
    """The answer's ``moves``: best first, each with its rank, the move's JSON (from its id
    in ``columns``), its equity and the standard errors, and ``prior: true`` on a move a
    game's prior ranked ahead of moves of higher equity."""
    out = []
    for r, s in enumerate(stats[:top] if top is not None else stats, start=1):
        item = {"rank": r, "move": move_json(columns[s.index]), "equity": round(s.mean, 3),
                "stderr": round(s.stderr, 3), "stderr_diff": round(s.stderr_diff, 3)}
        if s.prior:
            item["prior"] = True
        out.append(item)
    return out


def best_of(stats: Sequence[MoveStats]) -> MoveStats:
    """The move of highest mean (of equal means, the engine's first): the best, whatever
    a prior ranked first."""
    return max(stats, key=lambda s: (s.mean, -s.index))


def answer(player: int, moves: list[dict[str, Any]], evaluation: dict[str, Any],
           meta: dict[str, Any], *, with_moves: bool = True) -> dict[str, Any]:
    """The whole answer: ``player``, ``moves`` (unless left out), ``evaluation``, ``solver``."""
    out: dict[str, Any] = {"player": player}
    if with_moves:
        out["moves"] = moves
    out["evaluation"] = evaluation
    out["solver"] = meta
    return out


def ranked_answer(player: int, tally: Tally, stats: list[MoveStats],
                  moves: Callable[[], Sequence[Any]], move_json: Callable[[Any], Any],
                  expected: Callable[[float], list[float]], meta: dict[str, Any], *,
                  top: int | None = None, with_moves: bool = True) -> dict[str, Any]:
    """The answer of a searched position, every game's (docs/api.md "Hints"): the moves
    ranked as ``stats`` says (``moves()`` lists them, asked only when the viewer has some;
    ``move_json`` writes one), the evaluation (the best move's equity and standard error,
    the best being the move of highest equity even where a prior ranked another first,
    each seat's ``expected`` points told from the equity) and ``meta``."""
    best = best_of(stats)
    ranked: list[dict[str, Any]] = []
    if tally.moves != [POSITION]:
        by_id = {m.id: m for m in moves()}
        ranked = ranked_moves(stats, tally.moves, lambda i: move_json(by_id[i]), top)
    return answer(player, ranked, {"equity": round(best.mean, 3),
                                   "stderr": round(best.stderr, 3),
                                   "expected_points": expected(best.mean)}, meta,
                  with_moves=with_moves)
