"""solver.rummy.bots and solver.rummy.arena: every bot finishes whole hands from its view
alone (RM27); mirrored pairs swap the seats on the same deal (RM5, RM6)."""

import pytest

from engine.rummy import DISCARD, DRAW, SHOWDOWN, TAKE, Move, Played, new_game, parse_card
from solver.rummy import GreedyBot, Options, RandomBot, SolverBot, make_bot
from solver.rummy.arena import main, play_hand, play_pair, summarize
from tests.engine.rummy.positions import position

SMALL = "solver:samples=4,nodes=0"


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
@pytest.mark.parametrize("spec", ["random", "greedy", SMALL])
def test_bots_finish_whole_hands(variant: str, spec: str) -> None:
    for seed in range(2):
        record = play_hand(seed, (make_bot(spec, seed), make_bot("greedy", seed)), variant)
        assert record.status in ("showdown", "drawn")
        assert sum(record.points) == 0  # RM26
        assert record.moves >= 2


def test_greedy_takes_what_lowers_its_deadwood_and_calls_at_once() -> None:
    hand = "AS 2S 3S 4H 5H 6H 9C 9D 9S KD"
    state = position("poker-rum", [hand, "2H 7C 8D JH QS 3D 5C 6D 10S 10H"], pile="7D 4S")
    bot = GreedyBot()
    assert bot.choose(state.view(0)) == Move(TAKE)
    taken, _ = state.apply("take")
    assert bot.choose(taken.view(0)) == Move(DISCARD, parse_card("KD"), True)  # RM14
    useless = position("poker-rum", [hand, "2H 7C 8D JH QS 3D 5C 6D 10S 10H"], pile="4S KH")
    assert bot.choose(useless.view(0)) == Move(DRAW)  # KH lowers nothing (RM12)


def test_the_random_bot_never_calls_over_the_limit() -> None:
    state = position("poker-gin", ["2S 4S 6S 8S 10S 2H 4H 6H 8H 10H QD",
                                   "3S 5S 7S 9S JS 3H 5H 7H 9H JH"], pile="KC",
                     phase=DISCARD, history=(Played(0, DRAW),))
    bot = RandomBot(1)
    assert all(not bot.choose(state.view(0)).call for _ in range(30))


def test_the_solver_bot_plays_the_hints_best_move() -> None:
    state = position("poker-rum", ["AS 2S 3S 4H 5H 6H 9C 9D 9S KD",
                                   "2H 7C 8D JH QS 3D 5C 6D 10S 10H"], pile="7D 4S")
    bot = SolverBot(0, Options(samples=6, nodes=None))
    assert bot.choose(state.view(0)) == Move(TAKE)


def test_a_mirrored_pair_deals_the_same_hands_to_swapped_seats() -> None:
    pair = play_pair(3, ("greedy", "greedy"), 0, "poker-rum")
    assert pair.first.points == pair.second.points  # the same play either way
    assert pair.margin() == 0
    summary = summarize([pair])
    assert summary.pairs == 1
    assert summary.margin == 0
    assert summary.showdowns + summary.drawn == 2
    assert new_game(3).hands == new_game(3).hands


def test_the_arena_reports(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["random", "greedy", "--pairs", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "random minus greedy" in out
    assert "2 mirrored pairs" in out


def test_make_bot_refuses_what_it_does_not_know() -> None:
    with pytest.raises(ValueError):
        make_bot("cheater")
    with pytest.raises(ValueError):
        make_bot("solver:depth=3")
    bot = make_bot("solver:nodes=0,samples=3")
    assert isinstance(bot, SolverBot)
    assert bot.options.nodes is None
    assert bot.options.samples == 3
    assert SHOWDOWN == "showdown"
