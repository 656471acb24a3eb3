"""The console client in twenty-one-claims: the claim is listed and ``c`` makes it (T5, T7)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.api.test_twenty_one import won_position
from tests.client.test_cli import FAST, run


def test_claim_from_the_console(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps({"state": won_position().to_dict()}))
    status, out, err = run(["play", "--state", str(saved), *FAST], "?\nc\n")
    assert status == 0, err
    assert "claim the game" in out  # the help
    assert "Claim the game" in out and "claim0" in out  # the listed move and its id
    assert "You claim the game with 21 points secured of the 21 needed: the claim is right" in out
    assert "GAME OVER: you win, 17 to 16!" in out


def test_count_out_events_in_words() -> None:
    import random

    from client.text import Style
    from engine import new_game
    from engine.cassino.play import advance

    state = new_game(23, "twenty-one")
    rng = random.Random(23)
    events = []
    while state.status == "playing":
        state = advance(state, rng.choice(state.legal_moves()), events)
    counted = [e.to_dict(0) for e in events if e.type == "count_out"]
    names = ("You", "Solver")
    style = Style(symbols=False)
    assert style.event(counted[0], None, names) == "Counting out: nobody reaches 21."
    assert style.event(counted[-1], None, names) == \
        "Counting out: You reach 21 first, with the little cassino."
