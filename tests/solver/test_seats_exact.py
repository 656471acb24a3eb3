"""The N-seat exact search of the last batch (solver/cassino/_seats.c) against the reference.

Differential tests on positions of random rounds of three-hand (V7) and partnership (V6):
the extension's legal moves are the engine's, in the same order, partner builds included
(V6.3, V6.6, V6.7), and so is its ``play_card``; in last-batch worlds small enough for the
pure-Python search to finish, its values of the root moves (and of the position) are
:class:`solver.cassino.sides.SideSearch`'s at full depth, bit for bit, for every viewer, so
the best moves are the same; and hints are unchanged by it when the reference is exact
too.  Past its node limit, or with ``CASSINO_KERNEL=python``, the depth-limited reference
answers as before.  Every random choice has its seed.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

import solver
from engine.cassino import VARIANTS, State, generate_moves, new_game, play_card
from engine.cassino.play import advance
from solver.cassino import SeatsPosition, SeatWorlds, SideSearch, exact, kernel
from solver.cassino.core import Options

N_SEATS = ["three-hand", "partnership"]

built = pytest.mark.skipif(exact.module() is None, reason="the N-seat extension is not built")


def test_the_extension_is_built() -> None:
    """CI builds the extension (setup.py): it must be there and in use, unless the
    environment asks for the fallback or declares the build optional."""
    if os.environ.get("CASSINO_KERNEL_OPTIONAL"):
        pytest.skip("CASSINO_KERNEL_OPTIONAL: the fallback may run alone")
    assert exact.module() is not None, "solver/cassino/_seats.c was not compiled"
    assert exact.available() == (os.environ.get(kernel.ENV, "").lower() != "python")


def rounds(variant: str, seeds: range, rng: random.Random) -> Iterator[State]:
    """Every state of the first round of games ``seeds``, random legal moves."""
    for seed in seeds:
        state = new_game(seed, variant)
        while state.status == "playing" and state.round == 1:
            yield state
            state = advance(state, rng.choice(state.legal_moves()))


def last_batch(variant: str, seed: int, left: int) -> State:
    """The first round of game ``seed`` played by random moves (its own seed) until the
    stock is empty and ``left`` cards are still in hands."""
    rng = random.Random(f"seats-exact/{variant}/{seed}")
    state = new_game(seed, variant)
    while state.stock or sum(h.bit_count() for h in state.hands) > left:
        state = advance(state, rng.choice(state.legal_moves()))
    return state


def mates_build(state: State) -> bool:
    """The mover's partner owns a build (V6.3)."""
    return state.rules.partnerships and any(
        b.owner == (state.to_move + 2) % 4 for b in state.builds)


@built
@pytest.mark.parametrize("variant", N_SEATS)
def test_moves_and_play_card_agree(variant: str) -> None:
    rng = random.Random(f"seats-exact-moves/{variant}")
    rules = VARIANTS[variant]
    seen = mates = 0
    for state in rounds(variant, range(6), rng):
        player = state.to_move
        hand = state.hands[player]
        reference = generate_moves(hand, state.loose, state.builds, player, rules)
        assert exact.legal_moves(hand, state.loose, state.builds, player, rules) == reference
        for move in reference:
            loose, builds, taken, _ = play_card(state.loose, state.builds, player, move, rules)
            assert exact.play_card(state.loose, state.builds, player, move, rules) == (
                loose, builds, taken)
        seen += 1
        mates += mates_build(state)
    assert seen > 200
    if rules.partnerships:
        assert mates > 10  # partner builds were compared


def position(state: State) -> SeatsPosition:
    return SeatsPosition(state.to_move, state.hands, state.loose, state.builds, state.captured,
                         state.sweeps, state.last_capturer, 0, state.dealer)


def native(state: State, viewer: int, moves: list | None,
           limit: int | None = None) -> tuple[list[float] | None, int]:
    search = SideSearch(state.rules, 0, state.dealer, viewer, None)
    piles, sweeps = search.side_piles(position(state))
    last = -1 if state.last_capturer is None else state.last_capturer
    return exact.exact_values(state.rules, viewer, state.to_move, state.hands, state.loose,
                              state.builds, piles, sweeps, last, moves, limit)


@built
@pytest.mark.parametrize(("variant", "left"), [("three-hand", 6), ("three-hand", 7),
                                               ("partnership", 7), ("partnership", 8)])
