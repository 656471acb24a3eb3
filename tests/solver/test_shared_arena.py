"""The arena every game shares (solver/arena.py) and the parts every game's bots share
(solver/bots.py): any registered game by name, the same games as each game's own arena
for the same seeds, the same results in parallel, and one random bot with each game's
random source."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import conquian, rummy
from solver import arena
from solver.bots import RandomBot, solver_options
from solver.conquian import arena as conquian_arena
from solver.rummy import arena as rummy_arena
from tests.conformance.common import example_registered


@pytest.fixture
def war() -> Iterator[None]:
    with example_registered():
        yield


def test_a_games_own_arena_plays_the_same_games() -> None:
    """Conquian's mirrored pairs are the shared arena's sets (bot seeds game and game +
    1000003): A's counters per pair are its settlement values summed over the pair."""
    shared = arena.run("conquian", ("greedy", "random"), 6, seed=3, progress=False)
    own = conquian_arena.run(("greedy", "random"), 6, 3, progress=False)
    assert shared.kind == "settlement"
    assert shared.margin == pytest.approx(own.per_pair)
    assert shared.wins["greedy"][0] == pytest.approx(own.a_wins / (2 * own.pairs))


def test_rummys_seeds_are_its_own() -> None:
    """Rummy's arena makes both bots of a pair from the pair's seed (offset 0): with it
    the shared arena plays its hands, A's points less B's being twice A's settlement."""
    shared = arena.run("rummy", ("greedy", "random"), 4, seed=0, variant="poker-gin",
                       progress=False, offset=0)
    own = rummy_arena.summarize([rummy_arena.play_pair(i, ("greedy", "random"), 0,
                                                       "poker-gin") for i in range(4)])
    assert 2 * shared.margin[0] == pytest.approx(own.margin, abs=1e-3)


def test_any_registered_game_by_name(war: None) -> None:
    """The example game (registered by the tests only) plays through its house, the same
    in two processes as in one."""
    one = arena.run("war", ("greedy", "random"), 6, seed=2, progress=False)
    two = arena.run("war", ("greedy", "random"), 6, seed=2, progress=False, jobs=2)
    assert one.games == 12 and one.kind == "points"
    assert (one.margin, one.values, one.wins) == (two.margin, two.values, two.wins)
    assert one.values["greedy"][0] == -one.values["random"][0]  # a margin: zero-sum


def test_the_command_line_refuses_a_wrong_seating(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        arena.main(["conquian", "greedy"])
    assert "seats 2 players, not 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        arena.main(["conquian", "greedy", "nobody"])
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert arena.main(["conquian", "greedy", "random", "--sets", "1", "--quiet"]) == 0
    assert "greedy's value per mirrored pair" in capsys.readouterr().out


def test_one_random_bot_keeps_each_games_random_source() -> None:
    """The stream is named by the game and the seed (the draws are those of the bots
    before they were one); the filter keeps out what the game says."""
    hand = conquian.new_game(5)
    while len(hand.legal_moves()) < 2:
        hand = hand.apply(hand.legal_moves()[0]).state
    view = hand.view(hand.to_move)
    moves = view.legal_moves()
    expected = random.Random("conquian-random-bot/9").choice(moves)
    assert RandomBot(9, "conquian-random-bot").choose(view) == expected
    state = rummy.new_game(4, "poker-rum")
    bot = RandomBot(1, "rummy-random-bot", lambda v, m: not m.call)
    assert not bot.choose(state.view(state.to_move)).call
    never = RandomBot(1, "x", lambda v, m: False)  # a filter leaving nothing keeps all
    assert never.choose(view) in moves


def test_solver_options_from_an_arena_name() -> None:
    from solver.rummy.core import DEFAULT

    options = solver_options("samples=3,nodes=0,z=1.5", DEFAULT,
                             {"samples": int, "nodes": int, "z": float})
    assert (options.samples, options.nodes, options.z) == (3, None, 1.5)
    with pytest.raises(ValueError, match="unknown solver option 'depth'"):
        solver_options("depth=2", DEFAULT, {"samples": int})
