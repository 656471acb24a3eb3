"""``cassino play --game jass``: a whole deal of each variant by scripted input against the
house over HTTP (``--url``): cards played by number, the calls and melds by their number, a
hint, a why-not."""

from __future__ import annotations

import io
import tempfile
from collections.abc import Iterator

import pytest

from client import games
from client.cli import main
from tests.melds_server import Server

CONFIG = {"STORE": tempfile.mkdtemp(prefix="cassino-cli-jass-"), "RATE_LIMIT": "",
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
    assert "jass" in games.names()
    assert games.load("jass").TITLE == "Jass"


@pytest.mark.parametrize("variant", ["jass", "three-hand-jass", "two-hand-jass"])
def test_a_whole_deal_against_the_house(server: Server, variant: str) -> None:
    script = "h\n" + "".join(f"w {i}\np {i}\n2\n1\n" for i in range(9, 0, -1)) * 4
    status, out, err = run(["play", "--url", server.url, "--ascii", "--game", "jass",
                            "--variant", variant, "--seed", "4", "--opponent", "rule"], script)
    assert status == 0, err
    assert "DEAL OVER" in out and "points seat 0" in out, out[-2000:]
    assert "Play " in out  # the hint's moves in words


def test_the_legal_moves_warnings_are_told_in_words() -> None:
    """A position where a card of points would go onto a trick the seat cannot win: the
    terminal names the card, the points given and the cheaper card (solver/jass/risks.py)."""
    import random

    from api import create_app
    from engine.jass import new_game
    from solver.jass.risks import move_risks

    client = create_app(CONFIG).test_client()
    rng = random.Random(2)
    state = new_game(1, "jass")
    while not move_risks(state.view(state.turn), state.moves_for(state.turn)):
        state = state.apply(rng.choice(state.moves_for(state.turn)))[0]
        if state.game_over:
            state = new_game(rng.randrange(1000), "jass")
    listed = client.post("/v1/legal-moves", json={"state": state.to_dict(),
                                                  "player": state.turn, "risks": True}).json
    told = games.load("jass").warnings(listed, False)
    given = [r for r in listed["risks"] if r.get("how") == "give"]
    assert given and len(told) == len(given)
    for line, risk in zip(told, given, strict=True):
        assert risk["move"][5:] in line and risk["best"][5:] in line
        assert f"gives {risk['lost']:g} more points" in line


def test_a_match_shows_its_totals_and_a_call_ends_it(server: Server) -> None:
    """J18, JD19, JD20: the match's totals are shown; ``c`` calls out (here wrongly, at the
    first trick: the call loses the match)."""
    status, out, err = run(["play", "--url", server.url, "--ascii", "--game", "jass",
                            "--variant", "two-hand-jass-1000", "--seed", "4", "--opponent",
                            "rule"], "p 1\np 1\nc\n")
    assert status == 0, err
    assert "Match to 1000: deal 1" in out and "c call out" in out, out[-2000:]
    assert "calls out" in out and "wrong" in out and "MATCH OVER: seat 1 wins" in out, out


def test_a_wrong_call_is_warned_of_in_words() -> None:
    told = games.load("jass").warnings({"risks": [
        {"move": "call", "player": 2, "probability": 1.0, "how": "lose", "lost": 37.0,
         "method": "exact"}]}, False)
    assert told == ["  warning: calling out now loses the match (your total is 37 short; "
                    "seat 2 would win)"]
