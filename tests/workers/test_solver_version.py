"""SOLVER_VERSION names the solver's answers: it is part of every job id and cache key
(workers/requests.py), so answers that change without it would be served from a cache
filled by the solver before, or merged with its worlds."""

from __future__ import annotations

import hashlib
import json
import random

import engine
from engine.cassino import advance
from solver.cassino.core import Options, hint
from workers.requests import SOLVER_VERSION

FAST = Options(samples=8, min_samples=8, nodes=None)

ANSWERS = {"5": "82e1ccc6441d2e9b"}
"""A digest of the default solver's hints at three positions, by the version that gives
them.  When this test fails the answers changed: bump SOLVER_VERSION and record the new
digest here under it.  (Version 4's moves and equities, 3c79437bb4bdb510 without the
``solver`` object's fields, are version 5's: 5 added ``exact`` and ``opponent_model``.)"""


def fingerprint(options: Options) -> str:
    """The moves and equities of the hints at three positions of standard games."""
    out = []
    for seed in (3, 7, 12):
        rng = random.Random(seed)
        state = engine.new_game(seed)
        for _ in range(rng.randrange(2, 12)):
            state = advance(state, rng.choice(state.legal_moves()))
        answer = hint(state.view(state.to_move), seed=seed, options=options)
        out.append([(m["move"]["id"], round(m["equity"], 3)) for m in answer["moves"]])
        out.append([answer["solver"]["exact"], answer["solver"]["opponent_model"]])
    return hashlib.sha256(json.dumps(out).encode()).hexdigest()[:16]


def test_the_solver_version_names_its_answers() -> None:
    assert ANSWERS.get(SOLVER_VERSION) == fingerprint(FAST)


def test_the_fingerprint_tells_the_opponent_model_apart() -> None:
    """Issue 14's default (the opponent model) changed the answers: version 3 was before."""
    assert fingerprint(FAST) != fingerprint(Options(samples=8, min_samples=8, nodes=None,
                                                    opponent_model=0.0))
