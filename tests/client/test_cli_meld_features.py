"""``cassino play --game conquian|rummy``: every feature of the catalog at the terminal
(client/melds.py), by scripted input over HTTP: ``--opponent`` a level or the dial's
number (the house seats of the sealed game), ``w CARDS [@MELD]`` (``POST /v1/why``: the
moves, each kind's broken rule with its link, the warnings, the meld verdict), each
discard's warning in the move list (legal-moves' ``risks``), and the hints with alike
moves said once."""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from client.melds import MeldStyle
from engine.games import engine_of
from tests.client.test_cli_melds import run
from tests.melds_server import Server

CONFIG = {"STORE": tempfile.mkdtemp(prefix="cassino-cli-meld-features-"), "RATE_LIMIT": "",
          "HINT_RATE_LIMIT": ""}


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


def dealt(game: str, variant: str, seed: int) -> list[str]:
    """Seat 0's hand as dealt, dealer 1 (the script must name its cards)."""
    return list(engine_of(game).new_game(seed, variant, 1, 2).to_dict()["hands"][0])


def played(server: Server, game: str, variant: str, seed: int, opponent: str,
           script: str, *extra: str) -> tuple[str, dict[str, Any]]:
    """The terminal's output, and the saved position (the token after the last move)."""
    save = Path(tempfile.mkdtemp(prefix="cassino-cli-meld-features-")) / "hand.json"
    status, out, err = run(["play", "--url", server.url, "--ascii", "--game", game,
                            "--variant", variant, "--seed", str(seed), "--dealer", "1",
                            "--opponent", opponent, "--save", str(save), *extra], script)
    assert status == 0, err
    return out, json.loads(save.read_text(encoding="utf-8"))


def house(server: Server, token: str) -> dict[int, str]:
    return dict(server.app.extensions["cardgames_sealer"].open(token).house)


def ask(server: Server, position: dict[str, Any], body: dict[str, Any]) -> Any:
    return server.app.test_client().post("/v1/why", json={**position, **body}).json


def why_lines(server: Server, answer: Any) -> list[str]:
    """The reasons and warnings as the terminal says them, each rule with its link."""
    article = {"add": "an add"}
    return [f"  not {article.get(r['type'], 'a ' + r['type'])}: {r['message']} "
            f"({r['rule']}: {server.url}{r['rule_url']})" for r in answer["reasons"]] + [
        f"  ! {w['type']}: {w['message']} ({w['rule']}: {server.url}{w['rule_url']})"
        for w in answer["warnings"]]


def assert_warnings_listed(server: Server, position: dict[str, Any], out: str) -> int:
    """Each move of the last list with its warning, as legal-moves' risks give it."""
    answer = server.app.test_client().post(
        "/v1/legal-moves", json={**position, "risks": True}).json
    listing = out[out.rindex("Your moves:"):]
    shown = 0
    for risk in answer["risks"]:
        line = next(text for text in listing.splitlines() if text.endswith(f"[{risk['move']}]")
                    or f"[{risk['move']}]  ! " in text)
        if risk["probability"] and risk["player"] is not None:
            pct = risk["probability"] * 100
            odds = ("certain" if risk["probability"] >= 1 else f"{pct:.0f}%" if pct >= 1
                    else "under 1%")
            what = {"add": "adds it to a meld", "extend": "extends a meld with it"}.get(
                risk["how"], "melds with it")
            assert line.endswith(f"[{risk['move']}]  ! the next player {what}: {odds}"), line
            shown += 1
        else:
            assert line.endswith(f"[{risk['move']}]"), line
    return shown


def test_poker_gin_against_the_dial_with_why_and_warnings(server: Server) -> None:
    cards = dealt("rummy", "poker-gin", 5)
    three = " ".join(cards[:3])
    out, position = played(server, "rummy", "poker-gin", 5, "60",
                           f"draw\nw {cards[0]}\nw {three}\nw 2S @0\nw\nq\n")
    assert house(server, position["game"]) == {1: "dial:60"}
    assert "against the dial at 60" in out
    assert assert_warnings_listed(server, position, out) > 0

    one = ask(server, position, {"cards": [cards[0]]})
    assert one["legal"] and [w["rule"] for w in one["warnings"]] == ["RM24"]
    said = out[out.index(f"{cards[0]} make:"):].splitlines()
    moves = len(one["moves"])
    assert said[1] == f"  Discard {cards[0]}  [{cards[0]}]"
    assert said[1 + moves:1 + moves + len(why_lines(server, one))] == why_lines(server, one)

    answer = ask(server, position, {"cards": cards[:3]})
    assert answer["legal"] is False and answer["meld"] is False
    said = out[out.index(f"{three}: no legal move."):].splitlines()
    assert said[1:1 + len(why_lines(server, answer))] == why_lines(server, answer)
    assert f"  a meld: no, {answer['meld_message']} ({answer['meld_rule']})" in said
    assert "why: name cards of your hand, and @MELD for a meld of the table " \
           "(none on the table)" in out  # @0 with no meld laid, and w alone


def test_conquian_against_a_level_with_why_and_the_adversarys_warnings(
        server: Server) -> None:
    cards = dealt("conquian", "conquian", 1)
    card = next(c for c in cards if c not in ("KH", "KD"))
    out, position = played(server, "conquian", "conquian", 1, "club",
                           f"w {card} KC\ntake:KC=KHKDKC\nq\n")
    assert house(server, position["game"]) == {1: "club"}
    assert "against the club" in out
    style = MeldStyle(False)  # the face-up KC is the game's to add: a use of it
    said = out[out.index(f"{style.card(card)}: no legal move."):].splitlines()
    assert said[1] == f"  not a take: {card} KC is neither a set nor a run (Q11, Q12) " \
                      f"(Q11, Q12: {server.url}/rules/conquian#Q11)"
    assert assert_warnings_listed(server, position, out) > 0


def test_double_pack_rum_why_at_a_meld_number_and_the_hints_grouped(server: Server) -> None:
    out, position = played(server, "rummy", "double-pack-rum", 5, "greedy",
                           "draw\nQS+QD+QC'\nw 7s @0\nw 7S @9\nh\nq\n",
                           "--samples", "4", "--time-ms", "100")
    answer = ask(server, position, {"cards": ["7S"], "meld": 0})
    assert "add" in [r["type"] for r in answer["reasons"]]
    said = out[out.index("7S with [0] make:"):].splitlines()  # a discard, not an add
    moves = len(answer["moves"])
    assert said[1:1 + moves] == ["  Discard 7S  [7S]"] and moves == 1
    assert said[1 + moves:1 + moves + len(why_lines(server, answer))] == \
        why_lines(server, answer)
    assert "why: name cards of your hand, and @MELD for a meld of the table (@0)" in out

    hints = server.app.test_client().post(
        "/v1/hints", json={**position, "samples": 4, "time_ms": 100, "seed": 0}).json
    lines = out[out.index("Hint: your moves"):].splitlines()
    grouped = [h for h in hints["moves"] if h.get("alternatives")]
    assert grouped, "a pack's two copies of a card in hand"
    for hint in hints["moves"]:
        ident = hint["move"]["id"]
        mine = [text for text in lines if text.endswith(f"  [{ident}]")]
        if hint.get("alternative_of"):
            assert mine == []  # said once, with the move it is alike to
        else:
            assert len(mine) == 1
            alike = [f"Discard {c}" for c in hint.get("alternatives") or []]
            if alike:
                assert re.search(rf" \(or {re.escape('; '.join(alike))}\)  \[", mine[0])
