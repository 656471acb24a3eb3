"""Records of a game of one deal (engine/records.py), through the rummy games: a hand's
record read back and replayed to the same state, and every refusal naming its field."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.errors import GameError, StateError
from engine.games import engine_of
from engine.records import DealRecords

RUMMY = engine_of("rummy")


def played_hand(variant: str, seed: int, players: int = 2) -> Any:
    """A hand of random legal moves to its end (a hand always ends, RM25, DP11)."""
    rng = random.Random(seed)
    state = RUMMY.new_game(seed, variant, None, players)
    while not state.game_over:
        seat = min(state.acting)
        state, _ = state.apply(rng.choice(list(state.moves_for(seat))))
    return state


def keeper() -> DealRecords[Any]:
    found = RUMMY.records
    assert isinstance(found, DealRecords)
    return found


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin", "double-pack-rum"])
def test_a_hands_record_replays_to_its_state(variant: str) -> None:
    state = played_hand(variant, 5, 3)
    records = keeper()
    data = records.to_dict(records.of_state(state, None))
    assert data["format"] == "rummy-record" and data["version"] == 1
    assert data["game"] == "rummy" and data["variant"] == variant and data["players"] == 3
    assert data["result"] == state.result.to_dict()
    moves = data["deals"][0]["moves"]
    assert len(moves) == len(state.history)
    assert all("id" in m["move"] and "description" in m["move"] for m in moves)
    positions = records.replay(records.read(data))
    assert positions[-1].state == state
    assert positions[0].move is None and positions[0].ply == 0
    assert [p.player for p in positions[1:]] == [p.seat for p in state.history]


def test_a_half_played_hand_has_no_result() -> None:
    state = RUMMY.new_game(2, "poker-rum", 0, 2)
    move = state.moves_for(min(state.acting))[0]
    state, _ = state.apply(move)
    data = keeper().to_dict(keeper().of_state(state, None))
    assert "result" not in data and len(data["deals"][0]["moves"]) == 1


def refusal(data: dict[str, Any]) -> GameError:
    records = keeper()
    with pytest.raises(GameError) as caught:
        records.replay(records.read(data))
    return caught.value


def test_every_refusal_names_its_field() -> None:
    good = keeper().to_dict(keeper().of_state(played_hand("poker-gin", 9), None))
    cases: list[tuple[dict[str, Any], str]] = [
        ({**good, "version": 2}, "version"),
        ({**good, "format": "cassino-record"}, "format"),
        ({**good, "game": "conquian"}, "game"),
        ({**good, "variant": "standard"}, "variant"),
        ({**good, "players": 9}, "players"),
        ({**good, "dealer": 5}, "dealer"),
        ({**good, "colour": "red"}, "colour"),
        ({**good, "seed": -1}, "seed"),
        ({**good, "deals": []}, "deals"),
        ({**good, "result": {"over": True, "winners": [], "points": [1, -1]}}, "result"),
    ]
    for data, field in cases:
        error = refusal(data)
        assert error.field == field, (field, error.message)
        assert error.message


def test_a_move_the_rules_refuse_is_named_with_its_number() -> None:
    good = keeper().to_dict(keeper().of_state(played_hand("poker-rum", 4), None))
    moves = good["deals"][0]["moves"]
    swapped = {**good, "deals": [{**good["deals"][0], "moves": [moves[1], *moves[2:]]}]}
    error = refusal({k: v for k, v in swapped.items() if k != "result"})
    assert error.field is not None and error.field.startswith("deals[0].moves[0]")
    assert error.message.startswith("move 1 (deals[0].moves[0], player ")
    out_of_turn = [{**moves[0], "player": 1 - moves[0]["player"]}, *moves[1:]]
    error = refusal({**good, "deals": [{**good["deals"][0], "moves": out_of_turn}]})
    assert error.field == "deals[0].moves[0].player" and error.rule == "RM7"
    bad_move = [{**moves[0], "move": {"type": "fly"}}]
    error = refusal({**good, "deals": [{**good["deals"][0], "moves": bad_move}]})
    assert error.field == "deals[0].moves[0].move"


def test_a_state_whose_history_is_not_its_own_is_refused() -> None:
    state = played_hand("poker-rum", 6)
    forged = state._replace(history=state.history[:-1])
    with pytest.raises(StateError) as caught:
        keeper().of_state(forged, None)
    assert caught.value.field in ("state", "state.history")
