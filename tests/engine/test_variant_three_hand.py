"""Three-hand Cassino (V7, docs/rules/three-hand.md): three seats each for himself, four
batches a round, majorities only when strictly ahead of both others (V7.1-V7.7)."""

from __future__ import annotations

import pytest

import engine
from engine import State, parse_move_id
from engine.cards import parse_cards
from engine.cassino import VARIANTS, least_points, new_game, teams
from engine.cassino.counting import counting_of
from engine.cassino.scoring import score
from engine.errors import StateError, UnsupportedVariantError
from tests.engine.nseat import check_state, check_views, ids, play_game, position, position_dict

RULES = VARIANTS["three-hand"]


# --- V7.1, V7.3: seats, deal, batches and turn order ----------------------------------------

def test_V7_1_three_seats_each_alone() -> None:
    assert teams(RULES) == ((0,), (1,), (2,))
    assert engine.get_rules("three-hand").playable


def test_V7_3_deal_four_each_four_loose_stock_thirty_six_dealers_left_first() -> None:
    for dealer in range(3):
        state = new_game(8, "three-hand", dealer=dealer)
        assert [h.bit_count() for h in state.hands] == [4, 4, 4]
        assert state.loose.bit_count() == 4 and len(state.stock) == 36
        assert state.to_move == (dealer + 1) % 3 == state.nondealer
        assert state.batch == 1 and not state.last_batch
    # The deal itself: from the shuffled pack, the dealer's left takes the first four.
    state = new_game(8, "three-hand", dealer=1)
    pack = engine.deal_order(8, 1)
    assert state.hands[2] == parse_cards([engine.cards.card_name(c) for c in pack[:4]])
    assert state.hands[0] == parse_cards([engine.cards.card_name(c) for c in pack[4:8]])
    assert state.hands[1] == parse_cards([engine.cards.card_name(c) for c in pack[8:12]])


def test_V7_3_four_batches_turns_to_the_left_and_the_deal_passes_left() -> None:
    steps = play_game("three-hand", 4, checks=False)
    start = steps[0][0]
    first = (start.dealer + 1) % 3
    movers = [s.to_move for s, _m, _st in steps if s.round == 1 and s.deal == 1]
    assert movers[:12] == [(first + i) % 3 for i in range(12)]
    deals = [e for _s, _m, st in steps for e in st.events
             if e.type == "deal" and e.get("round") == 1 and e.get("deal") == 1]
    assert [e.get("batch") for e in deals] == [2, 3, 4]
    assert [e.get("last_batch") for e in deals] == [False, False, True]
    for before, _move, step in steps:
        if any(e.type == "deal" for e in step.events) and step.state.status == "playing":
            assert step.state.to_move == (step.state.dealer + 1) % 3
            assert all(h.bit_count() == 4 for h in step.state.hands)
        if any(e.type == "round_scored" for e in step.events) and \
                step.state.status == "playing":
            assert step.state.dealer == (before.dealer + 1) % 3
            assert len(step.state.stock) == 36


def test_V7_3_hand_sizes_follow_the_turn_from_the_dealers_left() -> None:
    hands = [["2H", "3H"], ["4H", "5H", "6H"], ["7H", "8H"]]  # dealer 1: 2 then 0 played
    state = position("three-hand", hands, ("9C",), dealer=1, to_move=1)
    assert state.to_move == 1
    with pytest.raises(StateError) as info:
        State.from_dict(position_dict("three-hand", hands, ("9C",), dealer=1, to_move=2))
    assert info.value.rule == "R23"
    with pytest.raises(StateError):
        State.from_dict(position_dict("three-hand", hands, ("9C",), dealer=1, to_move=1,
                                      stock=6))  # a stock is dealt in batches of 12 (R5)


# --- V7.2, V7.4: majorities with three -----------------------------------------------------

def piles(*cards: list[str]) -> tuple[int, ...]:
    return tuple(parse_cards(c) for c in cards)


def test_V7_4_a_majority_needs_strictly_more_than_each_other_player() -> None:
    breakdown = score(piles(["2S", "3S", "4S", "5H"], ["6S", "7S", "8H"], ["9D", "10C"]),
                      (0, 0, 0), RULES)
    assert [p.points.cards for p in breakdown.players] == [3, 0, 0]
    assert [p.points.spades for p in breakdown.players] == [1, 0, 0]


def test_V7_4_a_tie_at_the_top_scores_nothing_even_against_a_third() -> None:
    breakdown = score(piles(["2S", "3S", "4H"], ["6S", "7S", "8H"], ["9S"]), (0, 0, 0), RULES)
    assert [p.points.cards for p in breakdown.players] == [0, 0, 0]
    assert [p.points.spades for p in breakdown.players] == [0, 0, 0]
    # a tie below the top does not matter
    breakdown = score(piles(["2S", "3S", "4S"], ["6H"], ["9H"]), (0, 0, 0), RULES)
    assert [p.points.cards for p in breakdown.players] == [3, 0, 0]


def test_V7_4_a_round_may_award_seven_points_in_all() -> None:
    assert least_points(RULES) == 7  # both majorities can tie among three
    assert least_points(VARIANTS["standard"]) == 8


# --- V7.5: the game ---------------------------------------------------------------------------

def test_V7_5_the_strictly_highest_total_at_21_wins() -> None:
    counting = counting_of(RULES)
    assert counting.settle((22, 21, 5), 21).winner == 0
    assert counting.settle((12, 20, 25), 21).winner == 2
    assert not counting.settle((23, 23, 21), 21).over  # tie at the top: another round
    assert not counting.settle((20, 20, 20), 21).over


