"""solver.rummy.deadwood: the fast least deadwood equals the engine's exact search (RM12,
RM14) on random and on meld-rich hands."""

import random

import pytest

from engine.rummy import deadwood_after_discards, deadwood_points, parse_cards
from solver.rummy.deadwood import after_discards, deadwood, melds, pips


def hands(seed: int, count: int) -> list[int]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        pool = rng.sample(range(52), rng.choice([52, 24, 16, 13]))
        size = rng.choice([10, 11])
        out.append(sum(1 << c for c in rng.sample(pool, min(size, len(pool)))))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_same_numbers_as_the_engine(seed: int) -> None:
    for hand in hands(seed, 400):
        assert deadwood(hand) == deadwood_points(hand)
        assert after_discards(hand) == deadwood_after_discards(hand)


def test_aces_low_or_high_never_round_the_corner() -> None:
    assert deadwood(parse_cards(["QS", "KS", "AS"], field="h")) == 0  # RM11
    assert deadwood(parse_cards(["AS", "2S", "3S"], field="h")) == 0
    assert deadwood(parse_cards(["KS", "AS", "2S"], field="h")) == 10 + 11 + 2


def test_four_of_a_kind_gives_up_one_card_to_a_run() -> None:
    hand = parse_cards(["7S", "7H", "7D", "7C", "8C", "9C"], field="h")
    assert deadwood(hand) == 0  # 7S 7H 7D and 7C 8C 9C
    assert len(melds(hand)) == 1 + 4 + 1
    assert pips(hand) == 7 * 4 + 8 + 9
