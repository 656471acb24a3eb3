"""Scenario tests for the rules engine, one or more per rule of docs/rules/standard.md (R1-R29).

Positions are built with :func:`position`, which takes a compact description (hands,
loose table cards, builds, stock) and fills every other card into a capture pile or
the stock so that the state is complete and consistent (all 52 cards exactly once,
hand and stock sizes as R23 requires).  Moves are written in the engine's ``id``
notation (``KC`` trail, ``7Sx2H5C7D`` capture, ``2H+5C=7`` build).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import engine
from engine import (
    STANDARD,
    Build,
    CardError,
    IllegalMoveError,
    Move,
    MoveFormatError,
    State,
    StateError,
    card_name,
    format_cards,
    new_game,
    parse_card,
    parse_cards,
    parse_move,
    parse_move_id,
)
from engine.cards import FULL_DECK, cards_of
from engine.cassino import View
from engine.cassino.play import deal_order

AUTO = "auto"
ALL_CARDS = [card_name(c) for c in range(52)]
SPADES = [c for c in ALL_CARDS if c.endswith("S")]
HEARTS = [c for c in ALL_CARDS if c.endswith("H")]
DIAMONDS = [c for c in ALL_CARDS if c.endswith("D")]
CLUBS = [c for c in ALL_CARDS if c.endswith("C")]


# --- helpers ---------------------------------------------------------------------------


def mask(*tokens: str) -> int:
    return parse_cards(tokens)


def position_dict(hands: tuple[list[str], list[str]] | list[list[str]],
                  loose: list[str] | tuple[str, ...] = (),
                  builds: list[tuple[int, int, list[list[str]]]] | tuple[()] = (), *,
                  dealer: int = 1, to_move: int | None = None, stock: int | list[str] = 0,
                  captured: tuple[list[str], list[str]] | None = None, filler: int = 1,
                  sweeps: tuple[int, int] = (0, 0), last_capturer: Any = AUTO,
                  scores: tuple[int, int] = (0, 0), seed: int = 7, round_: int = 1,
                  deal: int = 1) -> dict[str, Any]:
    """A docs/api.md full-state dict from a compact description.

    ``stock`` is a number of filler cards or an explicit list (dealing order).  Every
    card not named anywhere goes to the stock (when ``stock`` is a number) and then to
    capture pile ``filler``.  ``to_move`` defaults to the nondealer when the hands are
    the same size and to the dealer otherwise; ``last_capturer`` defaults to a seat
    with a non-empty capture pile (``filler`` first), or null.
    """
    piles = [list(p) for p in (captured or ([], []))]
    named = [*hands[0], *hands[1], *loose, *piles[0], *piles[1]]
    for _, _, groups in builds:
        for group in groups:
            named += group
    if isinstance(stock, list):
        named += stock
    canon = [card_name(parse_card(t)) for t in named]
    assert len(canon) == len(set(canon)), f"a card is named twice: {canon}"
    rest = [c for c in ALL_CARDS if c not in set(canon)]
    if isinstance(stock, int):
        stock_cards, rest = rest[:stock], rest[stock:]
    else:
        stock_cards = list(stock)
    piles[filler] += rest
    if last_capturer == AUTO:
        last_capturer = filler if piles[filler] else next(
            (i for i in (0, 1) if piles[i]), None)
    if to_move is None:
        to_move = 1 - dealer if len(hands[0]) == len(hands[1]) else dealer
    return {
        "variant": "standard",
        "seed": seed,
        "round": round_,
        "deal": deal,
        "dealer": dealer,
        "to_move": to_move,
        "hands": [list(hands[0]), list(hands[1])],
        "stock": stock_cards,
        "table": {
            "loose": list(loose),
            "builds": [{"value": v, "owner": o, "groups": [list(g) for g in gs]}
                       for v, o, gs in builds],
        },
        "captured": piles,
        "sweeps": list(sweeps),
        "last_capturer": last_capturer,
        "last_batch": not stock_cards,
        "scores": list(scores),
        "status": "playing",
        "winner": None,
        "history": [],
        "previous_round": None,
    }


def position(*args: Any, **kwargs: Any) -> State:
    """A validated :class:`State` from :func:`position_dict`'s description."""
    return State.from_dict(position_dict(*args, **kwargs))


def play(state: State, *ids: str) -> tuple[State, list[engine.Event]]:
    """Apply the moves (by id) in turn; the final state and every event, in order."""
    events: list[engine.Event] = []
    for move_id in ids:
        step = state.apply(parse_move_id(move_id))
        state = step.state
        events += step.events
    return state, events


def refused(state: State, move: str | Move) -> engine.GameError:
    """The error ``state.apply`` raises for an illegal ``move``."""
    if isinstance(move, str):
        move = parse_move_id(move)
    with pytest.raises((IllegalMoveError, MoveFormatError)) as info:
        state.apply(move)
    return info.value


def ids(state: State) -> set[str]:
    return {m.id for m in state.legal_moves()}


def group_sets(groups: Any) -> set[frozenset[str]]:
    """Build groups (masks or lists of names) as a set of sets of card names."""
    out = set()
    for g in groups:
        out.add(frozenset(format_cards(g) if isinstance(g, int) else g))
    return out


def types(events: list[engine.Event]) -> list[str]:
    return [e.type for e in events]


def last_card_position(hand: str, *, dealer: int = 0, loose: tuple[str, ...] = (),
                       captured: tuple[list[str], list[str]] | None = None, filler: int = 1,
                       last_capturer: Any = AUTO, scores: tuple[int, int] = (0, 0),
                       sweeps: tuple[int, int] = (0, 0), seed: int = 11,
                       deal: int = 1, round_: int = 1) -> State:
    """The dealer about to play the round's last card ``hand`` (last batch, stock empty)."""
    hands: list[list[str]] = [[], []]
    hands[dealer] = [hand]
    return position(hands, list(loose), dealer=dealer, to_move=dealer, stock=0,
                    captured=captured, filler=filler, last_capturer=last_capturer,
                    scores=scores, sweeps=sweeps, seed=seed, deal=deal, round_=round_)


# --- the worked example of the rule card ----------------------------------------------


