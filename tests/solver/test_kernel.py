"""The compiled kernel (solver/cassino/_kernel.c) against the pure-Python reference.

Differential tests: on positions of random rounds of every two-seat variant, the kernel's
legal moves are the engine's, in the same order; its ``play_card`` gives the same table;
perft counts agree; and the world searches give the same root values (bit for bit) and the
same node counts as :class:`solver.cassino.search.Search` and ``DrawSearch``, so a hint is
unchanged.  The
fallback (``CASSINO_KERNEL=python``) is tested too.  Every random choice has its seed.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

import solver
from engine.cassino import VARIANTS, Build, Rules, State, generate_moves, new_game, play_card
from engine.cassino.play import advance
from solver.cassino import Worlds, kernel
from solver.cassino.search import DRAW_PLIES, DrawSearch, Position, Search
from tests.engine.test_perft import end_of_round, mid_round

TWO_SEATS = [name for name, r in VARIANTS.items() if r.playable and r.players == 2]
BATCHES = [name for name in TWO_SEATS if not VARIANTS[name].draw_after_play]
"""The variants :class:`Search` plays (``draw`` while the stock lasts: :class:`DrawSearch`)."""

built = pytest.mark.skipif(kernel.module() is None, reason="the kernel is not built")


def test_the_kernel_is_built() -> None:
    """CI builds the extension (pip install -e, setup.py): it must be there and in use,
    unless the environment asks for the fallback or declares the build optional."""
    if os.environ.get("CASSINO_KERNEL_OPTIONAL"):
        pytest.skip("CASSINO_KERNEL_OPTIONAL: the fallback may run alone")
    assert kernel.module() is not None, "solver/cassino/_kernel.c was not compiled"
    assert kernel.available() == (os.environ.get(kernel.ENV, "").lower() != "python")


def rounds(variant: str, seeds: range, rng: random.Random) -> Iterator[State]:
    """Every state of the first round of games ``seeds``, random legal moves."""
    for seed in seeds:
        state = new_game(seed, variant)
        while state.status == "playing" and state.round == 1:
            yield state
            state = advance(state, rng.choice(state.legal_moves()))


@built
@pytest.mark.parametrize("variant", TWO_SEATS)
def test_moves_and_play_card_agree(variant: str) -> None:
    """Legal moves (R9-R22, V1.1, V3) in the same order, and every move's table after
    ``play_card`` (R9-R16): identical, for both seats of each position."""
    rules = VARIANTS[variant]
    positions = 0
    for state in rounds(variant, range(12), random.Random(f"kernel-moves/{variant}")):
        for seat in (0, 1):
            ref = generate_moves(state.hands[seat], state.loose, state.builds, seat, rules)
            assert kernel.legal_moves(state.hands[seat], state.loose, state.builds, seat,
                                      rules) == ref
            for move in ref:
                assert kernel.play_card(state.loose, state.builds, seat, move, rules) == \
                    play_card(state.loose, state.builds, seat, move, rules)
            positions += 1
    assert positions > 1000


def random_table(rng: random.Random, rules: Rules) -> tuple[int, int, int]:
    """A hand of 1-4 cards against 1-12 loose cards, no builds: many subset sums (R11)."""
    cards = rng.sample(range(52), 16)
    n = rng.randint(1, 12)
    loose = sum(1 << c for c in cards[:n])
    hand = sum(1 << c for c in cards[n:n + rng.randint(1, 4)])
    return hand, loose, rng.randint(0, 1)


@built
@pytest.mark.parametrize("variant", ["standard", "classic", "royal", "royal-14"])
def test_crowded_tables_agree(variant: str) -> None:
    """Random crowded tables (up to 12 loose cards): the same moves in the same order,
    then the same builds formed (R15's groups) by every move."""
    rules = VARIANTS[variant]
    rng = random.Random(f"kernel-tables/{variant}")
    for _ in range(1500):
        hand, loose, seat = random_table(rng, rules)
        ref = generate_moves(hand, loose, (), seat, rules)
        assert kernel.legal_moves(hand, loose, (), seat, rules) == ref
        for move in ref[:8]:
            assert kernel.play_card(loose, (), seat, move, rules) == \
                play_card(loose, (), seat, move, rules)


def python_perft(rules: Rules, hands: tuple[int, int], loose: int, builds: tuple[Build, ...],
                 me: int, depth: int) -> int:
    """Leaves of the move tree inside the batch, by the engine's own functions."""
    if depth == 0 or not hands[0] | hands[1]:
        return 1
    if not hands[me]:
        me = 1 - me
    moves = generate_moves(hands[me], loose, builds, me, rules)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        nl, nb, _, _ = play_card(loose, builds, me, move, rules)
        left = list(hands)
        left[me] &= ~(1 << move.card)
        total += python_perft(rules, (left[0], left[1]), nl, nb, 1 - me, depth - 1)
    return total


@built
@pytest.mark.parametrize(("position", "depth"), [
    (lambda: new_game(1), 4), (lambda: new_game(2), 4), (mid_round, 6), (end_of_round, 4)])
def test_perft_agrees(position: object, depth: int) -> None:
    """The pinned perft positions (tests/engine/test_perft.py), inside the batch."""
    state: State = position()  # type: ignore[operator]
    hands = (state.hands[0], state.hands[1])
    expected = python_perft(state.rules, hands, state.loose, state.builds, state.to_move, depth)
    assert expected > 1
    assert kernel.perft(state.rules, hands, state.loose, state.builds, state.to_move,
                        depth) == expected


def worlds_of(variant: str, games: int, every: int) -> Iterator[tuple[Rules, Position, list]]:
    """Worlds of the viewer to move at every ``every``-th position of random rounds."""
    rules = VARIANTS[variant]
    rng = random.Random(f"kernel-worlds/{variant}")
    for i, state in enumerate(rounds(variant, range(100, 100 + games), rng)):
        if i % every:
            continue
        view = state.view(state.to_move)
        other, _ = Worlds(view).draw(i, 0)
        stock = view.unseen & ~other
        hands = (view.hand, other) if view.player == 0 else (other, view.hand)
        yield rules, Position(view.to_move, hands, view.loose, view.builds,
                              (view.captured[0], view.captured[1]),
                              (view.sweeps[0], view.sweeps[1]), view.last_capturer, stock,
                              view.dealer), view.legal_moves()


def both(rules: Rules, pos: Position) -> tuple[Search, Search]:
    native = Search(rules, pos.stock, pos.dealer)
    native.kernel = kernel.module().Search(kernel.kernel_rules(rules), pos.stock, pos.dealer)
    reference = Search(rules, pos.stock, pos.dealer)
    reference.kernel = None
    return native, reference


@built
@pytest.mark.parametrize("variant", BATCHES)
def test_search_agrees(variant: str) -> None:
    """Root values identical to the float, node counts identical (the hint's node budget
    reads them), both in batches that end in an estimate (BatchEnd) and in last batches
    solved exactly (R24, R26); ``value`` too."""
    worlds = 0
    for rules, pos, moves in worlds_of(variant, 2, 3):
        native, reference = both(rules, pos)
        assert native.root_values(pos, moves) == reference.root_values(pos, moves)
        assert native.nodes == reference.nodes
        native, reference = both(rules, pos)
        assert native.value(pos) == reference.value(pos)
        assert native.nodes == reference.nodes
        worlds += 1
    assert worlds > 20


@built
def test_twins_at_the_root() -> None:
    """Twin pruning at the root (search.twin_key): the 10 of diamonds (big cassino, R26) is
    no twin of the 10 of hearts or clubs, every spade is its own class; positions where the
    mover holds 10D with another 10, or two tens besides it, give the reference's values."""
    rules = VARIANTS["standard"]
    found = 0
    for i, state in enumerate(rounds("standard", range(300, 700), random.Random("twins"))):
        hand = state.hands[state.to_move]
        tens = hand >> 36 & 0xF
        if tens.bit_count() < 2:
            continue
        stock = sum(1 << c for c in state.stock)
        pos = Position(state.to_move, (state.hands[0], state.hands[1]), state.loose,
                       state.builds, (state.captured[0], state.captured[1]),
                       (state.sweeps[0], state.sweeps[1]), state.last_capturer, stock,
                       state.dealer)
        native, reference = both(rules, pos)
        moves = state.legal_moves()
        assert native.root_values(pos, moves) == reference.root_values(pos, moves), i
        assert native.nodes == reference.nodes
        found += 1
    assert found > 30


def draw_worlds(games: int) -> Iterator[tuple[Position, tuple[int, ...], list]]:
    """Worlds of ``draw`` while the stock lasts (W8): the other hand and the stock's order."""
    rng = random.Random("kernel-draw")
    for i, state in enumerate(rounds("draw", range(200, 200 + games), rng)):
        view = state.view(state.to_move)
        worlds = Worlds(view)
        if not worlds.drawing:
            continue
        other, order = worlds.draw(i, 0)
        hands = (view.hand, other) if view.player == 0 else (other, view.hand)
        yield Position(view.to_move, hands, view.loose, view.builds,
                       (view.captured[0], view.captured[1]), (view.sweeps[0], view.sweeps[1]),
                       view.last_capturer, view.unseen & ~other, view.dealer), order, \
            view.legal_moves()


@built
def test_draw_search_agrees() -> None:
    """DrawSearch (W8: a draw after each play, a horizon in plies, builds to their owners at
    the horizon): the same root values and node counts, and the same ``value``."""
    rules = VARIANTS["draw"]
    module = kernel.module()
    worlds = 0
    for pos, order, moves in draw_worlds(8):
        pairs = []
        for _ in range(2):
            native, reference = DrawSearch(rules, order), DrawSearch(rules, order)
            native.kernel = module.draw_search(kernel.kernel_rules(rules), order, DRAW_PLIES)
            reference.kernel = None
            pairs.append((native, reference))
        (native, reference), (native2, reference2) = pairs
        assert native.root_values(pos, moves) == reference.root_values(pos, moves)
        assert native.nodes == reference.nodes
        assert native2.value(pos) == reference2.value(pos)
        assert native2.nodes == reference2.nodes
        worlds += 1
    assert worlds > 200


@built
@pytest.mark.parametrize("variant", TWO_SEATS)
def test_hint_is_unchanged(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint's whole answer (but its time) is the same with the kernel and without."""
    monkeypatch.setenv(kernel.ENV, "native")
    rng = random.Random(f"kernel-hints/{variant}")
    states = [s for i, s in enumerate(rounds(variant, range(2), rng)) if i % 9 == 0]
    for state in states:
        view = state.view(state.to_move)
        native = solver.hint(view, seed=5)
        monkeypatch.setenv(kernel.ENV, "python")
        reference = solver.hint(view, seed=5)
        monkeypatch.setenv(kernel.ENV, "native")
        for answer in (native, reference):
            answer["solver"].pop("elapsed_ms")
        assert native == reference


def test_the_environment_forces_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """``CASSINO_KERNEL=python``: no native search, the reference answers."""
    monkeypatch.setenv(kernel.ENV, "python")
    assert not kernel.available()
    state = end_of_round()
    search = Search(state.rules, 0, state.dealer)
    assert search.kernel is None
    hands = (state.hands[0], state.hands[1])
    pos = Position(state.to_move, hands, state.loose, state.builds,
                   (state.captured[0], state.captured[1]), (state.sweeps[0], state.sweeps[1]),
                   state.last_capturer, 0, state.dealer)
    values = search.root_values(pos, state.legal_moves())
    assert len(values) == len(state.legal_moves()) and search.nodes > 0


@built
def test_random_rounds() -> None:
    """Native playouts: every card dealt is played (48 plays a round, R4, R5), and a seed
    gives the same rounds again."""
    for variant in ("standard", "classic", "royal-14"):
        rules = VARIANTS[variant]
        moves, diff = kernel.random_rounds(rules, 7, 200)
        assert moves == 48 * 200
        assert kernel.random_rounds(rules, 7, 200) == (moves, diff)
        assert kernel.random_rounds(rules, 8, 200) != (moves, diff)


def tally_of(view: object, monkeypatch: pytest.MonkeyPatch, env: str, options: solver.Options,
             **kw: object) -> tuple[solver.Tally, list[tuple[int, int]]]:
    """``solve`` with ``CASSINO_KERNEL=env``, and the progress it reported."""
    monkeypatch.setenv(kernel.ENV, env)
    seen: list[tuple[int, int]] = []
    tally = solver.solve(view, options, 3, progress=lambda d, t: seen.append((d, t)),  # type: ignore[arg-type]
                         **kw)  # type: ignore[arg-type]
    return tally, seen


@built
@pytest.mark.parametrize("variant", TWO_SEATS)
def test_a_hint_crosses_once(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The native loop over worlds (one call a hint) draws world i as the reference does
    (random.Random's seeding, the sampler's draws, W8's stock order), searches it, and stops
    after the same world: the same rows, nodes and progress for every budget and range."""
    calls: list[object] = []
    native = kernel.solve_worlds

    def counted(*args: object, **kw: object) -> object:
        calls.append(args)
        return native(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(kernel, "solve_worlds", counted)
    rng = random.Random(f"kernel-loop/{variant}")
    states = [s for i, s in enumerate(rounds(variant, range(1), rng)) if i % 13 == 5]
    budgets = [solver.Options(), solver.Options(samples=12, nodes=None, min_samples=4, z=1.0)]
    for k, state in enumerate(states):
        view = state.view(state.to_move if k % 3 else 1 - state.to_move)
        for options in budgets:
            before = len(calls)
            a, pa = tally_of(view, monkeypatch, "native", options)
            assert len(calls) == before + 1
            b, pb = tally_of(view, monkeypatch, "python", options)
            assert (a.worlds, a.values, a.nodes, pa) == (b.worlds, b.values, b.nodes, pb)
        a, _ = tally_of(view, monkeypatch, "native", budgets[0], start=5, stop=14, early=False)
        b, _ = tally_of(view, monkeypatch, "python", budgets[0], start=5, stop=14, early=False)
        assert (a.worlds, a.values, a.nodes) == (b.worlds, b.values, b.nodes)
        assert a.worlds == list(range(5, 14)) or Worlds(view).exact


@built
def test_the_stopping_rule_agrees() -> None:
    """The kernel's ``separated`` repeats ranking's float operations: the same verdict on
    random tallies, ties and near-ties included."""
    from solver.ranking import Tally, separated

    rng = random.Random(15)
    verdicts = set()
    for trial in range(3000):
        cols, n = rng.randrange(1, 6), rng.randrange(1, 30)
        scale = rng.choice([0.1, 1.0, 7.0])
        base = [rng.uniform(-5, 5) for _ in range(n)]
        rows = [[round(b + rng.gauss(0, scale) * (j + 1) / 2, rng.choice([0, 1, 3, 17]))
                 if trial % 5 else b + j * 1e-9 for j in range(cols)] for b in base]
        z, tol = rng.choice([3.0, 1.0, 0.0]), rng.choice([0.1, 0.0, 1.0])
        tally = Tally([str(j) for j in range(cols)])
        for i, row in enumerate(rows):
            tally.add(i, row)
        verdict = separated(tally, z, tol)
        assert kernel.separated(rows, z, tol) == verdict
        verdicts.add(verdict)
    assert verdicts == {True, False}
