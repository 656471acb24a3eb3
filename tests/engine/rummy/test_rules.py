"""Scenarios for the numbered rules (docs/rules/rummy.md), from the book's own examples."""

from __future__ import annotations

import pytest

from engine.errors import GameOverError, IllegalMoveError
from engine.rummy import (
    DRAWN,
    SHOWDOWN,
    State,
    format_cards,
    new_game,
    parse_card,
    parse_cards,
)
from tests.engine.rummy.positions import CALLER, position


def hand(text: str) -> int:
    return parse_cards(text.split(), field="hand")


def call_as_in_the_book(state: State) -> tuple[State, list[str]]:
    state, _ = state.apply("draw")
    assert state.hands[0] >> parse_card("7H") & 1
    state, events = state.apply("KS!")
    return state, [e.type for e in events]


# --- the deal and the turn ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "stock", "packs"), [(2, 31, 1), (3, 21, 1), (4, 63, 2),
                                                         (6, 43, 2)])
def test_rm2_rm6_ten_cards_each_an_upcard_and_the_stock(players: int, stock: int,
                                                        packs: int) -> None:
    state = new_game(11, "poker-rum", players)
    assert [h.bit_count() for h in state.hands] == [10] * players
    assert len(state.pile) == 1 and len(state.stock) == stock
    every = [c for h in state.hands for c in range(106) if h >> c & 1]
    every += [*state.stock, *state.pile]
    assert sorted(every) == list(range(52 * packs))  # RM2: one pack to three, two beyond
    assert state.to_move == (state.dealer + 1) % players  # RM7
    assert new_game(11, "poker-rum", players) == state  # RM28


def test_rm1_two_to_six_players() -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        new_game(1, "poker-gin", 7)


def test_rm7_a_turn_is_a_draw_then_a_discard() -> None:
    state = new_game(3)
    assert [m.id for m in state.legal_moves()] == ["draw", "take"]
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(format_cards(state.hands[state.to_move])[0])
    assert caught.value.rule == "RM7"
    top = state.pile[-1]
    state, events = state.apply("take")
    assert events[0].type == "take" and state.hands[state.to_move] >> top & 1
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("draw")
    assert caught.value.rule == "RM7"
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(next(c for c in ("AS", "AH", "AD", "AC", "2S", "2H")
                         if not state.hands[state.to_move] >> parse_card(c) & 1))
    assert caught.value.rule == "RM7"


def test_rm8_the_card_taken_may_not_go_straight_back() -> None:
    state = position("poker-rum", [CALLER, "3S 3H 3C 4D 5D 6D 7S 8C 4H 5S"], pile="QD")
    state, _ = state.apply("take")
    assert "QD" not in {m.id for m in state.legal_moves()}
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("QD")
    assert caught.value.rule == "RM8"
    state, _ = state.apply("KS")
    assert state.to_move == 1 and state.pile[-1] == parse_card("KS")


# --- Poker Rum -----------------------------------------------------------------------------

SEAT1 = "3S 3H 3C 4D 5D 6D 7S 8C 4H 5S"  # deadwood 7 8 4 5 = 24
TIE = "JH JD JS QH QD QS AS AC AH 9C"  # deadwood 9
LOW = "JH JD JS QH QD QS AS AC AH 4C"  # deadwood 4


def test_rm16_rm18_the_book_show_down_the_caller_is_low() -> None:
    state = position("poker-rum", [CALLER, SEAT1, TIE], pile="10D", stock="7H")
    assert "KS!" not in {m.id for m in state.legal_moves()}  # the call comes with a discard
    state, events = call_as_in_the_book(state)
    assert events == ["discard", "show", "show", "show", "settle"]
    assert state.status == SHOWDOWN and state.caller == 0 and state.game_over
    laid = state.showdown()
    assert laid is not None and [a.points for a in laid] == [9, 24, 9]
    assert format_cards(laid[0].deadwood) == ["2S", "2D", "5C"]
    assert state.returns() == (15, -15, 0)  # the tie pays nothing
    with pytest.raises(GameOverError):
        state.apply("draw")


def test_rm19_a_player_below_the_caller_takes_all_the_caller_paying_double() -> None:
    state, _ = call_as_in_the_book(position("poker-rum", [CALLER, SEAT1, LOW], pile="10D",
                                            stock="7H"))
    assert state.returns() == (-10, -20, 30)  # caller 2 x (9 - 4), seat 1 24 - 4


