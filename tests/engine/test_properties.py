"""Properties of random legal play (hypothesis with explicit seeds, R4-R29, docs/api.md)."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from hypothesis import given, seed, settings
from hypothesis import strategies as st

import engine
from engine import Move, State, parse_move, parse_move_id
from engine.cards import cards_of, parse_card
from engine.cassino import View
from engine.cassino.movegen import legal_moves as generate
from engine.errors import CardError
from tests.engine.reference import numeral_value, reference_moves

SEEDS = st.integers(0, 2**63 - 1)


def all_cards(state: State) -> list[int]:
    """Every card of the state, by zone, with repetitions kept."""
    zones = [*state.hands, sum(1 << c for c in state.stock), state.loose,
             *(b.cards for b in state.builds), *state.captured]
    return [c for zone in zones for c in cards_of(zone)]


def check_state(state: State) -> None:
    cards = all_cards(state)
    assert len(cards) == 52 and set(cards) == set(range(52))  # conservation
    assert len(state.stock) == len(set(state.stock))
    state.validate()
    again = State.from_dict(state.to_dict())
    assert again == state
    assert again.to_dict() == state.to_dict()
    for b in state.builds:  # R23: every owner holds a numeral of the build's value
        assert any(numeral_value(c) == b.value for c in cards_of(state.hands[b.owner])), b
        # ... and so has a legal move (a capture or build, never a trail: R21).
        own = generate(state.hands[b.owner], state.loose, state.builds, b.owner, state.rules)
        assert own and all(m.type != "trail" for m in own)
        assert reference_moves(state.hands[b.owner], state.loose, state.builds, b.owner)


def check_move(move: Move) -> None:
    assert parse_move(move.to_dict()) == move
    assert parse_move_id(move.id) == move
    assert parse_move(move.id) == move


def card_strings(data: Any) -> set[int]:
    """Every card named anywhere in a JSON value."""
    found: set[int] = set()
    if isinstance(data, dict):
        for value in data.values():
            found |= card_strings(value)
    elif isinstance(data, list):
        for value in data:
            found |= card_strings(value)
    elif isinstance(data, str):
        with contextlib.suppress(CardError):
            found.add(parse_card(data))
    return found


def check_views(state: State) -> None:
    for player in (0, 1):
        view = state.view(player)
        data = view.to_dict()
        assert View.from_dict(data) == view
        assert View.from_dict(data).to_dict() == data
        assert not {"seed", "stock", "hands"} & set(data)  # R29
        secret = state.hands[1 - player] | sum(1 << c for c in state.stock)
        named = card_strings({k: v for k, v in data.items() if k != "hand"})
        assert not named & set(cards_of(secret)), "a view shows hidden cards (R29)"
        assert set(cards_of(view.hand)) == set(cards_of(state.hands[player]))
        assert view.hand_sizes == tuple(h.bit_count() for h in state.hands)
        assert view.stock_size == len(state.stock)


def check_round_scored(breakdown: engine.Breakdown) -> None:
    """R26: 11 points a round plus sweeps, less a tied majority (cards 3, spades 1)."""
    players = breakdown.players
    assert sum(p.cards for p in players) == 52
    assert sum(p.spades for p in players) == 13
    assert sum(p.aces for p in players) == 4
    assert sum(p.big_cassino for p in players) == 1
    assert sum(p.little_cassino for p in players) == 1
    tied = 3 * (players[0].cards == players[1].cards) + (players[0].spades == players[1].spades)
    assert sum(p.total - p.points.sweeps for p in players) == 11 - tied
    assert all(p.points.sweeps == p.sweeps for p in players)


def play(game_seed: int, max_moves: int | None = None, *, checks: bool = True
         ) -> list[tuple[State, Move, engine.Step]]:
    """Random legal play from ``game_seed`` (its own ``random.Random``)."""
    rng = random.Random(game_seed)
    state = engine.new_game(game_seed)
    steps = []
    while state.status == "playing" and (max_moves is None or len(steps) < max_moves):
        moves = state.legal_moves()
        move = rng.choice(moves)
        step = state.apply(move)
        steps.append((state, move, step))
        if checks:
            check_state(state)
            check_move(move)
        state = step.state
    if checks:
        check_state(state)
    return steps


@seed(11)
@settings(max_examples=40, deadline=None, database=None)
@given(SEEDS)
def test_random_play_keeps_the_state_consistent(game_seed: int) -> None:
    """Every step of a whole game: 52 cards, validate(), exact JSON round trip, moves
    round trip, build owners hold the value and have a move."""
    steps = play(game_seed)
    assert steps[-1][2].state.status == "game_over"


@seed(12)
@settings(max_examples=25, deadline=None, database=None)
@given(SEEDS)
def test_views_round_trip_and_hide_the_secrets(game_seed: int) -> None:
    steps = play(game_seed, checks=False)
    for state, _move, _step in steps:
        check_views(state)
    check_views(steps[-1][2].state)


@seed(13)
@settings(max_examples=100, deadline=None, database=None)
@given(SEEDS)
def test_rounds_score_eleven_plus_sweeps_and_clear_builds(game_seed: int) -> None:
    scored = 0
    for state, move, step in play(game_seed, checks=False):
        types = [e.type for e in step.events]
        after = step.state
        if "deal" in types or "round_scored" in types or "round_void" in types:
            # R23: no build survives to a new batch or round: the batch's last move
            # takes every build still on the table, and is not itself a build.
            assert move.type != "build"
            assert all(b.cards & move.targets for b in state.builds), state.to_dict()
            assert after.builds == ()
        if "deal" in types and after.status == "playing":
            assert all(h.bit_count() == 4 for h in after.hands)
            assert after.to_move == 1 - after.dealer  # R4, R5: the nondealer moves first
        if "sweep" in types:
            assert move.type == "capture" and not after.builds  # R13
        for event in step.events:
            if event.type == "round_scored":
                scored += 1
                breakdown = event.get("breakdown")
                check_round_scored(breakdown)
                totals = tuple(s + t for s, t in zip(state.scores, breakdown.totals,
                                                     strict=True))
                assert event.get("scores") == totals  # R27
                assert after.scores == totals
                assert after.previous_round == breakdown
                top = max(totals)
                if top >= 21 and totals.count(top) == 1:  # R27: a sole leader at 21 wins
                    assert after.status == "game_over" and after.winner == totals.index(top)
                else:  # below 21, or tied: another full round (R27)
                    assert after.status == "playing" and after.winner is None
                    assert after.round == state.round + 1 and after.dealer != state.dealer
                    assert after.loose.bit_count() == 4 and len(after.stock) == 40
    assert scored >= 1


@seed(14)
@settings(max_examples=25, deadline=None, database=None)
@given(SEEDS)
def test_same_seed_and_choices_give_the_same_game(game_seed: int) -> None:
    first = play(game_seed, checks=False)
    second = play(game_seed, checks=False)
    assert [(s, m, st_.state, st_.events) for s, m, st_ in first] == \
        [(s, m, st_.state, st_.events) for s, m, st_ in second]
    # The same choices given as ids to a fresh game reproduce it too.
    state = engine.new_game(game_seed)
    for before, move, step in first:
        assert state == before
        state = state.apply(parse_move_id(move.id)).state
        assert state == step.state


@seed(15)
@settings(max_examples=100, deadline=None, database=None)
@given(SEEDS)
def test_games_end_with_a_sole_winner_at_21(game_seed: int) -> None:
    steps = play(game_seed, checks=False)
    final = steps[-1][2].state
    assert final.status == "game_over"
    assert final.legal_moves() == []
    scores = final.scores
    assert final.winner is not None and scores[final.winner] >= 21  # R27
    assert scores[final.winner] > scores[1 - final.winner]
    assert steps[-1][2].events[-1].type == "game_over"
    State.from_dict(final.to_dict()).validate()
    rounds = [e for _s, _m, step in steps for e in step.events if e.type == "round_scored"]
    assert sum(sum(e.get("breakdown").totals) for e in rounds) == sum(scores)
    for event in rounds:
        check_round_scored(event.get("breakdown"))
