"""I Doubt It's last rounds played out (solver/i_doubt_it/endgame.py): worlds made true or
false without changing what the seat sees, the limit's stakes read by the hint."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.cards import card_mask, parse_card
from engine.i_doubt_it import DOUBT, PASS, State, new_game, parse_move
from engine.i_doubt_it.rules import MAX_CLAIMS
from engine.i_doubt_it.state import truthful
from solver.i_doubt_it.bots import make_bot
from solver.i_doubt_it.claims import candidates
from solver.i_doubt_it.endgame import forced, near_limit, play_out
from solver.i_doubt_it.entry import SOLVER
from solver.i_doubt_it.hints import DEFAULT, PLAYED_OUT, solve, speak_values
from solver.i_doubt_it.model import claim_true
from solver.ranking import merge


def cards(*names: str) -> int:
    return card_mask(parse_card(n) for n in names)


def speaking(seed: int, seats: int, plies: int) -> State:
    """A game of counting bots stopped at the first doubt-or-pass after ``plies`` moves."""
    state = new_game(seed, players=seats)
    bots = [make_bot("counting", s) for s in range(seats)]
    done = 0
    while not state.game_over and (done < plies or state.speaker is None):
        seat = min(state.acting)
        state = state.apply(bots[seat].choose(state.view(seat)))[0]
        done += 1
    return state


def seen(state: State, seat: int) -> tuple[object, ...]:
    view = state.view(seat)
    return (view.hand, view.hand_sizes, view.centre_size, view.known, view.centre_known,
            view.laid, view.rank, view.claimer)


def test_a_world_is_made_true_or_false_without_changing_the_view() -> None:
    made_any = {True: 0, False: 0}
    for seed in range(12):
        state = speaking(seed, 3 + seed % 4, 5 + 7 * seed)
        if state.game_over:
            continue
        view = state.view(state.speaker or 0)
        rng = random.Random(seed)
        for _ in range(4):
            world = view.resample(rng)
            for true in (True, False):
                made = forced(view, world, true, rng)
                if made is None:
                    continue
                made_any[true] += 1
                assert truthful(made.claim, made.rank) == true
                assert seen(made, view.player) == seen(world, view.player)
                every = [*made.hands, made.claim, card_mask(made.centre)]
                assert sum(m.bit_count() for m in every) == 52
                assert card_mask(c for m in every for c in range(52) if m >> c & 1) == \
                    (1 << 52) - 1
    assert made_any[True] > 10 and made_any[False] > 10


def last_claim() -> State:
    """Three seats, the game's last claim face down and seat 2 the last to speak: seat 0,
    whom seat 2 saw take two jacks, lays three of his seven cards as jacks, and seat 1
    passes; standing, the claim leaves seat 0 four cards, the fewest, and the game is his;
    a bluff caught, seat 2's five would be the fewest."""
    state = new_game(1, players=3)
    hands = [cards("JS", "JH", "4S", "KH", "2D", "3D", "9H"), 0,
             cards("5C", "6C", "7C", "8C", "9C")]
    hands[1] = card_mask(c for c in range(52) if not (1 << c) & (hands[0] | hands[2]))
    known = ((0, 0, 0), (0, 0, 0), (cards("JS", "JH"), 0, 0))
    state = replace(state, hands=tuple(hands), centre=(), claims=MAX_CLAIMS - 1, known=known)
    return state.apply(parse_move("claim:JS,JH,4S:J"))[0].apply(PASS)[0]


def test_the_last_claim_that_would_win_is_doubted_though_the_cards_alone_say_pass() -> None:
    state = last_claim()
    view = state.view(2)
    assert near_limit(view) and view.speaker == 2
    p = claim_true(view)
    doubt, passed = speak_values(view, p)
    assert doubt < passed  # counted in cards, the claim is too likely to doubt
    tally = SOLVER.solve(view, SOLVER.default, 5, 0, None, False, None)
    answer = SOLVER.finish(view, tally, 5, None, True, None)
    assert answer["moves"][0]["move"]["id"] == DOUBT.id  # a pass loses the game for sure
    assert SOLVER.house.make("solver", 1).choose(view) == DOUBT
    assert answer["moves"][0]["equity"] > answer["moves"][1]["equity"] + 5


def test_a_game_played_out_ends_at_the_limit_with_the_seats_chips() -> None:
    state = last_claim()
    value = play_out(state, 0, random.Random(1))  # seat 2 speaks as the counting bot
    ended = state.apply(make_bot("counting", 2).choose(state.view(2)))[0]
    assert ended.game_over
    bonus = 20.0 if ended.winner == 0 else 0.0
    assert value == ended.result.points[0] + bonus


def claiming_near_the_limit(seed: int) -> State:
    """A game of counting bots stopped at a claim within the last rounds."""
    state = new_game(seed, players=4)
    bots = [make_bot("counting", s) for s in range(4)]
    while not (state.speaker is None and near_limit(state.view(state.claimer))):
        seat = min(state.acting)
        state = state.apply(bots[seat].choose(state.view(seat)))[0]
    return state


def test_worlds_played_out_apart_merge_into_the_one_process_tally() -> None:
    state = claiming_near_the_limit(3)
    view = state.view(state.claimer)
    whole = SOLVER.solve(view, SOLVER.default, 4, 0, 6, False, None)
    parts = [SOLVER.solve(view, SOLVER.default, 4, a, b, False, None)
             for a, b in ((3, 6), (0, 2), (2, 3))]
    merged = merge(parts)
    assert merged.moves == whole.moves and len(whole.moves) == PLAYED_OUT
    assert merged.worlds == whole.worlds and merged.values == whole.values


def test_a_reviewed_claim_is_played_out_beside_the_shortlist() -> None:
    state = claiming_near_the_limit(5)
    view = state.view(state.claimer)
    shortlist = set(SOLVER.solve(view, SOLVER.default, 1, 0, 2, False, None).moves)
    played = next(m for m in candidates(view) if m.id not in shortlist)
    tally = solve(view, DEFAULT, 1, 0, 2, early=False, extra=played)
    assert set(tally.moves) == shortlist | {played.id}


def test_the_shortlist_is_the_views_whichever_seed_searches_it() -> None:
    """A job's answer is checked against the view's columns (workers.requests): in the last
    rounds they are the shortlist, the same for every hint seed."""
    state = claiming_near_the_limit(7)
    view = state.view(state.claimer)
    columns = SOLVER.columns(view)
    assert len(columns) == PLAYED_OUT < len(candidates(view))
    for seed in (1, 2, 99):
        tally = SOLVER.solve(view, SOLVER.default, seed, 0, 3, False, None)
        assert tally.moves == columns
        answer = SOLVER.finish(view, tally, seed, None, True, None)
        assert [m["move"]["id"] for m in answer["moves"]] != [] and {
            m["move"]["id"] for m in answer["moves"]} == set(columns)