def test_worked_example_section_10() -> None:
    """Rule card section 10: build 7, extend to a multiple build, capture it with a seven."""
    # A is seat 0 (nondealer, to move), B is seat 1 (the dealer).
    state = position((["2H", "7D", "7S"], ["KC", "3C", "10H"]), ["5C", "8D"], stock=8)
    assert state.to_move == 0

    # A plays 2H on 5C announcing 7 and keeps 7D and 7S.
    state, events = play(state, "2H+5C=7")
    assert types(events) == ["build"]
    assert events[0].to_dict() == {"type": "build", "player": 0, "card": "2H", "value": 7,
                                   "targets": ["5C"], "kind": "create",
                                   "groups": [["2H", "5C"]],
                                   "description": "Player 0 builds 7 with 2♥ on 5♣"}
    assert state.builds == (Build.of(7, 0, [mask("2H", "5C")]),)
    assert state.loose == mask("8D")
    assert state.hands[0] == mask("7D", "7S")

    # B trails KC.
    state, events = play(state, "KC")
    assert types(events) == ["trail"]
    assert state.loose == mask("8D", "KC")

    # Declaring 14 with the 7D on the build of 7 is refused (R17).
    err = refused(state, Move("build", parse_card("7D"), mask("2H", "5C"), 14))
    assert err.rule == "R17"
    assert "14" in err.message

    # A owns the build of 7 and may not trail (R21).
    assert refused(state, "7D").rule == "R21"

    # A adds 7D as another group worth 7: the build is multiple, still a 7.
    state, events = play(state, "7D+2H5C=7")
    assert types(events) == ["build"]
    build_event = events[0].to_dict()
    assert build_event["kind"] == "extend"
    assert build_event["value"] == 7
    assert group_sets(build_event["groups"]) == {frozenset({"2H", "5C"}), frozenset({"7D"})}
    (build,) = state.builds
    assert (build.value, build.owner, build.cards) == (7, 0, mask("2H", "5C", "7D"))
    assert not build.single

    # The multiple build cannot be raised to 10 (R8, R14b), even by a player holding a 10.
    err = refused(state, "3C+2H5C7D=10")
    assert "R14b" in (err.rule or "")
    # B cannot take the build: B holds no seven (R18).
    assert not any(m.type == "capture" and m.targets & build.cards
                   for m in state.legal_moves())

    # B trails 3C.
    state, events = play(state, "3C")
    assert types(events) == ["trail"]

    # A plays 7S and captures 4 cards including the played card; no sweep.
    before = state.captured[0]
    state, events = play(state, "7Sx2H5C7D")
    assert types(events) == ["capture"]
    assert events[0].to_dict() == {"type": "capture", "player": 0, "card": "7S",
                                   "targets": ["2H", "5C", "7D"],
                                   "description": "Player 0 takes 2♥, 5♣ and 7♦ with 7♠"}
    taken = state.captured[0] & ~before
    assert taken == mask("7S", "2H", "5C", "7D")
    assert taken.bit_count() == 4
    assert state.loose == mask("8D", "KC", "3C")
    assert state.builds == ()
    assert state.sweeps == (0, 0)
    assert state.last_capturer == 0
    assert state.to_move == 1
    assert [p.move.id for p in state.history] == ["2H+5C=7", "KC", "7D+2H5C=7", "3C",
                                                   "7Sx2H5C7D"]


# --- cards ---------------------------------------------------------------------------


def test_R1_ace_is_one_numerals_face_value_court_cards_no_value() -> None:
    """R1: A=1, 2..10 face value, J Q K have no numeral value."""
    values = STANDARD.values
    assert values[parse_card("AS")] == 1
    assert [values[parse_card(f"{r}H")] for r in range(2, 11)] == list(range(2, 11))
    assert {values[parse_card(f"{r}D")] for r in "JQK"} == {0}
    state = position((["3S", "JH"], ["4C", "9D"]), ["AD", "2C", "JD", "QS"])
    moves = ids(state)
    assert "3SxAD2C" in moves  # the ace counts 1 in a sum
    # J captures its own rank only; it never joins a sum or a build
    assert {m for m in moves if m.startswith("JH")} == {"JHxJD", "JH"}
    assert not any(m.type == "build" for m in state.legal_moves())
    assert refused(state, "JHxQS").rule == "R10"


def test_R2_card_notation_input_spellings_and_canonical_output() -> None:
    """R2: rank then suit; input accepts lower case, T and suit symbols; output canonical."""
    ten_d = parse_card("10D")
    assert ten_d == parse_card("TD") == parse_card("td") == parse_card("10♦") == parse_card(
        "10♢")
    assert card_name(parse_card("k♣")) == "KC"
    assert card_name(parse_card("a♤")) == "AS"
    assert card_name(parse_card("q♡")) == "QH"
    assert format_cards(parse_cards(["as", "T♥", "q♧", "2d"])) == ["AS", "2D", "10H", "QC"]
    for bad in ["1S", "11S", "ZZ", "10X", "S", "", "AS1"]:
        with pytest.raises(CardError) as info:
            parse_card(bad)
        assert info.value.token == bad
    move = parse_move({"type": "capture", "card": "7s", "targets": ["5c", "2♥", "T♦"]})
    assert move.to_dict() == {"type": "capture", "card": "7S", "targets": ["2H", "5C", "10D"]}
    with pytest.raises(MoveFormatError) as minfo:
        parse_move({"type": "trail", "card": "XS"})
    assert minfo.value.token == "XS"
    data = position_dict((["2h", "7d"], ["kc", "3c"]), ["5c", "8d"], stock=8)
    state = State.from_dict(data)
    out = state.to_dict()
    assert out["hands"] == [["2H", "7D"], ["3C", "KC"]]
    assert out["table"]["loose"] == ["5C", "8D"]
    with pytest.raises(StateError) as sinfo:
        State.from_dict({**data, "hands": [["2H", "7X"], ["KC", "3C"]]})
    assert sinfo.value.token == "7X"
    assert sinfo.value.field == "hands[0][1]"


# --- deal and turn order -------------------------------------------------------------------


def test_R3_first_dealer_by_lot_from_seed_unless_fixed() -> None:
    """R3: the first dealer is drawn from the seed unless the caller fixes it."""
    dealers = [new_game(seed).dealer for seed in range(40)]
    assert set(dealers) == {0, 1}
    assert dealers == [new_game(seed).dealer for seed in range(40)]
    for seed in range(5):
        for dealer in (0, 1):
            state = new_game(seed, dealer=dealer)
            assert state.dealer == dealer
            assert state.to_move == 1 - dealer


def test_R3_dealer_alternates_after_a_complete_round() -> None:
    """R3: the dealer alternates after every complete round."""
    for dealer in (0, 1):
        state = last_card_position("KC", dealer=dealer, loose=("QD",))
        after, events = play(state, "KC")
        assert "round_scored" in types(events)
        assert after.round == 2
        assert after.deal == 2
        assert after.dealer == 1 - dealer
        assert after.to_move == dealer  # the new nondealer moves first (R4)


def test_R4_round_starts_four_each_four_loose_stock_forty_nondealer_first() -> None:
    """R4: 4 cards to each player, 4 loose table cards, stock 40, the nondealer moves first."""
    for seed in range(6):
        state = new_game(seed)
        assert [h.bit_count() for h in state.hands] == [4, 4]
        assert state.loose.bit_count() == 4
        assert state.builds == ()
        assert len(state.stock) == 40
        assert state.to_move == 1 - state.dealer
        assert state.captured == (0, 0)
        assert state.sweeps == (0, 0)
        assert state.last_capturer is None
        assert (state.round, state.deal, state.scores) == (1, 1, (0, 0))
        union = state.hands[0] | state.hands[1] | state.loose | mask(
            *[card_name(c) for c in state.stock])
        assert union == FULL_DECK
        d = state.to_dict()
        assert d["last_batch"] is False
        assert d["status"] == "playing"
        # the dealer may not play first
        dealer_card = next(cards_of(state.hands[state.dealer]))
        err = refused(state, Move("trail", dealer_card))  # out of turn: says whose turn
        assert err.rule == "R4"
        assert f"it is player {state.to_move}'s turn" in err.message


