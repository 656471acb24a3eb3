"""The opponent model in a world's search (solver/cassino/modelled.py, issue 14).

The compiled ``search_om`` against the Python :class:`ModelSearch` (values to the float and
node counts, as tests/solver/test_kernel.py does for the plain search); the mix against a
brute-force evaluation of its definition; the weight's extremes; the option off leaves the
default search alone.  Every random choice has its seed.
"""

from __future__ import annotations

import random

import pytest

import solver
from engine.cassino import VARIANTS, Build, Move, Rules, generate_moves, play_card
from solver.cassino import (
    ModelSearch,
    PolicyWorlds,
    SoftWorlds,
    Worlds,
    card_worths,
    kernel,
    policy_score,
)
from solver.cassino.bots import make_bot
from solver.cassino.core import _worlds
from solver.cassino.search import INF, Position, Search
from tests.solver.test_kernel import BATCHES, built, rounds, worlds_of


def pair(rules: Rules, pos: Position, root: int, weight: float
         ) -> tuple[ModelSearch, ModelSearch]:
    """The kernel's search and the reference's, both with the model."""
    native = ModelSearch(rules, pos.stock, pos.dealer, root, weight)
    reference = ModelSearch(rules, pos.stock, pos.dealer, root, weight)
    reference.kernel = None
    assert native.kernel is not None
    return native, reference


@built
@pytest.mark.parametrize("variant", BATCHES)
@pytest.mark.parametrize("weight", [0.25, 0.5, 1.0])
def test_kernel_and_reference_agree(variant: str, weight: float) -> None:
    """Root values identical to the float and node counts identical, in batches ending in
    an estimate and in last batches solved exactly; ``value`` with the opponent to move."""
    worlds = 0
    for rules, pos, moves in worlds_of(variant, 2, 3):
        native, reference = pair(rules, pos, pos.to_move, weight)
        assert native.root_values(pos, moves) == reference.root_values(pos, moves)
        assert native.nodes == reference.nodes
        native, reference = pair(rules, pos, 1 - pos.to_move, weight)
        assert native.value(pos) == reference.value(pos)
        assert native.nodes == reference.nodes
        worlds += 1
    assert worlds > 20


def brute(rules: Rules, root: int, weight: float, worths: tuple[float, ...], final: bool,
          me: int, mine: int, theirs: int, loose: int, builds: tuple[Build, ...], pm: int,
          pt: int, sd: int, last: int, search: Search) -> float:
    """The definition without pruning: the root player maximises; the other player's value
    is (1 - weight) * its best reply + weight * the policy's reply (several moves), or its
    only move."""
    kids = generate_moves(mine, loose, builds, me, rules)
    values = []
    for kid in kids:
        nl, nb, taken, _ = play_card(loose, builds, me, kid, rules)
        npm, nsd, nlast = pm, sd, last
        if taken:
            npm |= taken
            if not nl and not nb:
                nsd += rules.sweep_points
            if final:
                nlast = me
        if not theirs:
            values.append(search._leaf(me, nl, nb, npm, pt, nsd, nlast))
        else:
            values.append(-brute(rules, root, weight, worths, final, 1 - me, theirs,
                                 mine & ~(1 << kid.card), nl, nb, pt, npm, -nsd, nlast, search))
    if me == root or len(kids) == 1:
        return max(values)
    scores = [policy_score(k, loose, builds, me, rules, worths) for k in kids]
    policy = scores.index(max(scores))
    return (1 - weight) * max(values) + weight * values[policy]


@pytest.mark.parametrize("weight", [0.3, 1.0])
def test_the_search_is_its_definition(weight: float) -> None:
    """Alpha-beta with the mapped window gives the unpruned definition's values (up to the
    rounding of the mix), from positions a few cards into the batch."""
    rules = VARIANTS["standard"]
    worths = card_worths(rules)
    checked = 0
    for _, pos, moves in worlds_of("standard", 3, 2):
        if pos.hands[0].bit_count() + pos.hands[1].bit_count() > 6:
            continue
        search = ModelSearch(rules, pos.stock, pos.dealer, pos.to_move, weight)
        search.kernel = None
        got = search.root_values(pos, moves)
        me = pos.to_move
        sd = (pos.sweeps[me] - pos.sweeps[1 - me]) * rules.sweep_points
        last = pos.last if search.final else -1
        for move, value in zip(moves, got, strict=True):
            nl, nb, taken, _ = play_card(pos.loose, pos.builds, me, move, rules)
            pm, nsd, nlast = pos.piles[me], sd, last
            if taken:
                pm |= taken
                if not nl and not nb:
                    nsd += rules.sweep_points
                if search.final:
                    nlast = me
            theirs = pos.hands[1 - me]
            if not theirs:
                want = search._leaf(me, nl, nb, pm, pos.piles[1 - me], nsd, nlast)
            else:
                want = -brute(rules, me, weight, worths, search.final, 1 - me, theirs,
                              pos.hands[me] & ~(1 << move.card), nl, nb, pos.piles[1 - me],
                              pm, -nsd, nlast, search)
            assert value == pytest.approx(want, abs=1e-9)
            checked += 1
    assert checked > 30


