"""Values by result kind (solver/value.py, docs/solver.md "Values by result kind"): what an
end is worth to each seat, the expected points told back from an equity, each registered
game's kind, and a one-seat game (tests/games/hilo, registered here) whose hints are its
expected final score or its chance of winning."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from engine.games import get_game, register, unregister
from engine.result import Result
from solver.arena import run
from solver.games import hint_game
from solver.value import Value, margin, value_at, value_of

SOLITAIRE = ("hilo", "tests.games.hilo")


@pytest.fixture
def hilo() -> Iterator[None]:
    """The one-seat example game in the registry while a test runs (as War is registered
    for the conformance suite)."""
    register(*SOLITAIRE)
    try:
        yield
    finally:
        unregister(SOLITAIRE[0])


def test_each_kind_values_an_end() -> None:
    end = Result(True, (2,), (3, 5, 10))
    assert Value("points", ((0,), (1,), (2,))).of_result(end, 2) == 10 - (3 + 5) / 2
    assert Value("points", ((0,), (1,))).of([7, 4], 1) == -3
    partners = Value("team-points", ((0, 2), (1, 3)))  # partners alike (V6.2)
    assert partners.of_result(Result(True, (1, 3), (6, 9, 6, 9)), 2) == -3
    assert Value("settlement", ((0,), (1,))).of_result(Result(True, (0,), (4, -4)), 1) == -4
    assert Value("score", ((0,),)).of_result(Result(True, (0,), (7,)), 0) == 7
    win = Value("win", ((0,),))
    assert win.of_result(Result(True, (0,), (3,)), 0) == 1.0
    assert win.of_result(Result(True, (), (9,)), 0) == 0.0


def test_margins_sum_to_zero() -> None:
    points = (4.0, 9.5, 1.25)
    assert sum(margin(points, s) for s in range(3)) == pytest.approx(0.0)


def test_expected_points_give_the_equity_back() -> None:
    for value, total in ((Value("points", ((0,), (1,), (2,))), 11.0),
                         (Value("team-points", ((0, 2), (1, 3))), 11.0)):
        expected = value.expected(2.4, 1, total)
        assert value.of(expected, 1) == pytest.approx(2.4, abs=1e-3)
        assert sum(expected[team[0]] for team in value.teams) == pytest.approx(total, abs=2e-3)
    settled = Value("settlement", ((0,), (1,), (2,))).expected(6.0, 0)
    assert settled == [6.0, -3.0, -3.0]
    assert Value("win", ((0,), (1,))).expected(0.25, 1) == [0.75, 0.25]
    assert Value("score", ((0,),)).expected(7.5, 0) == [7.5]


def test_values_refused_where_they_mean_nothing() -> None:
    with pytest.raises(ValueError, match="two sides"):
        Value("points", ((0,),))  # no margin of one seat
    with pytest.raises(ValueError, match="unknown result kind"):
        Value("margin", ((0,), (1,)))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="total"):
        Value("points", ((0,), (1,))).expected(1.0, 0)
    with pytest.raises(ValueError, match="teams"):
        value_of(get_game("cassino"), "partnership", 3)


def test_each_game_declares_its_kind() -> None:
    cassino = get_game("cassino")
    assert value_of(cassino, "standard").kind == "points"
    assert value_of(cassino, "three-hand").kind == "points"
    assert value_of(cassino, "partnership") == Value("team-points", ((0, 2), (1, 3)))
    assert value_of(get_game("conquian"), "conquian").kind == "settlement"
    assert value_of(get_game("rummy"), "poker-rum", 4) == Value(
        "settlement", ((0,), (1,), (2,), (3,)))


def _position(variant: str, turned: tuple[str, ...], score: int) -> Any:
    """Hi-Lo's view after the cards ``turned`` (the current one last), ``score`` made."""
    from tests.games.hilo.engine import PACK, View

    return View(variant, turned, score, len(PACK) - len(turned))


