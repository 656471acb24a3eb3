"""One scenario per rule of docs/rules/canfield.md (CF1-CF19, CFD1-CFD14), the book's own
example first."""

from __future__ import annotations

import pytest

from engine.canfield import State, deal, parse_move
from engine.canfield.rules import IDLE_LIMIT
from engine.cards import card_name, parse_card
from engine.errors import GameOverError, IllegalMoveError, MoveFormatError, StateError
from engine.games import engine_of
from tests.engine.canfield.helpers import ids, move, names, position

ENGINE = engine_of("canfield")


def play(state: State, *moves: str) -> State:
    for spec in moves:
        state = state.apply(move(state, spec))[0]
    return state


def refused(state: State, spec: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(move(state, spec))
    return caught.value


def book_table() -> State:
    """The book's table: foundation 7S, stock 4C, layout 6C AD 2S 9H, the talon's 5D."""
    return position(found={"S": 1}, stock=["4C", "8D"], cols=[["6C"], ["AD"], ["2S"], ["9H"]],
                    waste=["JC", "KS", "5D"], fill="hand")


def test_the_books_example_plays_as_the_book_says() -> None:
    state = book_table()
    assert {"w>c0", "s>c0"} - set(ids(state)) == {"s>c0"}  # 4C needs the 5D first
    state = play(state, "w>c0", "s>c0", "c1>c2")
    assert names(state.cols[0]) == ["6C", "5D", "4C"]
    assert names(state.cols[2]) == ["2S", "AD"]
    assert names(state.cols[1]) == ["8D"]  # CF10, CFD1: the card that was under the 4C
    assert card_name(state.waste[-1]) == "KS"  # the card under the 5D shows (CF6)
    assert state.seen >> parse_card("KS") & 1


def test_cf1_one_seat_and_the_pack() -> None:
    state = deal(3, "canfield")
    assert sum(ENGINE.cards(state).values()) == 52 == len(ENGINE.cards(state))
    with pytest.raises(StateError) as caught:
        ENGINE.new_game(3, "canfield", players=2)
    assert caught.value.field == "players"
    with pytest.raises(StateError):
        state.view(1)


def test_cf2_to_cf5_the_deal() -> None:
    state = deal(11, "canfield")
    assert len(state.stock) == 13 and len(state.hand) == 34 and not state.waste
    assert [len(c) for c in state.cols] == [1, 1, 1, 1] and sum(state.found) == 1
    view = state.view(0)
    assert view.stock[0] == state.stock[0] and all(c < 0 for c in view.stock[1:])
    assert all(c < 0 for c in view.hand)
    assert state.found[state.base and next(s for s in range(4) if state.found[s])] == 1


def test_cf3_cf7_the_base_starts_every_foundation_and_turns_the_corner() -> None:
    state = position(base=12, found={"S": 2}, cols=[["QH"], ["AS"], ["5D"], ["9C"]])
    assert "c0>f" in ids(state) and "c1>f" in ids(state)  # QH starts hearts; AS after KS
    assert "c2>f" not in ids(state)
    err = refused(state, "c2>f")
    assert err.rule == "CF7" and "starts with the Q" in err.message


def test_cf6_three_at_a_time_only_the_last_shows() -> None:
    state = deal(5, "canfield")
    hand = state.hand
    after = play(state, "turn")
    assert after.waste == hand[:3] and after.hand == hand[3:]
    view = after.view(0)
    assert view.waste[-1] == hand[2] and view.waste[0] < 0 and view.waste[1] < 0


def test_cf6_fewer_than_three_at_the_end() -> None:
    state = position(cols=[["KH"], ["KD"], ["QH"], ["QD"]], hand=["2C", "3C"], waste=["4C"],
                     fill="stock")
    after = play(state, "turn")
    assert names(after.waste) == ["4C", "2C", "3C"] and not after.hand


def test_cf8_alternate_colours_one_rank_down() -> None:
    state = position(cols=[["9H"], ["8D"], ["8C"], ["KS"]], fill="hand")
    assert "c2>c0" in ids(state) and "c1>c0" not in ids(state)
    err = refused(state, "c1>c0")
    assert err.rule == "CF8" and err.token == "8D"


def test_cf9_the_stock_and_the_talon_go_up_and_onto_the_layout() -> None:
    state = position(stock=["8S", "2H"], waste=["9D"], cols=[["10S"], ["KH"], ["QH"], ["JH"]],
                     fill="hand")
    assert {"s>f", "w>c0"} <= set(ids(state))


def test_cf10_cfd1_a_space_is_filled_at_once_from_the_stock() -> None:
    state = position(stock=["3D", "4D"], cols=[["8S"], ["9H"], ["QC"], ["JD"]], fill="hand")
    after = play(state, "c0>c1")
    assert names(after.cols[0]) == ["3D"] and names(after.stock[:1]) == ["4D"]
    assert after.used  # the stock's card is used (CFD7)


def test_cf11_cfd3_a_column_of_two_gives_its_top_card() -> None:
    state = position(cols=[["9C", "8H"], ["9S"], ["10H", "9S"][:1], ["KD"]], fill="hand")
    assert "c0>c1" in ids(state)
    three = position(cols=[["10D", "9C", "8H"], ["9S"], ["QC"], ["KD"]], fill="hand")
    err = refused(three, "c0>c1")
    assert err.rule == "CFD3" and "three" not in err.message and "3 cards" in err.message


def test_cf12_the_talon_turned_over_unshuffled() -> None:
    state = position(cols=[["KH"], ["KD"], ["QH"], ["QD"]], hand=[], waste=["2C", "3C", "4C"],
                     fill="stock", used=True)
    after = play(state, "turn")
    assert after.passes == 2 and not after.used
    assert names(after.waste) == ["2C", "3C", "4C"] and not after.hand


def test_cf13_cfd7_a_pass_with_no_card_used_ends_the_game() -> None:
    state = position(cols=[["KH"], ["KD"], ["QH"], ["QD"]], hand=[], waste=["2C", "3C", "4C"],
                     fill="stock", used=False)
    after = play(state, "turn")
    assert after.game_over and after.end == "dead-pass"
    with pytest.raises(GameOverError) as caught:
        after.apply(parse_move("turn"))
    assert caught.value.rule == "CF13"


def test_cf13_all_52_up_wins() -> None:
    state = position(base=1, found={"S": 13, "H": 13, "D": 13, "C": 12},
                     cols=[["KC"], [], [], []], fill="hand")
    after = play(state, "c0>f")
    assert after.end == "won" and after.result.points == (5 * 52 - 52,)
    assert after.result.winners == (0,)


def test_cf14_cfd10_eleven_cards_win_the_bet() -> None:
    ten = position(base=1, found={"S": 10}, cols=[["KH"], ["KD"], ["QH"], ["QD"]],
                   fill="stock")
    assert play(ten, "stop").result == (True, (), (50 - 52,))
    eleven = position(base=1, found={"S": 11}, cols=[["KH"], ["KD"], ["QH"], ["QD"]],
                      fill="stock")
    assert play(eleven, "stop").result == (True, (0,), (55 - 52,))


def test_cf15_cfd11_the_view_remembers_what_was_seen() -> None:
    state = deal(8, "canfield")
    after = play(state, "turn", "turn")
    view = after.view(0)
    assert view.waste[2] == after.waste[2] and view.waste[5] == after.waste[5]
    assert sum(c >= 0 for c in view.waste) == 2
    hidden = ENGINE.hidden(after, 0)
    assert card_name(after.waste[2]) not in hidden and card_name(after.waste[0]) in hidden


def test_cfd2_the_stock_goes_on_a_column() -> None:
    state = position(stock=["5D"], cols=[["6C"], ["KH"], ["QH"], ["JH"]], fill="hand")
    assert "s>c0" in ids(state)


def test_cfd3_never_from_a_column_into_a_space() -> None:
    state = position(stock=[], cols=[["9C", "8H"], [], ["KS"], ["KD"]], waste=["2D"],
                     hand=[], fill="hand")
    assert "c0>c1" not in ids(state) and "w>c1" in ids(state)  # CFD4
    assert refused(state, "c0>c1").rule == "CFD3"


def test_cfd4_the_talon_fills_a_space_only_once_the_stock_is_out() -> None:
    state = position(stock=["3D"], cols=[["8S"], ["9H"], ["QC"], ["JD"]], waste=["5C"],
                     fill="hand")
    assert not any(m.endswith(">c0") and m.startswith("w") for m in ids(state))


def test_cfd5_no_move_takes_a_foundation_card() -> None:
    with pytest.raises(MoveFormatError):
        parse_move("f>c0")
    with pytest.raises(MoveFormatError):
        parse_move("7S>x")
    state = position(found={"S": 2}, cols=[["9H"], ["KH"], ["QH"], ["JH"]], fill="hand")
    assert refused(state, "c0>f").rule == "CF7"
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(parse_move("8S>c0"))  # the foundation's 8S is not free (CF9)
    assert caught.value.rule == "CF9"


def test_cfd6_a_king_goes_on_an_ace() -> None:
    state = position(cols=[["AH"], ["KS"], ["QC"], ["JD"]], fill="hand", base=5)
    assert "c1>c0" in ids(state)


def test_cfd8_the_bound_on_moves_between_columns() -> None:
    state = position(cols=[["8S", "7H"], ["8C"], ["KS"], ["KD"]], fill="hand")
    for _ in range(IDLE_LIMIT):
        src = "c0" if len(state.cols[0]) == 2 else "c1"
        state = play(state, f"{src}>{'c1' if src == 'c0' else 'c0'}")
    assert state.idle == IDLE_LIMIT
    assert not [m for m in ids(state) if m[0] == "c" and m[-2] == "c"]
    assert refused(state, "c1>c0" if len(state.cols[1]) == 2 else "c0>c1").rule == "CFD8"


def test_cfd9_stop_at_a_passs_end() -> None:
    state = deal(2, "canfield")
    assert "stop" not in ids(state)
    while state.hand:
        state = play(state, "turn")
    assert "stop" in ids(state)
    state = play(state, "stop")
    assert state.end == "stopped" and state.result.over


def test_cfd12_no_move_left_ends_the_game() -> None:
    state = position(stock=[], cols=[["KH", "QS"], ["KD"], ["QH"], ["QD"]], waste=["2C"],
                     hand=[], fill="hand", used=True)
    after = play(state, "turn")  # the talon turned over: 2C shows again
    assert not after.game_over
    blocked = position(stock=[], cols=[["KH"], ["KD"], ["QH"], ["QD"]], waste=["9S"],
                       hand=[], fill="hand", used=True)
    # every other card sits under 9S in the talon: playing nothing, a turn ends the pass
    assert "turn" in ids(blocked)


def test_cf17_the_common_game_moves_whole_piles() -> None:
    state = position(variant="canfield-classic", cols=[["9C", "8H", "7C"], ["10D"], ["KS"],
                                                       ["KD"]], fill="stock")
    after = play(state, "c0>c1")
    assert names(after.cols[1]) == ["10D", "9C", "8H", "7C"]
    assert len(after.cols[0]) == 1 and after.used  # refilled from the reserve
    book = position(cols=[["9C", "8H", "7C"], ["10D"], ["KS"], ["KD"]], fill="stock")
    assert "c0>c1" not in ids(book)


def test_cf17_a_pile_whose_bottom_does_not_build_stays() -> None:
    state = position(variant="canfield-classic", cols=[["9C", "8H"], ["9D"], ["KS"],
                                                       ["KD"]], fill="stock")
    assert "c0>c1" not in ids(state)
    assert refused(state, "c0>c1").rule == "CF17"


def test_cfd13_no_pile_into_a_space() -> None:
    state = position(variant="canfield-classic", stock=[], cols=[["9C", "8H"], [], ["KS"],
                                                                 ["KD"]], waste=["2D"],
                     fill="hand")
    assert "c0>c1" not in ids(state)
    assert refused(state, "c0>c1").rule == "CFD13"


def test_a_state_reads_back_and_bad_fields_are_named() -> None:
    state = play(deal(4, "canfield"), "turn", "turn")
    assert ENGINE.read_state(state.to_dict()) == state
    data = state.to_dict()
    data["columns"][0] = ["ZZ"]
    with pytest.raises(StateError) as caught:
        ENGINE.read_state(data)
    assert caught.value.field == "columns[0]"
    data = state.to_dict()
    data["foundations"][0] = ["2S"]
    with pytest.raises(StateError) as caught:
        ENGINE.read_state(data)
    assert caught.value.field.startswith("foundations")
