"""Patience Poker at the terminal (client/games/patience_poker.py): its module is found by
the game's name, ``-`` written ``_`` (client/games), and a whole tableau is played by
typing cells and numbers, with a hint and a refused cell on the way."""

from __future__ import annotations

import io

import client.games
from client.cli import main


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_the_module_is_found_by_the_games_name() -> None:
    assert "patience-poker" in client.games.names()
    assert client.games.load("patience-poker").TITLE.startswith("Patience Poker")


def test_a_whole_tableau_at_the_terminal() -> None:
    typed = "h\nr0c0\n" + "1\n" * 25
    status, out, err = run(["play", "--game", "patience-poker", "--variant",
                            "patience-poker", "--seed", "3", "--samples", "2"], typed)
    assert status == 0, err
    assert "Card 2 of 25" in out and "expected count" in out
    assert "'r0c0' is not a place" in out
    assert "GAME OVER: your tableau counts" in out


def test_a_competition_against_the_house() -> None:
    status, out, err = run(["play", "--game", "patience-poker", "--variant", "poker-squares",
                            "--players", "3", "--opponent", "greedy", "--seed", "4"],
                           "1\n" * 25)
    assert status == 0, err
    assert "GAME OVER" in out and "player 2" in out