def test_R4_turns_alternate() -> None:
    """R4: after the nondealer's move, turns alternate."""
    state = position((["9S", "KH"], ["3C", "QH"]), ["4D", "5H", "2C"], stock=8)
    seen = [state.to_move]
    for move_id in ["KH", "QH", "9S"]:
        state, _ = play(state, move_id)
        seen.append(state.to_move)
    assert seen == [0, 1, 0, 1]


def test_R5_batch_nondealer_takes_first_four_dealer_next_four_no_table_cards() -> None:
    """R5: with both hands empty, the nondealer takes the first 4 of the stock, the dealer
    the next 4, no table cards; the last batch is announced."""
    stock = ["AS", "2H", "3D", "4C", "5S", "6H", "7D", "8C"]
    state = position(([], ["KC"]), ["QD", "9H"], dealer=1, to_move=1, stock=stock)
    assert state.last_batch is False
    after, events = play(state, "KC")
    assert types(events) == ["trail", "deal"]
    deal = events[1].to_dict()
    assert {k: deal[k] for k in ("type", "deal", "last_batch")} == {
        "type": "deal", "deal": 1, "last_batch": True}
    assert after.hands[0] == mask("AS", "2H", "3D", "4C")  # nondealer first
    assert after.hands[1] == mask("5S", "6H", "7D", "8C")  # then the dealer
    assert after.stock == ()
    assert after.loose == mask("QD", "9H", "KC")  # no table cards dealt
    assert after.to_move == 0  # the nondealer starts the batch
    assert after.last_batch is True
    assert after.to_dict()["last_batch"] is True


def test_R5_six_batches_per_round_and_last_batch_flag() -> None:
    """R5: 6 batches in a round; last_batch is true exactly once the stock is empty."""
    rng = random.Random(3)
    state = new_game(2024)
    round_deal_events = []
    moves = 0
    while state.round == 1 and state.deal == 1:
        assert state.to_dict()["last_batch"] is (len(state.stock) == 0)
        step = state.apply(rng.choice(state.legal_moves()))
        moves += 1
        for event in step.events:
            if event.type == "deal" and event.get("deal") == 1:
                round_deal_events.append(event.to_dict())
                assert [h.bit_count() for h in step.state.hands] == [4, 4]
                assert step.state.builds == ()  # no build survives to a new batch (R23)
        state = step.state
    assert moves == 48  # 6 batches of 4 cards to each of 2 players
    assert len(round_deal_events) == 5  # batches 2..6 (the first came with the round)
    assert [e["last_batch"] for e in round_deal_events] == [False] * 4 + [True]


def test_R5_deals_are_a_pure_function_of_seed_and_deal() -> None:
    """R5: a round's first deal depends only on the game seed and the deal number."""
    assert new_game(99) == new_game(99)
    assert new_game(99).hands != new_game(100).hands
    assert deal_order(99, 1) == deal_order(99, 1)
    assert deal_order(99, 1) != deal_order(99, 2)
    assert sorted(deal_order(99, 3)) == list(range(52))
    # the same seed and deal number give the same next round, whatever was played
    a = last_card_position("KC", dealer=0, loose=("QD",), seed=5, deal=1)
    b = last_card_position("7S", dealer=0, loose=("7D", "3H"),
                           captured=(["AS", "2S"], []), seed=5, deal=1)
    a2, _ = play(a, "KC")
    b2, _ = play(b, "7Sx7D")
    assert (a2.deal, b2.deal) == (2, 2)
    assert (a2.hands, a2.loose, a2.stock) == (b2.hands, b2.loose, b2.stock)
    # and a different seed gives a different deal
    c = last_card_position("KC", dealer=0, loose=("QD",), seed=6, deal=1)
    c2, _ = play(c, "KC")
    assert (c2.hands, c2.loose, c2.stock) != (a2.hands, a2.loose, a2.stock)
    # a state survives its JSON form unchanged
    assert State.from_dict(a2.to_dict()) == a2


def test_R6_one_card_per_turn_capture_grants_no_extra_turn() -> None:
    """R6: exactly one card from hand per turn; a capture never grants an extra turn."""
    state = position((["7S", "9H"], ["4C", "KD"]), ["7D", "QS"], stock=8)
    after, _ = play(state, "7Sx7D")
    assert after.to_move == 1
    assert after.hands[0] == mask("9H")
    assert after.hands[1] == state.hands[1]
    err = refused(after, "9H")  # seat 0 may not play again: it is seat 1's turn (R4)
    assert err.rule == "R4"
    assert "9H" in err.message and "it is player 1's turn, not player 0's" in err.message
    assert refused(state, "QS").rule == "R6"  # a table card is not in hand


# --- the table -----------------------------------------------------------------------------


def test_R7_build_has_value_groups_and_owner() -> None:
    """R7: a build has a value, groups worth that value, and an owner."""
    state = position((["3D", "7S", "9C"], ["KC", "QD", "JH"]), ["5C", "2H", "4S", "8D"],
                     stock=8)
    after, _ = play(state, "3D+2H4S5C=7")
    (build,) = after.builds
    assert build.value == 7
    assert build.owner == 0
    assert group_sets(build.groups) == {frozenset({"2H", "5C"}), frozenset({"3D", "4S"})}
    for group in build.groups:
        assert sum(STANDARD.values[c] for c in cards_of(group)) == 7
    # a submitted build whose group is not worth its value is inconsistent
    data = position_dict((["7S", "9C"], ["KC", "QD"]), ["8D"],
                         [(7, 0, [["2H", "4C"]])], stock=8)
    with pytest.raises(StateError) as info:
        State.from_dict(data)
    assert info.value.rule == "R7"
    assert info.value.field == "table.builds[0].groups"


def test_R8_build_is_indivisible_part_of_a_build_is_refused() -> None:
    """R8: nobody may take or use part of a build; a build is named by all its cards."""
    state = position((["5S", "7S", "9C"], ["7H", "QD", "JH"]),
                     ["4D"], [(7, 1, [["2H", "5C"]])], stock=8)
    err = refused(state, "5Sx5C")
    assert isinstance(err, MoveFormatError)
    assert err.rule == "R8"
    assert "all its cards" in err.message
    err = refused(state, "7Sx5C")
    assert err.rule == "R8"
    err = refused(state, "9C+4D5C=9")
    assert err.rule == "R8"
    assert "5Sx5C" not in ids(state)
    assert "7Sx2H5C" in ids(state)


def test_R8_single_and_multiple_builds() -> None:
    """R8: a build whose cards sum to its value is single; otherwise multiple."""
    single = Build.of(7, 0, [mask("2H", "5C")])
    multiple = Build.of(7, 0, [mask("2H", "5C"), mask("7D")])
    assert single.single
    assert not multiple.single
    state = position((["3S", "10D", "9C"], ["7H", "QD", "JH"]), [],
                     [(7, 1, [["2H", "5C"], ["7D"]])], stock=8)
    assert refused(state, "3S+2H5C7D=10").rule == "R8, R14b"


