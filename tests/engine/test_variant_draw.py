"""Scenario, property and perft tests of ``draw`` (docs/rules/draw.md W1-W9, the book's V5).

One deal a round, then every play is followed by a draw from the stock: hands stay at
four while the stock lasts, builds may outlive any number of turns, and the round ends
as in ``standard`` once the stock is empty and the hands are played out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

import engine
from engine import State, StateError, card_name, parse_card, parse_move_id
from engine.cassino import View
from engine.cassino.movegen import legal_moves as generate
from engine.cassino.play import advance
from tests.engine.reference import reference_moves, reference_moves_of, reference_perft
from tests.engine.test_properties import check_move, check_round_scored, check_state, check_views
from tests.engine.test_rules import ALL_CARDS, position_dict, refused

VARIANT = "draw"
SEEDS = st.integers(0, 2**63 - 1)


def draw_position(hands: list[list[str]], loose: Sequence[str] = (),
                  builds: Sequence[tuple[int, int, list[list[str]]]] = (), *,
                  top: Sequence[str] = (), stock: int = 20, dealer: int = 1,
                  to_move: int | None = None, **kwargs: Any) -> State:
    """A validated ``draw`` state: ``top`` are the first cards of a stock of ``stock`` cards
    (the rest filled in from the unnamed cards); the mover follows from W6 by default."""
    named = {card_name(parse_card(t)) for t in [*hands[0], *hands[1], *loose, *top]}
    for _, _, groups in builds:
        named |= {card_name(parse_card(t)) for g in groups for t in g}
    for pile in kwargs.get("captured") or ():
        named |= {card_name(parse_card(t)) for t in pile}
    filler = [c for c in ALL_CARDS if c not in named][:stock - len(top)]
    if to_move is None:
        to_move = (dealer + 1 + 40 - stock) % 2 if stock else None
    data = position_dict(hands, list(loose), list(builds), dealer=dealer, to_move=to_move,
                         stock=[*top, *filler], **kwargs)
    data["variant"] = VARIANT
    return State.from_dict(data)


def random_game(game_seed: int, max_moves: int | None = None) -> list[tuple[State, engine.Move,
                                                                           engine.Step]]:
    """Random legal play of a ``draw`` game (its own ``random.Random``)."""
    rng = random.Random(game_seed)
    state = engine.new_game(game_seed, VARIANT)
    steps = []
    while state.status == "playing" and (max_moves is None or len(steps) < max_moves):
        move = rng.choice(state.legal_moves())
        step = state.apply(move)
        steps.append((state, move, step))
        state = step.state
    return steps


# --- W1: one deal a round -----------------------------------------------------------------


def test_w1_the_first_deal_is_standard_and_the_only_one() -> None:
    state = engine.new_game(11, VARIANT, dealer=1)
    standard = engine.new_game(11, dealer=1)
    assert (state.hands, state.loose, state.stock) == (standard.hands, standard.loose,
                                                       standard.stock)
    assert [h.bit_count() for h in state.hands] == [4, 4] and len(state.stock) == 40
    assert state.to_move == 0 and state.batch == 1 and not state.last_batch
    deals_per_round: dict[int, int] = {}
    for before, _move, step in random_game(11):
        for event in step.events:
            if event.type == "deal":
                deals_per_round[event.get("round")] = deals_per_round.get(
                    event.get("round"), 0) + 1
                assert event.get("batch") == 1 and event.get("table").bit_count() == 4
                assert not before.stock  # a deal only opens the next round
    assert deals_per_round and set(deals_per_round.values()) == {1}


# --- W2: draw after each play ------------------------------------------------------------


def test_w2_the_mover_draws_the_top_card_and_only_the_mover_sees_it() -> None:
    state = draw_position([["5H", "2C", "KS", "QD"], ["3C", "4C", "JH", "JD"]], ["3D", "9C"],
                          top=["8S", "7D"], dealer=1)
    assert state.to_move == 0
    step = state.apply(parse_move_id("2C"))
    after = step.state
    assert after.hands[0] == engine.parse_cards(["5H", "KS", "QD", "8S"])
    assert after.stock == state.stock[1:] and after.to_move == 1
    assert [e.type for e in step.events] == ["trail", "draw"]
    draw = step.events[-1]
    assert draw.to_dict()["card"] == "8S"  # a caller holding the full state sees it
    assert draw.to_dict(0)["card"] == "8S"
    seen_by_other = draw.to_dict(1)
    assert seen_by_other["card"] is None and seen_by_other["player"] == 0
    assert seen_by_other["stock_size"] == 19 and seen_by_other["last_batch"] is False
    assert "8" not in seen_by_other["description"] and "♠" not in seen_by_other["description"]
    # the next play draws the next card, for the other seat
    step = after.apply(parse_move_id("3Cx3D"))
    assert after.hands[1] | 1 << parse_card("7D") == step.state.hands[1] | 1 << parse_card("3C")
    assert [e.type for e in step.events] == ["capture", "draw"]


def test_w2_a_sweep_comes_before_the_draw() -> None:
    state = draw_position([["5H", "2C", "KS", "QD"], ["3C", "4C", "JH", "JD"]], ["5D"],
                          dealer=1)
    step = state.apply(parse_move_id("5Hx5D"))
    assert [e.type for e in step.events] == ["capture", "sweep", "draw"]
    assert step.state.sweeps == (1, 0)


# --- W3: the retain rule before the draw --------------------------------------------------


def test_w3_no_build_on_the_card_still_to_be_drawn() -> None:
    """The 8♠ on top of the stock comes too late: without an 8 in hand, no build of 8."""
    state = draw_position([["5H", "2C", "KS", "QD"], ["3C", "4C", "JH", "JD"]], ["3D", "9C"],
                          top=["8S"], dealer=1)
    ids = {m.id for m in state.legal_moves()}
    assert "5H+3D=8" not in ids and "5H" in ids
    assert refused(state, "5H+3D=8").rule == "R14"


def test_w3_the_last_card_of_a_value_may_not_leave_the_build_behind() -> None:
    """Seat 0 owns a build of 8 and holds one 8: playing it without the build is refused
    (R22) although the next card of the stock is an 8, and a trail is refused (R21)."""
    state = draw_position([["8H", "2C", "4S", "QD"], ["3C", "4C", "JH", "JD"]],
                          ["AD", "7C", "4D"], [(8, 0, [["5H", "3D"]])], top=["8S"], dealer=1)
    ids = {m.id for m in state.legal_moves()}
    assert {"8Hx3D5H", "8HxAD3D5H7C", "4Sx4D"} <= ids
    assert "8HxAD7C" not in ids and "2C" not in ids
    assert refused(state, "8HxAD7C").rule == "R22"
    assert refused(state, "2C").rule == "R21"


# --- W4: builds outlive turns ------------------------------------------------------------


def test_w4_a_build_stays_on_the_table_across_draws() -> None:
    state = draw_position([["5H", "2C", "KD", "8D"], ["3C", "4C", "JH", "KC"]], ["3D", "9C"],
                          top=["AS", "6H"], dealer=1)
    state = state.apply(parse_move_id("5H+3D=8")).state  # seat 0 builds 8, then draws A♠
    state = state.apply(parse_move_id("JH")).state  # seat 1 leaves it, then draws 6♥
    assert [(b.value, b.owner) for b in state.builds] == [(8, 0)]
    assert [h.bit_count() for h in state.hands] == [4, 4] and state.to_move == 0
    # the owner has four cards, yet the state is valid, and so are both views
    State.from_dict(state.to_dict())
    for player in (0, 1):
        View.from_dict(state.view(player).to_dict())
    moves = state.legal_moves()
    assert moves and all(m.type != "trail" for m in moves)  # R21 still holds


def test_w4_a_build_made_by_the_last_draw_survives_into_the_last_batch() -> None:
    """The dealer builds on the 40th play and draws the last card: in the last batch the
    dealer owns a build with four cards in hand (standard's R23 would refuse that)."""
    state = draw_position([["5H", "2C", "KD", "QS"], ["3C", "8C", "JH", "KC"]], ["5D", "9C"],
                          top=["AS"], stock=1, dealer=1)
    assert state.to_move == 1 and state.batch == 1
    step = state.apply(parse_move_id("3C+5D=8"))
    after = step.state
    assert after.last_batch and after.batch == 2 and not after.stock
    assert [(b.value, b.owner) for b in after.builds] == [(8, 1)]
    assert [h.bit_count() for h in after.hands] == [4, 4] and after.to_move == 0
    assert step.events[-1].type == "draw" and step.events[-1].get("last_batch") is True
    again = State.from_dict(after.to_dict())
    assert again == after
    for player in (0, 1):
        View.from_dict(after.view(player).to_dict())
    standard = after.to_dict() | {"variant": "standard"}
    with pytest.raises(StateError) as info:
        State.from_dict(standard)
    assert info.value.rule == "R23"


def test_w4_an_owner_still_needs_a_card_of_the_value() -> None:
    with pytest.raises(StateError) as info:
        draw_position([["5H", "2C", "KD", "QS"], ["3C", "8C", "JH", "KC"]], ["9C"],
                      [(7, 0, [["2D", "5D"]])], dealer=1)
    assert info.value.rule == "R23" and "holds no 7" in info.value.message


# --- W5: the last batch -------------------------------------------------------------------


def test_w5_the_stock_runs_out_after_forty_plays_then_the_hands_are_played_out() -> None:
    steps = random_game(5)
    round_one = [(b, m, s) for b, m, s in steps if b.round == 1]
    draws = [e for _b, _m, s in round_one for e in s.events if e.type == "draw"]
    assert len(draws) == 40 and len(round_one) == 48  # as many plays as in standard
    assert [e.get("stock_size") for e in draws] == list(range(39, -1, -1))
    assert [e.get("last_batch") for e in draws] == [False] * 39 + [True]
    assert [e.get("player") for e in draws] == [(round_one[0][0].dealer + 1 + i) % 2
                                                for i in range(40)]
    for i, (before, _move, step) in enumerate(round_one):
        assert before.last_batch == (i >= 40) and before.batch == (2 if i >= 40 else 1)
        if i >= 40:
            assert "draw" not in [e.type for e in step.events]
    last = [e.type for e in round_one[-1][2].events]
    assert "round_scored" in last and last[-1] in ("deal", "game_over")
    after_forty = round_one[40][0]
    assert [h.bit_count() for h in after_forty.hands] == [4, 4]
    assert after_forty.to_move == 1 - after_forty.dealer


# --- W6: sizes a state may have -----------------------------------------------------------


def test_w6_any_stock_size_with_full_hands_and_the_turn_it_implies() -> None:
    for stock in (39, 17, 2, 1):
        state = draw_position([["5H", "2C", "KD", "QS"], ["3C", "8C", "JH", "KC"]], ["9C"],
                              stock=stock, dealer=0)
        assert state.to_move == (1 + 40 - stock) % 2
        View.from_dict(state.view(1 - state.to_move).to_dict())


def test_w6_refuses_the_wrong_mover_short_hands_and_a_large_stock() -> None:
    good = draw_position([["5H", "2C", "KD", "QS"], ["3C", "8C", "JH", "KC"]], ["9C"],
                         stock=17, dealer=0).to_dict()
    wrong_turn = good | {"to_move": 1 - good["to_move"]}
    with pytest.raises(StateError) as info:
        State.from_dict(wrong_turn)
    assert info.value.rule == "W6" and info.value.field == "to_move"
    short = dict(good)
    short["hands"] = [good["hands"][0], good["hands"][1][:3]]
    short["captured"] = [good["captured"][0], [*good["captured"][1], good["hands"][1][3]]]
    with pytest.raises(StateError) as info:
        State.from_dict(short)
    assert info.value.rule == "W6" and info.value.field == "hands[1]"
    view = State.from_dict(good).view(0).to_dict()
    view["stock_size"], view["hand_sizes"] = 19, [4, 2]  # the same number of unseen cards
    with pytest.raises(StateError) as info:
        View.from_dict(view)
    assert info.value.rule == "W6"
    large = draw_position([["5H", "2C", "KD"], ["3C", "8C", "JH"]], [], stock=0,
                          dealer=0, to_move=1).to_dict()
    large["stock"] = [c for c in ALL_CARDS if c not in {"5H", "2C", "KD", "3C", "8C", "JH"}][:41]
    large["captured"] = [[], [c for c in ALL_CARDS if c not in large["stock"]
                              and c not in {"5H", "2C", "KD", "3C", "8C", "JH"}]]
    large["last_capturer"] = None if not large["captured"][1] else 1
    with pytest.raises(StateError) as info:
        State.from_dict(large)
    assert info.value.rule == "W6" and info.value.field == "stock"


def test_w6_an_empty_stock_follows_standard_sizes() -> None:
    ok = draw_position([["5H", "2C", "KD"], ["3C", "8C", "JH"]], ["9C"], stock=0, dealer=1)
    assert ok.to_move == 0 and ok.last_batch
    bad = ok.to_dict() | {"to_move": 1}
    with pytest.raises(StateError) as info:
        State.from_dict(bad)
    assert info.value.rule == "R23"
    standard = draw_position([["5H", "2C", "KD", "QS"], ["3C", "8C", "JH", "KC"]], ["9C"],
                             stock=17, dealer=0).to_dict() | {"variant": "standard"}
    with pytest.raises(StateError) as info:
        State.from_dict(standard)
    assert info.value.rule == "R5"  # a stock of 17 is draw's only


# --- W7: the round's points, and properties of random play --------------------------------


@seed(71)
@settings(max_examples=12, deadline=None, database=None)
@given(SEEDS)
def test_w7_random_games_keep_states_consistent_and_score_eleven_plus_sweeps(
        game_seed: int) -> None:
    """Every step of a whole game: 52 cards (conservation), validate(), JSON and views
    round trip, hands at four while the stock lasts, 11 points a round plus sweeps."""
    steps = random_game(game_seed)
    scored = 0
    for state, move, step in steps:
        check_state(state)
        check_move(move)
        if state.stock:  # W2, W6
            assert [h.bit_count() for h in state.hands] == [4, 4]
            assert state.to_move == (state.dealer + 1 + 40 - len(state.stock)) % 2
        after = step.state
        if after.round == state.round and after.stock:
            assert after.hands[state.to_move] >> state.stock[0] & 1  # W2: the top card
        for event in step.events:
            if event.type == "round_scored":
                scored += 1
                check_round_scored(event.get("breakdown"))
                assert len(state.history) == 47  # W5: 48 plays a round, as in standard
    final = steps[-1][2].state
    check_state(final)
    assert final.status == "game_over" and scored >= 1


@seed(72)
@settings(max_examples=6, deadline=None, database=None)
@given(SEEDS)
def test_w7_views_round_trip_and_hide_the_hand_and_the_draws(game_seed: int) -> None:
    for state, _move, step in random_game(game_seed, max_moves=60):
        check_views(state)
        for event in step.events:
            if event.type == "draw":
                mover = event.get("player")
                assert event.to_dict(mover)["card"] == card_name(event.get("card"))
                assert event.to_dict(1 - mover)["card"] is None  # R29


def test_w7_reference_moves_agree_in_draw_positions() -> None:
    """The independent generator (tests/engine/reference.py) on positions only ``draw``
    reaches: owners with four cards, builds that lived through several draws."""
    long_lived = 0
    for game_seed in (3, 8):
        for state, _move, _step in random_game(game_seed, max_moves=96):
            moves = state.legal_moves()
            assert len(moves) == len(set(moves))
            assert set(moves) == reference_moves_of(state), state.to_dict()
            for b in state.builds:
                if state.hands[b.owner].bit_count() == 4:
                    long_lived += 1
                    own = generate(state.hands[b.owner], state.loose, state.builds, b.owner,
                                   state.rules)
                    assert set(own) == reference_moves(state.hands[b.owner], state.loose,
                                                       state.builds, b.owner)
    assert long_lived  # the comparison did cover such positions


# --- perft ---------------------------------------------------------------------------------

# new_game(5, "draw") after these 39 random plays: the stock holds its last card; the
# dealer (seat 1) is to move and will draw it.  Depth 2 is in the last batch (W5).
LATE_MOVES = [
    "KH", "6S+AH2H=9", "7D", "9CxAH2H6S", "8H", "6D", "3S", "AC", "3D+AC3S7D=7", "JS",
    "7C+AC3S3D7D=7", "JHxJC", "4C+6D=10", "JD", "7SxAC3S3D7D7C", "3H", "2D+8H=10", "AS",
    "10S+2D8H=10", "5C", "4S+AS5C=10", "KDxKH", "10Hx2D4C6D8H10S", "2S", "5S+2S3H=10", "9D",
    "10DxAS2S3H4S5S5C", "4H", "5D", "2C", "6C+2C=8", "QDxQH", "8S+2C6C=8", "4D", "8Dx2C6C8S",
    "8Cx4H4D", "QS", "9Sx9D", "KC",
]
# ... and five more: two cards in each hand; depth 4 ends the round (R24-R26) and
# depth 5 plays round 2's first move.
END_MOVES = [*LATE_MOVES, "9H", "KS", "5Hx5D", "7H", "AD"]


def after(moves: list[str]) -> State:
    state = engine.new_game(5, VARIANT)
    for move_id in moves:
        state = state.apply(parse_move_id(move_id)).state
    return state


POSITIONS = {
    "new_game(1)": lambda: engine.new_game(1, VARIANT),
    "new_game(2)": lambda: engine.new_game(2, VARIANT),
    "late(5)": lambda: after(LATE_MOVES),
    "end(5)": lambda: after(END_MOVES),
}
PERFT = {
    "new_game(1)": [5, 27, 128, 733, 4485, 32858],
    "new_game(2)": [7, 52, 406, 2800, 19865],
    "late(5)": [6, 36, 221, 975, 4943, 14576, 50960],
    "end(5)": [3, 12, 18, 34, 170, 1360, 9350],
}
REFERENCE_DEPTH = {"new_game(1)": 5, "new_game(2)": 4, "late(5)": 5, "end(5)": 6}


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(advance(state, move), depth - 1) for move in moves)


def test_perft_positions_are_what_they_claim() -> None:
    late, end = after(LATE_MOVES), after(END_MOVES)
    assert len(late.stock) == 1 and late.to_move == late.dealer == 1
    assert not end.stock and [h.bit_count() for h in end.hands] == [2, 2]
    assert end.round == 1 and end.batch == 2


@pytest.mark.parametrize("name", list(PERFT))
def test_perft_engine(name: str) -> None:
    state = POSITIONS[name]()
    assert [perft(state, d) for d in range(1, len(PERFT[name]) + 1)] == PERFT[name]


@pytest.mark.parametrize("name", list(PERFT))
def test_perft_reference(name: str) -> None:
    state = POSITIONS[name]()
    depth = REFERENCE_DEPTH[name]
    assert [reference_perft(state, d) for d in range(1, depth + 1)] == PERFT[name][:depth]
