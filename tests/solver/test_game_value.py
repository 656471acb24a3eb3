"""The game's value (issue 25): with ``opponent_model`` 0 a last-batch hint's equities are
minimax exactly, checked against a brute force over the known cards that uses the engine
alone (tests/solver/helpers.py ``round_values``); ``solver.exact`` is true only then and
the answer names the model's weight applied (docs/solver.md "The game's value")."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import engine
from engine.cassino import HandSampler, Played, State, advance, record_of, replay
from solver.cassino import kernel
from solver.cassino.core import Options, claim_is_right, evaluate, hint
from solver.cassino.review import review
from tests.solver.helpers import round_values

MINIMAX = Options(opponent_model=0.0)


def last_batch(seed: int, cards: int = 6, variant: str = "standard") -> State:
    """Random play from ``new_game(seed)`` to the last batch with ``cards`` or fewer left
    in the hands (two seats: every card is then known to both)."""
    rng = random.Random(seed)
    state = engine.new_game(seed, variant=variant)
    while state.stock or sum(h.bit_count() for h in state.hands) > cards:
        state = advance(state, rng.choice(state.legal_moves()))
    return state


def known(seed: int, variant: str) -> State:
    """N seats: random play to a last-batch position where the player to move has a choice
    and its view fixes every hidden hand (one world, R23)."""
    rng = random.Random(seed)
    state = engine.new_game(seed, variant=variant)
    while state.stock or not HandSampler(state.view(state.to_move)).exact \
            or len(state.legal_moves()) < 2:
        state = advance(state, rng.choice(state.legal_moves()))
    return state


def equities(answer: dict[str, object]) -> dict[str, float]:
    return {m["move"]["id"]: m["equity"] for m in answer["moves"]}  # type: ignore[attr-defined]


def test_the_issue_s_position_the_default_model_is_not_minimax() -> None:
    """Seed 6: the default model reports +0.5 where best play by both gives -3."""
    state = last_batch(6)
    view = state.view(state.to_move)
    want = round_values(state, state.to_move)
    default, plain = hint(view), hint(view, options=MINIMAX)
    assert default["evaluation"]["equity"] != max(want.values())
    assert default["solver"]["exact"] is False and default["solver"]["opponent_model"] == 0.25
    assert equities(plain) == want and plain["evaluation"]["equity"] == max(want.values())
    assert plain["solver"]["exact"] is True and plain["solver"]["opponent_model"] == 0.0


@pytest.mark.parametrize("seed", range(1, 13))
def test_model_0_gives_minimax_in_every_last_batch(seed: int) -> None:
    state = last_batch(seed)
    view = state.view(state.to_move)
    want = round_values(state, state.to_move)
    answer = hint(view, options=MINIMAX)
    assert equities(answer) == want
    assert answer["solver"]["exact"] is True and answer["solver"]["samples"] == 1
    # the seat not to move: its evaluation is the position's minimax value for it
    other = 1 - state.to_move
    valued = evaluate(state.view(other), options=MINIMAX)
    assert valued["evaluation"]["equity"] == min(round_values(state, other).values())
    assert valued["solver"]["exact"] is True
    # any model above 0 is not the game's value, whatever its equities
    for weight in (0.25, 1.0):
        modelled = hint(view, options=Options(opponent_model=weight))
        assert modelled["solver"]["exact"] is False
        assert modelled["solver"]["opponent_model"] == weight


def test_before_the_last_batch_nothing_is_exact() -> None:
    """A world searched to a batch's end is an estimate of the deals to come, and the
    other hand is unknown: never exact, with or without the model."""
    rng = random.Random(3)
    state = engine.new_game(3)
    for _ in range(9):
        state = advance(state, rng.choice(state.legal_moves()))
    assert state.stock
    for options in (MINIMAX, Options()):
        answer = hint(state.view(state.to_move), samples=8, options=options)
        assert answer["solver"]["exact"] is False
        assert answer["solver"]["opponent_model"] == options.opponent_model


def test_draw_s_horizon_search_has_no_model() -> None:
    """``draw`` while the stock lasts (W8): the horizon search applies no model, and the
    answer says so; once the stock is out the model applies and 0 is exact."""
    rng = random.Random(2)
    state = engine.new_game(2, variant="draw")
    state = advance(state, rng.choice(state.legal_moves()))
    assert state.stock
    answer = hint(state.view(state.to_move), samples=4, options=Options(opponent_model=0.5))
    assert answer["solver"]["opponent_model"] == 0.0 and answer["solver"]["exact"] is False
    end = last_batch(2, variant="draw")
    view = end.view(end.to_move)
    assert hint(view)["solver"]["opponent_model"] == 0.25
    plain = hint(view, options=MINIMAX)
    assert equities(plain) == round_values(end, end.to_move)
    assert plain["solver"]["exact"] is True


def test_a_right_claim_is_no_game_value() -> None:
    """twenty-one-claims (T7): a right claim is ranked at a conventional value (the game
    won), not round points: not exact, even in the last batch with model 0."""
    for seed in range(200):
        rng = random.Random(seed)
        state = engine.new_game(seed, variant="twenty-one-claims")
        while state.status == "playing":
            view = state.view(state.to_move)
            if not state.stock and claim_is_right(view):
                answer = hint(view, options=MINIMAX)
                assert answer["moves"][0]["move"]["type"] == "claim"
                assert answer["solver"]["exact"] is False
                return
            cards = [m for m in state.legal_moves() if m.type != "claim"]
            state = advance(state, rng.choice(cards))
    pytest.fail("no right claim in the last batch found")


@pytest.mark.skipif(not kernel.available(), reason="the compiled kernel is not built")
@pytest.mark.parametrize("seed", [6, 7, 12])
def test_the_kernel_answers_as_the_reference(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel and the pure-Python reference give the same answer, exact flag and
    model included (docs/solver.md "The compiled kernel")."""
    state = last_batch(seed, cards=8)
    view = state.view(state.to_move)

    def answers() -> list[dict[str, object]]:
        out = []
        for options in (MINIMAX, Options()):
            answer = hint(view, options=options)
            answer["solver"].pop("elapsed_ms")
            out.append(answer)
        return out

    native = answers()
    monkeypatch.setenv(kernel.ENV, "python")
    assert answers() == native