# --- moves ---------------------------------------------------------------------------


def test_R9_trail_allowed_even_when_a_capture_is_possible() -> None:
    """R9: a player who owns no build may trail even if a capture is possible."""
    state = position((["7S", "9H"], ["4C", "KD"]), ["7D", "QS"], stock=8)
    moves = ids(state)
    assert "7Sx7D" in moves
    assert "7S" in moves
    after, events = play(state, "7S")
    assert events[0].to_dict() == {"type": "trail", "player": 0, "card": "7S",
                                   "description": "Player 0 trails 7♠"}
    assert after.loose == mask("7D", "QS", "7S")
    assert after.captured == state.captured
    with pytest.raises(MoveFormatError) as info:
        parse_move({"type": "trail", "card": "7S", "targets": ["7D"]})
    assert info.value.rule == "R9"


def test_R10_court_card_captures_exactly_one_loose_card_of_its_rank() -> None:
    """R10: a court card captures exactly one loose card of its rank, never builds or sums."""
    state = position((["KS", "QH", "8C"], ["8H", "2D", "3D"]),
                     ["KH", "KD", "QC", "AC"], [(8, 1, [["3S", "5C"]])], stock=8)
    moves = ids(state)
    assert {m for m in moves if m.startswith("KS")} == {"KSxKH", "KSxKD", "KS"}
    assert {m for m in moves if m.startswith("QH")} == {"QHxQC", "QH"}
    for bad in ["KSxKDKH", "KSxQC", "KSx3S5C", "KSxACKH"]:
        err = refused(state, bad)
        assert err.rule == "R10", bad
        assert "exactly one" in err.message
    after, _ = play(state, "KSxKD")
    assert after.loose == mask("KH", "QC", "AC")
    assert after.captured[0] == mask("KS", "KD")


def test_R11_every_collection_of_targets_is_a_distinct_capture() -> None:
    """R11: a numeral takes any non-empty collection of disjoint targets worth its value."""
    state = position((["7S", "KH"], ["4C", "QD"]),
                     ["7D", "5C", "2H", "3C", "4D", "QS"], stock=8)
    seven = {m.targets for m in state.legal_moves() if m.type == "capture"
             and m.card == parse_card("7S")}
    groups = [mask("7D"), mask("5C", "2H"), mask("3C", "4D")]
    expected = set()
    for pick in range(1, 8):
        expected.add(sum(g for i, g in enumerate(groups) if pick >> i & 1))
    assert seven == expected
    assert len(seven) == 7
    # a set that is not made of groups worth 7 is refused
    err = refused(state, "7Sx2H3C")
    assert err.rule == "R11"
    # a card named twice is a malformed move
    with pytest.raises(MoveFormatError):
        parse_move({"type": "capture", "card": "7S", "targets": ["7D", "7d"]})


def test_R11_same_table_cards_by_two_partitions_is_one_move() -> None:
    """R11: captures taking the same set of table cards are the same move, listed once."""
    state = position((["6C", "KH"], ["4C", "QD"]), ["AS", "AH", "2S", "2H", "3S", "3H"], stock=8)
    moves = state.legal_moves()
    assert len(moves) == len(set(moves))
    everything = mask("AS", "AH", "2S", "2H", "3S", "3H")
    matching = [m for m in moves if m.type == "capture" and m.targets == everything]
    assert len(matching) == 1
    after, _ = play(state, "6CxAS2S3SAH2H3H")
    assert after.loose == 0
    assert after.captured[0] == everything | mask("6C")


def test_R12_played_card_and_taken_cards_go_to_mover_pile_mover_last_capturer() -> None:
    """R12: the played card and everything taken go to the mover's pile; mover is last capturer."""
    state = position((["9S", "KH"], ["3C", "QH"]), ["4D", "5H", "KS"], stock=8)
    assert state.last_capturer == 1
    before = state.captured
    after, _ = play(state, "9Sx4D5H")
    assert after.captured[0] == before[0] | mask("9S", "4D", "5H")
    assert after.captured[1] == before[1]
    assert after.last_capturer == 0
    assert after.loose == mask("KS")


def test_R13_sweep_scores_when_capture_clears_the_table() -> None:
    """R13: a capture leaving no loose card and no build is a sweep; otherwise it is not."""
    state = position((["9S", "KH"], ["3C", "QH"]), ["4D", "5H"], stock=8)
    after, events = play(state, "9Sx4D5H")
    assert types(events) == ["capture", "sweep"]
    assert events[1].to_dict() == {"type": "sweep", "player": 0, "description": "Sweep!"}
    assert after.sweeps == (1, 0)
    assert after.table_cards == 0
    # a court-card capture that clears the table is a sweep too
    state2 = position((["9S", "KH"], ["3C", "QH"]), ["KS"], stock=8, sweeps=(0, 2))
    after2, events2 = play(state2, "KHxKS")
    assert types(events2) == ["capture", "sweep"]
    assert after2.sweeps == (1, 2)
    # a capture that leaves a card behind is no sweep
    state3 = position((["9S", "KH"], ["3C", "QH"]), ["4D", "5H", "QS"], stock=8)
    after3, events3 = play(state3, "9Sx4D5H")
    assert types(events3) == ["capture"]
    assert after3.sweeps == (0, 0)
    # a capture that leaves a build behind is no sweep
    state4 = position((["9S", "KH"], ["3C", "7C"]), ["4D", "5H"], [(7, 1, [["2H", "5C"]])],
                      stock=8)
    after4, events4 = play(state4, "9Sx4D5H")
    assert types(events4) == ["capture"]
    assert after4.sweeps == (0, 0)


def test_R13_last_card_of_round_sweeps_when_it_clears_the_table() -> None:
    """R13: the last card of the round counts as a sweep when it clears the table by capture."""
    state = last_card_position("7S", dealer=0, loose=("7D",), filler=1)
    after, events = play(state, "7Sx7D")
    assert types(events)[:3] == ["capture", "sweep", "round_scored"]
    assert "residue" not in types(events)
    breakdown = events[2].to_dict()["breakdown"]
    assert breakdown["players"][0]["sweeps"] == 1
    assert breakdown["players"][0]["points"]["sweeps"] == 1
    assert after.previous_round is not None
    assert after.previous_round.players[0].sweeps == 1


def test_R14_retain_rule_refuses_build_without_capturing_card() -> None:
    """R14: after a build the mover must still hold a numeral of the announced value."""
    state = position((["2H", "QC"], ["KC", "QD"]), ["5C", "7D"], stock=8)
    err = refused(state, "2H+5C=7")
    assert err.rule == "R14"
    assert "keep a 7" in err.message
    assert not any(m.type == "build" for m in state.legal_moves())
    # the card played does not count as the retained card
    state2 = position((["7S", "2H"], ["KC", "QD"]), ["7D", "5C"], stock=8)
    assert refused(state2, "7S+7D=7").rule == "R14"
    assert "2H+5C=7" in ids(state2)  # keeping the 7S, 2H may build 7
    # with a seven kept, the same builds are legal
    state3 = position((["2H", "7S", "9C"], ["KC", "QD", "JH"]), ["5C", "7D"], stock=8)
    assert "2H+5C=7" in ids(state3)
    # a court card cannot build at all
    state4 = position((["KH", "7S"], ["KC", "QD"]), ["5C", "2D"], stock=8)
    assert refused(state4, Move("build", parse_card("KH"), mask("5C", "2D"), 7)).rule == "R14"


