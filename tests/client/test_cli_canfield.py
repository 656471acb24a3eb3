"""``cassino play --game canfield``: a whole sealed game at the terminal, played by
scripted input in process: the table, a hint with the bet's chance, a why, the end."""

from __future__ import annotations

import io

from client.cli import main
from client.games.canfield import table_lines
from engine.canfield import deal


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_the_table_shows_only_what_the_player_sees() -> None:
    view = deal(3, "canfield").view(0).to_dict()
    lines = table_lines(view)
    assert lines[0].startswith("Foundations (from ") and "1 up, $5 for the $52" in lines[0]
    assert lines[1].startswith(f"Stock: {view['stock'][0]} (13)")
    assert len(lines) == 6 and all(line.count(" ") >= 2 for line in lines[2:])


def test_a_whole_game_by_numbers_with_a_hint_and_a_why() -> None:
    script = "h\nw ZZ\n" + "1\n" * 400
    status, out, err = run(["play", "--game", "canfield", "--seed", "3"], script)
    assert status == 0, err
    assert "bet" in out and "net $" in out  # the hint's lines
    assert "GAME OVER (" in out and "the bet is" in out
    assert "ZZ" in out or "card" in out
