"""``cassino play --game i-doubt-it``: a whole game by scripted input against three house
seats over HTTP (``--url``): claims by card numbers and a rank, passes, a hint, a why-not;
the game name's ``-`` is the module's ``_`` (client/games/__init__.py)."""

from __future__ import annotations

import io
import tempfile
from collections.abc import Iterator

import pytest

from client import games
from client.cli import main
from tests.melds_server import Server

CONFIG = {"STORE": tempfile.mkdtemp(prefix="cassino-cli-idoubt-"), "RATE_LIMIT": "",
          "HINT_RATE_LIMIT": "", "SEALED_RATE_LIMIT": ""}


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_the_module_is_found_by_the_games_name() -> None:
    assert "i-doubt-it" in games.names()
    assert games.load("i-doubt-it").TITLE == "I Doubt It"


def test_a_whole_game_against_the_house(server: Server) -> None:
    script = "w 1\nh\n" + "c 1 2 3 7\nc 1 2 7\nc 1 7\np\n" * 400
    status, out, err = run(["play", "--url", server.url, "--ascii", "--game", "i-doubt-it",
                            "--seed", "4", "--opponent", "counting"], script)
    assert status == 0, err
    assert "GAME OVER" in out and "chips seat 0" in out
    assert "a claim lays 3 cards, not 1 (ID4)" in out  # w 1: one card is no claim
    assert "Lay " in out  # the hint's claims in words
