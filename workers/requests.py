"""A hint or evaluation request as data: its options, its job id, its cache family.

Pure logic (no Redis): the embedded and the Redis backends share it, so both answer
the same requests the same way.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass
from typing import Any

import solver
from engine.view import View
from solver import DEFAULT, Options
from solver.worlds import HandSampler

__all__ = ["CHUNK", "JOB_ID", "SOLVER_VERSION", "CacheEntry", "HintRequest", "new_job_id",
           "open_scope"]

SOLVER_VERSION = "3"
"""Bump when the solver's answers change: it is part of every job id and cache key."""

CHUNK = 64
"""Worlds per job when a large budget is split across workers (docs/api.md "Hints")."""


JOB_ID = re.compile(r"^j[0-9a-f]{32}$")
"""A job id: ``j`` and 128 random bits in hex.  Nothing else is ever a job."""


def new_job_id() -> str:
    """A fresh random job id: it says nothing about the request, and only its requester
    is told it."""
    return "j" + secrets.token_hex(16)


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def open_scope(state: dict[str, Any], player: int) -> str:
    """What an open-mode request proves: the whole state (hands, stock order, seed) and the
    asking seat.  Nobody can name it without knowing every hidden card already."""
    return "o" + _digest({"state": state, "player": player})


@dataclass(frozen=True)
class HintRequest:
    """``kind`` is ``hints`` or ``evaluate``; the rest are the docs/api.md options."""

    kind: str
    view: View
    samples: int | None = None
    time_ms: float | None = None
    seed: int = 0
    top: int | None = None
    scope: str | None = None
    """What the asker proved (:func:`open_scope`), or ``None`` for a bare view: anyone can
    write any view, so a bare view shares no job and no cache entry with anyone (else a
    hit would tell which of the candidate hands another seat really holds)."""

    @property
    def options(self) -> Options:
        return DEFAULT.with_budget(self.samples, self.time_ms)

    @property
    def cap(self) -> int:
        """Most worlds this request may search."""
        return self.options.samples

    def _view(self) -> dict[str, Any]:
        return self.view.to_dict()

    @property
    def share_key(self) -> str | None:
        """Identical requests of one scope share a job: a hash of (scope, canonical view,
        options, rules, solver version); ``None`` for a bare view."""
        if self.scope is None:
            return None
        return "s" + _digest({"solver": SOLVER_VERSION, "rules": self.view.rules.name,
                              "scope": self.scope, "kind": self.kind, "view": self._view(),
                              "samples": self.samples, "time_ms": self.time_ms,
                              "seed": self.seed, "top": self.top})

    @property
    def family(self) -> str | None:
        """The cache key: what the searched worlds depend on (not the budget or the kind),
        within the request's scope; ``None`` (no cache) for a bare view."""
        if self.scope is None:
            return None
        return "f" + _digest({"solver": SOLVER_VERSION, "rules": self.view.rules.name,
                              "scope": self.scope, "view": self._view(), "seed": self.seed})

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
        result = solver.finish(self.view, tally, seed=self.seed, top=self.top,
                               with_moves=self.kind == "hints")
        result["solver"]["cached"] = cached
        return result

    def payload(self) -> dict[str, Any]:
        """JSON-ready form, to send the request to a worker."""
        return {"kind": self.kind, "view": self._view(), "samples": self.samples,
                "time_ms": self.time_ms, "seed": self.seed, "top": self.top,
                "scope": self.scope}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> HintRequest:
        return cls(data["kind"], View.from_dict(data["view"]), data["samples"], data["time_ms"],
                   data["seed"], data["top"], data.get("scope"))


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
        exact = HandSampler(request.view).exact
        complete = exact or tally.samples >= options.samples or (
            options.nodes is None and options.time_ms is None)
        return cls(tally, request.budget, complete, exact)

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
        data = json.loads(raw)
        return cls(solver.Tally.from_dict(data["tally"]), data["budget"], data["complete"],
                   data["exact"])
