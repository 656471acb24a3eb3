"""``cassino replay``, ``cassino review`` and the record after ``cassino play``
(client/records.py), with scripted input."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from client.cli import main
from engine.cassino import Played, new_game, record_of

FAST = ["--samples", "4", "--time-ms", "100"]


class Terminal(io.StringIO):
    """Scripted input that says it is a terminal, as a player's would."""

    def isatty(self) -> bool:
        return True


def run(argv: list[str], stdin: io.StringIO | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=stdin or io.StringIO(), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def first_deal(path: Path) -> Path:
    state = new_game(5, "standard", 0)
    played = []
    while state.deal == 1:
        move = state.legal_moves()[0]
        played.append(Played(state.to_move, move))
        state = state.apply(move).state
    path.write_text(json.dumps(record_of(5, "standard", 0, played).to_dict()), encoding="utf-8")
    return path


def test_replay_steps_forward_back_and_jumps(tmp_path: Path) -> None:
    record = first_deal(tmp_path / "record.json")
    status, out, err = run(["replay", str(record), "--ascii"],
                           io.StringIO("\nn\nl\np\nf\n3\nwhat\nq\n"))
    assert status == 0, err
    prompts = re.findall(r"\[(\d+)/48\] > ", out)
    assert prompts == ["0", "1", "2", "48", "47", "0", "3", "3"]
    assert "Move 1 of 48: player 1: Take A♥ and 2♥ with 3♠" in out
    assert "Player 0: 4H 6S 9C JH" in out and "Player 1: 3S 7S 7C KH" in out  # every hand
    assert "Enter or n: next move" in out


def test_review_rates_each_move_of_the_player(tmp_path: Path) -> None:
    record = first_deal(tmp_path / "record.json")
    status, out, err = run(["review", str(record), "--player", "1", "--samples", "4"])
    assert status == 0, err
    rated = [line for line in out.splitlines() if re.match(r"\s+\d+\. ", line)]
    assert len(rated) == 24
    assert re.search(r"Accuracy \d+(\.\d)?% over 24 moves; \d+\.\d\d points lost", out)
    status, out, _ = run(["review", str(record), "--player", "1", "--samples", "4",
                          "--json"])
    assert json.loads(out)["summary"]["moves"] == 24


def test_a_file_that_is_no_record_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{\"state\": {}}", encoding="utf-8")
    status, _, err = run(["replay", str(path)])
    assert status == 2 and "not a game record" in err
    status, _, err = run(["review", str(tmp_path / "missing.json")])
    assert status == 2


def test_play_saves_the_record_and_offers_a_replay(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    script = "1\n" * 400 + "r\nl\nq\n\n"
    status, out, err = run(["play", "--seed", "3", "--dealer", "1", "--opponent", "random",
                            "--record", str(saved), *FAST], Terminal(script))
    assert status == 0, err
    assert "GAME OVER" in out and f"The game's record is in {saved}" in out
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["result"]["status"] == "game_over"
    assert "r replay, v review your moves" in out
    assert re.search(r"Replay of a game of standard \(seed 3\): \d+ moves", out)
    status, out, err = run(["replay", str(saved)], io.StringIO("l\nq\n"))
    assert status == 0 and "game over" in out


def test_review_takes_an_opponent_model(tmp_path: Path) -> None:
    """``--opponent-model 0``: the last batch's choices are the game's value, marked."""
    record = first_deal(tmp_path / "record.json")
    argv = ["review", str(record), "--player", "1", "--samples", "4", "--opponent-model", "0"]
    status, out, err = run([*argv, "--json"])
    assert status == 0, err
    answer = json.loads(out)
    assert answer["opponent_model"] == 0 and any(m["exact"] for m in answer["moves"])
    status, out, _ = run(argv)
    assert status == 0 and "(exact)" in out
    status, out, _ = run(["review", str(record), "--player", "1", "--samples", "4", "--json"])
    assert json.loads(out)["opponent_model"] == 0.25