def test_exact_values_agree(variant: str, left: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every viewer's values of the root moves, and of the position, equal the reference
    searched to the round's end; the best moves are the same."""
    monkeypatch.setenv(kernel.ENV, "native")
    for seed in range(8):
        state = last_batch(variant, seed, left)
        moves = state.legal_moves()
        for viewer in range(state.rules.players):
            reference = SideSearch(state.rules, 0, state.dealer, viewer, None)
            expected = reference.root_values(position(state), moves)
            assert reference.exact
            values, nodes = native(state, viewer, moves)
            assert values == expected
            assert nodes > 0
            assert moves[values.index(max(values))] == moves[expected.index(max(expected))]
            whole = SideSearch(state.rules, 0, state.dealer, viewer, None)
            assert native(state, viewer, None)[0] == [whole.value(position(state))]


@built
def test_the_round_end_is_valued(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hands empty: the value is the round's, the residue to the last capturer (R24)."""
    monkeypatch.setenv(kernel.ENV, "native")
    state = last_batch("three-hand", 3, 0)
    for viewer in range(3):
        reference = SideSearch(state.rules, 0, state.dealer, viewer, None)
        assert native(state, viewer, None) == ([reference.value(position(state))], 1)


@built
def test_past_the_limit_the_depth_limited_search_answers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A limit too small: None from the extension, and the world's values and nodes are
    those of the depth-limited reference, as without the extension."""
    monkeypatch.setenv(kernel.ENV, "native")
    state = last_batch("partnership", 1, 8)
    assert native(state, state.to_move, state.legal_moves(), limit=10)[0] is None
    view = state.view(state.to_move)
    worlds = SeatWorlds(view, exact_nodes=10)
    world = worlds.draw(7, 0)
    got = worlds.values(world, view.legal_moves())
    monkeypatch.setenv(kernel.ENV, "python")
    assert SeatWorlds(view).values(world, view.legal_moves()) == got


@built
@pytest.mark.parametrize("variant", N_SEATS)
def test_worlds_use_the_exact_search(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the last batch within the variant's plies, a world's values are exact: the
    reference's without a node budget; a world is charged at most ``world_nodes``."""
    monkeypatch.setenv(kernel.ENV, "native")
    state = last_batch(variant, 2, 7)
    view = state.view(state.to_move)
    moves = view.legal_moves()
    worlds = SeatWorlds(view)
    for index in range(3):
        world = worlds.draw(11, index)
        values, nodes = worlds.values(world, moves)
        assert 0 < nodes <= 400
        monkeypatch.setenv(kernel.ENV, "python")
        assert SeatWorlds(view, world_nodes=None).values(world, moves)[0] == values
        monkeypatch.setenv(kernel.ENV, "native")


@built
@pytest.mark.parametrize("variant", N_SEATS)
def test_hint_is_unchanged_where_the_reference_is_exact(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A last-batch hint over a fixed number of worlds: the same ranking and equities with
    the extension as with the reference searched to the round's end."""
    options = Options(samples=6, min_samples=6, seat_nodes=None, world_nodes=None)
    for seed in (4, 5):
        state = last_batch(variant, seed, 6)
        view = state.view(state.to_move)
        monkeypatch.setenv(kernel.ENV, "native")
        fast = solver.hint(view, seed=3, options=options)
        monkeypatch.setenv(kernel.ENV, "python")
        slow = solver.hint(view, seed=3, options=options)
        assert fast["moves"] == slow["moves"]
        assert fast["evaluation"] == slow["evaluation"]


def test_the_environment_forces_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """``CASSINO_KERNEL=python``: no native search; the reference answers."""
    monkeypatch.setenv(kernel.ENV, "python")
    assert not exact.available()
    state = last_batch("three-hand", 1, 5)
    assert native(state, 0, state.legal_moves()) == (None, 0)


@built
@pytest.mark.parametrize("variant", N_SEATS)
def test_native_moves_leave_the_depth_limited_search_unchanged(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The depth-limited searches generate their moves natively when the extension is
    built: every world's values and node counts, so the whole hint, stay the reference's."""
    options = Options(exact_nodes=None)
    rng = random.Random(f"seats-exact-hints/{variant}")
    states = [s for i, s in enumerate(rounds(variant, range(1), rng)) if i % 7 == 3]
    for state in states:
        view = state.view(state.to_move)
        monkeypatch.setenv(kernel.ENV, "native")
        fast = solver.solve(view, options, 2)
        monkeypatch.setenv(kernel.ENV, "python")
        slow = solver.solve(view, options, 2)
        assert (fast.nodes, fast.samples) == (slow.nodes, slow.samples)
        assert (fast.worlds, fast.values) == (slow.worlds, slow.values)