def test_V7_5_a_tie_at_the_target_plays_another_round() -> None:
    hands = [["2H"], ["4H"], ["7H"]]
    tied = position_dict("three-hand", hands, ("9C",), dealer=2, to_move=0, scores=[22, 22, 9])
    tied.update({"round": 4, "deal": 4})
    State.from_dict(tied).validate()  # the game goes on
    ahead = {**tied, "scores": [23, 22, 9]}
    with pytest.raises(StateError) as info:
        State.from_dict(ahead)
    assert info.value.field == "status"
    over = position_dict("three-hand", [[], [], []], (), dealer=2, to_move=0,
                         scores=[23, 22, 9], status="game_over", winner=0)
    over.update({"round": 4, "deal": 4})
    State.from_dict(over).validate()


def last_card(scores: list[int]) -> State:
    """Round 3's last card: the dealer (seat 2) sweeps KH with KC; the round then scores 7
    (seat 0: four aces, both cassinos), 0 and 5 (seat 2: cards, spades, the sweep)."""
    data = position_dict("three-hand", [[], [], ["KC"]], ("KH",), dealer=2, to_move=2,
                         captured=[["AS", "AH", "AD", "AC", "10D", "2S", "3S"], [], []])
    rest = data["captured"][1]
    data["captured"][1], data["captured"][2] = rest[:20], rest[20:]
    data.update({"round": 3, "deal": 3, "scores": scores})
    return State.from_dict(data)


def test_V7_5_a_round_ending_in_a_tie_at_the_top_past_21_deals_another_round() -> None:
    step = last_card([16, 20, 18]).apply(parse_move_id("KCxKH"))
    scored = next(e for e in step.events if e.type == "round_scored")
    assert scored.get("breakdown").totals == (7, 0, 5)
    after = step.state
    assert after.scores == (23, 20, 23) and after.status == "playing"
    assert after.round == 4 and after.dealer == 0 and after.to_move == 1
    assert "game_over" not in [e.type for e in step.events]


def test_V7_5_a_sole_leader_past_21_wins_even_with_another_past_21() -> None:
    after = last_card([17, 20, 18]).apply(parse_move_id("KCxKH")).state
    assert after.scores == (24, 20, 23)
    assert after.status == "game_over" and after.winner == 0
    assert after.returns() == (1, -1, -1)


def test_V7_7_the_residue_goes_to_the_last_capturer() -> None:
    state = last_card([16, 20, 18])
    data = state.to_dict()
    data["hands"][2] = ["QC"]
    data["captured"][2].remove("QC")
    data["captured"][2].append("KC")
    state = State.from_dict(data)
    assert state.last_capturer == 1
    step = state.apply(parse_move_id("QC"))
    residue = next(e for e in step.events if e.type == "residue")
    assert residue.get("player") == 1 and residue.get("cards") == parse_cards(["KH", "QC"])
    breakdown = next(e for e in step.events if e.type == "round_scored").get("breakdown")
    assert [p.cards for p in breakdown.players] == [7, 22, 23]
    assert "sweep" not in [e.type for e in step.events]  # R24: never a sweep


def test_V7_5_other_countings_refuse_three_seats() -> None:
    from dataclasses import replace
    with pytest.raises(UnsupportedVariantError):
        counting_of(replace(RULES, counting="pegged"))


# --- V7.6: what each seat sees; V7.7 the result ----------------------------------------------

@pytest.mark.parametrize("game_seed", [1, 2, 3])
def test_V7_7_random_games_end_with_a_sole_winner(game_seed: int) -> None:
    steps = play_game("three-hand", game_seed, checks=False)
    final = steps[-1][2].state
    assert final.status == "game_over" and final.winner is not None
    scores = final.scores
    assert len(scores) == 3 and scores[final.winner] >= 21
    assert all(scores[final.winner] > s for i, s in enumerate(scores) if i != final.winner)
    assert final.returns() == tuple(1 if seat == final.winner else -1 for seat in range(3))
    assert steps[-1][2].events[-1].get("seats") is None  # a seat, not a team
    State.from_dict(final.to_dict()).validate()


@pytest.mark.parametrize("game_seed", [11, 12])
def test_V7_6_random_play_keeps_states_and_views_consistent(game_seed: int) -> None:
    for state, _move, _step in play_game("three-hand", game_seed, max_moves=120):
        check_views(state)


@pytest.mark.parametrize("game_seed", range(20, 26))
def test_rounds_award_eleven_plus_sweeps_less_ties_at_the_top(game_seed: int) -> None:
    rounds, swept = 0, 0
    for _state, _move, step in play_game("three-hand", game_seed, checks=False):
        for event in step.events:
            if event.type == "sweep":
                swept += 1
            if event.type == "round_void":
                swept = 0
            if event.type != "round_scored":
                continue
            rounds += 1
            players = event.get("breakdown").players
            assert len(players) == 3 and sum(p.cards for p in players) == 52
            cards = [p.cards for p in players]
            spades = [p.spades for p in players]
            tied = 3 * (cards.count(max(cards)) > 1) + (spades.count(max(spades)) > 1)
            assert sum(p.total - p.points.sweeps for p in players) == 11 - tied
            assert sum(p.sweeps for p in players) == swept
            swept = 0
    assert rounds >= 1


def test_a_build_needs_the_value_in_hand_as_in_standard() -> None:
    hands = [["7H", "9D"], ["8D", "5H"], ["2S", "KC"]]
    state = position("three-hand", hands, ("6D",), [(8, 1, [["5C", "3C"]])], dealer=1,
                     to_move=2)
    # seat 2 holds no 8: seat 1's build of 8 lends its value to nobody (V6.3 is partnership's)
    assert not {m for m in ids(state) if m.endswith("=8")}
    check_state(state)
