"""Hints, bots and the arena for N seats (V6 partnership, V7 three-hand)."""

import random

import pytest

import solver
from engine.cassino import State, advance, new_game
from solver.cassino import SEATS, arena, side_of
from solver.cassino.bots import make_bot
from solver.cassino.core import DEFAULT, Options

VARIANTS = ["three-hand", "partnership"]
CHEAP = Options(**{**DEFAULT.__dict__, "seat_nodes": 1500, "world_nodes": 300})


def midround(variant: str, seed: int, plies: int) -> State:
    rng = random.Random(seed)
    state = new_game(seed, variant)
    for _ in range(plies):
        state = advance(state, rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("variant", VARIANTS)
def test_hint_ranks_the_moves_for_the_viewers_side(variant: str) -> None:
    state = midround(variant, 4, 5)
    view = state.view(state.to_move)
    answer = solver.hint(view, seed=2, options=CHEAP)
    ids = {m.id for m in view.legal_moves()}
    assert {m["move"]["id"] for m in answer["moves"]} == ids
    equities = [m["equity"] for m in answer["moves"]]
    assert equities == sorted(equities, reverse=True)
    assert answer["evaluation"]["equity"] == equities[0]
    points = answer["evaluation"]["expected_points"]
    assert len(points) == state.rules.players
    sides = side_of(state.rules)
    for seat in range(state.rules.players):  # partners share one score (V6.2)
        mates = [points[s] for s in range(len(sides)) if sides[s] == sides[seat]]
        assert len(set(mates)) == 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_hints_are_deterministic_and_ignore_hidden_cards(variant: str) -> None:
    for plies in (2, 9):
        state = midround(variant, 10 + plies, plies)
        player = state.to_move
        view = state.view(player)
        other = view.resample(random.Random(plies))  # the same view, other hidden cards
        assert other.view(player) == view
        assert other.hands != state.hands
        first = solver.hint(view, seed=5, options=CHEAP)
        again = solver.hint(other.view(player), seed=5, options=CHEAP)
        for answer in (first, again):
            answer["solver"].pop("elapsed_ms")
        assert first == again


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_seat_not_to_move_gets_the_positions_value(variant: str) -> None:
    state = midround(variant, 21, 6)
    seat = (state.to_move + 1) % state.rules.players
    answer = solver.hint(state.view(seat), seed=1, options=CHEAP)
    assert answer["moves"] == []
    assert answer["solver"]["samples"] >= 1


def test_the_last_batch_of_a_three_hand_round_is_searched_to_its_end() -> None:
    """With the stock empty and few cards left, every world is searched exactly."""
    rng = random.Random(3)
    state = new_game(3, "three-hand")
    while state.stock or sum(h.bit_count() for h in state.hands) > 5:
        state = advance(state, rng.choice(state.legal_moves()))
    view = state.view(state.to_move)
    answer = solver.hint(view, seed=0)
    assert len(answer["moves"]) == len(view.legal_moves())


@pytest.mark.parametrize("variant", VARIANTS)
def test_bots_play_whole_games(variant: str) -> None:
    n = 3 if variant == "three-hand" else 4
    specs = ["random", "greedy", "heuristic", "greedy"][:n]
    record = arena.play_game(7, tuple(make_bot(s, i) for i, s in enumerate(specs)),
                             variant=variant)
    assert record.winner is not None
    assert record.rounds and all(len(row) == n for row in record.rounds)
    if variant == "partnership":  # partners score together
        assert all(row[0] == row[2] and row[1] == row[3] for row in record.rounds)


@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_and_cheater_play_a_round(variant: str) -> None:
    n = 3 if variant == "three-hand" else 4
    specs = ["solver:seat_nodes=600,world_nodes=150", "cheater:world_nodes=150",
             "greedy", "random"][:n]
    record = arena.play_game(8, tuple(make_bot(s, i) for i, s in enumerate(specs)),
                             max_rounds=1, variant=variant)
    assert len(record.rounds) == 1


def test_maxn_plays_three_hand() -> None:
    bots = tuple(make_bot(s) for s in ("solver:search=maxn,seat_nodes=600,world_nodes=150",
                                       "greedy", "greedy"))
    assert len(arena.play_game(2, bots, max_rounds=1, variant="three-hand").rounds) == 1
    with pytest.raises(ValueError, match="unknown search"):
        state = midround("three-hand", 1, 1)
        solver.hint(state.view(state.to_move),
                    options=Options(**{**DEFAULT.__dict__, "search": "nope"}))


def test_every_bot_sits_in_every_seat() -> None:
    for n in (2, 3, 4):
        for entry in range(n):
            assert {arena.seat_of(entry, r, n) for r in range(n)} == set(range(n))
        for r in range(n):
            assert sorted(arena.seat_of(e, r, n) for e in range(n)) == list(range(n))


def test_seats_keep_a_solvers_options() -> None:
    assert arena.split_seats("solver:seat_nodes=900,world_nodes=100,greedy,solver,random") == (
        "solver:seat_nodes=900,world_nodes=100", "greedy", "solver", "random")


def test_rotated_sets_of_deals() -> None:
    specs = ("greedy", "random", "random")
    result = arena.play_rotations(0, 5, specs, max_rounds=1, variant="three-hand")
    assert len(result.games) == 3
    points = result.points(specs)
    assert points["greedy"][1] == 3 and points["random"][1] == 6
    margin = result.margin(specs)
    assert margin is not None
    assert margin == pytest.approx(points["greedy"][0] / 3 - points["random"][0] / 6)
    # one deterministic bot in every seat: every rotation plays the same deal the same way
    same = arena.play_rotations(0, 5, ("greedy",) * 3, max_rounds=1, variant="three-hand")
    assert same.games[0].rounds == same.games[1].rounds == same.games[2].rounds


@pytest.mark.parametrize(("variant", "seats"), [("three-hand", "greedy,random,random"),
                                                 ("partnership", "greedy,random,greedy,random")])
def test_arena_cli_with_seats(capsys, variant: str, seats: str) -> None:
    assert arena.main(["--variant", variant, "--seats", seats, "--pairs", "2", "--rounds", "1",
                       "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "2 sets of deals" in out
    assert "margin per round (greedy - mean of random)" in out


def test_the_two_seat_arena_needs_two_bots(capsys) -> None:
    with pytest.raises(SystemExit):
        arena.main(["--variant", "three-hand", "greedy", "random"])
    with pytest.raises(SystemExit):
        arena.main(["--variant", "three-hand", "--seats", "greedy,random"])


def test_the_budget_is_the_variants() -> None:
    """The default node budget of a hint is written per variant (solver.cassino.SEATS):
    three-hand's differs from partnership's as configured, and a hint at the default
    searches exactly as one given that budget explicitly."""
    three, four = new_game(1, "three-hand").rules, new_game(1, "partnership").rules
    assert DEFAULT.seat_budget(three) == SEATS["three-hand"].seat_nodes == 2_000
    assert DEFAULT.seat_budget(four) == SEATS["partnership"].seat_nodes == 3_000
    assert Options(seat_nodes=2_500).seat_budget(three) == 2_500
    for variant in VARIANTS:
        view = midround(variant, 6, 3).view(midround(variant, 6, 3).to_move)
        configured = SEATS[variant].seat_nodes
        default = solver.solve(view, DEFAULT, 1)
        explicit = solver.solve(view, Options(seat_nodes=configured), 1)
        assert (default.samples, default.nodes) == (explicit.samples, explicit.nodes)
        assert default.nodes < configured + 2 * 400  # the last world may overrun by one
    three_hand = midround("three-hand", 6, 3)
    view = three_hand.view(three_hand.to_move)
    assert solver.solve(view, DEFAULT, 1).samples < solver.solve(
        view, Options(seat_nodes=3_000), 1).samples
