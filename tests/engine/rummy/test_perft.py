"""Pinned move-sequence counts (perft) from fixed deals and positions: any change in the
moves listed, in what they do or in when a hand ends shows up here (RM7, RM8, RM14, RM24,
RM25, DP3-DP10).  Each count is (sequences, of which ended by a show-down or by going out,
ended drawn)."""

from __future__ import annotations

import pytest

from engine.rummy import DRAWN, OUT, SHOWDOWN, State, advance, new_game
from tests.engine.rummy.positions import CALLER, position
from tests.engine.rummy.test_rules import SEAT1, rest_on_pile


def perft(state: State, depth: int) -> tuple[int, int, int]:
    if state.game_over or depth == 0:
        return (1, int(state.status in (SHOWDOWN, OUT)), int(state.status == DRAWN))
    total = [0, 0, 0]
    for move in state.legal_moves():
        for i, n in enumerate(perft(advance(state, move)[0], depth - 1)):
            total[i] += n
    return total[0], total[1], total[2]


@pytest.mark.parametrize(("variant", "seed", "players", "depth", "counts"), [
    ("poker-rum", 1, 2, 5, (882, 0, 0)),
    ("poker-rum", 3, 4, 5, (882, 0, 0)),
    ("poker-gin", 2, 3, 5, (3528, 0, 0)),
    ("double-pack-rum", 1, 2, 4, (443, 0, 0)),
    ("double-pack-rum", 2, 4, 4, (540, 0, 0)),
])
def test_perft_from_a_deal(variant: str, seed: int, players: int, depth: int,
                           counts: tuple[int, int, int]) -> None:
    assert perft(new_game(seed, variant, players), depth) == counts


def book(variant: str) -> State:
    return position(variant, [CALLER, SEAT1], pile="10D", stock="7H")


def near_the_end(variant: str, reshuffled: bool = False) -> State:
    """One card left in the stock, every other card on the pile (RM25)."""
    return position(variant, [CALLER, SEAT1], pile=rest_on_pile([CALLER, SEAT1], "7H"),
                    stock="7H", reshuffled=reshuffled)


@pytest.mark.parametrize(("state", "depth", "counts"), [
    (book("poker-rum"), 5, (884, 2, 0)),
    (book("poker-gin"), 5, (3445, 1, 0)),
    (near_the_end("poker-rum"), 5, (884, 2, 0)),
    (near_the_end("poker-gin", reshuffled=True), 5, (1262, 1, 461)),
], ids=["book-rum", "book-gin", "reshuffle-rum", "drawn-gin"])
def test_perft_from_a_position(state: State, depth: int, counts: tuple[int, int, int]) -> None:
    assert perft(state, depth) == counts


def test_perft_of_the_book_joker_example_to_going_out() -> None:
    from tests.engine.rummy.test_double_pack import joker_example
    state = joker_example("8C 4C 7H 7S 7D")  # the shift, the sevens, a discard: out
    assert [perft(state, depth) for depth in (1, 2, 3, 4)] == [
        (10, 0, 0), (37, 0, 0), (126, 2, 0), (373, 8, 0)]
