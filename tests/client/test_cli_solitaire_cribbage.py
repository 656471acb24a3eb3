"""``cassino play --game solitaire-cribbage``: the solitaire played to its end from
scripted input over HTTP, with a hint and a why; and a count's line."""

from __future__ import annotations

import io
import tempfile
from collections.abc import Iterator

import pytest

from client.cli import main
from client.games.solitaire_cribbage import count_line
from engine.games import engine_of
from tests.melds_server import Server

CONFIG = {"STORE": tempfile.mkdtemp(prefix="cassino-cli-cribbage-"), "RATE_LIMIT": "",
          "HINT_RATE_LIMIT": ""}


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_a_count_in_a_line() -> None:
    engine = engine_of("solitaire-cribbage")
    state = engine.new_game(1, "solitaire-cribbage")
    state = state.apply(state.moves_for(0)[0])[0]
    count = state.view(0).to_dict()["counts"][0][0]
    line = count_line(count, False)
    assert line.startswith("deal 1: hand ") and line.endswith(f"{count['points']} points")


def test_the_solitaire_at_the_terminal(server: object) -> None:
    script = "hint\nwhy 99\n1\n" + "2\n" * 6
    status, out, err = run(["play", "--url", server.url, "--ascii",  # type: ignore[attr-defined]
                            "--game", "solitaire-cribbage", "--seed", "4"], script)
    assert status == 0, err
    assert "points expected" in out and "%" in out
    assert "GAME OVER" in out and out.count("deal 1: hand") == 1


def test_two_seats_against_the_house(server: object) -> None:
    status, out, err = run(["play", "--url", server.url, "--ascii",  # type: ignore[attr-defined]
                            "--game", "solitaire-cribbage", "--players", "2", "--opponent",
                            "greedy", "--seed", "8"], "why 2C\n" + "1\n" * 6)
    assert status == 0, err
    assert "Seat 1, deal 1" in out and "GAME OVER" in out


def test_the_terminal_finds_the_module_by_the_games_name() -> None:
    """client/games: ``solitaire_cribbage.py`` is the game ``solitaire-cribbage``'s."""
    from client.games import load, names
    assert "solitaire-cribbage" in names()
    assert load("solitaire-cribbage").TITLE == "Solitaire Cribbage"
