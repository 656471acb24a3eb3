"""Canfield's solver: the greedy rule, the hints from the view only, the bots, the exact
search (its native kernel equal to the pure-Python reference, node for node)."""

from __future__ import annotations

import random

import pytest

from engine.canfield import deal
from solver.canfield import exact
from solver.canfield.bots import make_bot
from solver.canfield.hints import DEFAULT, hint
from solver.canfield.policy import greedy_move, playout
from tests.engine.canfield.helpers import position


def test_greedy_puts_a_card_up_first_and_never_stops_while_it_can_play() -> None:
    state = position(stock=["8S"], cols=[["9C"], ["KH"], ["QH"], ["JH"]], waste=["10D"],
                     fill="hand")
    assert greedy_move(state).id == "8S>f"
    end, moves = playout(deal(3, "canfield"))
    assert end.game_over and moves > 5 and end.end != "stopped"


def test_a_hint_reads_the_view_only_and_ranks_legal_moves() -> None:
    state = deal(21, "canfield")
    while len(state.legal_moves()) < 3:
        state = state.apply(greedy_move(state))[0]
    view = state.view(0)
    other = view.resample(random.Random(5))  # another world with the same view
    first, again = hint(view, seed=4), hint(other.view(0), seed=4)
    for answer in (first, again):
        del answer["solver"]["elapsed_ms"]
    assert first == again
    legal = {m.id for m in view.legal_moves()}
    assert {m["move"]["id"] for m in first["moves"]} == legal
    bet, cards = first["solver"]["bet"], first["solver"]["cards"]
    assert set(bet) == legal and all(0 <= p <= 1 for p in bet.values())
    best = first["moves"][0]
    assert best["equity"] == pytest.approx(5 * cards[best["move"]["id"]] - 52, abs=0.02)


def test_the_bots_are_deterministic_and_play_whole_games() -> None:
    for name in ("random", "greedy", "solver:samples=4,nodes=400"):
        ends = []
        for _ in range(2):
            bot, state = make_bot(name, 7), deal(9, "canfield-classic")
            while not state.game_over:
                state = state.apply(bot.choose(state.view(0)))[0]
            ends.append(state.to_dict())
        assert ends[0] == ends[1], name
    assert DEFAULT.nodes


@pytest.mark.skipif(exact.NATIVE is None, reason="the native kernel is not built")
@pytest.mark.parametrize("variant", ["canfield", "canfield-classic"])
def test_the_native_search_equals_the_reference_node_for_node(variant: str) -> None:
    for seed in range(12):
        state = deal(seed, variant)
        for target in (52, 11):
            ours = exact.solve_open(state, 3000, native=False, target=target)
            theirs = exact.solve_open(state, 3000, native=True, target=target)
            assert ours == theirs, (seed, target)


def test_the_exact_search_finds_a_won_deal_and_proves_a_lost_one() -> None:
    won = exact.solve_open(deal(3, "canfield"), 20_000, native=False)
    assert won.won and won.decided and won.best == 52
    lost = exact.solve_open(deal(4, "canfield"), 20_000, native=False)
    assert lost.decided and not lost.won and lost.best == 3
    # its win replays through the engine: the greedy order finds it, and a won state
    # counts as won at once
    assert exact.solve_open(position(base=1, found={"S": 13, "H": 13, "D": 13, "C": 12},
                                     cols=[["KC"], [], [], []], fill="hand"), 10).won
