"""Canfield's arena: the figures do not depend on the processes that play the deals, and a
run in pieces (``first``) plays the same deals as one run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.canfield.arena import main, play_deal, play_deals


def test_the_deals_played_in_two_processes_or_in_pieces_score_alike() -> None:
    one = play_deals("greedy", "canfield", 6, seed=3)
    assert play_deals("greedy", "canfield", 6, seed=3, jobs=2) == one
    assert play_deals("greedy", "canfield", 4, seed=3, first=2) == one[2:]
    assert one[5] == play_deal("greedy", "canfield", 3, 5)
    assert all(0 <= c <= 52 for c in one) and len(set(one)) > 1


def test_the_arena_reports_each_bot_and_writes_each_deals_cards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "scores.json"
    assert main(["greedy", "random", "--deals", "5", "--first", "1",
                 "--scores", str(out)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    scores = json.loads(out.read_text())
    assert [x["bot"] for x in lines] == ["greedy", "random"]
    assert scores["first_seed"] == 100_001 and len(scores["cards"]["greedy"]) == 5
    mean = sum(scores["cards"]["greedy"]) / 5
    assert lines[0]["cards"][0] == round(mean, 3)
    assert scores["cards"]["greedy"] == play_deals("greedy", "canfield", 5, 1, first=1)
