"""Properties on random hands played to the end: cards conserved, legal moves as the
reference lists them, settlements summing to zero and agreeing with the reference, JSON
round trips, views that hide what they must (RM2, RM7-RM27)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.errors import IllegalMoveError
from engine.rummy import (
    SHOWDOWN,
    Move,
    State,
    View,
    card_name,
    deadwood_after_discards,
    false_call,
    new_game,
)
from tests.engine.rummy.reference import least_deadwood, legal_ids, settlement

NAMES = {c: card_name(c) for c in range(106)}


def members(mask: int) -> frozenset[int]:
    return frozenset(c for c in range(106) if mask >> c & 1)


def choose(state: State, rng: random.Random) -> Move:
    """A player who mostly keeps his least deadwood and calls when he may."""
    moves = state.legal_moves()
    if state.phase == "draw" or rng.random() < 0.2:
        move = rng.choice(moves)
        return move if state.variant == "poker-rum" or rng.random() < 0.05 else move._replace(
            call=False)
    after = deadwood_after_discards(state.hands[state.to_move])
    plain = [m for m in moves if not m.call]
    best = min(plain, key=lambda m: (after[m.card or 0], rng.random()))
    if after[best.card or 0] <= state.rules.call_limit:
        return best._replace(call=True)
    return best


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def check_view(state: State, seat: int, rng: random.Random) -> None:
    view = state.view(seat)
    assert View.from_dict(view.to_dict()) == view
    if view.shown is None:
        public = {NAMES[c] for c in members(view.hand)} | {NAMES[c] for c in view.pile}
        public |= {p.to_dict().get("card") for p in view.history} - {None}  # type: ignore[operator]
        public |= {NAMES[c] for p in view.history for c in members(p.shown | p.laid)}
        public |= {NAMES[c] for meld in view.table for c in meld.cards}
        public |= {NAMES[c] for c in view.stock or ()}  # DP12: seen on the pile (DP11)
        named = {s for s in strings(view.to_dict()) if s in NAMES.values()}
        assert named <= public  # RM27: no other card is named
    world = view.resample(rng)
    world.validate()
    assert world.view(seat) == view
    for other, known in enumerate(view.known):
        assert known & ~world.hands[other] == 0


def play(seed: int, variant: str, players: int, *, reference_steps: int) -> State:
    rng = random.Random(seed)
    state = new_game(seed, variant, players)
    step = 0
    while not state.game_over:
        state.validate()  # every card once (RM2), sizes, the record, the points
        assert State.from_dict(state.to_dict()) == state
        moves = state.legal_moves()
        assert len(set(moves)) == len(moves)
        if step < reference_steps:
            assert {m.id for m in moves} == legal_ids(
                variant, state.phase, members(state.hands[state.to_move]), len(state.pile),
                state.taken, NAMES)
            check_view(state, rng.randrange(players), rng)
            wrong = Move("take") if state.phase == "discard" else Move("discard", 0)
            with pytest.raises(IllegalMoveError):
                state.apply(wrong)
        state, _ = state.apply(choose(state, rng))
        step += 1
    state.validate()
    assert State.from_dict(state.to_dict()) == state
    for seat in range(players):
        check_view(state, seat, rng)
    return state


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_hands_played_to_the_end(variant: str, players: int) -> None:
    ends = set()
    for seed in range(8):
        state = play(1000 * players + seed, variant, players, reference_steps=30)
        ends.add(state.status)
        result = state.returns()
        assert sum(result) == 0  # RM26
        penalties = [0] * players
        for played in state.history:
            if played.shown:
                penalties = [a + b for a, b in zip(penalties, false_call(
                    state.rules, players, played.seat), strict=True)]
        if state.status != SHOWDOWN:
            assert list(result) == penalties
            continue
        assert state.caller is not None
        laid = state.showdown()
        assert laid is not None
        onto = tuple(members(m) for m in laid[state.caller].melds)
        points = [least_deadwood(members(h), onto if variant.startswith("poker-gin") and seat
                                 != state.caller else ()) for seat, h in enumerate(state.hands)]
        assert [a.points for a in laid] == points
        assert points[state.caller] <= state.rules.call_limit
        assert list(result) == [a + b for a, b in zip(
            penalties, settlement(variant, points, state.caller), strict=True)]
    assert SHOWDOWN in ends


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin", "poker-gin-caller"])
def test_settlements_sum_to_zero_and_follow_the_reference(variant: str) -> None:
    from engine.rummy import get_rules, settle
    rng = random.Random(7)
    for _ in range(2000):
        n = rng.randrange(2, 7)
        points = [rng.randrange(0, 60) for _ in range(n)]
        caller = rng.randrange(n)
        points[caller] = rng.randrange(0, 16)
        paid = settle(get_rules(variant), points, caller)
        assert sum(paid) == 0 and list(paid) == settlement(variant, points, caller)
