"""The ladder of every game with levels (solver/ladder.py, solver/levels.py): its steps, its
section of docs/ladder.md written in place, the dial's draws."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.games import engine_of
from solver.games import hint_game
from solver.ladder import main, steps, write
from solver.levels import DialBot, LevelError


def test_a_section_is_replaced_in_place_and_others_kept(tmp_path: Path) -> None:
    page = tmp_path / "ladder.md"
    page.write_text("# The ladder\n\nintro\n")
    write("## A\nfirst", "a/x", page)
    write("## B\nsecond", "b/y", page)
    write("## A\nagain", "a/x", page)
    text = page.read_text()
    assert text.startswith("# The ladder\n\nintro\n")
    assert "again" in text and "first" not in text and "second" in text
    assert text.index("again") < text.index("second")


def test_a_meld_games_ladder_runs_and_names_each_step(tmp_path: Path) -> None:
    page = tmp_path / "ladder.md"
    assert main(["rummy", "--variant", "poker-gin", "--pairs", "1", "--out", str(page)]) == 0
    text = page.read_text()
    assert "<!-- ladder:rummy/poker-gin -->" in text
    ladder = hint_game("rummy").house.ladder
    for upper, lower in steps(ladder):
        assert f"| {upper} – {lower} | 1 |" in text
    assert [s[0] for s in steps(ladder)] == ["casual", "club", "expert", "master"]


def test_the_dial_draws_from_the_view_and_the_seed() -> None:
    ladder = hint_game("conquian").house.ladder
    state = engine_of("conquian").new_game(3, "conquian", 0, None)
    view = state.view(min(state.acting))
    picks = {DialBot(ladder, 25.0, seed).anchor_name(view) for seed in range(40)}
    assert picks == {"random", "greedy"}  # dial 25: half of each, drawn per seed
    assert DialBot(ladder, 25.0, 7).choose(view) == DialBot(ladder, 25.0, 7).choose(view)
    assert ladder.may_play("club") == ("random", "greedy")
    assert ladder.may_play("master") == ("solver",) and ladder.may_play("greedy") == ("greedy",)
    with pytest.raises(LevelError):
        ladder.player("dial:101")
