"""Alike moves (engine/cassino/alike.py) are worth the same: the solver values them alike
in every world it searches, so a hint may list them once (docs/api.md "Readable hints")."""

from __future__ import annotations

import random

import pytest

from engine.cassino import new_game
from engine.cassino.alike import alike_moves
from solver.cassino.core import Options, solve


@pytest.mark.parametrize("variant", ["standard", "spade", "twenty-one", "three-hand",
                                     "partnership"])
def test_alike_moves_have_equal_values_in_every_world(variant: str) -> None:
    rng = random.Random(5)
    state = new_game(11, variant)
    checked = 0
    for _ in range(400):
        if checked >= 6:
            break
        view = state.view(state.to_move)
        groups = [g for g in alike_moves(view.rules, view.loose, view.legal_moves())
                  if len(g) > 1]
        if groups:
            tally = solve(view, Options(samples=3, min_samples=3, nodes=None), seed=2)
            column = {m: i for i, m in enumerate(tally.moves)}
            for group in groups:
                for row in tally.values:
                    assert len({row[column[m.id]] for m in group}) == 1, [m.id for m in group]
                checked += 1
        state = state.apply(rng.choice(state.legal_moves())).state
        if state.status != "playing":
            break
    assert checked >= 6, checked