def test_R14a_create_a_build() -> None:
    """R14a: create with the card and loose cards, or the card alone plus another group."""
    hands = (["2H", "7S", "7D"], ["KC", "QD", "JH"])
    loose = ["5C", "3S", "4H"]
    state = position(hands, loose, stock=8)

    after, events = play(state, "2H+5C=7")
    assert events[0].get("kind") == "create"
    assert group_sets(events[0].to_dict()["groups"]) == {frozenset({"2H", "5C"})}
    assert after.builds[0].owner == 0 and after.builds[0].value == 7
    assert after.loose == mask("3S", "4H")

    after, events = play(state, "2H+3S4H5C=7")  # further loose groups make it multiple
    assert events[0].get("kind") == "create"
    assert group_sets(after.builds[0].groups) == {frozenset({"2H", "5C"}),
                                                  frozenset({"3S", "4H"})}
    assert after.loose == 0

    after, events = play(state, "7S+3S4H=7")  # the card alone, with another group of 7
    assert events[0].get("kind") == "create"
    assert group_sets(after.builds[0].groups) == {frozenset({"7S"}), frozenset({"3S", "4H"})}

    # no build from hand alone
    assert refused(state, Move("build", parse_card("7S"), 0, 7)).rule == "R16"

    # the card alone with a single loose card of the same value (two one-card groups)
    pair = position((["7S", "7D", "9C"], ["KC", "QD", "JH"]), ["7C", "8H"], stock=8)
    assert "7S+7C=7" in ids(pair)
    after, events = play(pair, "7S+7C=7")
    assert events[0].get("kind") == "create"
    assert group_sets(after.builds[0].groups) == {frozenset({"7S"}), frozenset({"7C"})}
    assert not after.builds[0].single


def test_R14b_raise_a_single_build() -> None:
    """R14b: raise a single build with a card from hand; loose cards cannot add to the sum."""
    state = position((["2S", "7D", "8D"], ["5D", "KC", "QC"]), ["AH", "3D", "4C"],
                     [(5, 1, [["2H", "3C"]])], stock=8)
    after, events = play(state, "2S+2H3C=7")
    assert events[0].to_dict()["kind"] == "raise"
    (build,) = after.builds
    assert (build.value, build.owner) == (7, 0)
    assert group_sets(build.groups) == {frozenset({"2S", "2H", "3C"})}

    after, events = play(state, "2S+2H3C3D4C=7")  # with a further loose group of 7
    assert events[0].get("kind") == "raise"
    assert group_sets(after.builds[0].groups) == {frozenset({"2S", "2H", "3C"}),
                                                  frozenset({"3D", "4C"})}
    assert not after.builds[0].single

    err = refused(state, "2S+AH2H3C=8")  # a loose ace cannot add to the raise
    assert err.rule == "R14b"
    assert "loose cards cannot add" in err.message


def test_R14b_multiple_build_cannot_be_raised() -> None:
    """R14b: a multiple build can never be raised."""
    state = position((["3S", "10D", "9C"], ["7H", "QD", "JH"]), ["4S"],
                     [(7, 1, [["2H", "5C"], ["7C"]])], stock=8)
    err = refused(state, "3S+2H5C7C=10")
    assert "R14b" in (err.rule or "")
    assert "multiple" in err.message
    assert not any(m.type == "build" and m.targets & mask("7C") for m in state.legal_moves())


def test_R14c_extend_a_build_keeps_its_value() -> None:
    """R14c: extend a build of v with the card alone or with loose cards summing to v."""
    state = position((["7S", "7D", "4D"], ["7H", "QD", "JH"]), ["3S", "6C", "AC"],
                     [(7, 1, [["2H", "5C"]])], stock=8)
    after, events = play(state, "7S+2H5C=7")
    assert events[0].get("kind") == "extend"
    (build,) = after.builds
    assert (build.value, build.owner) == (7, 0)
    assert group_sets(build.groups) == {frozenset({"2H", "5C"}), frozenset({"7S"})}

    after, events = play(state, "4D+2H3S5C=7")
    assert events[0].get("kind") == "extend"
    assert group_sets(after.builds[0].groups) == {frozenset({"2H", "5C"}),
                                                  frozenset({"3S", "4D"})}

    after, events = play(state, "7S+AC2H5C6C=7")
    assert events[0].get("kind") == "extend"
    assert group_sets(after.builds[0].groups) == {frozenset({"2H", "5C"}), frozenset({"7S"}),
                                                  frozenset({"AC", "6C"})}
    assert after.builds[0].value == 7


def test_R15_move_identity_notation_and_kind() -> None:
    """R15: a build move is card, value and set of table cards; each legal move listed once."""
    state = position((["6C", "6D", "2D"], ["4C", "QD", "8H"]),
                     ["AS", "AH", "2S", "2H", "3S", "3H"], [(4, 1, [["4S"], ["3D", "AD"]])],
                     stock=8)
    moves = state.legal_moves()
    assert len(moves) == len(set(moves))
    six = mask("AS", "AH", "2S", "2H", "3S", "3H")
    assert len([m for m in moves if m.type == "build" and m.card == parse_card("6C")
                and m.targets == six and m.value == 6]) == 1
    for move in moves:
        assert parse_move_id(move.id) == move
        assert parse_move(move.to_dict()) == move
    assert parse_move_id("2H+5C=7") == Move("build", parse_card("2H"), mask("5C"), 7)
    assert parse_move({"type": "build", "card": "2H", "value": 7, "targets": ["5C"]}) == \
        Move("build", parse_card("2H"), mask("5C"), 7)
    # the build of 4 is multiple: it can be extended (to 4 it stays) but not raised
    assert not any(m.type == "build" and m.targets & mask("4S") and m.value != 4
                   for m in moves)


def test_R15_existing_groups_are_kept_only_new_groups_are_formed() -> None:
    """R15: groups of builds already on the table are kept; only new groups are chosen."""
    state = position((["5S", "8S"], ["8H", "QD"]), ["3H"], [(8, 1, [["3D", "5C"]])], stock=8)
    after, events = play(state, "5S+3D3H5C=8")
    assert events[0].get("kind") == "extend"
    expected = {frozenset({"3D", "5C"}), frozenset({"3H", "5S"})}
    assert group_sets(after.builds[0].groups) == expected
    assert group_sets(events[0].to_dict()["groups"]) == expected


