"""R29: a hint depends only on what its player may see."""

import random

import pytest

import solver
from solver.cassino.core import Options

from .helpers import states, swap_hidden

FAST = Options(samples=6, min_samples=6, nodes=None)


def strip(answer: dict) -> dict:
    answer = dict(answer)
    answer["solver"] = {k: v for k, v in answer["solver"].items() if k != "elapsed_ms"}
    return answer


@pytest.mark.parametrize("seed", range(6))
def test_same_view_same_hint(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for state in states(seed, 16):
        if state.hands[0].bit_count() + state.hands[1].bit_count() > 6:
            continue  # keep the test fast: the batch searches are deepest at a batch start
        p = state.to_move
        twin = swap_hidden(state, p, rng)
        if twin is None:
            continue
        assert twin.view(p) == state.view(p)
        assert twin.hands != state.hands or twin.stock != state.stock
        a = solver.hint(state.view(p), seed=seed, options=FAST)
        b = solver.hint(twin.view(p), seed=seed, options=FAST)
        assert strip(a) == strip(b)
        q = 1 - p  # the player not to move: an evaluation only
        twin = swap_hidden(state, q, rng)
        if twin is not None:
            a = solver.evaluate(state.view(q), seed=seed, options=FAST)
            b = solver.evaluate(twin.view(q), seed=seed, options=FAST)
            assert strip(a) == strip(b)
        checked += 1
    assert checked >= 3


def test_entry_points_refuse_a_full_state() -> None:
    state = states(1, 1)[0]
    with pytest.raises(TypeError):
        solver.hint(state, options=FAST)  # type: ignore[arg-type]