def _exact(view: Any) -> dict[str, float]:
    """Each call's value averaged over every order of the stock, by brute force: the
    call, then the greedy one (the playouts' rule: high when no fewer cards left are
    higher than the current one), scored as the rules say (H3, H5)."""
    from tests.games.hilo.engine import TARGET, rank

    out = {}
    for call in ("high", "low"):
        ends = []
        for order in itertools.permutations(view.unseen):
            current, score, said = rank(view.turned[-1]), view.score, call
            for i, card in enumerate(order):
                left = [rank(c) for c in order[i:]]
                said = said or ("high" if sum(r > current for r in left) >= sum(
                    r < current for r in left) else "low")
                score += rank(card) > current if said == "high" else rank(card) < current
                current, said = rank(card), ""
            ends.append(score if view.variant == "hilo" else float(score >= TARGET))
        out[call] = sum(ends) / len(ends)
    return out


@pytest.mark.parametrize("variant", ["hilo", "hilo-eight"])
def test_a_solitaires_hint_is_its_expected_end(hilo: None, variant: str) -> None:
    """With every order of the stock searched once, a call's equity is the game's value
    of its end averaged over the orders: the final score (all of it, the points made so
    far included), or the chance of eight right calls; one seat's expected points are
    the equity."""
    view = _position(variant, ("AS", "2H", "6S", "3H", "5S", "AH", "4H", "3S"), 5)
    game = hint_game("hilo")
    options = game.default
    tally = game.solve(view, options, 1, 0, None, True, None)
    answer = game.finish(view, tally, 1, None, True, options)
    exact = _exact(view)
    assert tally.samples == 24  # the four cards' every order
    assert {m["move"]["id"]: m["equity"] for m in answer["moves"]} == pytest.approx(
        exact, abs=1e-3)
    best = max(exact.values())
    assert answer["evaluation"]["equity"] == pytest.approx(best, abs=1e-3)
    assert answer["evaluation"]["expected_points"] == [answer["evaluation"]["equity"]]
    if variant == "hilo":
        assert best > view.score
    else:
        assert 0.0 < best < 1.0


def test_a_decided_call_is_worth_its_end(hilo: None) -> None:
    """Two cards above the current one (one world each way): calling high scores both,
    low only the last; eight right calls win."""
    game = hint_game("hilo")
    for variant, high, low in (("hilo", 8.0, 7.0), ("hilo-eight", 1.0, 0.0)):
        view = _position(variant, ("AS", "AH", "2S", "2H", "3S", "3H", "4S", "5S", "6S",
                                   "4H"), 6)  # the 5 and the 6 of hearts unseen
        tally = game.solve(view, game.default, 0, 0, None, True, None)
        answer = game.finish(view, tally, 0, None, True, game.default)
        assert {m["move"]["id"]: m["equity"] for m in answer["moves"]} == {
            "high": high, "low": low}


def test_a_finished_solitaire_is_its_score_or_its_win(hilo: None) -> None:
    from tests.games.hilo.engine import ENGINE

    state = ENGINE.new_game(3, "hilo")
    while not state.game_over:
        state = state.apply(state.legal_moves()[0])[0]
    for variant, equity in (("hilo", float(state.score)),
                            ("hilo-eight", float(state.score >= 8))):
        view = _position(variant, state.turned, state.score)
        game = hint_game("hilo")
        tally = game.solve(view, game.default, 0, 0, None, True, None)
        evaluation = game.finish(view, tally, 0, None, False, game.default)["evaluation"]
        assert evaluation == {"equity": equity, "stderr": 0.0, "expected_points": [equity]}
        assert value_at(view).of_result(view.result, 0) == equity


def test_the_arena_plays_a_solitaire(hilo: None) -> None:
    """One bot, one seat: each set is a game; the greedy call scores more than random
    calls on the same deals, and a win's value is its share of games won."""
    greedy = run("hilo", ("greedy",), 30, seed=1, progress=False)
    rand = run("hilo", ("random",), 30, seed=1, progress=False)
    assert greedy.kind == "score" and greedy.games == 30
    assert greedy.margin[0] > rand.margin[0] + 2 * (greedy.margin[1] + rand.margin[1])
    eight = run("hilo", ("greedy",), 30, seed=1, variant="hilo-eight", progress=False)
    assert eight.kind == "win"
    assert eight.margin[0] == pytest.approx(eight.wins["greedy"][0])
    assert 0.0 < eight.margin[0] < 1.0
