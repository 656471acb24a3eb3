"""Why not in the meld games (engine/why.py, engine/rummy/why.py, engine/conquian/why.py):
each kind of move the picked cards make none of gets the first rule it breaks, from the
seat's view alone."""

from __future__ import annotations

import random

from engine.cards import cards_of
from engine.conquian import new_game as conquian_game
from engine.conquian.why import why as conquian_why
from engine.rummy import Played
from engine.rummy import parse_card as rummy_card
from engine.rummy.why import meld_problem
from engine.rummy.why import why as rummy_why
from tests.engine.rummy.positions import laid, position


def cards(text: str) -> tuple[int, ...]:
    return tuple(rummy_card(t) for t in text.split())


HANDS = ["2C 3D 4H 6S 8C 10D JH QS KC AD 9S", "5C 5D 5H 7S 7C 7D 9C 9D 9H JC"]
"""Seat 0 has drawn its eleventh card and discards; seat 1 waits."""
DRAWN = (Played(0, "draw"),)


def reasons(answer: object) -> dict[str, str | None]:
    return {r.type: r.rule for r in answer.reasons}  # type: ignore[attr-defined]


def test_a_run_does_not_go_round_the_corner_and_a_meld_has_three() -> None:
    assert meld_problem(cards("KH AH 2H"))[0] == "RM11"
    assert meld_problem(cards("QH KH AH")) is None and meld_problem(cards("AH 2H 3H")) is None
    assert meld_problem(cards("5H 6H"))[0] == "RM9"
    assert meld_problem(cards("5H 5S 6D"))[0] == "RM10"
    assert meld_problem(cards("7C 7D 7S")) is None


def test_the_card_just_taken_is_not_discarded() -> None:
    taken = rummy_card("9S")
    state = position("poker-rum", HANDS, pile="4C", phase="discard",
                     history=(Played(0, "take", taken),))
    answer = rummy_why(state.view(0), (taken,))
    assert not answer.legal and reasons(answer)["discard"] == "RM8"
    assert rummy_why(state.view(0), (rummy_card("2C"),)).legal  # any other card may go


def test_a_call_over_the_limit_is_refused_in_poker_rum_and_costs_in_poker_gin() -> None:
    rum = position("poker-rum", HANDS, pile="4C", phase="discard", history=DRAWN)
    answer = rummy_why(rum.view(0), (rummy_card("KC"),))
    assert [m.id for m in answer.moves] == ["KC"]  # the discard, not the call
    assert reasons(answer)["call"] == "RM14"
    gin = position("poker-gin", HANDS, pile="4C", phase="discard", history=DRAWN)
    answer = rummy_why(gin.view(0), (rummy_card("KC"),))
    assert {m.id for m in answer.moves} == {"KC", "KC!"}
    assert [(w.type, w.rule) for w in answer.warnings] == [("call", "RM24")]


def test_a_lay_off_on_a_meld_that_is_not_there() -> None:
    state = position("double-pack-rum", ["7H 7S 7D 8C 9C 10C 2D 4S 6H QC KD",
                                         "5C 5D 5S 8S 8D 8H 9S 9D JS JD"],
                     pile="3S", phase="discard", table=(laid(1, "2H+3H+4H@2"),),
                     history=DRAWN)
    view = state.view(0)
    answer = rummy_why(view, cards("6H"), meld=3)
    assert reasons(answer)["add"] == "DP5"
    assert rummy_why(view, cards("7H 7S 7D")).legal  # a set laid out (DP4)
    assert reasons(rummy_why(view, cards("7H 8C")))["meld"] == "DP4"


def test_a_rummy_answer_reads_the_view_only() -> None:
    rng = random.Random(3)
    state = position("poker-gin", HANDS, pile="4C", phase="discard", history=DRAWN)
    view = state.view(0)
    for _ in range(5):
        other = view.resample(rng)
        for pick in (cards("KC"), cards("2C 3D"), cards("9S")):
            assert rummy_why(other.view(0), pick) == rummy_why(view, pick)


def test_conquian_names_the_forcing_and_the_sets() -> None:
    rng = random.Random(2)
    state = conquian_game(4, "conquian", 0)
    seen = set()
    for _ in range(400):
        if state.game_over:
            state = conquian_game(rng.randrange(10**6), "conquian", 0)
        seat = min(state.acting)
        view = state.view(seat)
        moves = view.legal_moves()
        for move in moves:
            placed = move.meld | (1 << move.card if move.card >= 0 else 0)
            answer = conquian_why(view, placed & view.hand)
            assert move in answer.moves or (move.type in ("take", "lay", "force") and \
                move.meld & ~view.hand & ~(1 << max(view.up, 0)))  # a meld on the table joins
            seen |= {r.rule for r in answer.reasons}
        state, _ = state.apply(rng.choice(moves))
    assert {"Q11, Q12"} <= seen and any(rule and "Q16" in rule for rule in seen)


def test_conquian_refuses_out_of_turn_in_one_wording() -> None:
    state = conquian_game(7, "conquian", 0)
    idle = 1 - min(state.acting)
    view = state.view(idle)
    for card in list(cards_of(view.hand))[:3]:
        answer = conquian_why(view, 1 << card)
        assert not answer.legal
        assert {r.rule for r in answer.reasons} == {"Q24"}
