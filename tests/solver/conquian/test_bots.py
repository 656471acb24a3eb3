"""Conquian bots (solver/conquian/bots.py) and the arena (solver/conquian/arena.py):
whole hands from views only, mirrored pairs."""

from __future__ import annotations

import json

import pytest

from engine.cards import card_name, cards_of
from engine.conquian import new_game
from solver.conquian import GreedyBot, RandomBot, make_bot, usefulness
from solver.conquian.arena import main, play_hand, play_pair, run
from tests.engine.conquian.helpers import position

BOTS = ["random", "greedy", "solver:samples=4,min_samples=2,nodes=300,depth=2"]


@pytest.mark.parametrize("a", BOTS)
@pytest.mark.parametrize("b", BOTS[:2])
def test_bots_finish_whole_hands(a: str, b: str) -> None:
    record = play_hand(4, (make_bot(a, 1), make_bot(b, 2)))
    assert record.moves > 0
    assert sum(record.returns) == 0
    assert record.returns == (0, 0) if record.winner < 0 else \
        record.returns[record.winner] == 1


def test_a_mirrored_pair_plays_the_same_deal_with_the_seats_swapped() -> None:
    pair = play_pair(0, 5, ("greedy", "random"))
    again = play_pair(0, 5, ("greedy", "random"))
    assert pair.margin() == again.margin()  # bots are deterministic given their seed
    assert pair.margin() == pair.first.returns[0] + pair.second.returns[1]
    greedy_twice = play_pair(0, 5, ("greedy", "greedy"))
    assert greedy_twice.margin() == 0  # the same player in both seats of each deal


def test_the_arena_sums_up() -> None:
    summary = run(("greedy", "random"), 3, 1, progress=False)
    assert summary.pairs == 3
    assert summary.a_wins + summary.b_wins + summary.tableaux == 6
    assert "mirrored pairs" in summary.text()


def test_greedy_uses_forces_and_discards_its_least_useful_card() -> None:
    bot = GreedyBot()
    state = position([["5S", "5H", "KD", "2C", "JD", "QD", "3H", "4H", "7S", "AC"], None],
                     up="5D")
    assert bot.choose(state.view(0)).id == "take:5D=5S5H5D"
    after = state.apply("take:5D=5S5H5D").state
    view = after.view(0)
    move = bot.choose(view)
    assert move.id == "lay=JDQDKD"
    after = after.apply(move).state
    view = after.view(0)
    by_card = {card_name(c): usefulness(view, c) for c in cards_of(view.hand)}
    assert by_card == {"AC": 1, "2C": 1, "3H": 1, "4H": 1, "7S": 0}
    assert bot.choose(view).id == "discard:7S"


def test_the_random_bot_is_seeded() -> None:
    view = new_game(2).view(new_game(2).to_move)
    assert [RandomBot(3).choose(view) for _ in range(3)] == \
        [RandomBot(3).choose(view) for _ in range(3)]
    with pytest.raises(ValueError):
        make_bot("solver:speed=3")
    with pytest.raises(ValueError):
        make_bot("wizard")


def test_the_arena_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["greedy", "random", "--pairs", "2", "--seed", "3", "--quiet", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["pairs"] == 2 and out["a"] == "greedy"
    assert out["a_wins"] + out["b_wins"] + out["tableaux"] == 4