def test_rm20_ties_for_low_divide_the_pool() -> None:
    seat1 = "3S 3H 3C 4D 5D 6D 7S 8C 4H 6S"  # 25
    low2 = "JH' JD' JS' QH' QD' QS' AS' AC' AH' 4C'"
    state, _ = call_as_in_the_book(position("poker-rum", [CALLER, seat1, LOW, low2],
                                            pile="10D", stock="7H"))
    # pool: caller 2 x 5 + seat 1 21 = 31; 16 to the first winner on the caller's left
    assert state.returns() == (-10, -21, 16, 15)


def test_rm14_a_call_over_fifteen_is_refused() -> None:
    heavy = "6H 8H 9H JC QC KC KS 9S 8D 5C"  # after 7H and KS: 9 + 8 + 5 = 22
    state = position("poker-rum", [heavy, SEAT1], pile="10D", stock="7H")
    state, _ = state.apply("draw")
    assert "KS!" not in {m.id for m in state.legal_moves()}
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("KS!")
    assert caught.value.rule == "RM14" and caught.value.field == "move.call"
    assert "9S!" not in {m.id for m in state.legal_moves()}  # 8 + 5 + 10 = 23 > 15
    assert "5C" in {m.id for m in state.legal_moves()}


# --- Poker Gin -----------------------------------------------------------------------------

LAYER = "7D 8D 9D 6S 7S 8S 4H 4C 10C 10H"  # 28, or 8 after laying off 10C and 10H
TEN = "3S 3H 3C AS AD AC 5S 5H 5D QD"  # 10: the queen of diamonds fits no meld of the caller


def test_rm21_rm23_the_book_lay_off_beats_the_caller_by_a_point() -> None:
    state, _ = position("poker-gin", [CALLER, LAYER], pile="10D", stock="7H").apply("draw")
    state, events = state.apply("KS!")
    assert state.deadwood(1) == 28
    laid = state.showdown()
    assert laid is not None and [a.points for a in laid] == [9, 8]
    assert sorted(format_cards(g) for g in laid[1].layoffs) == [["10C"], ["10H"]]
    assert state.returns() == (-11, 11)  # the difference and the forfeit of 10
    shows = [e.to_dict() for e in events if e.type == "show"]
    assert shows[1]["layoffs"] and shows[1]["deadwood"] == ["4H", "4C"]


def test_rm23_the_others_pay_the_difference_when_the_caller_is_low() -> None:
    state, _ = call_as_in_the_book(position("poker-gin", [CALLER, SEAT1, TIE], pile="10D",
                                            stock="7H"))
    assert state.returns() == (15, -15, 0)  # no lay-off helps seat 1 here


def test_rm23_a_player_who_beats_the_caller_takes_from_everybody() -> None:
    """Poker Gin is "a variety of poker rum": the low hand collects from every player, the
    caller paying his difference and the forfeit of 10 (not twice his difference)."""
    state, _ = call_as_in_the_book(position("poker-gin", [CALLER, LAYER, TEN], pile="10D",
                                            stock="7H"))
    laid = state.showdown()
    assert laid is not None and [a.points for a in laid] == [9, 8, 10]
    assert state.returns() == (-(1 + 10), 11 + 2, -(10 - 8))


def test_rm23_ties_for_low_share_the_pool_the_forfeit_in_it() -> None:
    seat1 = "3S 3H 3C 4D 5D 6D 7S 8C 4H 6S"  # 25
    low2 = "JH' JD' JS' QH' QD' QS' AS' AC' AH' 4C'"
    state, _ = call_as_in_the_book(position("poker-gin", [CALLER, seat1, LOW, low2],
                                            pile="10D", stock="7H"))
    assert state.returns() == (-15, -21, 18, 18)  # pool: caller 5 + 10, seat 1 21


def test_rm23_poker_gin_caller_each_player_settles_with_the_caller_alone() -> None:
    state, _ = call_as_in_the_book(position("poker-gin-caller", [CALLER, LAYER, TEN],
                                            pile="10D", stock="7H"))
    assert state.variant == "poker-gin-caller" and state.rules.layoffs
    assert state.returns() == (-(1 + 10) + 1, 11, -(10 - 9))
    two, _ = call_as_in_the_book(position("poker-gin", [CALLER, LAYER], pile="10D",
                                          stock="7H"))
    alone, _ = call_as_in_the_book(position("poker-gin-caller", [CALLER, LAYER], pile="10D",
                                            stock="7H"))
    assert two.returns() == alone.returns() == (-11, 11)  # two players: the same


