"""One scenario per rule of docs/rules/conquian.md (Q1-Q24, QD1-QD14), the book's own
examples first."""

from __future__ import annotations

import random

import pytest

from engine.cards import card_name, cards_of, parse_card
from engine.conquian import (
    CONQUIAN,
    State,
    deal,
    first_dealer,
    layout,
    new_game,
    parse_move,
    parse_move_id,
)
from engine.errors import GameOverError, IllegalMoveError, MoveFormatError, StateError
from tests.engine.conquian.helpers import PACK, ids, play, position

BOOK_HAND = ["JH", "7H", "6H", "4H", "5S", "3S", "2S", "KD", "7D", "5D"]


def refused(state: State, move: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(move)
    return caught.value


# --- the cards (Q1, Q2, QD1) ---------------------------------------------------------------


def test_q1_the_pack_is_the_spanish_forty() -> None:
    assert len(PACK) == 40 == CONQUIAN.pack_size
    assert not {c[:-1] for c in PACK} & {"8", "9", "10"}
    with pytest.raises(StateError) as caught:
        position([["8H", *BOOK_HAND[1:]], None], up="5H")
    assert caught.value.field == "hands[0][0]" and caught.value.rule == "Q1"


def test_q2_the_jack_follows_the_seven_and_nothing_wraps() -> None:
    lay = layout(CONQUIAN)

    def mask(*cards: str) -> int:
        return sum(1 << parse_card(c) for c in cards)

    assert lay.kind(mask("6H", "7H", "JH")) == "run"
    assert lay.kind(mask("7H", "JH", "QH", "KH")) == "run"
    assert lay.kind(mask("QH", "KH", "AH")) is None  # the ace is low only
    assert lay.kind(mask("5H", "6H", "7S")) is None  # one suit
    assert lay.kind(mask("5H", "5S", "5D")) == "set"
    assert lay.kind(mask("5H", "5S")) is None  # three at least (Q11)


# --- the deal (Q3, Q4, Q5, QD2) ------------------------------------------------------------


def test_q4_ten_each_two_at_a_time_the_pone_first_and_the_stock() -> None:
    seed = 11
    state = new_game(seed, dealer=0)
    pack = list(cards_of(CONQUIAN.pack))
    random.Random(seed).shuffle(pack)
    pone_cards = [c for i in range(0, 20, 4) for c in pack[i:i + 2]]
    assert state.hands[1] == sum(1 << c for c in pone_cards)
    assert [h.bit_count() for h in state.hands] == [10, 10]
    assert (state.up, state.stock) == (pack[20], tuple(pack[21:]))  # Q5: 19 left
    assert deal(seed, 0, CONQUIAN) == (state.hands, tuple(pack[20:]))


def test_q5_qd2_the_pone_turns_first_the_dealer_from_the_seed() -> None:
    dealers = {first_dealer(seed, CONQUIAN) for seed in range(40)}
    assert dealers == {0, 1}
    for seed in range(10):
        state = new_game(seed)
        assert state.dealer == first_dealer(seed, CONQUIAN)
        assert state.to_move == 1 - state.dealer and state.source == "turned"
        assert state.acting == {state.to_move}
    assert new_game(3, dealer=1).to_move == 0


# --- the book's hand (Q6, QD6, QD14) -------------------------------------------------------


def test_q6_the_books_hand_uses_the_five_of_hearts_three_ways() -> None:
    state = position([BOOK_HAND, None], up="5H")
    takes = {m for m in ids(state) if m.startswith("take")}
    # the book's three: 4-5-6, 5-6-7 of hearts, the three fives; and longer runs (QD6)
    assert {"take:5H=4H5H6H", "take:5H=5H6H7H", "take:5H=5S5H5D"} <= takes
    assert takes == {"take:5H=4H5H6H", "take:5H=5H6H7H", "take:5H=5S5H5D",
                     "take:5H=4H5H6H7H", "take:5H=5H6H7HJH", "take:5H=4H5H6H7HJH"}
    assert ids(state) == takes | {"pass"}  # a card he turned himself is never forced (Q16)
    after = play(state, "take:5H=5H6H7H")
    assert [format_set(m) for m in after.melds[0]] == [["5H", "6H", "7H"]]
    assert after.phase == "meld" and after.to_move == 0 and after.up == -1  # Q9
    assert "discard:KD" in ids(after)


def test_q6_later_the_queen_goes_on_with_the_jack_and_the_three_with_the_four() -> None:
    hand = ["JH", "4H", "5S", "3S", "2S", "7D", "5D"]
    queen = position([hand, None], [[["5H", "6H", "7H"]], []], up="QH")
    assert "take:QH=5H6H7HJHQH" in ids(queen)
    three = position([hand, None], [[["5H", "6H", "7H"]], []], up="3H")
    assert "take:3H=3H4H5H6H7H" in ids(three)
    grown = play(three, "take:3H=3H4H5H6H7H")
    assert [len(list(cards_of(m))) for m in grown.melds[0]] == [5]  # one meld, grown (QD5)


def test_qd6_a_card_needs_two_more_and_may_not_go_on_the_adversarys_meld() -> None:
    state = position([BOOK_HAND, None], [[], [["QS", "KS", "JS"]]], up="5H")
    error = refused(state, "take:5H=5H6H")
    assert error.rule == "Q11, Q12"
    error = refused(state, "take:4S=2S3S4S")
    assert error.rule == "Q6" and error.field == "move.card"
    theirs = position([["7S", *BOOK_HAND[1:]], None], [[], [["QS", "KS", "JS"]]], up="6S")
    assert "take:6S=6S7SJSQSKS" not in ids(theirs)
    assert refused(theirs, "take:6S=6S7SJSQSKS").rule == "Q6, Q13"


def test_qd5_a_card_never_joins_two_melds() -> None:
    state = position([["KS", "QD", "2C", "KC"], None],
                     [[["2H", "3H", "4H"], ["6H", "7H", "JH"]], []], up="5H")
    assert {"take:5H=2H3H4H5H", "take:5H=5H6H7HJH"} <= ids(state)
    assert refused(state, "take:5H=2H3H4H5H6H7HJH").rule == "QD5"


# --- passing, dead cards, discards (Q7, Q8, Q9, Q10, QD3) --------------------------------


def test_q7_q8_a_card_passed_by_both_dies_and_the_second_turns_the_next() -> None:
    state = new_game(4, dealer=0)
    card, top = state.up, state.stock[0]
    passed, events = state.apply("pass")
    assert (passed.to_move, passed.up, passed.source) == (0, card, "passed")
    assert [e.type for e in events] == ["pass"]
    dead, events = passed.apply("pass")
    assert dead.dead == (card,) and (dead.to_move, dead.up, dead.source) == (0, top, "turned")
    assert [e.type for e in events] == ["dead", "turn"]
    assert dead.view(1).dead == (card,)  # QD3: both remember it


def test_q9_q10_a_use_is_followed_by_a_discard_offered_to_the_adversary_only() -> None:
    state = play(position([BOOK_HAND, None], up="5H"), "take:5H=5H6H7H")
    assert refused(state, "pass").rule == "Q9"
    offered = play(state, "discard:KD")
    assert (offered.to_move, offered.up, offered.source) == (1, parse_card("KD"), "discarded")
    assert offered.hands[0].bit_count() + 3 == 10
    after = play(offered, "pass")  # passed by the adversary: dead, and he turns the next
    assert after.dead[-1] == parse_card("KD") and after.to_move == 1
    assert after.source == "turned"


def test_q10_the_adversary_may_use_the_discard() -> None:
    state = play(position([BOOK_HAND, ["KS", "KH", "AS", "AH", "AD", "2H", "2D", "3H", "3D",
                                       "4D"]], up="5H"), "take:5H=5H6H7H", "discard:KD")
    assert "take:KD=KSKHKD" in ids(state)
    used = play(state, "take:KD=KSKHKD")
    assert used.to_move == 1 and used.phase == "meld"


# --- borrowing (Q14, QD7) -----------------------------------------------------------------


def test_q14_a_four_lends_one_card_to_a_run() -> None:
    hand = ["4H", "KS", "KD", "QC", "JC", "2D"]
    state = position([hand, None], [[["5S", "5H", "5D", "5C"]], []], up="6H")
    assert "take:6H=4H5H6H" in ids(state)
    after, events = state.apply("take:6H=4H5H6H")
    assert [format_set(m) for m in after.melds[0]] == [["5S", "5D", "5C"], ["4H", "5H", "6H"]]
    assert card_set(events[0].get("borrowed")) == ["5H"]
    three = position([hand + ["AC"], None], [[["5S", "5H", "5D"]], []], up="6H")
    assert "take:6H=4H5H6H" not in ids(three)
    assert refused(three, "take:6H=4H5H6H").rule == "Q14"  # a set of three lends nothing


def test_q14_a_long_run_lends_its_end_then_the_next_end() -> None:
    hand = ["7H", "6H", "6D", "5H", "5D"]
    state = position([hand, None], [[["3S", "4S", "5S", "6S", "7S"]], []], up="7C")
    assert "take:5C=5S5H5D5C" not in ids(position([hand, None],
                                                  [[["3S", "4S", "5S", "6S", "7S"]], []],
                                                  up="5C"))  # not the middle card
    first = play(state, "take:7C=7S7H7C")
    assert [format_set(m) for m in first.melds[0]] == [["3S", "4S", "5S", "6S"],
                                                      ["7S", "7H", "7C"]]
    second = play(first, "lay=6S6H6D")  # the new end, to another set (QD4)
    assert format_set(second.melds[0][0]) == ["3S", "4S", "5S"]
    assert refused(second, "lay=5S5H5D").rule == "Q14"  # a run of three lends nothing
    assert ids(second) == {"discard:5H", "discard:5D"}


def test_q14_the_middle_of_a_run_is_never_borrowed() -> None:
    state = position([["5H", "5D", "KC", "QC", "JC"], None],
                     [[["3S", "4S", "5S", "6S", "7S"]], []], up="5C")
    assert "take:5C=5H5D5C" in ids(state)
    assert refused(state, "take:5C=5S5H5D5C").rule == "Q14"


def test_qd7_the_used_card_and_two_borrowed_cards_make_a_meld() -> None:
    state = position([["KS", "KD"], None], [[["3S", "3H", "3D", "3C"],
                                              ["4S", "4H", "4D", "4C"]], []], up="5H")
    assert "take:5H=3H4H5H" in ids(state)
    after = play(state, "take:5H=3H4H5H")
    assert sorted(len(list(cards_of(m))) for m in after.melds[0]) == [3, 3, 3]


# --- laying more (QD4) and going out (Q18, Q19) -------------------------------------------


def test_qd4_q19_a_ready_meld_is_laid_after_a_use_and_an_empty_hand_wins() -> None:
    state = position([["QS", "QH", "QD", "6H", "7H"], None],
                     [[["AS", "2S", "3S", "4S", "5S"]], []], up="JH")
    used = play(state, "take:JH=6H7HJH")
    assert "lay=QSQHQD" in ids(used)
    out, events = used.apply("lay=QSQHQD")
    assert out.game_over and out.winner == 0 and out.hands[0] == 0
    assert sum(m.bit_count() for m in out.melds[0]) == 11  # Q18
    assert [e.type for e in events] == ["lay", "out", "settled"]
    assert out.returns() == (1, -1)


def test_q18_another_king_makes_him_game() -> None:
    melds = [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"]]
    state = position([["KS", "KH"], None], [melds, []], up="KD")
    out, events = state.apply("take:KD=KSKHKD")
    assert out.winner == 0 and [e.type for e in events] == ["take", "out", "settled"]
    assert events[-1].to_dict()["returns"] == [1, -1]
    with pytest.raises(GameOverError):
        out.apply("pass")
    assert out.acting == frozenset() and out.moves_for(0) == out.moves_for(1) == []


# --- forcing (Q15, Q16, Q17, QD8, QD9) ----------------------------------------------------


def test_q16_a_passed_card_that_fits_is_forced_back_on_its_decliner() -> None:
    """The book: eight down in two runs of four, a pair of kings in hand; he passes the
    card that fits a run, and his adversary forces it on him."""
    melds = [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"]]
    state = position([["KS", "KH"], None], [melds, []], up="5S")
    assert not any(m.startswith("force") for m in ids(state))  # his own card: no force
    assert refused(state, "force:5S=AS2S3S4S5S").rule == "Q16"
    passed = play(state, "pass")
    assert "force:5S=AS2S3S4S5S" in ids(passed)
    forced, events = passed.apply("force:5S=AS2S3S4S5S")
    assert [e.type for e in events] == ["force"]
    assert (forced.to_move, forced.phase) == (0, "meld")  # Q17: he must discard
    assert sum(m.bit_count() for m in forced.melds[0]) == 9
    assert {"discard:KS", "discard:KH"} <= ids(forced)
    assert not any(m.startswith("lay") for m in ids(forced))


def test_q15_after_a_use_a_discard_may_be_forced_on_the_adversarys_run() -> None:
    state = position([["4H", "6H", "JS", "KC", "QC", "2C", "2D"], None],
                     [[["AC", "AD", "AH"]], [["5S", "6S", "7S"]]], up="5H")
    used = play(state, "take:5H=4H5H6H")
    assert "force:JS=5S6S7SJS" in ids(used)
    forced = play(used, "force:JS=5S6S7SJS")
    assert (forced.to_move, forced.phase) == (1, "meld")
    assert sum(m.bit_count() for m in forced.melds[1]) == 4
    assert forced.hands[0].bit_count() + 6 == 10  # he discarded onto the run
    assert refused(used, "force:KC=5S6S7SKC").rule == "Q15, Q16"


def test_qd8_qd9_a_discard_may_be_forced_back_each_meld_its_own_move() -> None:
    melds0 = [["5S", "6S", "7S"], ["4D", "4H", "4C"]]
    state = position([["4S", "KD", "QD", "JD", "2C"], None], [melds0, []], phase="meld",
                     to_move=0, up=None)
    offered = play(state, "discard:4S")
    forces = {m for m in ids(offered) if m.startswith("force")}
    assert forces == {"force:4S=4S5S6S7S", "force:4S=4S4H4D4C"}  # QD8
    dead = play(offered, "pass")  # QD9: passed, it is dead and can no longer be forced
    assert dead.dead[-1] == parse_card("4S")


# --- the end of a hand and settlement (Q20, Q21, Q22, QD10, QD11) -------------------------


def test_q20_qd10_the_last_card_is_offered_to_both_then_a_tableau() -> None:
    state = position([BOOK_HAND, None], up="QC", stock=[])
    offered = play(state, "pass")
    assert offered.phase == "offer" and offered.to_move == 1  # QD10
    over, events = offered.apply("pass")
    assert over.game_over and over.tableau and over.winner == -1
    assert [e.type for e in events] == ["dead", "tableau", "settled"]
    assert over.returns() == (0, 0)
    nxt = over.next_deal(9)
    assert (nxt.dealer, nxt.pool) == (0, 1) and not nxt.game_over  # Q21, Q22


def test_q21_qd11_the_winner_takes_the_pool_and_the_counter() -> None:
    melds = [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"]]
    state = position([["KS", "KH"], None], [melds, []], up="KD", pool=2)
    out = play(state, "take:KD=KSKHKD")
    assert out.returns() == (3, -3) and sum(out.returns()) == 0
    assert out.next_deal(1).pool == 0
    with pytest.raises(GameOverError):
        state.next_deal(1)


# --- what each seat sees, turn order (Q23, Q24, QD13) -------------------------------------


def test_q23_a_view_hides_the_other_hand_and_the_stock() -> None:
    state = new_game(8, dealer=0)
    for seat in (0, 1):
        shown = state.view(seat).to_dict()
        assert "hands" not in shown and "stock" not in shown
        assert shown["hand"] == [card_name(c) for c in cards_of(state.hands[seat])]
        assert shown["hand_sizes"] == [10, 10] and shown["stock_size"] == 19
        assert shown["up"] == card_name(state.up)
        other = set(card_name(c) for c in cards_of(state.hands[1 - seat]))
        assert not other & set(str(shown).replace("'", " ").split())


def test_q24_one_seat_acts_at_a_time() -> None:
    state = new_game(8, dealer=0)
    assert state.moves_for(0) == [] and state.moves_for(1) == state.legal_moves()
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("pass", player=0)
    assert caught.value.rule == "Q24"
    assert refused(state, "discard:" + card_name(next(cards_of(state.hands[1])))).rule == \
        "Q9, QD4"


def test_qd14_moves_are_written_and_read_back() -> None:
    for text in ("pass", "take:5H=4H5H6H", "lay=5S5H5D", "discard:KD", "force:JS=5S6S7SJS"):
        assert parse_move_id(text).id == text
    for bad, field in [("draw", "move.type"), ("take:5H", "move.meld"),
                       ("discard:XX", "move.card"), ("lay=5S5S5D", "move.meld"),
                       ("take:5H=4H6H7H", "move.meld"), ("pass:5H", "move.card")]:
        with pytest.raises(MoveFormatError) as caught:
            parse_move_id(bad)
        assert caught.value.field == field, bad


def format_set(mask: int) -> list[str]:
    """A meld's cards in pack order (A..K by suit S, H, D, C within a rank)."""
    return [card_name(c) for c in cards_of(mask)]


def card_set(mask: int) -> list[str]:
    return format_set(mask)


def test_qd15_the_last_card_may_be_discarded_and_ten_down_go_out_on_any_fit() -> None:
    melds = [["AS", "2S", "3S", "4S"], ["KS", "KH", "KD"]]
    state = position([["AH", "2H", "7C"], None], [melds, []], up="3H")
    used = play(state, "take:3H=AH2H3H")
    assert ids(used) == {"discard:7C"}
    empty = play(used, "discard:7C")  # QD15: ten down, nothing in hand
    assert empty.hands[0] == 0 and sum(m.bit_count() for m in empty.melds[0]) == 10
    assert not empty.game_over
    ten = [*melds, ["AH", "2H", "3H"]]
    offered = position([[], None], [ten, []], up="5S", source="passed")
    assert ids(offered) == {"take:5S=AS2S3S4S5S", "pass"}
    out = play(offered, "take:5S=AS2S3S4S5S")
    assert out.winner == 0 and out.returns() == (1, -1)
    forced = position([[], None], [ten, []], up="5S", source="passed", to_move=1)
    assert "force:5S=AS2S3S4S5S" in ids(forced)
    won = play(forced, "force:5S=AS2S3S4S5S")  # forcing a player with nothing in hand out
    assert won.winner == 0 and won.returns() == (1, -1)


def test_q10_the_adversarys_discard_is_at_the_first_players_disposal() -> None:
    state = play(position([BOOK_HAND, ["KS", "KH", "AS", "AH", "AD", "2H", "2D", "3H", "3D",
                                       "4D"]], up="5H"),
                 "take:5H=5H6H7H", "discard:KD", "take:KD=KSKHKD", "discard:4D")
    assert (state.to_move, state.up, state.source) == (0, parse_card("4D"), "discarded")
    assert "take:4D=4D5D7D" not in ids(state)  # 4-5-7 is no run
    assert parse_move({"type": "take", "card": "5H", "meld": ["4H", "5H", "6H"]}).id == \
        "take:5H=4H5H6H"
    assert parse_move({"id": "pass"}) == parse_move("pass")
