"""A hint request's keys (workers/requests.py): the digest of its canonical JSON, the same
whichever encoder writes it, so that the keys of a cache or a share never change with it."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from engine.games import engine_of, game_types, get_game
from workers.requests import open_scope


def canonical(data: Any) -> str:
    """The digest as the standard library writes the canonical JSON."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


@pytest.mark.parametrize("game", [g.name for g in game_types()])
def test_a_scope_is_the_digest_of_the_canonical_json(game: str) -> None:
    engine, rng = engine_of(game), random.Random(game)
    state = engine.new_game(rng.randrange(2**31), get_game(game).default_variant)
    for _ in range(12):  # a few moves in: logs, melds, tricks in the state
        if state.game_over:
            break
        seat = min(state.acting)
        moves = state.moves_for(seat)
        state = state.apply(moves[rng.randrange(len(moves))])[0]
    data = state.to_dict()
    assert open_scope(data, 1) == "o" + canonical({"state": data, "player": 1})


def test_what_orjson_cannot_write_is_digested_all_the_same() -> None:
    big = {"seed": 2**70, "name": "Välkommen", "x": 0.1}
    assert open_scope(big, 0) == "o" + canonical({"state": big, "player": 0})
    assert open_scope(big, 0) != open_scope({**big, "seed": 2**70 + 1}, 0)
