"""A hint or evaluation request as data: its options, its job id, its cache family.

Pure logic (no Redis): the embedded and the Redis backends share it, so both answer
the same requests the same way.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import orjson

import solver
from engine.games import unnamed_game
from solver.games import POSITION, READABLE_KEYS, HintGame, hint_game
from solver.ranking import separated

__all__ = ["CHUNK", "JOB_ID", "SOLVER_VERSION", "CacheEntry", "HintRequest", "Unfit",
           "new_job_id", "open_scope"]

SOLVER_VERSION = "5"
"""Bump when the solver's answers change: it is part of every job id and cache key.
(5: the answers' ``solver`` object names the opponent model and whether the values are
exact, and a tally counts the worlds searched short of the round's end; the moves and
equities are version 4's.)"""

CHUNK = 64
"""Worlds per job when a large budget is split across workers (docs/api.md "Hints")."""


JOB_ID = re.compile(r"^j[0-9a-f]{32}$")
"""A job id: ``j`` and 128 random bits in hex.  Nothing else is ever a job."""


def new_job_id() -> str:
    """A fresh random job id: it says nothing about the request, and only its requester
    is told it."""
    return "j" + secrets.token_hex(16)


class Unfit(ValueError):  # noqa: N818 - a condition, not a bug
    """What was read back (a cache entry, a job's answer) is not one of this request's:
    a miss, never served.  The message says why, for the log."""


def _check(condition: bool, why: str) -> None:
    if not condition:
        raise Unfit(why)


def _number(value: Any, bound: float, *, low: float | None = None) -> float:
    """``value`` as a finite float within ``[low, bound]`` (``[-bound, bound]``)."""
    _check(isinstance(value, (int, float)) and not isinstance(value, bool), "not a number")
    number = float(value)
    _check(math.isfinite(number) and (-bound if low is None else low) <= number <= bound,
           f"{number!r} out of range")
    return number


def _count(value: Any, low: int = 0) -> int:
    _check(isinstance(value, int) and not isinstance(value, bool) and value >= low,
           f"{value!r} is not a count")
    return int(value)


def _digest(data: Any) -> str:
    """The hash of ``data``'s canonical JSON (sorted keys, no spaces, UTF-8): orjson's,
    the same bytes as the standard library's and a fifth of its time (some 8 us a state,
    three a hint), which also takes what orjson cannot (an integer past 64 bits)."""
    try:
        text = orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    except TypeError:
        text = json.dumps(data, sort_keys=True, separators=(",", ":"),
                          ensure_ascii=False).encode()
    return hashlib.sha256(text).hexdigest()[:32]


def open_scope(state: dict[str, Any], player: int) -> str:
    """What an open-mode request proves: the whole state (hands, stock order, seed) and the
    asking seat.  Nobody can name it without knowing every hidden card already."""
    return "o" + _digest({"state": state, "player": player})


@dataclass(frozen=True)
class HintRequest:
    """``kind`` is ``hints`` or ``evaluate``; the rest are the docs/api.md options."""

    kind: str
    view: Any
    """A view of any game (:mod:`solver.games`): its ``game`` picks the solver."""
    samples: int | None = None
    time_ms: float | None = None
    seed: int = 0
    top: int | None = None
    scope: str | None = None
    """What the asker proved (:func:`open_scope`), or ``None`` for a bare view: anyone can
    write any view, so a bare view shares no job and no cache entry with anyone (else a
    hit would tell which of the candidate hands another seat really holds)."""
    opponent_model: float | None = None
    """The opponent model's weight asked (docs/api.md "Hints"), or ``None`` for the game's
    default; only a game whose search has one (:attr:`HintGame.model`) takes it."""

    @property
    def game(self) -> HintGame[Any]:
        """The solver of the view's game."""
        return hint_game(self.view.game)

    @property
    def options(self) -> Any:
        options = self.game.default.with_budget(self.samples, self.time_ms)
        if self.opponent_model is None:
            return options
        if self.game.model is None:
            raise ValueError(f"{self.game.name}'s search has no opponent model")
        return replace(options, opponent_model=self.opponent_model)

    @property
    def model(self) -> float | None:
        """The opponent model's weight the search applies to this view (the answer's
        ``solver.opponent_model``); ``None`` where the game's search has none.  It is part
        of the job and cache keys: two models' worlds have other values."""
        model = self.game.model
        return None if model is None else model(self.view, self.options)

    def _keyed(self) -> dict[str, Any]:
        """What names the game in a job or cache key (:attr:`HintGame.keyed`: the first
        game's keys name only its rules, as they did before the other games)."""
        return {"game": self.view.game} if self.game.keyed else {}

    def solve(self, start: int = 0, stop: int | None = None, *, early: bool = True,
              progress: Callable[[int, int], None] | None = None) -> solver.Tally:
        """Search worlds ``start`` .. ``stop - 1`` of this request (its game's solver)."""
        return self.game.solve(self.view, self.options, self.seed, start, stop, early,
                               progress)

    @property
    def cap(self) -> int:
        """Most worlds this request may search."""
        return int(self.options.samples)

    def _view(self) -> dict[str, Any]:
        return dict(self.view.to_dict())

    @property
    def share_key(self) -> str | None:
        """Identical requests of one scope share a job: a hash of (scope, canonical view,
        options, rules, solver version); ``None`` for a bare view."""
        if self.scope is None:
            return None
        return "s" + _digest({"solver": SOLVER_VERSION, "rules": self.view.variant,
                              **self._keyed(),
                              "scope": self.scope, "kind": self.kind, "view": self._view(),
                              "samples": self.samples, "time_ms": self.time_ms,
                              "seed": self.seed, "top": self.top,
                              "opponent_model": self.model})

    @cached_property
    def family(self) -> str | None:
        """The cache key: what the searched worlds depend on (not the budget or the kind:
        the view, the seed and the opponent model applied, :attr:`model`), within the
        request's scope; ``None`` (no cache) for a bare view."""
        if self.scope is None:
            return None
        return "f" + _digest({"solver": SOLVER_VERSION, "rules": self.view.variant,
                              **self._keyed(),
                              "scope": self.scope, "view": self._view(), "seed": self.seed,
                              "opponent_model": self.model})

    @property
    def columns(self) -> list[str]:
        """The columns a tally of this request's worlds has (:func:`solver.solve`): the
        view's legal move ids in the engine's order (after a right claim, T7), the position
        alone when the viewer has no move, none when the round is over."""
        return self.game.columns(self.view)

    @property
    def bound(self) -> float:
        """No value of a world exceeds this either way (Cassino: every card's points and a
        sweep at each of the 52 plays; the other games, :mod:`solver.games`)."""
        return self.game.bound(self.view)

    def check_answer(self, result: Any) -> None:
        """Raise :class:`Unfit` unless ``result`` reads as what :meth:`answer` builds for
        this request: the same player, seed and algorithm, a world count within the
        budget, finite values in range, and (hints) its ranked moves legal moves of the
        view, described as the engine describes them, best first."""
        _check(isinstance(result, dict), "not an object")
        want = {"player", "evaluation", "solver"} | ({"moves"} if self.kind == "hints" else set())
        _check(set(result) == want, "unexpected keys")
        _check(result["player"] == self.view.player and not isinstance(result["player"], bool),
               "another player")
        meta = result["solver"]
        game = self.game
        _check(isinstance(meta, dict) and set(meta) == game.meta, "unexpected solver keys")
        _check(meta["algorithm"] == game.algorithm and meta["seed"] == self.seed
               and isinstance(meta["cached"], bool), "another search")
        samples = _count(meta["samples"])
        _check(samples <= self.cap, "more worlds than the budget")
        _check(isinstance(meta.get("exact", False), bool), "exact is not a flag")
        if game.model is not None:  # the model applied, and exact only with none (one world)
            model = self.model
            _check(meta["opponent_model"] == model and not isinstance(
                meta["opponent_model"], bool), "another opponent model")
            _check(not meta["exact"] or (samples <= 1 and model == 0), "exact is wrong")
        _count(meta["nodes"])
        _number(meta["elapsed_ms"], math.inf, low=0.0)
        columns = self.columns
        _check((samples == 0) == (not columns), "worlds of a round that is over")
        evaluation = result["evaluation"]
        _check(isinstance(evaluation, dict), "no evaluation")
        _check(set(evaluation) == ({"equity", "stderr", "expected_points"} if samples
                                   or game.stderr_when_over
                                   else {"equity", "expected_points"}), "unexpected keys")
        equity = _number(evaluation["equity"], self.bound)
        if "stderr" in evaluation:
            _number(evaluation["stderr"], self.bound, low=0.0)
        points = evaluation["expected_points"]
        _check(isinstance(points, list) and len(points) == game.seats(self.view),
               "expected points")
        for p in points:
            _number(p, self.bound)
        if self.kind != "hints":
            return
        moves = result["moves"]
        _check(isinstance(moves, list), "no moves")
        if not samples or columns == [POSITION]:
            _check(not moves, "moves for a seat not to move")
            return
        _check(len(moves) == len(columns[:self.top] if self.top is not None else columns),
               "not every move ranked")
        view = self.view
        legal = {m.id: m for m in game.moves(view)}
        seen: set[str] = set()
        last = math.inf
        for rank, item in enumerate(moves, start=1):
            prior = rank == 1 and isinstance(item, dict) and "prior" in item
            _check(isinstance(item, dict) and set(item) - READABLE_KEYS - {"prior"} == {
                "rank", "move", "equity", "stderr", "stderr_diff"}, "a move's keys")
            _check(item.get("prior", True) is True and (rank == 1 or "prior" not in item),
                   "a prior on a move not ranked first")
            _check(item["rank"] == rank and not isinstance(item["rank"], bool), "ranks")
            move = item["move"]
            move_id = move.get("id") if isinstance(move, dict) else None
            if not isinstance(move_id, str) or move_id not in legal or move_id in seen:
                raise Unfit(f"{move_id!r} is not a legal move of the view")
            seen.add(move_id)
            _check(move == game.move_json(view, legal[move_id]), f"move {move_id} misdescribed")
            value = _number(item["equity"], self.bound)
            if not prior:  # best first by equity, but for a move a prior ranked first
                _check(value <= last, "not best first")
                last = value
            _number(item["stderr"], self.bound, low=0.0)
            _number(item["stderr_diff"], 2 * self.bound, low=0.0)
        best = moves[1] if "prior" in moves[0] else moves[0]
        if "prior" in moves[0]:
            _check(moves[0]["equity"] <= equity, "a prior above the best move")
        if best is moves[0] or len(moves) > 1:
            _check(best["equity"] == equity and best["stderr_diff"] == 0
                   and best["stderr"] == evaluation["stderr"], "the best move is not valued")
        plain = [{k: v for k, v in item.items() if k not in READABLE_KEYS} for item in moves]
        _check(game.mark is None or game.mark(view, plain) == moves,
               "alike moves misgrouped")

    def answered_by(self, result: Any) -> bool:
        """Whether ``result`` may be served as this request's answer
        (:meth:`check_answer`)."""
        try:
            self.check_answer(result)
        except Unfit:
            return False
        return True

    @property
    def budget(self) -> list[Any]:
        options = self.options
        return [options.samples, options.nodes, options.time_ms]

    def chunks(self, size: int = CHUNK) -> list[tuple[int, int]]:
        """World ranges for scale-out, or one range when the budget is small or in time."""
        if self.samples is None or self.time_ms is not None or self.samples <= size:
            return [(0, self.cap)]
        return [(start, min(start + size, self.samples)) for start in range(0, self.samples, size)]

    @property
    def early(self) -> bool:
        """Whether the search may stop early.  A budget large enough to be split searches
        every world, in every deployment, so that split and whole give the same answer."""
        return len(self.chunks()) == 1

    def answer(self, tally: solver.Tally, *, cached: bool) -> dict[str, Any]:
        """The docs/api.md answer of this request from a tally of its worlds."""
        result = self.game.finish(self.view, tally, self.seed, self.top,
                                  self.kind == "hints", self.options)
        result["solver"]["cached"] = cached
        if self.kind == "hints" and self.game.mark is not None:  # readable hints
            self.game.mark(self.view, result["moves"])
        return result

    def payload(self) -> dict[str, Any]:
        """JSON-ready form, to send the request to a worker."""
        return {"kind": self.kind, "view": self._view(), "samples": self.samples,
                "time_ms": self.time_ms, "seed": self.seed, "top": self.top,
                "scope": self.scope, "opponent_model": self.opponent_model}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> HintRequest:
        view = data["view"]
        unnamed = unnamed_game().name
        game = hint_game(view.get("game", unnamed) if isinstance(view, dict) else unnamed)
        return cls(data["kind"], game.read_view(view), data["samples"], data["time_ms"],
                   data["seed"], data["top"], data.get("scope"), data.get("opponent_model"))


@dataclass(frozen=True)
class CacheEntry:
    """A searched tally of one family, with the budget it ran under."""

    tally: solver.Tally
    budget: list[Any]
    complete: bool
    """It ran to its cap or stopped because the best move was clearly separated."""
    exact: bool = False
    """The hidden hand was known (one possible world): the answer serves every budget."""

    @classmethod
    def of(cls, request: HintRequest, tally: solver.Tally) -> CacheEntry:
        options = request.options
        exact = request.game.exact(request.view)
        complete = exact or tally.samples >= options.samples or (
            options.nodes is None and options.time_ms is None)
        return cls(tally, request.budget, complete, exact)

    def check(self, request: HintRequest) -> None:
        """Raise :class:`Unfit` unless this entry could be a search of ``request``'s
        family: its columns are the view's legal moves (engine order), its worlds are
        ``0 .. n-1`` within the budget it claims, every value is finite and within the
        round's points, and ``exact`` and ``complete`` are what :meth:`of` would say.
        (Plausible values for the right moves cannot be told from real ones without
        searching again: the cache is trusted storage, docs/workers.md "Faults".)"""
        tally = self.tally
        columns = request.columns
        _check(tally.moves == columns, "its moves are not the legal moves of the view")
        n = tally.samples
        _check(n >= 1 if columns else n == 0, "no world searched")
        _check(tally.worlds == list(range(n)), "worlds out of order")
        _check(len(tally.values) == n, "a world without values")
        bound = request.bound
        width = len(columns)
        for row in tally.values:  # floats already (Tally.from_dict): a sum shows nan and inf
            _check(len(row) == width and (not row or (
                math.isfinite(sum(row)) and -bound <= min(row) and max(row) <= bound)),
                "a row of another width, or a value out of range")
        _count(tally.nodes)
        _number(tally.elapsed_ms, math.inf, low=0.0)
        budget = self.budget
        _check(isinstance(budget, list) and len(budget) == 3, "no budget")
        samples = _count(budget[0], 1)
        _check(budget[1] is None or _count(budget[1], 1) > 0, "a node budget")
        _check(budget[2] is None or _number(budget[2], math.inf, low=0.0) > 0, "a time budget")
        default = request.game.default
        _check(budget[1] is None or budget == [default.samples, default.nodes, default.time_ms],
               "a node budget no request has")
        _check(n <= samples, "more worlds than its budget")
        _check(isinstance(self.exact, bool) and isinstance(self.complete, bool), "flags")
        exact = self.exact
        if exact and columns:  # it would serve every budget: the hidden hand must be known
            try:
                known = request.game.exact(request.view)
            except ValueError as exc:  # no hidden hand fits the view: nothing was searched
                raise Unfit("no world fits the view") from exc
            _check(known and n == 1, "exact is wrong")
        by_worlds_alone = budget[1] is None and budget[2] is None
        _check(self.complete == (exact or n >= samples or by_worlds_alone), "complete is wrong")
        if columns and not exact and n < samples and by_worlds_alone:
            # a budget in worlds alone stops short only where the best move stands apart
            options = request.game.default.with_budget(samples)
            _check(n >= options.min_samples and (len(columns) == 1 or separated(
                tally, options.z, options.tolerance)), "stopped short without a reason")

    def serves(self, request: HintRequest) -> bool:
        """Whether this answer may serve ``request``: the same budget, or at least as many
        worlds, or a finished run under a cap at least as large."""
        if self.exact or self.budget == request.budget or self.tally.samples >= request.cap:
            return True
        return self.complete and self.budget[0] >= request.cap

    def better_than(self, other: CacheEntry | None) -> bool:
        return other is None or self.tally.samples > other.tally.samples or (
            self.tally.samples == other.tally.samples and self.complete and not other.complete)

    def to_json(self) -> bytes:
        return json.dumps({"tally": self.tally.to_dict(), "budget": self.budget,
                           "complete": self.complete, "exact": self.exact}).encode()

    @classmethod
    def from_json(cls, raw: bytes | str) -> CacheEntry:
        """The entry ``raw`` holds; :class:`Unfit` for anything that does not parse as
        one (check it against the request with :meth:`check` before serving it)."""
        try:
            data = json.loads(raw)
            _check(isinstance(data, dict) and isinstance(data.get("tally"), dict), "no tally")
            tally = data["tally"]
            _check(all(isinstance(tally.get(k), list) for k in ("moves", "worlds", "values"))
                   and all(isinstance(row, list) for row in tally["values"]), "no tally")
            return cls(solver.Tally.from_dict(tally), data["budget"], data["complete"],
                       data["exact"])
        except Unfit:
            raise
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
            raise Unfit(f"unreadable ({type(exc).__name__})") from exc
