"""``cassino play --opponent LEVEL``: a skill level (docs/ladder.md) plays the house seat."""

from __future__ import annotations

import re

import pytest

from client.cli import main
from tests.client.test_cli import run


def test_a_level_plays_the_other_seat() -> None:
    status, out, err = run(["play", "--seed", "7", "--dealer", "0", "--opponent", "club"],
                           "1\nq\n")
    assert status == 0, err
    assert "New game against the club: you deal first" in out
    assert re.search(r"^Solver (?:trailed|captured|built) ", out.split("Your move")[0],
                     flags=re.M)
    assert re.search(r"^You (?:trailed|captured|built) ", out, flags=re.M)


def test_an_unknown_level_is_named() -> None:
    status, _, err = run(["play", "--opponent", "grandmaster"], "q\n")
    assert status == 1 and "house[0].bot" in err and "beginner" in err


def test_the_help_lists_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "a skill level: beginner, casual, club, expert, master" in out


def test_a_number_plays_the_dial() -> None:
    status, out, err = run(["play", "--seed", "7", "--dealer", "0", "--opponent", "60"],
                           "1\n1\nq\n")
    assert status == 0, err
    assert "New game against the dial at 60: you deal first" in out
    assert len(re.findall(r"^Solver (?:trailed|captured|built) ", out, flags=re.M)) >= 2
    assert re.search(r"^You (?:trailed|captured|built) ", out, flags=re.M)


def test_a_dial_past_100_is_named() -> None:
    status, _, err = run(["play", "--opponent", "150"], "q\n")
    assert status == 1 and "house[0].dial" in err
