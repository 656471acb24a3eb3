"""Hints and evaluations: the docs/api.md format, determinism, and merging chunks of worlds."""

import json

import engine
import solver
from engine.cassino import View
from engine.cassino.moves import parse_move
from solver import Options, Tally, finish, merge, solve

from .helpers import states

FAST = Options(samples=8, min_samples=8, nodes=None)


def mid_game_view() -> View:
    for state in states(11, 60):
        if state.stock and 3 <= state.hands[state.to_move].bit_count() <= 4 \
                and len(state.legal_moves()) >= 3 \
                and state.hands[0].bit_count() + state.hands[1].bit_count() <= 6:
            return state.view(state.to_move)
    raise AssertionError("no position found")


def test_hint_format() -> None:
    view = mid_game_view()
    answer = solver.hint(view, seed=3, options=FAST)
    json.dumps(answer)
    assert answer["player"] == view.player
    moves = answer["moves"]
    legal = {m.id for m in view.legal_moves()}
    assert {m["move"]["id"] for m in moves} == legal
    assert [m["rank"] for m in moves] == list(range(1, len(moves) + 1))
    equities = [m["equity"] for m in moves]
    assert equities == sorted(equities, reverse=True)
    assert moves[0]["stderr_diff"] == 0
    for m in moves:
        assert m["stderr"] >= 0 and m["stderr_diff"] >= 0
        assert parse_move(m["move"]).id == m["move"]["id"]
        if m["move"]["type"] == "build":
            assert m["move"]["kind"] in ("create", "raise", "extend")
            assert m["move"]["groups"]
    evaluation = answer["evaluation"]
    assert evaluation["equity"] == moves[0]["equity"]
    p0, p1 = evaluation["expected_points"]
    mine, theirs = (p0, p1) if view.player == 0 else (p1, p0)
    assert abs(mine - theirs - evaluation["equity"]) < 0.01
    assert p0 >= 0 and p1 >= 0
    meta = answer["solver"]
    assert meta["algorithm"] == solver.ALGORITHM and meta["cached"] is False
    assert meta["samples"] == 8 and meta["elapsed_ms"] >= 0
    top = solver.hint(view, seed=3, top=2, options=FAST)
    assert top["moves"] == moves[:2]


def test_evaluate_and_other_seat() -> None:
    view = mid_game_view()
    full = solver.hint(view, seed=5, options=FAST)
    ev = solver.evaluate(view, seed=5, options=FAST)
    assert "moves" not in ev
    assert ev["evaluation"] == full["evaluation"]
    state_views = [s for s in states(12, 30) if s.stock]
    other = state_views[0].view(1 - state_views[0].to_move)
    answer = solver.hint(other, options=FAST)
    assert answer["moves"] == [] and "equity" in answer["evaluation"]


def test_build_moves_carry_kind_and_groups() -> None:
    for state in states(21, 200):
        view = state.view(state.to_move)
        if any(m.type == "build" for m in view.legal_moves()) and \
                state.hands[0].bit_count() + state.hands[1].bit_count() <= 5:
            answer = solver.hint(view, options=Options(samples=2, min_samples=2, nodes=None))
            builds = [m["move"] for m in answer["moves"] if m["move"]["type"] == "build"]
            assert builds and all("kind" in b and "groups" in b for b in builds)
            return
    raise AssertionError("no build position found")


def test_same_seed_same_answer_and_budgets() -> None:
    view = mid_game_view()
    a = solver.hint(view, seed=9, samples=12)
    b = solver.hint(view, seed=9, samples=12)
    for x in (a, b):
        x["solver"].pop("elapsed_ms")
    assert a == b
    assert a["solver"]["samples"] <= 12
    timed = solver.hint(view, time_ms=1)  # a tiny time budget still answers
    assert timed["moves"]


def test_default_budget_answers() -> None:
    view = mid_game_view()
    answer = solver.hint(view)
    assert answer["moves"] and answer["solver"]["samples"] >= 1


def test_chunks_merge_into_the_single_process_answer() -> None:
    view = mid_game_view()
    whole = solve(view, FAST, seed=4, start=0, stop=8, early=False)
    parts = [solve(view, FAST, seed=4, start=a, stop=b, early=False)
             for a, b in ((4, 8), (0, 3), (3, 4))]
    shipped = [Tally.from_dict(json.loads(json.dumps(p.to_dict()))) for p in parts]
    merged = merge(shipped)
    assert merged.worlds == whole.worlds and merged.values == whole.values
    assert merged.nodes == whole.nodes
    one = finish(view, whole, seed=4, elapsed_ms=0)
    two = finish(view, merged, seed=4, elapsed_ms=0)
    assert one == two


def test_last_batch_is_exact() -> None:
    for state in states(31, 100, last_batch=True):
        if len(state.legal_moves()) >= 2:
            view = state.view(state.to_move)
            answer = solver.hint(view)
            assert answer["solver"]["samples"] == 1
            assert all(m["stderr"] == 0 for m in answer["moves"])
            return
    raise AssertionError("no position found")


def test_game_over_view() -> None:
    state = engine.new_game(3)
    import random

    from engine.cassino.play import advance

    rng = random.Random(3)
    while state.status == "playing":
        state = advance(state, rng.choice(state.legal_moves()))
    answer = solver.hint(state.view(0))
    assert answer["moves"] == []
    assert answer["evaluation"]["expected_points"] == [float(t) for t in state.score().totals]


def test_progress_is_reported() -> None:
    view = mid_game_view()
    seen: list[tuple[int, int]] = []
    solve(view, FAST, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == len(seen) and all(t == 8 for _, t in seen)
