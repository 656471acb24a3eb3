"""The American pack and three at the table (docs/rules/conquian.md QD1, QD12, QD16,
QD17): one scenario per rule, then whole hands against the Spanish two-seat game they
mirror."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.cards import card_name, cards_of, parse_card
from engine.conquian import AMERICAN, CONQUIAN, State, View, get_rules, layout, new_game
from engine.errors import IllegalMoveError, StateError
from tests.engine.conquian.helpers import greedy_random, ids, play, position

SPANISH_TO_AMERICAN = {"J": "8", "Q": "9", "K": "10"}
"""The places of the pack (Q2, QD1): the Spanish J, Q and K follow the 7 as the 8, 9 and
10 do in the American pack."""


def american(data: Any) -> Any:
    """A Spanish game's JSON with every card renamed as the American pack's of its place
    (the history's move ids too)."""
    if isinstance(data, dict):
        return {key: _american_move(value) if key == "move" and isinstance(value, str)
                else american(value) for key, value in data.items()}
    if isinstance(data, list):
        return [american(value) for value in data]
    if isinstance(data, str) and len(data) == 2 and data[0] in SPANISH_TO_AMERICAN \
            and data[1] in "SHDC":
        return SPANISH_TO_AMERICAN[data[0]] + data[1]
    return data


# --- QD1 the American pack --------------------------------------------------------------


def test_qd1_the_american_pack_is_ace_to_ten_in_four_suits() -> None:
    assert AMERICAN.name == "conquian-american" and get_rules("conquian-american") is AMERICAN
    names = [card_name(c) for c in cards_of(AMERICAN.pack)]
    assert len(names) == 40 and {n[:-1] for n in names} == {
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10"}
    state = new_game(4, "conquian-american")
    dealt = [c for h in state.hands for c in cards_of(h)] + list(state.stock) + [state.up]
    assert sorted(dealt) == sorted(cards_of(AMERICAN.pack))
    assert [h.bit_count() for h in state.hands] == [10, 10] and len(state.stock) == 19


def test_qd1_a_court_card_is_refused_naming_the_american_pack() -> None:
    data = new_game(4, "conquian-american").to_dict()
    data["stock"][0] = "JS"
    with pytest.raises(StateError) as caught:
        State.from_dict(data)
    assert (caught.value.field, caught.value.rule) == ("stock[0]", "QD1")
    assert "the American pack of ace to ten" in caught.value.message
    spanish = new_game(4).to_dict()
    spanish["stock"][0] = "8S"  # and the Spanish pack still refuses its missing 8 (Q1)
    with pytest.raises(StateError) as caught:
        State.from_dict(spanish)
    assert caught.value.rule == "Q1" and "the forty-card pack" in caught.value.message


def test_qd1_a_run_follows_ace_to_ten_and_never_goes_round() -> None:
    lay = layout(AMERICAN)

    def kind(*cards: str) -> str | None:
        mask = 0
        for card in cards:
            mask |= 1 << parse_card(card)
        return lay.kind(mask)

    assert kind("8H", "9H", "10H") == kind("AS", "2S", "3S") == kind("6D", "7D", "8D") == "run"
    assert kind("10C", "10H", "10D") == "set"
    assert kind("9H", "10H", "AH") is None and kind("10H", "AH", "2H") is None  # no wrap
    hand = ["8H", "9H", "AH", "2H", "3S", "4S", "5D", "6D", "7C", "9C"]
    state = position([hand, None], up="10H", variant="conquian-american")
    assert {m for m in ids(state) if m.startswith("take")} == {"take:10H=8H9H10H"}
    taken = play(state, "take:10H=8H9H10H")
    assert [m for m in ids(taken) if m.startswith("lay")] == []  # A 2 and 10 no run


def test_qd1_the_american_game_is_the_spanish_one_with_its_court_cards_renamed() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        spanish, amer = new_game(seed), new_game(seed, "conquian-american")
        while True:
            want = american(spanish.to_dict()) | {"variant": "conquian-american"}
            assert amer.to_dict() == want
            assert [_american_move(m.id) for m in spanish.legal_moves()] == [
                m.id for m in amer.legal_moves()]
            if spanish.game_over:
                break
            move = greedy_random(rng, spanish)
            spanish = spanish.apply(move).state
            amer = amer.apply(_american_move(move)).state


def _american_move(move: str) -> str:
    """A move id with its cards renamed (QD14 ids are the cards one after the other)."""
    out = move
    for old, new in SPANISH_TO_AMERICAN.items():
        out = out.replace(old, new)
    return out


# --- QD12 three at the table ------------------------------------------------------------


def test_qd12_three_seats_the_dealer_takes_no_cards_and_the_pone_begins() -> None:
    for dealer in range(3):
        state = new_game(6, dealer=dealer, players=3)
        pone, other = (dealer + 1) % 3, (dealer + 2) % 3
        assert state.seats == 3 and state.hands[dealer] == 0 and state.melds == ((), (), ())
        assert state.hands[pone].bit_count() == state.hands[other].bit_count() == 10
        assert (state.to_move, state.acting) == (pone, {pone})
        two = new_game(6, dealer=1)  # the pone of the two-seat deal is seat 0
        assert (state.hands[pone], state.hands[other]) == (two.hands[0], two.hands[1])
        assert (state.stock, state.up) == (two.stock, two.up)
    with pytest.raises(StateError) as caught:
        new_game(6, players=4)
    assert (caught.value.field, caught.value.rule) == ("players", "Q3, QD12")
    assert new_game(6, players=3).dealer in range(3)  # drawn from the seed (QD2)
    assert {new_game(seed, players=3).dealer for seed in range(30)} == {0, 1, 2}


def test_qd12_the_deal_passes_on_and_the_seat_out_plays_the_next_hand() -> None:
    state = new_game(2, dealer=0, players=3)
    dealers = []
    for seed in range(3, 7):
        rng = random.Random(seed)
        while not state.game_over:
            state = state.apply(greedy_random(rng, state)).state
        dealers.append(state.dealer)
        before = state.dealer
        state = state.next_deal(seed)
        assert state.dealer == (before + 1) % 3 and state.hands[state.dealer] == 0
        assert state.hands[before].bit_count() == 10  # out of the last hand, in this one
    assert dealers == [0, 1, 2, 0]


def test_qd12_the_seat_out_may_not_act_and_a_player_out_of_turn_is_told_q24() -> None:
    state = new_game(6, dealer=2, players=3)
    assert state.moves_for(2) == [] and state.moves_for(1) == []
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("pass", player=2)
    assert caught.value.rule == "QD12" and "sits this hand out" in caught.value.message
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("pass", player=1)
    assert caught.value.rule == "Q24"
    refusal = state.view(2).refusal(state.legal_moves()[0])
    assert refusal is not None and refusal.rule == "QD12"
    assert state.view(0).refusal(state.legal_moves()[0]) is None


def test_qd12_forcing_goes_onto_the_adversarys_meld() -> None:
    melds = ((), [["5S", "6S", "7S"]], [["4D", "4H", "4C"]])
    state = position([[], ["JD", "QD", "KD", "2C", "3C", "AH", "KC"], ["4S", "KH", "QH", "JH",
                      "2H", "3H", "AC", "QC"]], melds, phase="meld", to_move=2, up=None,
                     dealer=0)
    assert {m for m in ids(state) if m.startswith("force")} == {"force:4S=4S5S6S7S"}
    forced = play(state, "force:4S=4S5S6S7S")
    assert (forced.to_move, forced.phase) == (1, "meld") and forced.melds[0] == ()


def test_qd12_a_state_at_three_must_leave_the_dealer_out() -> None:
    data = new_game(6, dealer=2, players=3).to_dict()
    for change, field in [
            ({"hands": [*data["hands"][:2], data["stock"][:1]], "stock": data["stock"][1:]},
             "hands[2]"),
            ({"to_move": 2}, "to_move"),
            ({"melds": [[], []]}, "melds"),
            ({"hands": data["hands"] + [[]]}, "hands")]:
        with pytest.raises(StateError) as caught:
            State.from_dict({**data, **change})
        assert caught.value.field == field, caught.value
    view = new_game(6, dealer=2, players=3).view(0).to_dict()
    with pytest.raises(StateError) as caught:
        View.from_dict({**view, "hand_sizes": [10, 10, 0, 0]})
    assert caught.value.field == "hand_sizes"


def test_qd12_a_hand_at_three_plays_as_the_two_seat_hand_of_its_players() -> None:
    """Seat ``d + 1`` and ``d + 2`` at three are the pone and the dealer at two."""
    for seed in range(8):
        rng = random.Random(seed)
        dealer = seed % 3
        three = new_game(seed, dealer=dealer, players=3)
        two = new_game(seed, dealer=1)
        seat_of = {(dealer + 1) % 3: 0, (dealer + 2) % 3: 1}
        while True:
            assert seat_of[three.to_move] == two.to_move and three.phase == two.phase
            assert [m.id for m in three.legal_moves()] == [m.id for m in two.legal_moves()]
            for seat, mirror in seat_of.items():
                assert three.hands[seat] == two.hands[mirror]
                assert three.melds[seat] == two.melds[mirror]
            if two.game_over:
                break
            move = greedy_random(rng, two)
            two, three = two.apply(move).state, three.apply(move).state
        points = dict(enumerate(three.returns()))
        assert points.pop(dealer) == 0
        assert [points[s] for s in sorted(seat_of, key=seat_of.__getitem__)] == list(
            two.returns())


# --- QD16 the pool at three -------------------------------------------------------------


def test_qd16_each_tableau_takes_a_stake_from_its_two_players() -> None:
    rules = CONQUIAN
    assert rules.stakes(dealer=1, pool=1, seats=3) == (0, 1, 1)  # the last hand: dealer 0
    assert rules.stakes(dealer=2, pool=2, seats=3) == (1, 1, 2)  # dealers 1 then 0
    assert rules.stakes(dealer=0, pool=3, seats=3) == (2, 2, 2)
    assert rules.stakes(dealer=1, pool=2, seats=2) == (2, 2)  # at two: QD11's pool


def test_qd16_the_winner_takes_the_whole_pool_and_the_seat_out_loses_his_stake() -> None:
    # dealer 2 after two tableaux (dealt by 1, then 0): stakes 1, 1, 2; seat 0 goes out
    melds = [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"]]
    state = position([["KS", "KH"], None, []], [melds, [], []], up="KD", pool=2, dealer=2)
    out = play(state, "take:KD=KSKHKD")
    assert out.returns() == (4, -2, -2) and sum(out.returns()) == 0
    assert out.result.winners == (0,)
    two = position([["KS", "KH"], None], [melds, []], up="KD", pool=2)  # QD11 unchanged
    assert play(two, "take:KD=KSKHKD").returns() == (3, -3)


def test_qd16_a_tableau_at_three_tells_each_seats_stake_and_carries_the_pool() -> None:
    state = position([[], ["JH", "7H", "6H", "4H", "5S", "3S", "2S", "KD", "7D", "5D"], None],
                     up="QC", stock=[], dealer=0, to_move=1)
    over, events = play(state, "pass").apply("pass")
    assert over.tableau and over.returns() == (0, 0, 0)
    tableau = next(e.to_dict() for e in events if e.type == "tableau")
    assert tableau["stakes"] == [0, 1, 1] and tableau["pool"] == 1
    assert tableau["description"].endswith("the pool holds 2 counters (QD16)")
    nxt = over.next_deal(9)
    assert (nxt.dealer, nxt.pool, nxt.seats) == (1, 1, 3)
    assert CONQUIAN.stakes(nxt.dealer, nxt.pool, nxt.seats) == (0, 1, 1)


# --- QD17 what the seat sitting out sees ------------------------------------------------


def test_qd17_the_seat_out_sees_the_table_but_no_hand() -> None:
    state = play(new_game(11, dealer=1, players=3), "pass", "pass", "pass")
    seen = state.view(1)
    shown = seen.to_dict()
    assert shown["hand"] == [] and shown["hand_sizes"] == [10, 0, 10]
    assert shown["stock_size"] == len(state.stock) and shown["dead"]
    words = set(str(shown).replace("'", " ").split())
    hidden = {card_name(c) for s in (0, 2) for c in cards_of(state.hands[s])}
    hidden |= {card_name(c) for c in state.stock}
    assert not hidden & words
    assert seen.legal_moves() == []
    for seat in (0, 2):  # the players see the seat out's empty hand
        assert state.view(seat).hand_sizes[1] == 0


def test_qd17_worlds_of_the_seat_out_draw_both_hands() -> None:
    state = new_game(11, dealer=1, players=3)
    seen = state.view(1)
    rng = random.Random(3)
    drawn: dict[int, set[int]] = {0: set(), 2: set()}
    for _ in range(100):
        world = seen.resample(rng)
        assert world.view(1) == seen and world.hands[1] == 0
        assert State.from_dict(world.to_dict()) == world
        for seat in drawn:
            drawn[seat] |= set(cards_of(world.hands[seat]))
    everything = set(cards_of(state.hands[0] | state.hands[2])) | set(state.stock)
    assert drawn[0] == drawn[2] == everything
    player = state.view(0).resample(random.Random(1))
    assert player.hands[0] == state.hands[0] and player.hands[1] == 0