def test_rm24_a_call_over_ten_costs_five_a_player_and_play_goes_on() -> None:
    over = "6H 8H 9H JC QC KC KS 2S 2D 9D"  # after 7H and KS: 2 + 2 + 9 = 13
    state = position("poker-gin", [over, SEAT1, TIE], pile="10D", stock="7H")
    state, _ = state.apply("draw")
    state, events = state.apply("KS!")
    assert [e.type for e in events] == ["discard", "false_call"]
    assert state.scores == (-10, 5, 5) and not state.game_over
    assert state.to_move == 1 and state.phase == "draw" and state.pile[-1] == parse_card("KS")
    assert state.view(2).known[0] == state.hands[0]  # the shown hand is public
    assert state.returns() == (0, 0, 0)  # the result is the hand's, at its end (RM26)
    state, _ = state.apply("draw")
    state, _ = state.apply(format_cards(state.hands[1])[0])
    state, _ = state.apply("draw")
    state, _ = state.apply(format_cards(state.hands[2])[0])
    state, _ = state.apply("draw")
    state, _ = state.apply("9D")
    assert not state.view(1).known[0] >> parse_card("9D") & 1
    assert State.from_dict(state.to_dict()) == state


# --- the end of the stock, the result, the views -------------------------------------------


def rest_on_pile(hands: list[str], keep: str) -> str:
    used = set(" ".join(hands).split()) | {keep}
    return " ".join(n for n in (f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8",
                                                     "9", "10", "J", "Q", "K")
                                for s in "SHDC") if n not in used)


def test_rm25_the_pile_is_shuffled_once_then_the_hand_is_drawn() -> None:
    hands = [CALLER, SEAT1]
    state = position("poker-rum", hands, pile=rest_on_pile(hands, "7H"), stock="7H")
    assert len(state.stock) == 1 and len(state.pile) == 31
    state, _ = state.apply("draw")
    state, events = state.apply("KS")
    assert [e.type for e in events] == ["discard", "reshuffle"]
    assert state.reshuffled and len(state.stock) == 31 and state.pile == (parse_card("KS"),)
    assert State.from_dict(state.to_dict()) == state
    while len(state.stock) > 0:
        state, _ = state.apply("draw")
        state, events = state.apply(state.legal_moves()[0])
    assert events[-1].type == "hand_drawn" and state.status == DRAWN
    assert state.returns() == (0, 0) and state.legal_moves() == []


def test_rm27_a_view_shows_the_own_hand_the_pile_and_what_was_taken() -> None:
    state = position("poker-rum", [CALLER, SEAT1], pile="10D", stock="7H")
    state, _ = state.apply("take")
    state, _ = state.apply("KS")
    view = state.view(1)
    assert view.hand == state.hands[1] and view.known[0] == hand("10D")
    text = view.to_dict()
    assert "hands" not in text and "stock" not in text and text["stock_size"] == 31
    assert text["history"] == [{"seat": 0, "type": "take", "card": "10D"},
                               {"seat": 0, "type": "discard", "card": "KS", "call": False}]
    assert text["shown"] is None


def test_rm27_after_a_show_down_every_hand_is_public() -> None:
    state, _ = call_as_in_the_book(position("poker-rum", [CALLER, SEAT1], pile="10D",
                                            stock="7H"))
    assert state.view(1).shown == state.hands


def test_rm27_a_stock_card_drawn_is_shown_to_its_drawer_only() -> None:
    state = position("poker-rum", [CALLER, SEAT1], pile="10D", stock="7H")
    _, events = state.apply("draw")
    assert events[0].to_dict(viewer=0)["card"] == "7H"
    assert events[0].to_dict(viewer=1)["card"] is None
    assert events[0].to_dict()["card"] == "7H"  # the full state's holder sees it


def test_rm16_rm17_the_show_down_is_written_out_in_the_state() -> None:
    state, _ = call_as_in_the_book(position("poker-rum", [CALLER, SEAT1], pile="10D",
                                            stock="7H"))
    shown = state.to_dict()["showdown"]
    assert shown[0] == {"melds": [["6H", "7H", "8H", "9H"], ["JC", "QC", "KC"]],
                        "layoffs": [], "deadwood": ["2S", "2D", "5C"], "points": 9}
    assert shown[1]["points"] == 24
