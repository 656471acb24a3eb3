"""I Doubt It's holdings (solver.i_doubt_it.holdings): the lots a seat reads from its log,
the rules' record of seen cards mirrored, and the prior and the claimer's record they give
the claim model (docs/solver.md "I Doubt It")."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.cards import card_mask, parse_card
from engine.i_doubt_it import PASS, State, new_game, parse_move
from solver.i_doubt_it import model
from solver.i_doubt_it.bots import BOTS, make_bot
from solver.i_doubt_it.claims import plain_claim
from solver.i_doubt_it.holdings import STOOD_TRUE, Lot, holdings

JACK = 11


def dealt(hands: list[list[str]]) -> State:
    """Three seats, seat 0 to lay; the rest of the pack in the last hand."""
    state = new_game(1, players=len(hands))
    masks = [card_mask(parse_card(n) for n in h) for h in hands]
    held = 0
    for mask in masks:
        held |= mask
    masks[-1] |= card_mask(c for c in range(52) if not (1 << c) & held)
    return replace(state, hands=tuple(masks), centre=())


def play(state: State, *moves: str) -> State:
    for move in moves:
        state = state.apply(parse_move(move))[0]
    return state


def round_to(state: State, seat: int) -> State:
    """The others lay honest claims that stand until ``seat`` is to lay."""
    while state.claimer != seat:
        state = state.apply(plain_claim(state.view(state.claimer)))[0]
        while state.speaker is not None:
            state = state.apply(PASS)[0]
    return state


def jacks_taken_back() -> State:
    """Seat 0's true three jacks stand; seat 1's bluff of queens is doubted by seat 2, so
    seat 1 takes it back with the centre: the jacks."""
    state = dealt([["JS", "JH", "JD", "2S", "3S", "2H", "3H", "2D", "3D"],
                   ["4S", "5S", "6S", "7S", "8S"], []])
    state = play(state, "claim:JS,JH,JD:J", "pass", "pass", "claim:4S,5S,6S:Q", "doubt")
    assert state.hands[1] & card_mask(parse_card(c) for c in ("JS", "JH", "JD"))
    return state


def test_the_mirrored_record_is_the_rules_own() -> None:
    for game in range(4):
        seats = 3 + game
        rng = random.Random(game)
        bots = [make_bot(rng.choice(BOTS), s) for s in range(seats)]
        state = new_game(game, players=seats)
        while not state.game_over:
            for o in range(seats):
                view = state.view(o)
                assert holdings(view).known == view.known
            seat = min(state.acting)
            state = state.apply(bots[seat].choose(state.view(seat)))[0]


def test_a_centre_taken_back_holds_the_claims_that_stood_in_it() -> None:
    state = jacks_taken_back()
    view = state.view(2)  # seat 2 never saw the jacks
    lots = holdings(view)
    assert Lot(JACK, 3, STOOD_TRUE[0]) in lots.seats[1] and not lots.centre
    assert lots.doubted[1][0] == (1, 0)  # seat 1's one doubted claim was false
    size = view.hand_sizes[1]  # its 8 cards: 3 seen, 5 the seat cannot place
    with_lots = model.held_prior(view, JACK, 1, size, lots)
    uniform = model.held_prior(view, JACK, 1, size)
    assert abs(sum(with_lots) - 1) < 1e-9
    assert sum(with_lots[3:]) > 0.8 > 0.1 > sum(uniform[3:])  # uniform: 10 in 165
    mine = state.view(0)  # seat 0 laid them: it knows where they are, no guess needed
    assert not holdings(mine).seats[1] and mine.known[1] & card_mask(
        parse_card(c) for c in ("JS", "JH", "JD"))


def test_a_claim_of_the_rank_taken_back_is_likely_true() -> None:
    state = play(round_to(jacks_taken_back(), 1), "claim:JS,JH,JD:J")
    view = state.view(2)
    assert model.claim_true(view) > 0.8


def test_a_claim_that_stands_spends_the_lot_and_keeps_the_seen_cards() -> None:
    state = play(round_to(jacks_taken_back(), 1), "claim:JS,JH,JD:J", "pass", "pass")
    lots = holdings(state.view(2))
    assert not [lot for lot in lots.seats[1] if lot.rank == JACK]  # laid, surely
    assert Lot(JACK, 3, STOOD_TRUE[0]) in lots.centre
    kept = holdings(state.view(0))  # seat 0 saw 4S 5S 6S and its jacks go to seat 1
    assert not state.view(0).known[1]  # the rules forget them: which went down is unknown
    assert {lot.rank for lot in kept.seats[1]} == {4, 5, 6}  # the jacks named: laid


def test_seen_cards_of_another_rank_stay_likely_after_a_claim_stands() -> None:
    state = play(round_to(jacks_taken_back(), 1), "claim:4S,5S,JS:7", "pass", "pass")
    kept = holdings(state.view(0)).seats[1]
    assert {lot.rank for lot in kept} == {4, 5, 6, JACK}  # sevens named, not these
    assert all(0.5 < lot.chance < 1.0 for lot in kept)  # a bluff lays some of them
    assert sum(lot.size for lot in kept if lot.rank == JACK) == 3


def test_a_claimers_record_moves_the_odds_and_the_fitted_record_does_not() -> None:
    base = model.DOUBTED_TRUE[0]
    assert abs(model._adapted(0.4, base, 0, 0) - 0.4) < 1e-12
    truthful, bluffer = model._adapted(0.4, base, 5, 5), model._adapted(0.4, base, 5, 0)
    assert bluffer < 0.4 < truthful


def test_only_counting_rates_a_claim_impossible() -> None:
    """The lots are guesses: a claim they make unlikely is never rated 0, which is kept
    for the claims counting rules out (the cards the seat saw placed away from the
    claimer, or with it, leave too few of the rank)."""
    rated = 0
    for game in range(3):
        bots = [make_bot(name, game * 10 + s) for s, name in
                enumerate(("solver", "counting", "honest", "solver"))]
        state = new_game(50 + game)
        while not state.game_over:
            seat = min(state.acting)
            view = state.view(seat)
            if state.speaker is not None:
                size = view.hand_sizes[view.claimer] + view.laid
                counted = model.held_prior(view, view.rank, view.claimer, size)
                assert (model.claim_true(view) == 0.0) == (sum(counted[view.laid:]) == 0)
                rated += bool(holdings(view).seats[view.claimer])
            state = state.apply(bots[seat].choose(view))[0]
    assert rated > 50  # many of them with lots to weigh
