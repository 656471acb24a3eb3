"""solver.rummy.core: hints and evaluations from a view (RM27), ranked by the viewer's
points at the end of the hand (RM26); determinism, merging ranges of worlds."""

import random
from typing import Any

import pytest

from engine.rummy import DISCARD, DRAW, Played, State, advance
from solver.ranking import merge
from solver.rummy import DEFAULT, POSITION, Options, evaluate, finish, hint, solve
from solver.rummy.careful import careful_move
from tests.engine.rummy.positions import position
from tests.solver.rummy.helpers import mid_hand

GIN_BUT_KD = "AS 2S 3S 4H 5H 6H 9C 9D 9S KD"
"""Three melds and a king: deadwood 10."""
OTHER = "2H 7C 8D JH QS 3D 5C 6D 10S 10H"


def same(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer without its timing."""
    out = dict(answer)
    out["solver"] = {k: v for k, v in answer["solver"].items() if k != "elapsed_ms"}
    return out


def ids(answer: dict[str, Any]) -> list[str]:
    return [m["move"]["id"] for m in answer["moves"]]


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
def test_calls_with_no_deadwood(variant: str) -> None:
    """Drawn to three melds and a king: the king's discard with a call (RM14) is best, and
    worth what the other hand pays, never less than nothing."""
    state = position(variant, [GIN_BUT_KD + " 4S", OTHER], pile="7D", phase=DISCARD,
                     history=(Played(0, DRAW),))
    answer = hint(state.view(0), seed=1)
    assert ids(answer)[0] == "KD!"
    assert answer["moves"][0]["equity"] > 0
    assert answer["evaluation"]["equity"] == answer["moves"][0]["equity"]


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
def test_takes_the_card_that_goes_out(variant: str) -> None:
    """The pile's 4S joins A-2-3 of spades: take it (RM7), then discard the king and call."""
    state = position(variant, [GIN_BUT_KD, OTHER], pile="7D 4S")
    assert ids(hint(state.view(0), seed=2))[0] == "take"
    taken, _ = advance(state, state.legal_moves()[1])
    assert ids(hint(taken.view(0), seed=2))[0] == "KD!"


def test_a_hint_sees_only_the_view() -> None:
    """Two whole states with one view give one hint (RM27); a state is refused."""
    state = mid_hand("poker-rum", 5, 1)[0]
    view = state.view(state.to_move)
    other = view.resample(random.Random(9))
    assert other.view(state.to_move) == view
    assert other.hands != state.hands or other.stock != state.stock
    assert same(hint(other.view(state.to_move), seed=3)) == same(hint(view, seed=3))
    with pytest.raises(TypeError):
        hint(state, seed=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
def test_the_same_seed_gives_the_same_hint(variant: str) -> None:
    for state in mid_hand(variant, 6, 3):
        view = state.view(state.to_move)
        first = hint(view, seed=4)
        assert same(hint(view, seed=4)) == same(first)
        assert first["solver"]["samples"] >= 1
        assert first["solver"]["nodes"] <= 2 * (DEFAULT.nodes or 0)
        assert [m["rank"] for m in first["moves"]] == list(range(1, len(first["moves"]) + 1))
        legal = {m.id for m in view.legal_moves()}
        assert set(ids(first)) == legal


def test_ranges_of_worlds_merge_into_the_whole() -> None:
    state = mid_hand("poker-gin", 7, 1)[0]
    view = state.view(state.to_move)
    opts = Options(samples=10, nodes=None)
    whole = solve(view, opts, seed=5, early=False)
    parts = [solve(view, opts, seed=5, start=a, stop=b, early=False)
             for a, b in ((6, 10), (0, 3), (3, 6))]
    merged = merge(parts)
    assert merged.worlds == whole.worlds == list(range(10))
    assert merged.values == whole.values
    assert merged.nodes == whole.nodes
    assert same(finish(view, merged, seed=5)) == same(finish(view, whole, seed=5))


def test_a_seat_not_to_move_gets_an_evaluation() -> None:
    state = mid_hand("poker-rum", 8, 1)[0]
    waiting = 1 - state.to_move
    answer = hint(state.view(waiting), seed=6)
    assert answer["moves"] == []
    assert solve(state.view(waiting), Options(samples=3, nodes=None), seed=6).moves == [
        POSITION]
    points = answer["evaluation"]["expected_points"]
    assert points[waiting] == answer["evaluation"]["equity"]
    assert sum(points) == pytest.approx(0)
    alone = evaluate(state.view(waiting), seed=6)
    assert "moves" not in alone
    assert alone["evaluation"] == answer["evaluation"]


def test_a_finished_hand_is_exact() -> None:
    state: State = position("poker-rum", [GIN_BUT_KD + " 4S", OTHER], pile="7D",
                            phase=DISCARD, history=(Played(0, DRAW),))
    over, _ = state.apply("KD!")
    answer = hint(over.view(1), seed=0)
    assert answer["moves"] == []
    assert answer["solver"]["exact"] is True
    assert answer["evaluation"]["expected_points"] == [float(p) for p in over.returns()]
    assert answer["evaluation"]["equity"] == over.returns()[1] < 0


def test_double_pack_rum_is_searched_too() -> None:
    """Once refused, Double-Pack Rum is searched through the same entry point
    (tests/solver/rummy/test_double_pack.py tests it further)."""
    state = mid_hand("double-pack-rum", 9, 1)[0]
    view = state.view(state.to_move)
    answer = hint(view, samples=4)
    assert {m["move"]["id"] for m in answer["moves"]} == {m.id for m in view.legal_moves()}


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin"])
def test_the_careful_move_stands_unless_clearly_beaten(variant: str) -> None:
    """With ``prior_z`` the careful rule's move is first unless the best mean beats it by
    more than ``prior_z`` paired standard errors, and says so (``prior``); with 0 the
    ranking is by mean.  Either way the evaluation is the best equity."""
    marked = 0
    for state in mid_hand(variant, 12, 8):
        view = state.view(state.to_move)
        tally = solve(view, Options(samples=6, nodes=None), seed=7)
        by_mean = finish(view, tally, prior_z=0)["moves"]
        assert [m["equity"] for m in by_mean] == sorted((m["equity"] for m in by_mean),
                                                        reverse=True)
        assert not any("prior" in m for m in by_mean)
        answer = finish(view, tally, prior_z=2.0)
        moves = answer["moves"]
        careful = careful_move(view).id
        assert answer["evaluation"]["equity"] == by_mean[0]["equity"]
        if moves[0]["move"]["id"] != careful:
            mine = next(m for m in by_mean if m["move"]["id"] == careful)
            assert by_mean[0]["equity"] - mine["equity"] > 2.0 * mine["stderr_diff"] - 1e-6
        if moves[0]["move"] != by_mean[0]["move"]:  # ranked first against the means
            assert moves[0]["move"]["id"] == careful and moves[0]["prior"] is True
            rest = [m for m in by_mean if m["move"]["id"] != careful]
            assert [m | {"rank": 0} for m in moves[1:]] == [m | {"rank": 0} for m in rest]
            marked += 1
        else:
            assert moves == by_mean
        assert sorted(ids({"moves": moves})) == sorted(ids({"moves": by_mean}))
    assert marked  # the prior did overrule the means somewhere, and said so
