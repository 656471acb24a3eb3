"""Conquian's moves and events in words (engine/conquian/words.py): every move type and
every event type reached in seeded play has a description, which names only cards the
JSON beside it shows."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.conquian import MOVE_TYPES, Event, Move, State, move_json, move_text, new_game
from tests.engine.conquian.helpers import position
from tests.engine.named import named_cards, shown_cards, strings

EVENT_TYPES = {"turn", "take", "pass", "dead", "lay", "discard", "force", "out", "tableau",
               "settled"}
"""Every event type (engine/conquian/events.py)."""
SEEDS = range(6)


def played(seed: int) -> Iterator[tuple[State, Move, list[Event]]]:
    """A seeded hand that forces and lays down when it can: each position, move, events."""
    rng = random.Random(f"words/conquian/{seed}")
    state = new_game(seed)
    while not state.game_over:
        moves = state.legal_moves()
        bold = [m for m in moves if m.type in ("force", "lay")]
        takes = [m for m in moves if m.type == "take"]
        if bold and rng.random() < 0.8:
            move = rng.choice(bold)
        elif takes and rng.random() < 0.5:
            move = rng.choice(takes)
        else:
            move = rng.choice(moves)
        step = state.apply(move)
        yield state, move, list(step.events)
        state = step.state


def test_every_move_and_event_type_has_words_naming_only_cards_shown() -> None:
    moves: set[str] = set()
    events: set[str] = set()
    for seed in SEEDS:
        for state, move, step in played(seed):
            wire = move_json(move, state.up)
            text = wire["description"]
            assert text and text == move_text(move, state.up)
            # a move names its own cards, and a pass the face-up card (public, Q23)
            seen = strings(wire) | strings(state.view(state.to_move).to_dict())
            assert named_cards(text) <= seen, (text, wire)
            assert named_cards(text), text
            moves.add(move.type)
            for event in step:
                told = event.to_dict()
                assert told["description"], told
                assert named_cards(told["description"]) <= shown_cards(told), told
                events.add(event.type)
    assert moves == set(MOVE_TYPES)
    assert events == EVENT_TYPES


def test_the_words_of_a_take_and_its_end() -> None:
    state = position([["KS", "KH"], None], [[["AS", "2S", "3S", "4S"],
                                             ["AH", "2H", "3H", "4H"]], []], up="KD")
    assert move_json(state.legal_moves()[0], state.up) == {
        "id": "take:KD=KSKHKD", "type": "take", "card": "KD", "meld": ["KS", "KH", "KD"],
        "description": "Take K♦ and meld K♠, K♥ and K♦"}
    _, events = state.apply("take:KD=KSKHKD")
    assert [e.to_dict()["description"] for e in events] == [
        "Player 0 takes K♦ and melds K♠, K♥ and K♦",
        "Player 0 has 11 cards down and wins the hand (Q18)",
        "Settled in counters: Player 0 +1, Player 1 -1 (Q21)"]


def test_a_pass_names_the_card_offered_and_a_force_the_meld_it_makes() -> None:
    assert move_text(Move("pass"), 20) == "Pass 6♠" and move_text(Move("pass")) == \
        "Pass the face-up card"
    assert Event.of("turn", player=1, card=20, stock=0).to_dict()["description"] == \
        "Player 1 turns up 6♠ (the stock is now empty)"
    forced = Event.of("force", player=0, card=24, meld=(1 << 16) | (1 << 20) | (1 << 24),
                      onto=1).to_dict()
    assert forced["description"] == \
        "Player 0 forces 7♠ onto Player 1's meld, making 5♠, 6♠ and 7♠ (Q15, Q16)"
