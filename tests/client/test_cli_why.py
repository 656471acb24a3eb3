"""The ``cassino`` console script's why-not command, sweep warnings and readable hints
(docs/play.md "Why not, sweep warnings and readable hints")."""

from __future__ import annotations

import io
import json
from pathlib import Path

from client.cli import main
from client.games.cassino import sweep_warning
from client.text import Style, hint_lines
from tests.engine.test_rules import position_dict

FAST = ["--samples", "4", "--time-ms", "100"]


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_why_says_what_a_pick_makes_or_the_rule_against_it() -> None:
    # seed 7, dealer 1: you hold 2♣ 8♦ 8♣ K♦ against 6♦ 6♣ J♣ Q♠
    script = "w 2C 6D\nw 8D 6D\nw KD JC\nw 7S\nw\nq\n"
    status, out, err = run(["play", "--seed", "7", "--dealer", "1", *FAST], script)
    assert status == 0, err
    assert "2♣ with 6♦ makes:\n  Build 8 with 2♣ on 6♦  2C+6D=8" in out
    assert "8♦ with 6♦: no legal move." in out
    assert "not a capture: an 8 (8♦) cannot take 6♦: it is worth 6;" in out
    assert "(R11)" in out and "(R17, R14)" in out
    assert "not a capture: a court card captures exactly one loose card of its own rank" in out
    assert "why: card 7S is not in your hand (R6)" in out
    assert "why: name a card of your hand" in out
    assert out.rstrip().endswith("Bye.")


def test_a_move_that_leaves_a_sweep_is_marked_with_its_chance(tmp_path: Path) -> None:
    state = position_dict((["3H", "9S"], ["AH", "KD"]), ["3D", "5C"], dealer=1, stock=40,
                          captured=([], []))
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps({"state": state}))
    status, out, err = run(["play", "--state", str(saved), *FAST], "q\n")
    assert status == 0, err
    line = next(x for x in out.splitlines() if x.rstrip().endswith("sweep for the solver: "
                                                                   "14% (with a 5)"))
    assert "3Hx3D" in line
    trail = next(x for x in out.splitlines() if "Trail 3♥" in x)
    assert "sweep" not in trail


def test_sweep_warning_words() -> None:
    who = {1: "the solver"}.get
    assert sweep_warning(None, who) == ""
    assert sweep_warning({"player": 1, "probability": 0.0, "ranks": []}, who) == ""
    assert sweep_warning({"player": None, "probability": 0.5, "ranks": ["5"]}, who) == ""
    assert sweep_warning({"player": 1, "probability": 1.0, "ranks": ["7"]}, who) == \
        "  ! sweep for the solver: certain (with a 7)"
    assert sweep_warning({"player": 1, "probability": 0.004, "ranks": ["7", "K"]}, who) == \
        "  ! sweep for the solver: under 1% (with a 7/K)"


def test_hint_lines_say_alike_moves_once() -> None:
    move = {"type": "trail", "card": "4H", "id": "4H"}
    other = {"type": "trail", "card": "4D", "id": "4D"}
    answer = {"moves": [
        {"rank": 1, "move": move, "equity": 0.5, "stderr": 0.1, "stderr_diff": 0.0,
         "alternatives": ["4D"]},
        {"rank": 2, "move": other, "equity": 0.5, "stderr": 0.1, "stderr_diff": 0.0,
         "alternative_of": "4H"}]}
    lines = hint_lines(answer, Style(), None)
    assert "(or 4D)" in lines[1] and lines[1].split()[-1] == "4H"
    assert "= rank 1, another suit" in lines[2] and lines[2].split()[-1] == "4D"