def test_R16_never_build_entirely_from_table_cards_or_from_hand_alone() -> None:
    """R16: a build move always plays a card from hand into the build and uses a table card."""
    state = position((["2H", "7S", "7D"], ["KC", "QD", "JH"]), ["5C", "4S", "3H"], stock=8)
    err = refused(state, Move("build", parse_card("7S"), 0, 7))
    assert err.rule == "R16"
    with pytest.raises(MoveFormatError) as info:
        parse_move({"type": "build", "card": "7S", "value": 7, "targets": []})
    assert info.value.rule == "R16"
    # the 4S+3H on the table cannot be announced as a build by playing a table card
    assert refused(state, Move("build", parse_card("4S"), mask("3H"), 7)).rule == "R6"
    for move in state.legal_moves():
        if move.type == "build":
            assert move.targets
            assert state.hands[0] >> move.card & 1


def test_R17_no_build_value_above_ten() -> None:
    """R17: no build value above 10 in standard."""
    state = position((["6S", "5H", "7D"], ["KC", "QD", "JH"]), ["5C", "AS"], stock=8)
    err = refused(state, "6S+5C=11")
    assert err.rule == "R17"
    assert "11" in err.message
    assert not any(m.type == "build" and m.value > 10 for m in state.legal_moves())
    for value in (0, -3):
        err = refused(state, Move("build", parse_card("6S"), mask("AS"), value))
        assert err.rule in ("R14", "R17")
    own = position((["7D", "7S", "9C"], ["KC", "QD", "JH"]), ["8D"],
                   [(7, 0, [["2H", "5C"]])], stock=8)
    err = refused(own, "7D+2H5C=14")
    assert err.rule == "R17"


def test_R18_build_captured_only_by_a_numeral_of_its_value() -> None:
    """R18: a build is captured only by its value; no loose card added to take it otherwise."""
    state = position((["8S", "7D"], ["7H", "QD"]), ["AS"], [(7, 1, [["2H", "5C"]])], stock=8)
    err = refused(state, "8SxAS2H5C")
    assert err.rule == "R18"
    assert "only by a 7" in err.message
    assert not any(m.targets & mask("2H") for m in state.legal_moves()
                   if m.card == parse_card("8S"))
    after, events = play(state, "7Dx2H5C")
    assert events[0].to_dict()["targets"] == ["2H", "5C"]
    assert after.builds == ()
    assert after.captured[0] & mask("7D", "2H", "5C") == mask("7D", "2H", "5C")


def test_R19_capture_is_never_combined_with_building() -> None:
    """R19: one move either captures or builds, never both."""
    state = position((["2H", "7S", "7D"], ["KC", "QD", "JH"]), ["5C", "7C"], stock=8)
    # build 2H+5C and take 7C with 7S in one move: refused
    err = refused(state, Move("capture", parse_card("7S"), mask("2H", "5C", "7C")))
    assert "R11" in (err.rule or "")
    err = refused(state, Move("build", parse_card("2H"), mask("5C", "7C"), 14))
    assert err.rule == "R17"
    # a build move leaves the capture piles alone; a capture makes no build
    after, _ = play(state, "2H+5C=7")
    assert after.captured == state.captured
    assert after.last_capturer == state.last_capturer
    assert after.loose == mask("7C")
    after, _ = play(state, "7Sx7C")
    assert after.builds == ()
    for move in state.legal_moves():
        assert move.type in ("trail", "capture", "build")


# --- obligations -----------------------------------------------------------------------


def test_R20_raising_transfers_ownership_and_releases_former_owner() -> None:
    """R20: whoever raises or extends a build becomes its owner; the former owner is released."""
    state = position((["2H", "7S", "9C"], ["3C", "10H", "KD"]), ["5C", "4S"], stock=8)
    state, _ = play(state, "2H+5C=7")
    assert state.builds[0].owner == 0
    state, events = play(state, "3C+2H5C=10")
    assert events[0].get("kind") == "raise"
    (build,) = state.builds
    assert (build.value, build.owner) == (10, 1)
    # seat 0 owns nothing now and may trail
    assert "9C" in ids(state)
    state, _ = play(state, "9C")
    # seat 1 owns the build of 10 and may not trail
    assert refused(state, "KD").rule == "R21"
    assert ids(state) == {"10Hx2H3C5C"}


def test_R20_extending_transfers_ownership() -> None:
    """R20: extending the opponent's build makes the mover its owner."""
    state = position((["2H", "7S", "9C"], ["7D", "7C", "KD"]), ["5C", "4S"], stock=8)
    state, _ = play(state, "2H+5C=7")
    state, events = play(state, "7D+2H5C=7")
    assert events[0].get("kind") == "extend"
    assert state.builds[0].owner == 1
    assert "9C" in ids(state)  # seat 0 released


def test_R21_no_trail_while_owning_a_build() -> None:
    """R21: a player who owns a build may not trail."""
    state = position((["7S", "9C"], ["KD", "3C"]), ["4D", "QH"], [(7, 0, [["2H", "5C"]])],
                     stock=8)
    err = refused(state, "9C")
    assert err.rule == "R21"
    assert "trail" in err.message
    assert not any(m.type == "trail" for m in state.legal_moves())
    assert "7Sx2H5C" in ids(state)


def test_R22_last_card_of_build_value_must_take_the_build() -> None:
    """R22: the owner may not spend the last numeral of a build's value and leave the build."""
    state = position((["7S", "10C"], ["KD", "QC"]), ["3H", "4D"], [(7, 0, [["2H", "5C"]])],
                     stock=8)
    err = refused(state, "7Sx3H4D")
    assert err.rule == "R22"
    err = refused(state, "7S+3H=10")
    assert err.rule == "R22"
    assert "7Sx2H3H4D5C" in ids(state)
    assert "7Sx2H5C" in ids(state)
    # with a second seven the owner may spend one elsewhere
    state2 = position((["7S", "7D", "10C"], ["KD", "QC", "JC"]), ["3H", "4H"],
                      [(7, 0, [["2H", "5C"]])], stock=8)
    assert "7Sx3H4H" in ids(state2)


def test_R22_raising_own_build_with_last_card_of_old_value() -> None:
    """R22: raising one's own single build with the last card of its old value is legal."""
    state = position((["5S", "10C"], ["KD", "QC"]), ["9H"], [(5, 0, [["2H", "3C"]])], stock=8)
    after, events = play(state, "5S+2H3C=10")
    assert events[0].get("kind") == "raise"
    assert after.builds[0].value == 10
    assert after.builds[0].owner == 0
    # but not to a value the mover cannot keep
    state2 = position((["5S", "9C"], ["KD", "QC"]), ["9H"], [(5, 0, [["2H", "3C"]])], stock=8)
    assert refused(state2, "5S+2H3C=10").rule == "R14"


