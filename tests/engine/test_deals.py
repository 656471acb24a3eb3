"""Deals are pinned: the same seed gives the same game on every machine (R3, R5)."""

from engine.cards import format_cards, parse_cards
from engine.cassino.play import deal_order, first_dealer, new_game


def test_deal_order_is_pinned() -> None:
    assert deal_order(12345, 1)[:12] == [51, 6, 15, 49, 25, 45, 27, 13, 10, 29, 50, 33]
    assert deal_order(12345, 2)[:8] == [10, 24, 48, 2, 47, 35, 22, 4]
    assert [first_dealer(s) for s in range(10)] == [0, 0, 1, 1, 0, 1, 0, 0, 1, 1]


def test_new_game_lays_out_the_shuffled_pack() -> None:
    """Nondealer 4, dealer 4, table 4, then the stock in order (docs/engine.md)."""
    state = new_game(12345, dealer=0)
    pack = deal_order(12345, 1)
    assert state.hands[1] == sum(1 << c for c in pack[0:4])
    assert state.hands[0] == sum(1 << c for c in pack[4:8])
    assert state.loose == sum(1 << c for c in pack[8:12])
    assert list(state.stock) == pack[12:]
    assert format_cards(state.hands[1]) == format_cards(parse_cards(["KC", "2D", "4C", "KH"]))
