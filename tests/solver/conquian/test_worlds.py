"""The solver's worlds (solver/conquian/worlds.py): the engine's resample from each
world's own random source, consistent with the view and uniform over the hidden cards."""

from __future__ import annotations

from collections import Counter

from engine.cards import cards_of
from engine.conquian import new_game, unseen
from solver.conquian import Worlds, world_rng
from tests.engine.conquian.helpers import positions


def test_world_i_is_the_views_resample_from_its_own_source() -> None:
    state = new_game(3)
    view = state.view(0)
    worlds = Worlds(view, depth=2)
    for i in range(5):
        world = worlds.draw(7, i)
        assert world == view.resample(world_rng(7, i))
        assert world.view(0) == view
    assert worlds.draw(7, 1) != worlds.draw(7, 2)
    assert worlds.draw(7, 1) == Worlds(view, depth=5).draw(7, 1)


def test_every_world_has_the_view_of_every_position() -> None:
    for state in list(positions(range(2)))[::7]:
        for seat in (0, 1):
            view = state.view(seat)
            world = Worlds(view, depth=2).draw(1, 0)
            assert world.view(seat) == view
            assert world.hands[1 - seat] | sum(1 << c for c in world.stock) == unseen(view)


def test_the_other_hand_is_uniform_among_the_unseen_cards() -> None:
    view = new_game(11).view(1)
    hidden = list(cards_of(unseen(view)))
    size = view.hand_sizes[0]
    worlds = Worlds(view, depth=2)
    draws = 3000
    held: Counter[int] = Counter()
    first: Counter[int] = Counter()
    for i in range(draws):
        world = worlds.draw(0, i)
        held.update(cards_of(world.hands[0]))
        first[world.stock[0]] += 1
    want = draws * size / len(hidden)  # each unseen card is in the other hand this often
    assert all(abs(held[c] - want) < 5 * (want * (1 - size / len(hidden))) ** 0.5
               for c in hidden)
    top = draws / len(hidden)  # and on top of the stock this often
    assert all(abs(first[c] - top) < 5 * top ** 0.5 for c in hidden)


def test_a_world_with_nothing_hidden_is_exact() -> None:
    assert not Worlds(new_game(1).view(0), depth=2).exact
