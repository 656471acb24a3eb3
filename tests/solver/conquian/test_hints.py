"""Hints and evaluations (solver/conquian/hints.py): the answer's shape, no dependence on
hidden cards (Q23), determinism, exact merges of world ranges, an immediate win."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.conquian import State, View
from solver.conquian import DEFAULT, POSITION, Options, evaluate, finish, hint, solve
from solver.ranking import Tally, merge
from tests.engine.conquian.helpers import position, positions

SMALL = Options(samples=8, min_samples=4, nodes=600, depth=2)


def choices(count: int, seed: int) -> list[State]:
    """Mid-hand states where the seat to move has a choice."""
    rng = random.Random(seed)
    out = [s for s in positions(range(seed, seed + 4))
           if not s.game_over and len(s.legal_moves()) > 1 and 3 <= len(s.stock) <= 17]
    return rng.sample(out, count)


def same_view(state: State, rng: random.Random) -> State:
    """Another full state with the same view for the seat to move: the other hand and the
    stock dealt afresh from the same hidden cards."""
    seat = state.to_move
    other = 1 - seat
    hidden = [c for c in range(52) if state.hands[other] >> c & 1] + list(state.stock)
    rng.shuffle(hidden)
    size = state.hands[other].bit_count()
    hands = list(state.hands)
    hands[other] = sum(1 << c for c in hidden[:size])
    return state._replace(hands=tuple(hands), stock=tuple(hidden[size:]), seed=rng.randrange(99))


def stable(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer without its wall-clock time."""
    out = json.loads(json.dumps(answer))
    del out["solver"]["elapsed_ms"]
    return out


def test_the_answer_has_cassinos_shape() -> None:
    state = choices(1, 1)[0]
    view = state.view(state.to_move)
    answer = hint(view, options=SMALL)
    assert set(answer) == {"player", "moves", "evaluation", "solver"}
    assert answer["player"] == view.player
    assert {m["move"]["id"] for m in answer["moves"]} == {m.id for m in view.legal_moves()}
    assert [m["rank"] for m in answer["moves"]] == list(range(1, len(answer["moves"]) + 1))
    equities = [m["equity"] for m in answer["moves"]]
    assert equities == sorted(equities, reverse=True)
    assert answer["moves"][0]["stderr_diff"] == 0.0
    evaluation = answer["evaluation"]
    assert evaluation["equity"] == equities[0]
    assert sum(evaluation["expected_points"]) == pytest.approx(0.0, abs=1e-9)
    meta = answer["solver"]
    assert {"algorithm", "samples", "elapsed_ms", "cached", "nodes", "seed", "exact"} <= set(meta)
    assert SMALL.min_samples <= meta["samples"] <= SMALL.samples
    value = evaluate(view, options=SMALL)
    assert "moves" not in value and value["evaluation"] == evaluation


@pytest.mark.parametrize("seed", range(3))
def test_a_hint_never_depends_on_hidden_cards(seed: int) -> None:
    rng = random.Random(seed)
    for state in choices(3, 10 + seed):
        other = same_view(state, rng)
        assert other.hands != state.hands or other.stock != state.stock
        view = state.view(state.to_move)
        assert other.view(state.to_move) == view
        assert stable(hint(view, options=SMALL)) == \
            stable(hint(other.view(state.to_move), options=SMALL))


def test_the_same_seed_gives_the_same_hint_and_another_seed_other_worlds() -> None:
    state = choices(1, 3)[0]
    view = state.view(state.to_move)
    assert stable(hint(view, seed=5, options=SMALL)) == stable(hint(view, seed=5, options=SMALL))
    a = solve(view, SMALL, seed=5, early=False)
    b = solve(view, SMALL, seed=6, early=False)
    assert a.values != b.values


