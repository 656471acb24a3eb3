"""The solver at tables whose moves are too many to list (D16).

The compiled kernels answer ``None`` exactly where the engine lists a family in part (the
reference then runs on what the engine lists), and agree with it everywhere else; a hint is
refused only where a card in play has such a family; the house plays on there.
"""

from __future__ import annotations

import random

import pytest

from engine import State, new_game
from engine.cassino import VARIANTS, moves_and_families
from engine.errors import PositionTooLargeError
from solver.cassino import check_searchable, exact, kernel, searchable
from solver.cassino.bots import GreedyBot, SolverBot
from tests.engine.test_families import always_trail, thirty_two_trails, trail_heavy


def trail_heavy_positions(variant: str, games: int) -> list[State]:
    """Every position of a few random trail-heavy games of ``variant``."""
    out = []
    for game in range(games):
        rng = random.Random(f"solver-families/{variant}/{game}")
        state = new_game(rng.randrange(1 << 32), variant)
        policy = trail_heavy(rng)
        while state.status == "playing":
            out.append(state)
            state = state.apply(policy(state)).state
    return out


@pytest.mark.skipif(kernel.module() is None, reason="the kernel is not built")
@pytest.mark.parametrize("variant", ["standard", "classic", "royal", "partnership"])
def test_the_kernels_fall_back_exactly_where_a_family_is_listed_in_part(variant: str) -> None:
    """Two seats (the kernel) and four (the N-seat extension): ``None`` where the engine
    lists a family in part, the engine's moves in its order elsewhere."""
    native = kernel.legal_moves if VARIANTS[variant].players == 2 else exact.legal_moves
    fell_back = agreed = 0
    for state in trail_heavy_positions(variant, 2):
        p = state.to_move
        moves, families = moves_and_families(state.hands[p], state.loose, state.builds, p,
                                             state.rules)
        got = native(state.hands[p], state.loose, state.builds, p, state.rules)
        if families:
            assert got is None
            fell_back += 1
        else:
            assert got == moves
            agreed += 1
    assert fell_back and agreed


def test_hints_are_refused_only_where_a_card_in_play_has_a_family() -> None:
    """Random games keep every view searchable; the always-trail table after 32 plies is
    refused, naming D16, as soon as a card in play has a family listed in part."""
    rng = random.Random(16)
    for seed in range(3):
        state = new_game(seed)
        while state.status == "playing":
            assert searchable(state.view(state.to_move))
            state = state.apply(rng.choice(state.legal_moves())).state
    state = new_game(1, dealer=1)
    while searchable(state.view(state.to_move)):
        state = state.apply(always_trail(state)).state
    assert 20 <= len(state.history) <= 32
    with pytest.raises(PositionTooLargeError) as refused:
        check_searchable(thirty_two_trails().view(0))
    assert refused.value.rule == "D16"


def test_the_house_plays_the_greedy_move_where_it_cannot_search() -> None:
    """The solver bot (the house of sealed games) at a table too large to search plays the
    greedy bot's move, a legal one, at once."""
    state = thirty_two_trails()
    view = state.view(state.to_move)
    move = SolverBot().choose(view)
    assert move == GreedyBot().choose(view) and state.apply(move).state
