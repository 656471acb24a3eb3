"""Conquian in the registry (engine.games), the protocol (engine.protocols) and its
events."""

from __future__ import annotations

import random
from pathlib import Path

import engine.conquian
from engine.conquian import CONQUIAN, GAME, VARIANTS, Event, new_game
from engine.games import game_names, get_game
from tests.engine.conquian.helpers import play, position

RULES_PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "conquian.md"


def test_conquian_is_registered_and_playable() -> None:
    assert "conquian" in game_names()
    assert get_game("conquian") is GAME is engine.conquian.CONQUIAN_GAME
    assert (GAME.title, GAME.information, GAME.chance) == ("Conquian", "imperfect", "sampled")
    assert GAME.default_variant == "conquian"
    assert list(VARIANTS) == ["conquian", "conquian-american"]  # Q1, QD1
    for name in VARIANTS:
        info = GAME.variant(name)
        assert (info.seats, info.teams, info.playable) == (2, ((0,), (1,)), True)
        assert info.seat_range == (2, 3)  # three at the table (QD12)
        assert info.description == VARIANTS[name].description
    assert GAME.seat_counts == (2, 3)
    assert CONQUIAN.description in GAME.variant("conquian").description


def test_every_rule_cited_by_the_engine_is_on_the_rules_page() -> None:
    import re
    page = RULES_PAGE.read_text(encoding="utf-8")
    anchors = set(re.findall(r"\{#(Q\w+)\}", page))
    assert {f"Q{i}" for i in range(1, 25)} <= anchors
    assert {f"QD{i}" for i in range(1, 18)} <= anchors
    cited: set[str] = set()
    for module in Path(engine.conquian.__file__).parent.glob("*.py"):
        cited |= set(re.findall(r"\b(Q\d+|QD\d+)\b", module.read_text(encoding="utf-8")))
    assert cited and cited <= anchors, cited - anchors


def test_the_protocol_on_a_whole_hand() -> None:
    state = new_game(5)
    assert (state.game, state.variant, state.seats) == ("conquian", "conquian", 2)
    assert state.acting == {state.to_move}
    assert state.moves_for(1 - state.to_move) == []
    assert state.view(0).game == "conquian" and state.returns() == (0, 0)
    rng = random.Random(5)
    while not state.game_over:
        state, events = state.apply(rng.choice(state.moves_for(state.to_move)))
        assert all(isinstance(e, Event) for e in events)
    assert state.acting == frozenset() and sum(state.returns()) == 0


def test_events_say_what_happened_in_cards() -> None:
    state = position([["KS", "KH"], None], [[["AS", "2S", "3S", "4S"],
                                             ["AH", "2H", "3H", "4H"]], []], up="KD")
    _, events = state.apply("take:KD=KSKHKD")
    wire = [e.to_dict() for e in events]
    assert [{k: v for k, v in e.items() if k != "description"} for e in wire] == [
        {"type": "take", "player": 0, "card": "KD", "meld": ["KS", "KH", "KD"],
         "borrowed": []},
        {"type": "out", "player": 0, "down": 11},
        {"type": "settled", "returns": [1, -1], "pool": 0},
    ]
    assert [e["description"] for e in wire] == [
        "Player 0 takes K♦ and melds K♠, K♥ and K♦",
        "Player 0 has 11 cards down and wins the hand (Q18)",
        "Settled in counters: Player 0 +1, Player 1 -1 (Q21)"]
    passed = play(new_game(2, dealer=0), "pass")
    _, events = passed.apply("pass")
    assert [e.type for e in events] == ["dead", "turn"]
    assert events[1].to_dict()["stock"] == 18
