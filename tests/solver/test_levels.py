"""Skill levels (solver/cassino/levels.py) and the ladder (solver/cassino/ladder.py)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from engine.cassino import PLAYING, VARIANTS, State, advance, new_game
from solver.cassino.arena import play_game, run
from solver.cassino.bots import GreedyBot, HeuristicBot
from solver.cassino.ladder import main as ladder_main
from solver.cassino.ladder import matchups, render
from solver.cassino.levels import (
    ANCHORS,
    LEVELS,
    DialBot,
    LevelError,
    dial_of,
    level_bot,
    level_spec,
    make_player,
)

PLAYABLE = [name for name, rules in VARIANTS.items() if rules.playable]


def positions(count: int = 40, seed: int = 11) -> list[State]:
    """Positions of a greedy self-play game, each with a choice of moves."""
    out = []
    state = new_game(seed, dealer=0)
    greedy = GreedyBot()
    while state.status == PLAYING and len(out) < count:
        if len(state.legal_moves()) > 1:
            out.append(state)
        state = advance(state, greedy.choose(state.view(state.to_move)))
    return out


def test_levels_are_points_of_the_dial_weakest_first() -> None:
    dials = list(LEVELS.values())
    assert dials == sorted(dials) and dials[-1] == 100.0
    assert [d for d, _ in ANCHORS] == [0.0, 25.0, 50.0, 75.0, 100.0]
    for name in LEVELS:  # every level is an arena bot by its name (make_player)
        assert make_player(name).name == name
    assert make_player("dial:37.5").name == "dial:37.5"
    assert level_spec("club") == "club" and level_spec(12) == "dial:12"


@pytest.mark.parametrize("dial", [12.3456789, 60.0000001, 1e-300, 99.99999999])
def test_a_dial_spec_plays_the_dial_given(dial: float) -> None:
    """A house seat's ``dial`` (POST /v1/games) is played at its value, not at six digits:
    the same move as ``POST /v1/bot-move`` at that dial."""
    assert level_bot(level_spec(dial)).dial == dial


@pytest.mark.parametrize("bad", [-1, 100.5, math.nan, math.inf, "grandmaster", "dial"])
def test_bad_levels_and_dials_are_refused(bad: str | float) -> None:
    with pytest.raises(LevelError):
        dial_of(bad)
    with pytest.raises(ValueError):
        make_player(f"dial:{bad}" if not isinstance(bad, str) else bad)


def test_an_anchor_plays_its_bot_exactly() -> None:
    greedy, heuristic = GreedyBot(), HeuristicBot()
    casual, club = level_bot("casual"), level_bot("club")
    for state in positions():
        view = state.view(state.to_move)
        assert casual.choose(view) == greedy.choose(view)
        assert club.choose(view) == heuristic.choose(view)


def test_between_anchors_the_share_follows_the_dial() -> None:
    states = positions(200, seed=3) + positions(200, seed=4)
    views = [s.view(s.to_move) for s in states]
    for dial in (30.0, 37.5, 45.0):
        bot = DialBot(dial, seed=5)
        upper = sum(bot.anchor(v) == 2 for v in views) / len(views)
        assert abs(upper - (dial - 25) / 25) < 0.1, (dial, upper)
        assert [bot.anchor(v) for v in views] == [DialBot(dial, 5).anchor(v) for v in views]
        assert [bot.anchor(v) for v in views] != [DialBot(dial, 6).anchor(v) for v in views]


def test_the_same_seed_plays_the_same_game() -> None:
    first = play_game(8, (make_player("beginner", 1), make_player("dial:60", 2)), max_rounds=1)
    again = play_game(8, (make_player("beginner", 1), make_player("dial:60", 2)), max_rounds=1)
    assert first.rounds == again.rounds and first.moves == again.moves


@pytest.mark.parametrize("variant", PLAYABLE)
def test_every_level_plays_every_playable_variant(variant: str) -> None:
    state = new_game(2, variant)
    views_seen = 0
    for name in LEVELS:
        bot = level_bot(name, seed=1)
        assert not bot.cheats  # a view is all it gets
        view = state.view(state.to_move)
        assert bot.choose(view) in view.legal_moves()
        views_seen += 1
    assert views_seen == len(LEVELS)


def test_levels_rise_on_a_short_ladder() -> None:
    """A few mirrored pairs: each named level beats the one below it (docs/ladder.md has
    the calibrated margins)."""
    assert run(("casual", "beginner"), 6, seed=1, progress=False).per_pair[0] > 0
    assert run(("club", "casual"), 6, seed=1, progress=False).per_pair[0] > 0


def test_the_ladder_rows_and_table(tmp_path: Path) -> None:
    rows = matchups()
    assert rows[:4] == [("casual", "beginner"), ("club", "casual"), ("expert", "club"),
                        ("master", "expert")]
    assert ("club", "greedy") not in rows and ("master", "greedy") in rows  # club: once
    out = tmp_path / "ladder.md"
    assert ladder_main(["--pairs", "1", "--seed", "3", "--out", str(out)]) == 0
    text = out.read_text()
    assert "python -m solver.cassino.ladder --pairs 1 --seed 3 --variant standard" in text
    for name in LEVELS:
        assert f"| {name} |" in text
    assert text.count("\n| ") == 2 + len(LEVELS) + len(rows)  # two header rows, then rows
    summaries = [run(("casual", "beginner"), 1, seed=1, progress=False)]
    assert "casual – beginner" in render(summaries, "cmd", "standard", 1)


def test_levels_are_known_to_make_player() -> None:
    for name in LEVELS:  # and the other bots stay solver.cassino.bots'
        assert isinstance(make_player(name), DialBot)
    assert isinstance(make_player("greedy"), GreedyBot)
    with pytest.raises(ValueError, match=r"a level \(beginner, casual"):
        make_player("grandmaster")
    with pytest.raises(ValueError, match="unknown solver option"):
        make_player("solver:colour=red")
