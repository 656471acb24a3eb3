"""Game records (engine/cassino/record.py): round trip, and refusal naming the move."""

from __future__ import annotations

import json
import random

import pytest

from engine.cassino import (
    RECORD_VERSION,
    VARIANTS,
    Record,
    RecordError,
    State,
    first_dealer_of,
    new_game,
    record_of,
    replay,
)
from engine.cassino.state import Played
from engine.errors import StateError

PLAYABLE = [name for name, rules in VARIANTS.items() if getattr(rules, "playable", True)]


def play_out(seed: int, variant: str, moves: int | None = None) -> tuple[State, list[Played]]:
    """A game played with random legal moves from ``seed``: the last state and its moves."""
    rng = random.Random(seed)
    state = new_game(seed, variant, 0)
    played: list[Played] = []
    while state.status == "playing" and (moves is None or len(played) < moves):
        options = state.legal_moves()
        move = options[rng.randrange(len(options))]
        played.append(Played(state.to_move, move))
        state = state.apply(move).state
    return state, played


@pytest.mark.parametrize("variant", PLAYABLE)
def test_a_whole_game_round_trips_through_json(variant: str) -> None:
    end, played = play_out(7, variant)
    record = record_of(7, variant, 0, played)
    data = json.loads(json.dumps(record.to_dict()))
    assert data["version"] == RECORD_VERSION and data["variant"] == variant
    assert data["result"]["scores"] == list(end.scores)
    again = Record.from_dict(data)
    assert again.to_dict() == data
    positions = replay(again)
    assert len(positions) == len(played) + 1
    assert positions[-1].state == end
    assert [p.move for p in positions[1:]] == [p.move for p in played]


def test_deals_follow_the_game_and_the_last_dealer_names_the_first() -> None:
    end, played = play_out(11, "standard")
    record = record_of(11, "standard", 0, played)
    assert len(record.deals) >= end.round
    assert [d.deal for d in record.deals] == list(range(1, len(record.deals) + 1))
    assert first_dealer_of(end) == 0
    assert sum(len(d.moves) for d in record.deals) == len(played)


def test_a_game_in_progress_has_no_result_and_replays() -> None:
    state, played = play_out(3, "standard", moves=30)
    record = record_of(3, "standard", 0, played)
    assert record.result is None
    assert replay(Record.from_dict(record.to_dict()))[-1].state == state


def test_an_illegal_move_is_refused_with_its_number_and_rule() -> None:
    _, played = play_out(5, "standard", moves=12)
    data = record_of(5, "standard", 0, played).to_dict()
    entry = data["deals"][0]["moves"][6]
    entry["move"] = {"type": "trail", "card": "AS" if entry["move"].get("card") != "AS"
                     else "2S"}  # most likely not in hand; checked below
    record = Record.from_dict(data)
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert caught.value.message.startswith("move 7 (deals[0].moves[6]")
    assert caught.value.field == "deals[0].moves[6].move"
    assert caught.value.rule


def test_a_move_out_of_turn_names_rule_r4() -> None:
    _, played = play_out(5, "standard", moves=4)
    data = record_of(5, "standard", 0, played).to_dict()
    data["deals"][0]["moves"][2]["player"] = 1 - data["deals"][0]["moves"][2]["player"]
    with pytest.raises(RecordError) as caught:
        replay(Record.from_dict(data))
    assert caught.value.rule == "R4" and "move 3" in caught.value.message


def test_moves_in_the_wrong_deal_are_refused() -> None:
    _, played = play_out(9, "standard")
    data = record_of(9, "standard", 0, played).to_dict()
    first, second = data["deals"][0], data["deals"][1]
    second["moves"].insert(0, first["moves"].pop())  # the deal's last move put in the next
    with pytest.raises(RecordError) as caught:
        replay(Record.from_dict(data))
    assert caught.value.field == "deals[0]" and caught.value.rule == "R24"
    data = record_of(9, "standard", 0, played).to_dict()
    data["deals"][1]["dealer"] = data["deals"][0]["dealer"]
    with pytest.raises(RecordError) as caught:
        replay(Record.from_dict(data))
    assert caught.value.field == "deals[1].dealer"


def test_a_wrong_result_is_refused() -> None:
    _, played = play_out(13, "standard")
    data = record_of(13, "standard", 0, played).to_dict()
    data["result"]["scores"] = [99, 0]
    with pytest.raises(RecordError) as caught:
        replay(Record.from_dict(data))
    assert caught.value.field == "result.scores"


@pytest.mark.parametrize(("change", "field"), [
    ({"version": 2}, "version"),
    ({"format": "chess-pgn"}, "format"),
    ({"variant": "snap"}, "variant"),
    ({"seed": -1}, "seed"),
    ({"dealer": 5}, "dealer"),
    ({"deals": {}}, "deals"),
    ({"moves": []}, "record.moves"),
])
def test_a_malformed_record_names_its_field(change: dict[str, object], field: str) -> None:
    data = {**record_of(1, "standard", 0, play_out(1, "standard", 3)[1]).to_dict(), **change}
    with pytest.raises(StateError) as caught:
        Record.from_dict(data)
    assert caught.value.field == field


def test_a_malformed_move_names_its_entry() -> None:
    data = record_of(1, "standard", 0, play_out(1, "standard", 3)[1]).to_dict()
    data["deals"][0]["moves"][1]["move"] = {"type": "fold"}
    with pytest.raises(StateError) as caught:
        Record.from_dict(data)
    assert caught.value.field == "deals[0].moves[1].move"


def test_a_claim_is_filed_with_its_seat_and_the_first_position_is_the_deal() -> None:
    data = record_of(4, "twenty-one-claims", 0, []).to_dict()
    data["deals"][0]["moves"] = [{"player": 0, "move": {"type": "claim"}}]
    positions = replay(Record.from_dict(data))
    assert positions[0].events[0].type == "deal"
    assert positions[1].move is not None and positions[1].move.player == 0
    assert positions[1].state.status == "game_over" and positions[1].state.winner == 1
    data["deals"][0]["moves"][0]["move"] = {"type": "claim", "player": 1}
    with pytest.raises(RecordError) as caught:
        replay(Record.from_dict(data))
    assert caught.value.rule == "T5"