@pytest.mark.parametrize(("variant", "seed"), [("partnership", 10), ("three-hand", 11)])
def test_n_seats_known_hands_give_the_game_s_value(variant: str, seed: int) -> None:
    """Partnership's team search and three-hand's paranoid search to the round's end in a
    world that is the only one: the brute force's values (team against team; the viewer
    against the two others together).  The N-seat search has no model: 0 applied."""
    state = known(seed, variant)
    view = state.view(state.to_move)
    answer = hint(view)
    assert equities(answer) == round_values(state, state.to_move)
    assert answer["solver"]["exact"] is True and answer["solver"]["opponent_model"] == 0.0
    if variant == "three-hand":  # max-n: each for himself has no one value
        assert hint(view, options=Options(search="maxn"))["solver"]["exact"] is False


def test_n_seats_with_hidden_hands_unknown_are_not_exact() -> None:
    rng = random.Random(4)
    state = engine.new_game(4, variant="partnership")
    while state.stock or sum(h.bit_count() for h in state.hands) > 12:
        state = advance(state, rng.choice(state.legal_moves()))
    view = state.view(state.to_move)
    assert not HandSampler(view).exact
    assert hint(view, samples=4)["solver"]["exact"] is False


def test_a_review_with_model_0_rates_the_last_batch_exactly() -> None:
    """Each of the seat's last-batch choices (six cards left or fewer, for the brute
    force) loses exactly the game's value of the best move less that of its own."""
    rng = random.Random(6)
    state = engine.new_game(6, dealer=0)
    played = []
    while state.round == 1:
        move = rng.choice(state.legal_moves())
        played.append(Played(state.to_move, move))
        state = advance(state, move)
    record = record_of(6, "standard", 0, played)
    options = replace(Options().with_budget(4), opponent_model=0.0)
    rated = review(record, 0, options=options)
    assert rated["opponent_model"] == 0.0
    checked = 0
    for position, item in zip(replay(record)[:-1], replay(record)[1:], strict=True):
        if item.player != 0:
            continue
        entry = next(m for m in rated["moves"] if m["ply"] == item.ply)
        before = position.state
        small = not before.stock and sum(h.bit_count() for h in before.hands) <= 6
        assert entry["exact"] == (not before.stock and not entry["forced"])
        if small and not entry["forced"]:
            values = round_values(before, 0)
            assert item.move is not None
            assert entry["points_lost"] == max(values.values()) - values[item.move.id]
            assert entry["equity"] == values[item.move.id]
            checked += 1
    assert checked >= 2
    assert review(record, 0, options=Options().with_budget(4))["opponent_model"] == 0.25
