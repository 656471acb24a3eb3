"""The rummy games' moves and events in words (engine/rummy/words.py): every move type and
event type reached in seeded play of Poker Rum, Poker Gin and Double-Pack Rum has a
description, which names only cards its viewer's JSON shows, for every viewer (RM27); an
event with a ``seat`` has it as ``player`` too; a joker is named as what it stands for."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.rummy import (
    Event,
    Move,
    State,
    card_name,
    deadwood_points,
    move_json,
    move_text,
    new_game,
    parse_card,
)
from tests.engine.named import named_cards, shown_cards, strings
from tests.engine.rummy.positions import CALLER, laid, position

EVENTS = {"poker-rum": {"draw", "take", "discard", "reshuffle", "hand_drawn", "show", "settle"},
          "poker-gin": {"draw", "take", "discard", "reshuffle", "hand_drawn", "false_call"},
          "double-pack-rum": {"draw", "take", "discard", "meld", "add", "shift", "out"}}
"""The event types each variant's seeded hands reach (every type of
engine/rummy/events.py among them)."""
MOVES = {"poker-rum": {"draw", "take", "discard", "call"},
         "poker-gin": {"draw", "take", "discard", "call"},
         "double-pack-rum": {"draw", "take", "discard", "meld", "add", "shift"}}
SEEDS = range(6)
DP = "double-pack-rum"


def played(variant: str, seed: int) -> Iterator[tuple[State, Move, list[Event]]]:
    """A seeded hand of 2 to 4 seats that shifts a joker when it can, often lays out,
    calls now and then when its deadwood allows and seldom when it does not (RM24)."""
    rng = random.Random(f"words/{variant}/{seed}")
    state = new_game(seed, variant, 2 + seed % 3)
    while not state.game_over:
        moves = state.legal_moves()
        shifts = [m for m in moves if m.type == "shift"]
        lays = [m for m in moves if m.type in ("meld", "add")]
        calls = [m for m in moves if m.call]
        hand = state.hands[state.to_move]
        sound = [m for m in calls if m.card is not None and deadwood_points(
            hand & ~(1 << m.card)) <= state.rules.call_limit]
        if shifts:
            move = rng.choice(shifts)
        elif lays and rng.random() < 0.7:
            move = rng.choice(lays)
        elif sound and rng.random() < 0.5:
            move = rng.choice(sound)
        elif calls and rng.random() < 0.02:
            move = rng.choice(calls)
        else:
            move = rng.choice([m for m in moves if not m.call])
        after, events = state.apply(move)
        yield state, move, events
        state = after


@pytest.mark.parametrize("variant", list(EVENTS))
def test_every_move_and_event_has_words_naming_only_cards_its_viewer_is_shown(
        variant: str) -> None:
    moves: set[str] = set()
    events: set[str] = set()
    for seed in SEEDS:
        for state, move, step in played(variant, seed):
            wire = move_json(move, state.table, state.pile)
            text = wire["description"]
            assert text and text == move_text(move, state.table, state.pile)
            # its own cards, and a take the pile's top card (public, RM27)
            top = {card_name(state.pile[-1])} if move.type == "take" else set()
            assert named_cards(text) <= strings(wire) | top, (text, wire)
            moves.add("call" if move.call else move.type)
            for event in step:
                for viewer in (None, *range(state.players)):
                    told = event.to_dict(viewer)
                    assert told["description"], told
                    assert named_cards(told["description"]) <= shown_cards(told), (viewer,
                                                                                    told)
                    if "seat" in told:
                        assert told["player"] == told["seat"], told
                    else:
                        assert "player" not in told, told
                events.add(event.type)
    assert moves == MOVES[variant]
    assert events == EVENTS[variant]


SEATED = {"draw", "take", "discard", "false_call", "show", "meld", "add", "shift", "out"}
"""The event types that name the seat that acted."""


def test_every_event_with_a_seat_names_it_as_player_too() -> None:
    seated: set[str] = set()
    for variant in EVENTS:
        for seed in SEEDS:
            for _, _, step in played(variant, seed):
                for event in step:
                    told = event.to_dict(0)
                    assert told.get("player") == told.get("seat"), told
                    seated |= {event.type} if "seat" in told else set()
    assert seated == SEATED


def test_a_draw_reads_the_same_for_every_seat_and_names_no_card() -> None:
    state = new_game(4, "poker-rum", 3)
    _, events = state.apply("draw")
    seen = [events[0].to_dict(viewer) for viewer in (None, 0, 1, 2)]
    assert {e["description"] for e in seen} == {f"Player {state.to_move} draws from the stock"}
    assert [e["card"] is None for e in seen] == [viewer not in (None, state.to_move)
                                                 for viewer in (None, 0, 1, 2)]
    assert all(e["seat"] == e["player"] == state.to_move for e in seen)


def test_a_take_and_a_call_in_words() -> None:
    state = position("poker-rum", [CALLER, "3S 3H 3C 4D 5D 6D 7S 8C 4H 5S"], pile="QD",
                     stock="7H")
    take = next(m for m in state.legal_moves() if m.type == "take")
    assert move_json(take, state.table, state.pile)["description"] == \
        "Take Q♦ from the discard pile"
    assert state.apply(take)[1][0].to_dict(1)["description"] == \
        "Player 0 takes Q♦ from the discard pile"
    drawn, _ = state.apply("draw")
    call = Move.discard(parse_card("KS"), call=True)
    assert move_text(call) == "Discard K♠ and call a show-down"
    _, events = drawn.apply(call)
    told = [e.to_dict(1)["description"] for e in events]
    assert told[0] == "Player 0 discards K♠ and calls a show-down (RM14)"
    assert told[1] == ("Player 0 shows 6♥, 7♥, 8♥ and 9♥; J♣, Q♣ and K♣; deadwood 2♠, 2♦ "
                       "and 5♣ (9 points, RM16, RM17)")
    assert told[-1].startswith("The hand is settled: Player 0 +")


def joker_example(hand: str) -> State:
    """Seat 1 to move after the draw, a run 6♣ 7♣ JK1 from place 6 on the table."""
    return position(DP, ["2S 3D 5H 9S JD", hand], pile="KH", stock="QS", to_move=1,
                    table=(laid(0, "6C+7C+JK1@6"),)).apply("draw")[0]


def test_a_joker_is_named_as_what_it_stands_for() -> None:
    state = joker_example("8C 4C 9H 9D 2C")
    shift = next(m for m in state.legal_moves() if m.id == "JK1~=8C+4C")
    assert move_text(shift, state.table) == \
        "Move JK1 to the other end of meld 0 (as 5♣ instead of 8♣), with 8♣ in its place " \
        "and 4♣ added beyond it"
    assert move_text(shift) == \
        "Move JK1 to the other end of its run, with 8♣ in its place and 4♣ added beyond it"
    _, events = state.apply(shift)
    told = events[0].to_dict(0)
    assert told["joker"] == "JK1" and told["player"] == told["seat"] == 1
    assert told["description"] == ("Player 1 moves JK1 to the other end of meld 0 with 4♣ "
                                   "and 8♣: now 4♣, JK1 (as 5♣), 6♣, 7♣ and 8♣")
    sets = position(DP, ["2S 3D 5H 9S JD", "JK2 4C 9H 9D 2C"], pile="KH", stock="QS",
                    to_move=1, table=(laid(0, "7H+7S+7D"),)).apply("draw")[0]
    add = next(m for m in sets.legal_moves() if m.id == "0:JK2")
    assert move_text(add, sets.table) == "Add JK2 (as a 7) to meld 0"
    assert move_text(add) == "Add JK2 to meld 0"  # a set's rank is on the table
    assert sets.apply(add)[1][0].to_dict(0)["description"] == \
        "Player 1 adds JK2 to meld 0: now 7♠, 7♥, 7♦ and JK2 (as a 7)"
    lay = next(m for m in sets.legal_moves() if m.id == "9H+9D+JK2")
    assert move_text(lay) == "Lay out 9♥, 9♦ and JK2 (as a 9)"