def test_policy_reads_only_the_table() -> None:
    """The policy's scores: a capture 1 + the worth of the cards it takes, its own card
    included (+ a sweep, R13), a build half
    its cards' worth, a trail minus its card's worth; no other hand enters."""
    rules = VARIANTS["standard"]
    worths = card_worths(rules)
    ace_spades, two_hearts, two_spades = 0, 5, 4  # rank * 4 + suit (engine/cards.py)
    capture = Move("capture", two_spades, 1 << two_hearts, 2)
    assert policy_score(capture, 1 << two_hearts, (), 0, rules, worths) == pytest.approx(
        1.0 + worths[two_spades] + worths[two_hearts] + rules.sweep_points)
    trail = Move("trail", ace_spades, 0, 1)
    assert policy_score(trail, 1 << two_hearts, (), 0, rules, worths) == -worths[ace_spades]
    assert worths[ace_spades] > worths[two_hearts]  # an ace scores by itself (R26)
    build = Move("build", two_hearts, 1 << ace_spades, 3)
    assert policy_score(build, 1 << ace_spades, (), 0, rules, worths) == \
        0.5 * (worths[ace_spades] + worths[two_hearts])


def test_weights_out_of_range_are_refused() -> None:
    rules = VARIANTS["standard"]
    for weight in (0.0, -0.5, 1.5):
        with pytest.raises(ValueError):
            ModelSearch(rules, 0, 0, 0, weight)


@built
def test_a_hint_with_the_model_crosses_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Options(opponent_model=w)``: the native loop over worlds gives the reference loop's
    rows and nodes; ``opponent_model=0`` is plain minimax (no model built)."""
    rng = random.Random("modelled-hints")
    states = [s for i, s in enumerate(rounds("standard", range(1), rng)) if i % 7 == 3]
    options = solver.Options(opponent_model=0.5)
    differ = 0
    for k, state in enumerate(states):
        view = state.view(state.to_move if k % 3 else 1 - state.to_move)
        monkeypatch.setenv(kernel.ENV, "native")
        a = solver.solve(view, options, 3)
        plain = solver.solve(view, solver.Options(opponent_model=0.0), 3)
        monkeypatch.setenv(kernel.ENV, "python")
        b = solver.solve(view, options, 3)
        assert (a.worlds, a.values, a.nodes) == (b.worlds, b.values, b.nodes)
        differ += a.values != plain.values
    assert differ > 0  # the model changes values somewhere
    assert Worlds(states[0].view(0)).reply_weight == 0.0


def test_inference_worlds_carry_the_model() -> None:
    """``SoftWorlds`` and ``PolicyWorlds`` search their worlds with the model's weight as
    the uniform worlds do (the same world, the same row), and ``solve`` passes
    ``Options.opponent_model`` to the inference worlds."""
    rng = random.Random("modelled-inference")
    states = [s for i, s in enumerate(rounds("standard", range(1), rng)) if i % 5 == 2]
    checked = 0
    for state in states:
        view = state.view(state.to_move)
        moves = view.legal_moves()
        uniform = Worlds(view, 0.5)
        world = uniform.draw(4, 0)
        soft = SoftWorlds(view, reply_weight=0.5)
        policy = PolicyWorlds(view, lambda v: v.legal_moves()[0], reply_weight=0.5)
        plain = Worlds(view).values(world, moves)
        want = uniform.values(world, moves)
        assert soft.values(world, moves) == want == policy.values(world, moves)
        checked += want != plain
    assert checked > 0
    view = states[1].view(states[1].to_move)
    for weight in (0.0, 0.5):
        worlds = _worlds(view, solver.Options(inference=True, opponent_model=weight))
        assert isinstance(worlds, SoftWorlds) and worlds.reply_weight == weight


@pytest.mark.parametrize("weight", [-0.25, 1.5, float("nan"), float("inf")])
def test_options_refuse_a_weight_outside_0_1(weight: float) -> None:
    """A bad weight is refused where it is given, not in the first world searched."""
    with pytest.raises(ValueError, match="opponent_model"):
        solver.Options(opponent_model=weight)
    with pytest.raises(ValueError, match="opponent_model"):
        make_bot(f"solver:opponent_model={weight}")


def test_a_fail_high_stays_a_lower_bound_when_the_mix_rounds_below_beta() -> None:
    """The window maps back with rounding: the best reply M failing high (M >= b) at
    ``(1 - w) * b + w * cp`` a hair under ``beta`` is still a lower bound of the mixed
    value in the transposition table, not an exact value (here cp -1.24, beta -0.08:
    the mix of b rounds to -0.08000000000000002)."""
    w, cp, beta = 0.25, -1.24, -0.08
    b = (beta - w * cp) / (1.0 - w)
    assert (1.0 - w) * b + w * cp < beta  # the rounding this test is about
    rules, pos, _ = next(world for world in worlds_of("standard", 2, 1)
                         if len(world[2]) > 1 and world[1].hands[1 - world[1].to_move])
    values: list[float] = []

    class Scripted(ModelSearch):
        """The policy's reply valued ``cp``, every other reply ``b`` exactly."""

        def _child(self, *args: object) -> float:
            values.append(cp if not values else b)
            return values[-1]

    me = pos.to_move
    search = Scripted(rules, pos.stock, pos.dealer, 1 - me, w)  # ``me`` is modelled
    search.kernel = None
    mine, theirs = pos.hands[me], pos.hands[1 - me]
    got = search._search(me, mine, theirs, pos.loose, pos.builds, pos.piles[me],
                         pos.piles[1 - me], 0, -1, -1.0, beta)
    assert values == [cp, b]  # the loop stopped at the fail high
    lo, hi, _ = search.tt[(mine, theirs, pos.loose, pos.builds, pos.piles[me], 0, -1, me)]
    assert (lo, hi) == (got, INF)