def test_R23_validation_names_field_and_rule() -> None:
    """R23: inconsistent full states are rejected with a StateError naming field and rule."""
    good = position_dict((["7S", "9C"], ["KD", "3C"]), ["4D"], [(7, 0, [["2H", "5C"]])],
                         stock=8)
    State.from_dict(good)

    def broken(change: Any) -> StateError:
        data = copy.deepcopy(good)
        change(data)
        with pytest.raises(StateError) as info:
            State.from_dict(data)
        return info.value

    # hand sizes: unequal hands when the nondealer is to move
    err = broken(lambda d: d["hands"][1].append(d["captured"][1].pop()))
    assert (err.field, err.rule) == ("hands", "R23")
    # dealer to move must hold one card more
    err = broken(lambda d: d.update(to_move=1))
    assert (err.field, err.rule) == ("hands", "R23")
    # the owner of a build must hold a numeral of its value
    err = broken(lambda d: d["table"]["builds"][0].update(owner=1))
    assert (err.field, err.rule) == ("table.builds[0].owner", "R23")
    # stock not a multiple of 8
    err = broken(lambda d: d["stock"].append(d["captured"][1].pop()))
    assert (err.field, err.rule) == ("stock", "R5")
    # a card missing
    err = broken(lambda d: d["captured"][1].remove("JS"))
    assert err.token == "JS"
    assert "missing" in err.message
    # a card twice
    err = broken(lambda d: d["table"]["loose"].append("9C"))
    assert err.token == "9C"
    # last_capturer and capture piles disagree
    err = broken(lambda d: d.update(last_capturer=0))
    assert (err.field, err.rule) == ("last_capturer", "R12")
    err = broken(lambda d: d.update(last_capturer=None))
    assert (err.field, err.rule) == ("last_capturer", "R12")
    # a sweep needs a capture pile
    err = broken(lambda d: d.update(sweeps=[1, 0]))
    assert (err.field, err.rule) == ("sweeps[0]", "R13")
    # a court card in a build, a build value above 10
    def add_court_build(d: dict[str, Any]) -> None:
        d["captured"][1].remove("KS")
        d["captured"][1].remove("10S")
        d["table"]["builds"].append({"value": 10, "owner": 0, "groups": [["KS", "10S"]]})

    err = broken(add_court_build)
    assert err.field == "table.builds[1].groups"
    err = broken(lambda d: d["table"]["builds"][0].update(value=11))
    assert err.rule == "R17"


def test_R23_no_build_survives_to_a_new_batch() -> None:
    """R23: with full hands at the start of a batch no build can be on the table."""
    data = position_dict((["7S", "9C", "2D", "3D"], ["KD", "3C", "QH", "JH"]), ["4D"],
                         [(7, 0, [["2H", "5C"]])], stock=8)
    with pytest.raises(StateError) as info:
        State.from_dict(data)
    assert info.value.rule == "R23"
    # the same build with a card already played this batch is fine
    State.from_dict(position_dict((["7S", "9C", "2D"], ["KD", "3C", "QH"]), ["4D"],
                                  [(7, 0, [["2H", "5C"]])], stock=8))


def test_R23_dealer_with_a_full_hand_cannot_own_a_build() -> None:
    """R23: a build owned by a player who has not yet played this batch is inconsistent."""
    # the dealer (seat 1) is to move and still holds a full hand of 4
    data = position_dict((["7S", "9C", "2D"], ["KD", "3C", "QH", "7H"]), ["4D"],
                         [(7, 1, [["2H", "5C"]])], stock=8)
    with pytest.raises(StateError) as info:
        State.from_dict(data)
    assert info.value.rule == "R23"
    # owned by the nondealer, who has played a card this batch, it is fine
    State.from_dict(position_dict((["7S", "9C", "2D"], ["KD", "3C", "QH", "7H"]), ["4D"],
                                  [(7, 0, [["2H", "5C"]])], stock=8))


# --- end of round and scoring ------------------------------------------------------------


def test_R24_residue_goes_to_last_capturer_and_is_not_a_sweep() -> None:
    """R24: after the last card the table goes to the last capturer; this is not a sweep."""
    state = last_card_position("KC", dealer=0, loose=("QD", "5H"), filler=1)
    assert state.last_capturer == 1
    pile1 = state.captured[1]
    after, events = play(state, "KC")
    assert types(events) == ["trail", "residue", "round_scored", "deal"]
    assert events[1].to_dict() == {"type": "residue", "player": 1, "cards": ["5H", "QD", "KC"],
        "description": "Player 1 takes the cards left on the table: 5♥, Q♦ and K♣"}
    assert "sweep" not in types(events)
    breakdown = after.previous_round
    assert breakdown is not None
    assert breakdown.players[1].cards == (pile1 | mask("QD", "5H", "KC")).bit_count()
    assert breakdown.players[0].sweeps == 0
    assert breakdown.players[1].sweeps == 0


def test_R24_residue_collector_is_last_capturer_not_last_mover() -> None:
    """R24: the residue goes to the last capturer even if the other player moved last."""
    state = last_card_position("9S", dealer=1, loose=("4D", "AC", "QC"),
                               captured=(["2S", "2D"], ["3S", "3D"]), filler=0,
                               last_capturer=0)
    _, events = play(state, "9S")
    residue = [e for e in events if e.type == "residue"]
    assert len(residue) == 1
    assert residue[0].get("player") == 0
    assert format_cards(residue[0].get("cards")) == ["AC", "4D", "9S", "QC"]


def test_R25_void_round_replayed_by_same_dealer() -> None:
    """R25: a round where nobody captured scores nothing and is redealt by the same dealer."""
    others = [c for c in ALL_CARDS if c != "KC"]
    state = position(([], ["KC"]), others, dealer=1, to_move=1, stock=0, scores=(5, 8),
                     round_=2, deal=3)
    assert state.last_capturer is None
    assert state.captured == (0, 0)
    after, events = play(state, "KC")
    assert types(events) == ["trail", "round_void", "deal"]
    assert events[1].to_dict() == {"type": "round_void", "round": 2, "deal": 3,
        "description": "Nobody captured in round 2: it is dealt again"}
    deal = events[2].to_dict()
    assert deal["deal"] == 4
    assert deal["last_batch"] is False
    assert after.dealer == 1
    assert after.to_move == 0
    assert after.round == 2
    assert after.deal == 4
    assert after.scores == (5, 8)
    assert after.previous_round is None
    assert [h.bit_count() for h in after.hands] == [4, 4]
    assert len(after.stock) == 40
    assert after.loose.bit_count() == 4
    assert after.captured == (0, 0)
    assert after.history == ()


def test_R26_round_points() -> None:
    """R26: cards 3, spades 1, each ace 1, 10D 2, 2S 1, each sweep 1."""
    pile0 = mask(*SPADES, *HEARTS, "10D")
    pile1 = FULL_DECK & ~pile0
    result = engine.score((pile0, pile1), (2, 1), STANDARD)
    p0, p1 = result.players
    assert (p0.cards, p0.spades, p0.aces, p0.big_cassino, p0.little_cassino, p0.sweeps) == \
        (27, 13, 2, 1, 1, 2)
    assert p0.points._asdict() == {"cards": 3, "spades": 1, "aces": 2, "big_cassino": 2,
                                   "little_cassino": 1, "sweeps": 2}
    assert p0.total == 11
    assert p1.points._asdict() == {"cards": 0, "spades": 0, "aces": 2, "big_cassino": 0,
                                   "little_cassino": 0, "sweeps": 1}
    assert result.totals == (11, 3)
    assert sum(result.totals) == 11 + 3
    assert result.to_dict()["players"][1] == {
        "cards": 25, "spades": 0, "aces": 2, "big_cassino": 0, "little_cassino": 0,
        "sweeps": 1, "points": {"cards": 0, "spades": 0, "aces": 2, "big_cassino": 0,
                                "little_cassino": 0, "sweeps": 1}, "total": 3}


