"""The solver at three seats and with the American pack (docs/rules/conquian.md QD1,
QD12, QD16, QD17; docs/solver.md "Conquian"): a hand valued between its two players, the
seat sitting out at 0, the same answers as the two-seat hand it mirrors."""

from __future__ import annotations

import random

import pytest

from engine.conquian import State, advance, new_game
from solver.conquian import Search, hint
from solver.conquian.evaluation import outcome
from tests.engine.conquian.helpers import greedy_random, play, position
from tests.solver.conquian.test_search import brute_force

MELDS = [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"]]


def test_the_outcome_is_the_counters_but_for_the_seat_outs_stake() -> None:
    two = play(position([["KS", "KH"], None], [MELDS, []], up="KD", pool=2), "take:KD=KSKHKD")
    assert [outcome(two, s) for s in (0, 1)] == [3.0, -3.0] == list(map(float, two.returns()))
    fresh = play(position([["KS", "KH"], None, []], [MELDS, [], []], up="KD", dealer=2),
                 "take:KD=KSKHKD")
    assert [outcome(fresh, s) for s in range(3)] == [1.0, -1.0, 0.0]
    # dealer 2 after two tableaux: stakes 1, 1, 2 (QD16); seat 0 goes out
    pooled = play(position([["KS", "KH"], None, []], [MELDS, [], []], up="KD", dealer=2,
                           pool=2), "take:KD=KSKHKD")
    assert pooled.returns() == (4, -2, -2)
    assert [outcome(pooled, s) for s in range(3)] == [3.0, -3.0, 0.0]  # the 2 halved


def endgames_at_three(count: int, seed: int) -> list[State]:
    """Positions at three seats with at most one card in the stock and a choice."""
    rng = random.Random(seed)
    out: list[State] = []
    game = seed * 1000
    while len(out) < count:
        state = new_game(game, players=3)
        game += 1
        while not state.game_over:
            if len(state.stock) <= 1 and len(state.legal_moves()) > 1:
                out.append(state)
                break
            state = state.apply(greedy_random(rng, state)).state
    return out


@pytest.mark.parametrize("seed", range(2))
def test_the_search_at_three_equals_brute_force_on_tiny_endgames(seed: int) -> None:
    for state in endgames_at_three(3, seed):
        search = Search(depth=60)
        moves = state.legal_moves()
        values = search.root_values(state, moves)
        assert search.exact
        assert max(values) == brute_force(state)
        out = state.rules.sitting_out(state.dealer, state.seats)
        search.reset()
        assert search.position(state, out) == 0.0  # the seat out (QD17)
        for move, v in zip(moves, values, strict=True):
            child = advance(state, move).state
            if child.game_over:
                assert v == outcome(child, state.to_move)


def test_a_players_hint_at_three_is_the_two_seat_hands() -> None:
    """At three the viewer's adversary holds the only hidden hand, so the worlds and the
    ranked moves are those of the two-seat hand with the same players (QD12)."""
    for seed, moves in ((3, 3), (8, 5)):
        three = new_game(seed, dealer=0, players=3)
        two = new_game(seed, dealer=1)
        rng = random.Random(seed)
        for _ in range(moves):
            move = greedy_random(rng, two)
            two, three = two.apply(move).state, three.apply(move).state
        at_three = hint(three.view(three.to_move), samples=6, seed=1)
        at_two = hint(two.view(two.to_move), samples=6, seed=1)
        assert at_three["moves"] == at_two["moves"] and at_three["moves"]
        assert at_three["evaluation"]["equity"] == at_two["evaluation"]["equity"]
        points = at_three["evaluation"]["expected_points"]
        assert points[0] == 0.0 and sorted(points[1:]) == sorted(
            at_two["evaluation"]["expected_points"])


def test_the_seat_outs_hint_ranks_no_move_and_values_the_hand_at_zero() -> None:
    state = play(new_game(4, dealer=1, players=3), "pass", "pass")
    answer = hint(state.view(1), samples=6, seed=1)
    assert answer["moves"] == [] and answer["player"] == 1
    assert answer["evaluation"]["equity"] == 0.0
    assert answer["evaluation"]["expected_points"] == [0.0, 0.0, 0.0]
    over = play(position([["KS", "KH"], None, []], [MELDS, [], []], up="KD", dealer=2,
                         pool=2), "take:KD=KSKHKD")
    settled = hint(over.view(2), samples=6, seed=1)  # a hand over: its counters (QD16)
    assert settled["evaluation"]["equity"] == -2.0
    assert settled["evaluation"]["expected_points"] == [4.0, -2.0, -2.0]


def test_the_american_packs_hint_is_the_spanish_one_renamed() -> None:
    spanish, american = new_game(7), new_game(7, "conquian-american")
    renamed = {"J": "8", "Q": "9", "K": "10"}
    a = hint(american.view(american.to_move), samples=6, seed=3)
    s = hint(spanish.view(spanish.to_move), samples=6, seed=3)
    ids = [m["move"]["id"] for m in s["moves"]]
    for old, new in renamed.items():
        ids = [i.replace(old, new) for i in ids]
    assert [m["move"]["id"] for m in a["moves"]] == ids
    assert [m["equity"] for m in a["moves"]] == [m["equity"] for m in s["moves"]]
