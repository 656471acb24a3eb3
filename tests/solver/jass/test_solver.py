"""Jass's solver (docs/solver.md "Jass"): the fast playouts play the engine's rules, the
exact search is exact, hints read the view only and rank every legal move, the bots play
legal moves and the solver beats random play."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.cards import card_mask, parse_card
from engine.jass import Move, State, new_game
from engine.jass.melds import meld_value
from solver.jass.bots import Random, rule_move
from solver.jass.endgame import Endgame
from solver.jass.entry import SOLVER, make_bot
from solver.jass.hints import DEFAULT, finish, solve
from solver.jass.playout import Deal, exact, margin, play_out, rule_card

VARIANTS = ("jass", "three-hand-jass", "two-hand-jass")


def cards(*names: str) -> int:
    return card_mask(parse_card(n) for n in names)


def settled(state: State) -> State:
    while state.phase in ("exchange", "pass"):
        state = state.apply(rule_move(state.view(state.turn)))[0]
    return state


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_playout_plays_as_the_engine(variant: str) -> None:
    for seed in range(15):
        state = settled(new_game(seed, variant))
        scores = play_out(Deal.of(state))
        while not state.game_over:  # the same policy through the engine
            if state.phase == "declare":
                options = state.moves_for(state.turn)
                move = max(options, key=lambda m: sum(meld_value(x, state.trump)
                                                      for x in m.melds))
            else:
                move = Move("play", rule_card(Deal.of(state)))
            state = state.apply(move)[0]
        assert list(state.result.points) == scores, seed


def brute(state: State, seat_values: bool = True) -> list[int]:
    """The max^n value by the engine itself, every hand known."""
    if state.game_over:
        return list(state.result.points)
    seat = state.turn
    best: list[int] | None = None
    for move in state.moves_for(seat):
        scores = brute(state.apply(move)[0])
        if best is None or margin(scores, seat) > margin(best, seat):
            best = scores
    assert best is not None
    return best


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_exact_search_is_the_engines_max_n(variant: str) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        state = settled(new_game(seed, variant))
        while not state.game_over and (state.stock or state.played < (
                15 if variant == "two-hand-jass" else 7) or state.phase == "declare"):
            state = state.apply(rng.choice(state.moves_for(state.turn)))[0]
        if state.game_over:
            continue
        assert exact(Deal.of(state)) == brute(state), seed


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_hint_reads_the_view_only(variant: str) -> None:
    state = settled(new_game(3, variant))
    state = state.apply(state.moves_for(state.turn)[0])[0]
    seat = state.turn
    view = state.view(seat)
    other = view.resample(random.Random(5))  # another deal of the same view
    assert other.view(seat) == view
    options = replace(DEFAULT, samples=6, min_samples=6)
    one = finish(view, solve(view, options, 2), 2, None, True)
    two = finish(other.view(seat), solve(other.view(seat), options, 2), 2, None, True)
    one["solver"].pop("elapsed_ms"), two["solver"].pop("elapsed_ms")
    assert one == two
    assert {m["move"]["id"] for m in one["moves"]} == {m.id for m in view.legal_moves()}


def test_the_two_hand_endgame_is_one_world_searched_exactly() -> None:
    state = new_game(2, "two-hand-jass")
    while state.stock or state.phase != "play":
        state = state.apply(state.moves_for(state.turn)[0])[0]
    view = state.view(state.turn)
    assert SOLVER.exact(view)
    tally = solve(view, DEFAULT, 1)
    assert tally.samples == 1 and tally.estimated == 0
    for seed in range(8):  # alpha-beta on the margin is max^n with two seats
        rng = random.Random(seed)
        state = new_game(seed, "two-hand-jass")
        while not state.game_over and (state.stock or state.phase != "play" or max(
                h.bit_count() for h in state.hands) > 4):
            state = state.apply(rng.choice(state.moves_for(state.turn)))[0]
        if state.game_over:
            continue
        deal, me = Deal.of(state), state.turn
        led = deal.trick[0][1] if deal.trick else -1
        rest = Endgame(state.trump).value(deal.hands[me], deal.hands[1 - me], led)
        now = [deal.pips[s] + (deal.melds[s] if deal.tricks[s] else 0) for s in (0, 1)]
        assert margin(exact(deal), me) == now[me] - now[1 - me] + rest


def test_the_rule_bot_heads_cheaply_and_melds_all() -> None:
    state = replace(new_game(1, "jass"), phase="play", turn=0, leader=0, played=0,
                    hands=(cards("KH", "7C"), cards("AH", "QH", "6C"), cards("9H", "6D"),
                           cards("8H", "6H")), trump=0, turned=parse_card("7S"))
    state = replace(state, played=1)  # past the first trick: no melds
    state = state.apply(Move("play", parse_card("KH")))[0]
    assert rule_move(state.view(1)) == Move("play", parse_card("AH"))  # it heads
    state = state.apply(Move("play", parse_card("AH")))[0]
    assert rule_move(state.view(2)) == Move("play", parse_card("9H"))  # cannot: least
    hand = cards("JS", "JH", "JD", "JC", "QH", "KH")
    melds = replace(new_game(1, "jass"), phase="play", turn=0, leader=0, played=0, trump=1,
                    hands=(hand, *(h & ~hand for h in new_game(1, "jass").hands[1:])))
    melds = melds.apply(Move("play", parse_card("JS")))[0]
    assert len(rule_move(melds.view(0)).melds) == 3  # the jacks, J Q K of hearts, Q K


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_bot_plays_whole_deals_legally(variant: str) -> None:
    for name in ("random", "rule", "solver"):
        state = new_game(8, variant)
        bots = [make_bot(name, s) for s in range(state.seats)]
        while not state.game_over:
            move = bots[state.turn].choose(state.view(state.turn))
            assert move in state.moves_for(state.turn), (name, move)
            state = state.apply(move)[0]


def test_the_solver_beats_random_play() -> None:
    total = 0.0
    for seed in range(3):
        state = new_game(seed, "jass")
        bots = [make_bot("solver", seed), *(Random(seed + s) for s in range(1, 4))]
        while not state.game_over:
            state = state.apply(bots[state.turn].choose(state.view(state.turn)))[0]
        total += margin(list(state.result.points), 0)
    assert total > 0
