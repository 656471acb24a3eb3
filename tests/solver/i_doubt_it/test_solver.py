"""I Doubt It's solver (docs/solver.md "I Doubt It"): the claim model's exact counts, the
bots' moves, the hint's moves and its reading of the view alone, the warnings' counts."""

from __future__ import annotations

import random
from dataclasses import replace
from math import comb

from engine.cards import card_mask, parse_card
from engine.i_doubt_it import DOUBT, PASS, Move, new_game, parse_move
from engine.i_doubt_it.rules import MAX_CLAIMS
from solver.i_doubt_it import model
from solver.i_doubt_it.bots import BOTS, make_bot
from solver.i_doubt_it.claims import candidates
from solver.i_doubt_it.entry import SOLVER
from solver.i_doubt_it.hints import speak_values
from solver.i_doubt_it.model import claim_true, held_prior, late
from solver.i_doubt_it.risks import disproof_chance


def cards(*names: str) -> int:
    return card_mask(parse_card(n) for n in names)


def claimed(hands: list[list[str]], laid: list[str], rank: str):  # type: ignore[no-untyped-def]
    """Seat 0 lays ``laid`` naming ``rank``; the rest of the pack in the last hand."""
    state = new_game(1, players=len(hands))
    masks = [cards(*h) for h in hands]
    held = 0
    for mask in masks:
        held |= mask
    masks[-1] |= card_mask(c for c in range(52) if not (1 << c) & held)
    state = replace(state, hands=tuple(masks), centre=())
    return state.apply(parse_move(f"claim:{','.join(laid)}:{rank}"))[0]


def test_a_claim_the_speakers_own_cards_disprove_is_false_for_sure() -> None:
    state = claimed([["2S", "3S", "4S", "KH"], ["JS", "JH", "5C"], []], ["2S", "3S", "4S"], "J")
    view = state.view(1)
    assert claim_true(view) == 0.0  # seat 1 holds two jacks: three more cannot be (IDD7)
    values = speak_values(view, 0.0)
    assert values[0] > values[1]  # so the solver doubts
    assert SOLVER.house.make("solver", 1).choose(view) == DOUBT


def test_the_prior_is_the_hypergeometric_count() -> None:
    state = claimed([["2S", "3S", "4S", "KH"], ["JS", "5C", "6C"], []], ["2S", "3S", "4S"], "J")
    view = state.view(1)
    prior = held_prior(view, 11, 0, 4)
    unseen = view.unseen().bit_count()  # every card but seat 1's three
    assert unseen == 49
    assert abs(prior[3] - comb(3, 3) * comb(46, 1) / comb(49, 4)) < 1e-12
    assert abs(sum(prior) - 1.0) < 1e-12 and prior[4] == 0.0  # seat 1 holds a jack
    chance = claim_true(view)
    assert 0.0 < chance < 1.0


def test_a_shown_card_makes_a_claim_less_likely() -> None:
    state = claimed([["2S", "3S", "4S", "KH"], ["5C", "6C", "7C"], []], ["2S", "3S", "4S"], "J")
    before = claim_true(state.view(1))
    shown = replace(state, known=tuple(
        tuple(cards("JS") if (o, s) == (1, 2) else 0 for s in range(3)) for o in range(3)))
    assert claim_true(shown.view(1)) < before  # a jack seen going into seat 2's hand


def test_the_last_rounds_begin_where_the_play_outs_do() -> None:
    for seats in (3, 6, 10):
        first = MAX_CLAIMS - min(model.HORIZON_ROUNDS * seats, model.HORIZON_CLAIMS)
        assert late(first - 1, seats) == 0 and late(first, seats) == 1
    assert late(MAX_CLAIMS - 24, 3) == 1 and late(MAX_CLAIMS - 25, 3) == 0


def test_a_claim_in_the_last_rounds_is_read_with_the_last_rounds_table() -> None:
    state = claimed([["2S", "3S", "4S", "KH"], ["5C", "6C", "7C"], []], ["2S", "3S", "4S"], "J")
    for made_after in (0, MAX_CLAIMS - 10):  # the claim was the 1st, then the 91st
        view = replace(state, claims=made_after + 1).view(1)
        prior = held_prior(view, 11, 0, 4)
        row = model.TABLE[late(made_after, 3), model.bucket(4)]
        bayes = sum(prior[x] * row[x][0] * row[x][1] for x in range(3, 5)) / sum(
            prior[x] * row[x][0] for x in range(5))
        assert abs(claim_true(view) - bayes) < 1e-12
    assert model.TABLE[0, 0] != model.TABLE[1, 0]  # the two phases claim differently


def test_every_bot_plays_legal_moves_to_the_end() -> None:
    for seats in (3, 6):
        state = new_game(seats, players=seats)
        bots = [make_bot(BOTS[s % len(BOTS)], s) for s in range(seats)]
        while not state.game_over:
            seat = min(state.acting)
            move = bots[seat].choose(state.view(seat))
            assert move in state.moves_for(seat)
            state = state.apply(move)[0]
        assert sum(state.result.points) == 0


def test_the_hint_reads_the_view_only_and_ranks_legal_moves() -> None:
    state = new_game(4)
    view = state.view(0)
    worlds = [view.resample(random.Random(i)) for i in (1, 2)]
    answers = []
    for world in (state, *worlds):
        seen = world.view(0)
        tally = SOLVER.solve(seen, SOLVER.default, 3, 0, None, True, None)
        answers.append(SOLVER.finish(seen, tally, 3, None, True, None))
    assert answers[0] == answers[1] == answers[2] or [a["moves"] for a in answers] == [
        answers[0]["moves"]] * 3
    legal = state.moves_for(0)
    assert all(parse_move(m["move"]["id"]) in legal for m in answers[0]["moves"])
    assert set(m.id for m in candidates(view)) == {m["move"]["id"] for m in answers[0]["moves"]}


def test_a_true_claim_is_ranked_above_its_bluff() -> None:
    state = new_game(1, players=3)
    hand = cards("JS", "JH", "JD", "2C", "5H", "9D")
    rest = card_mask(c for c in range(52) if not (1 << c) & hand)
    half = card_mask(list(c for c in range(52) if (1 << c) & rest)[:23])
    state = replace(state, hands=(hand, half, rest & ~half), centre=())
    tally = SOLVER.solve(state.view(0), SOLVER.default, 1, 0, None, False, None)
    answer = SOLVER.finish(state.view(0), tally, 1, None, True, None)
    assert answer["moves"][0]["move"]["id"] == Move("claim", cards("JS", "JH", "JD"), 11).id


def test_the_chance_a_bluff_is_disproved_is_counted() -> None:
    state = new_game(2, players=2)  # two seats, no centre: the other hand is every unseen
    view = state.view(0)
    held = (view.hand & (0xF << 40)).bit_count()  # jacks held
    chance = disproof_chance(view, 11, 3)
    free = 4 - held
    other = 26
    # the other hand disproves three jacks when it holds two or more of the free ones
    exact = sum(comb(free, a) * comb(26 - free, other - a) for a in range(2, free + 1)
                ) / comb(26, other) if free >= 2 else 0.0
    assert abs(chance - exact) < 1e-9
    assert PASS.id == "pass"