def test_R26_tied_majorities_score_nothing() -> None:
    """R26: a tied majority of cards or spades scores nothing to either player."""
    result = engine.score((mask(*SPADES, *HEARTS), mask(*DIAMONDS, *CLUBS)), (0, 0), STANDARD)
    assert [p.points.cards for p in result.players] == [0, 0]
    assert [p.points.spades for p in result.players] == [1, 0]
    assert result.totals == (4, 4)  # 0S 1+aces 2+2S 1 against aces 2+10D 2
    partial = engine.score((mask("AS", "2S", "3S", "AH"), mask("4S", "5S", "6S", "10D")),
                           (0, 0), STANDARD)
    assert [p.points.cards for p in partial.players] == [0, 0]
    assert [p.points.spades for p in partial.players] == [0, 0]
    assert partial.totals == (3, 2)


def test_R26_round_scored_event_adds_round_points_to_totals() -> None:
    """R26: the round's points are added to the totals at the end of the round."""
    pile0 = [*SPADES, *HEARTS]
    pile1 = [c for c in [*DIAMONDS, *CLUBS] if c != "KC"]
    state = last_card_position("KC", dealer=0, captured=(pile0, pile1), filler=1,
                               last_capturer=1, scores=(3, 7), sweeps=(1, 0))
    after, events = play(state, "KC")
    assert types(events) == ["trail", "residue", "round_scored", "deal"]
    scored = events[2].to_dict()
    # 26-26 cards: tie; seat 0: spades 1 + 2 aces + 2S + 1 sweep = 5; seat 1: 2 aces + 10D = 4
    assert [p["total"] for p in scored["breakdown"]["players"]] == [5, 4]
    assert scored["scores"] == [8, 11]
    assert after.scores == (8, 11)
    assert after.previous_round is not None
    assert after.previous_round.totals == (5, 4)
    assert after.sweeps == (0, 0)


def _end_of_round(scores: tuple[int, int]) -> State:
    """The last card, after which each seat scores 4 (cards tied 26-26)."""
    pile0 = [*SPADES, *HEARTS]
    pile1 = [c for c in [*DIAMONDS, *CLUBS] if c != "KC"]
    return last_card_position("KC", dealer=0, captured=(pile0, pile1), filler=1,
                              last_capturer=1, scores=scores)


def test_R27_game_ends_when_a_total_reaches_21() -> None:
    """R27: after a round with a total of 21 or more, the higher total wins."""
    after, events = play(_end_of_round((19, 10)), "KC")
    assert types(events) == ["trail", "residue", "round_scored", "game_over"]
    assert events[3].to_dict() == {"type": "game_over", "winner": 0, "scores": [23, 14],
        "description": "Player 0 wins the game, 23 to 14"}
    assert after.status == "game_over"
    assert after.winner == 0
    assert after.scores == (23, 14)
    assert after.legal_moves() == []
    assert refused(after, "KC").rule == "R27"
    assert State.from_dict(after.to_dict()) == after


def test_R27_higher_total_wins_when_both_reach_21() -> None:
    """R27: when both totals reach 21 the higher one wins."""
    after, events = play(_end_of_round((18, 20)), "KC")
    assert after.scores == (22, 24)
    assert after.winner == 1
    assert events[-1].type == "game_over"


def test_R27_tie_at_the_top_plays_another_round() -> None:
    """R27: equal totals of 21 or more play another full round."""
    after, events = play(_end_of_round((17, 17)), "KC")
    assert after.scores == (21, 21)
    assert "game_over" not in types(events)
    assert events[-1].type == "deal"
    assert after.status == "playing"
    assert after.winner is None
    assert after.round == 2
    assert [h.bit_count() for h in after.hands] == [4, 4]


def test_R27_below_target_the_game_goes_on() -> None:
    """R27: with both totals below 21 the next round is dealt."""
    after, events = play(_end_of_round((10, 16)), "KC")
    assert after.scores == (14, 20)
    assert after.status == "playing"
    assert types(events)[-1] == "deal"


def test_R27_no_early_claims_points_only_after_a_complete_round() -> None:
    """R27: points are added only after a complete round."""
    pile0 = [*SPADES[2:], *HEARTS[:-2]]
    state = position((["AS", "KH"], ["3C", "QH"]), ["AD", "2S"], stock=8,
                     captured=(pile0, []), filler=1, scores=(20, 0))
    after, events = play(state, "ASxAD")
    assert after.scores == (20, 0)
    assert after.status == "playing"
    assert "round_scored" not in types(events)
    assert "game_over" not in types(events)


# --- information ------------------------------------------------------------------------


def _hidden_state(other: list[str], stock: list[str]) -> State:
    return position((["7S", "9C"], other), ["4D", "KH"], [(7, 0, [["2H", "5C"]])],
                    stock=stock, seed=424242)


STOCK = ["AD", "2D", "3D", "5D", "6D", "8D", "10D", "JD"]


def test_R28_view_shows_public_information() -> None:
    """R28: table, capture piles, sweeps, sizes, scores, turn and history are public."""
    state = _hidden_state(["QD", "3C"], STOCK)
    state, _ = play(state, "7Sx2H5C")
    view = state.view(1)
    d = view.to_dict()
    assert d["player"] == 1
    assert d["hand"] == ["3C", "QD"]
    assert d["hand_sizes"] == [1, 2]
    assert d["stock_size"] == 8
    assert d["table"] == state.to_dict()["table"]
    assert d["captured"] == state.to_dict()["captured"]
    for key in ("sweeps", "last_capturer", "scores", "to_move", "dealer", "round", "deal",
                "status", "winner", "history", "previous_round", "last_batch", "variant"):
        assert d[key] == state.to_dict()[key], key
    assert d["history"] == [{"player": 0, "move": {"type": "capture", "card": "7S",
                                                   "targets": ["2H", "5C"],
                                                   "description": "Take 2♥ and 5♣ with 7♠"}}]
    assert View.from_dict(d) == view


def test_R29_view_hides_other_hand_stock_and_seed() -> None:
    """R29: a view never contains the other hand, the stock or the seed."""
    state = _hidden_state(["QD", "3C"], STOCK)
    view = state.view(0)
    d = view.to_dict()
    assert "hands" not in d
    assert "stock" not in d
    assert "seed" not in d
    text = json.dumps(d)
    for hidden in ["QD", "3C", *STOCK]:
        assert f'"{hidden}"' not in text, hidden
    assert str(state.seed) not in text
    # two states that differ only in what seat 0 cannot see give the same view
    other = _hidden_state(["3D", "QD"], ["8D", "JD", "10D", "6D", "5D", "3C", "2D", "AD"])
    assert other.view(0) == view
    assert other.view(0).to_dict() == d
    assert other.view(0).legal_moves() == view.legal_moves()
    assert other.view(1) != state.view(1)
