"""The engine's legal moves against the independent reference lister (reference.py) on
random positions of random hands, both phases, borrowing and forcing included, with both
packs (Q1, QD1) and at three seats (QD12)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.conquian import advance
from tests.engine.conquian.helpers import positions
from tests.engine.conquian.reference import reference_moves


@pytest.mark.parametrize(("variant", "players"), [
    ("conquian", 2), ("conquian-american", 2), ("conquian-american", 3)])
def test_the_engine_lists_the_references_moves_on_random_positions(variant: str,
                                                                   players: int) -> None:
    seen: Counter[str] = Counter()
    checked = 0
    for state in positions(range(80), variant=variant, players=players):
        engine_ids = [m.id for m in state.legal_moves()]
        assert len(engine_ids) == len(set(engine_ids)), "a move listed twice"
        assert set(engine_ids) == reference_moves(state.to_dict()), state.to_dict()
        for move in state.legal_moves():
            seen[move.type] += 1
            if move.type in ("take", "lay") and advance(state, move).events[0].get("borrowed"):
                seen["borrow"] += 1
        checked += 1
    assert checked > 2000
    assert all(seen[kind] > 20 for kind in ("pass", "take", "lay", "discard", "force",
                                            "borrow")), seen


@pytest.mark.parametrize("variant", ["conquian", "conquian-american"])
def test_uniform_random_play_agrees_too(variant: str) -> None:
    for state in positions(range(100, 130), greedy=False, variant=variant):
        assert {m.id for m in state.legal_moves()} == reference_moves(state.to_dict())


@pytest.mark.parametrize("players", [2, 3])
def test_a_view_lists_its_players_moves_and_nobody_elses(players: int) -> None:
    for state in positions(range(200, 215), players=players):
        for seat in range(players):
            view = state.view(seat)
            assert view.legal_moves() == state.moves_for(seat)