def test_ranges_of_worlds_merge_into_the_single_process_answer() -> None:
    state = choices(1, 4)[0]
    view = state.view(state.to_move)
    options = Options(samples=6, nodes=None, depth=2)
    whole = solve(view, options, seed=3, early=False)
    parts = [solve(view, options, seed=3, start=a, stop=b, early=False)
             for a, b in ((0, 2), (2, 5), (5, 6))]
    shipped = [Tally.from_dict(json.loads(json.dumps(p.to_dict()))) for p in parts]
    merged = merge(shipped[::-1])
    assert merged.worlds == whole.worlds == list(range(6))
    assert merged.values == whole.values
    assert merged.nodes == whole.nodes and merged.estimated == whole.estimated
    assert stable(finish(view, merged, seed=3)) | {"solver": None} == \
        stable(finish(view, whole, seed=3)) | {"solver": None}


def test_the_solver_takes_an_immediate_win() -> None:
    win = position([["KH", "KD"], None],
                   [[["AS", "2S", "3S", "4S"], ["5H", "5D", "5C", "5S"]], []],
                   up="KC", pool=1)
    answer = hint(win.view(0))
    assert answer["moves"][0]["move"]["id"] == "take:KC=KHKDKC"
    assert answer["moves"][0]["equity"] == 2.0  # 1 + pool (QD11)
    assert answer["moves"][0]["stderr"] == 0.0


def test_the_solver_goes_out_by_laying_after_a_use() -> None:
    state = position([["KH", "KD", "KS"], None],
                     [[["AS", "2S", "3S", "4S"], ["5H", "5D", "5C"]], []],
                     up="5S", source="passed")
    answer = hint(state.view(0))
    winning = {m["move"]["id"] for m in answer["moves"] if m["equity"] == 1.0}
    assert winning == {"take:5S=5S5H5D5C", "take:5S=AS2S3S4S5S"}  # then lay the kings
    assert answer["moves"][0]["move"]["id"] in winning
    after = state.apply("take:5S=5S5H5D5C").state
    assert hint(after.view(0))["moves"][0]["move"]["id"] == "lay=KSKHKD"


def test_a_seat_not_to_move_gets_the_positions_value() -> None:
    state = choices(1, 5)[0]
    view = state.view(1 - state.to_move)
    tally = solve(view, SMALL)
    assert tally.moves == [POSITION]
    answer = hint(view, options=SMALL)
    assert answer["moves"] == [] and answer["player"] == view.player


def test_a_finished_hand_scores_its_counters() -> None:
    state = position([["KH", "KD"], None],
                     [[["AS", "2S", "3S", "4S"], ["5H", "5D", "5C", "5S"]], []],
                     up="KC", pool=1)
    done = state.apply("take:KC=KHKDKC").state
    for seat, want in ((0, 2.0), (1, -2.0)):
        answer = hint(done.view(seat))
        assert answer["moves"] == [] and answer["evaluation"]["equity"] == want
        assert answer["solver"]["samples"] == 0


def test_a_full_state_is_refused() -> None:
    state = choices(1, 6)[0]
    with pytest.raises(TypeError):
        solve(state)  # type: ignore[arg-type]
    assert isinstance(state.view(0), View)


def test_the_default_budget_is_deterministic_nodes() -> None:
    assert DEFAULT.nodes is not None and DEFAULT.time_ms is None
    assert DEFAULT.with_budget(samples=10).nodes is None
    assert DEFAULT.with_budget(time_ms=50).time_ms == 50


def test_the_endgame_is_searched_to_the_end() -> None:
    state = next(s for s in positions(range(20, 40))
                 if not s.game_over and len(s.stock) == 2 and len(s.legal_moves()) > 1)
    view = state.view(state.to_move)
    answer = hint(view, options=SMALL)
    assert answer["solver"]["exact"]
    assert all(m["equity"] in (-1.0, 0.0, 1.0) or m["stderr"] > 0 for m in answer["moves"])
    cut = hint(view, options=Options(samples=4, min_samples=4, depth=1, endgame=0))
    assert not cut["solver"]["exact"]
