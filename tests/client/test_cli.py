"""The ``cassino`` console script: ``play`` with scripted input, ``hint`` on saved states."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from api import create_app
from client.cli import main
from client.games.cassino import pick
from tests.live_server import live_server
from workers.settings import env_names

ROOT = Path(__file__).resolve().parents[2]
FAST = ["--samples", "4", "--time-ms", "100"]  # a small solver budget: quick answers


@pytest.fixture(scope="module")
def api() -> FlaskClient:
    return create_app().test_client()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server() as url:
        yield url


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def new_state(api: FlaskClient, seed: int, dealer: int) -> dict[str, Any]:
    return dict(api.post("/v1/games", json={"seed": seed, "dealer": dealer}).json["state"])


def test_the_console_script_is_declared() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    target = project["project"]["scripts"]["cassino"]
    module, _, name = target.partition(":")
    assert getattr(import_module(module), name) is main
    assert "playwright" in " ".join(project["project"]["optional-dependencies"]["dev"])


def test_play_a_round_with_a_hint(api: FlaskClient) -> None:
    solver_hand = set(new_state(api, 7, 1)["hands"][1])
    script = "?\nh\nnonsense\n" + "1\n" * 24 + "q\n"
    status, out, err = run(["play", "--seed", "7", "--dealer", "1", "--top", "3", *FAST], script)
    assert status == 0, err
    first = out.split("Your move")[0]
    assert "Solver   4 cards in hand" in first
    you = next(line for line in first.splitlines() if line.startswith("You "))
    table = next(line for line in first.splitlines() if line.startswith("Table "))
    assert len(re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", you)) == 4
    assert not any(f"{card[:-1]}{'♠♥♦♣'['SHDC'.index(card[-1])]}" in first.split("Your moves")[0]
                   for card in solver_hand), "the solver's hand must not be shown"
    assert table.count("♠") + table.count("♥") + table.count("♦") + table.count("♣") == 4
    assert "Commands:" in out  # ?
    hint = out.split("Hint: your moves ranked by the solver\n")[1].splitlines()
    assert hint[0].split()[:3] == ["rank", "equity", "±stderr"]
    rows = [line for line in hint[1:4] if re.match(r"\s+\d+\s+[-+]\d+\.\d\d\s+\d+\.\d\d\s", line)]
    assert len(rows) == 3 and "sampled deals" in hint[4]
    assert "'nonsense' is not one of your moves" in out
    assert out.count("\nYou ") >= 24  # every turn shows the hand
    played = re.findall(r"^You (?:trailed|captured|built) ", out, flags=re.M)
    solver = re.findall(r"^Solver (?:trailed|captured|built) ", out, flags=re.M)
    assert len(played) == 24 and len(solver) >= 24
    breakdown = out.split("== Round 1 scored ==\n")[1].splitlines()
    assert breakdown[0].split() == ["You", "Solver"]
    labels = [line[:24].strip() for line in breakdown[2:8]]
    assert labels == ["Most cards (3)", "Most spades (1)", "Aces (1 each)",
                      "Big cassino 10♦ (2)", "Little cassino 2♠ (1)", "Sweeps (1 each)"]
    cards = [int(n) for n in breakdown[2].split()[-4::2]]
    assert sum(cards) == 52
    assert breakdown[9].startswith("Round points")
    assert re.match(r"Game scores: you \d+, solver \d+\.", breakdown[10])
    assert "== Round 2, batch 1 of 6; you dealt" in out
    assert out.rstrip().endswith("Bye.")


def test_play_to_game_over_from_a_saved_state(api: FlaskClient, tmp_path: Path) -> None:
    state = new_state(api, 5, 1)
    while state["stock"] or sum(len(hand) for hand in state["hands"]) > 3:
        moves = api.post("/v1/legal-moves", json={"state": state}).json["moves"]
        state = api.post("/v1/apply", json={"state": state, "move": moves[0]["id"]}).json["state"]
    # Round 3 at 20 to 2: seat 0 already holds point cards (R26), so this round takes it
    # to 21 or more, out of seat 1's reach: the round's last cards decide nothing.
    assert any(card[0] == "A" or card in ("10D", "2S") for card in state["captured"][0])
    state.update(scores=[20, 2], round=3, deal=3)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps({"state": state}))
    after = tmp_path / "after.json"
    status, out, err = run(["play", "--state", str(saved), "--save", str(after), *FAST],
                           "1\n" * 3)
    assert status == 0, err
    assert "Resuming the saved game" in out
    assert "== Round 3 scored ==" in out
    assert re.search(r"GAME OVER: you win, (2\d|3\d) to \d+!", out)
    final = json.loads(after.read_text())["state"]
    assert final["status"] == "game_over" and final["winner"] == 0
    # resuming a finished game says so
    status, out, _ = run(["play", "--state", str(after)])
    assert status == 0 and "This game is over: you won" in out


def hint_rows(out: str) -> list[list[str]]:
    rows = []
    for line in out.splitlines():
        if re.match(r"\s+\d+\s+[-+]\d+\.\d\d\s", line):
            parts = line.split()
            rows.append([parts[0], parts[1], parts[2], parts[-1]])
    return rows


def test_hint_on_a_saved_state(api: FlaskClient, tmp_path: Path) -> None:
    state = new_state(api, 12345, 0)
    bare, wrapped = tmp_path / "state.json", tmp_path / "wrapped.json"
    bare.write_text(json.dumps(state))
    wrapped.write_text(json.dumps({"state": state}))
    options = ["--samples", "8", "--seed", "3", "--top", "3"]
    status, out, err = run(["hint", "--state", str(bare), *options])
    assert status == 0, err
    ranked = hint_rows(out)
    expected = api.post("/v1/hints", json={"state": state, "player": state["to_move"],
                                           "samples": 8, "seed": 3, "top": 3}).json
    assert out.startswith(f"Seat {state['to_move']}, to move; table: ")
    assert hint_rows(out) == [[str(h["rank"]), f"{h['equity']:+.2f}", f"{h['stderr']:.2f}",
                               h["move"]["id"]] for h in expected["moves"]]
    assert len(hint_rows(out)) == 3
    # the same answer from {"state": ...}, and as JSON
    assert hint_rows(run(["hint", "--state", str(wrapped), *options])[1]) == ranked
    status, raw, _ = run(["hint", "--state", str(wrapped), "--json", *options])
    answer = json.loads(raw)
    assert answer["moves"] == expected["moves"] and answer["player"] == state["to_move"]
    # the other seat is not to move: an evaluation, no moves
    other = 1 - state["to_move"]
    status, out, _ = run(["hint", "--state", str(bare), "--player", str(other), *options])
    assert status == 0 and f"Seat {other}, not to move" in out
    assert "Position: equity" in out and "No moves to rank" in out
    # a view is accepted too
    view = api.post("/v1/view", json={"state": state, "player": state["to_move"]}).json
    (tmp_path / "view.json").write_text(json.dumps(view))
    status, out, _ = run(["hint", "--state", str(tmp_path / "view.json"), *options])
    assert status == 0 and hint_rows(out) == ranked  # same view, same seed: same answer


def test_hint_errors_are_clear(api: FlaskClient, tmp_path: Path) -> None:
    status, _, err = run(["hint", "--state", str(tmp_path / "missing.json")])
    assert status == 2 and "cannot read" in err
    (tmp_path / "junk.json").write_text("{not json")
    status, _, err = run(["hint", "--state", str(tmp_path / "junk.json")])
    assert status == 2 and "is not JSON" in err
    (tmp_path / "list.json").write_text("[1, 2]")
    status, _, err = run(["hint", "--state", str(tmp_path / "list.json")])
    assert status == 2 and "neither a state" in err
    state = new_state(api, 1, 0)
    state["hands"][0][0] = "ZZ"
    (tmp_path / "bad.json").write_text(json.dumps(state))
    status, _, err = run(["hint", "--state", str(tmp_path / "bad.json")])
    assert status == 1 and "hands[0][0]: 'ZZ' is not a card" in err  # the API's 422
    with pytest.raises(SystemExit):
        run(["hint"])  # --state is required (argparse exits 2)


def test_over_http_with_url(api: FlaskClient, server: str, tmp_path: Path) -> None:
    state = new_state(api, 99, 1)
    saved = tmp_path / "state.json"
    saved.write_text(json.dumps({"state": state}))
    local = run(["hint", "--state", str(saved), "--samples", "8", "--top", "2"])
    remote = run(["hint", "--url", server, "--state", str(saved), "--samples", "8", "--top", "2"])
    assert remote[0] == 0 and hint_rows(remote[1]) == hint_rows(local[1])
    status, out, err = run(["--url", server, "play", "--seed", "99", "--dealer", "1", *FAST],
                           "h\n1\nq\n")
    assert status == 0, err
    assert "Hint: your moves" in out and "Solver " in out and out.rstrip().endswith("Bye.")
    status, _, err = run(["hint", "--url", "http://127.0.0.1:9", "--state", str(saved)])
    assert status == 1 and "cannot reach http://127.0.0.1:9" in err
    # --url before the command is the same option: it must not fall back to this process
    status, _, err = run(["--url", "http://127.0.0.1:9", "play", "--seed", "99", *FAST], "q\n")
    assert status == 1 and "cannot reach http://127.0.0.1:9" in err


def test_the_module_runs_as_a_script_in_plain_ascii() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([sys.executable, "-m", "client", "play", "--seed", "3", *FAST],
                          input="h\n2\nq\n", capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "+-stderr" in done.stdout and "Bye." in done.stdout
    assert not re.search(r"[♠♥♦♣]", done.stdout)
    assert re.search(r"You {6}(?:(?:10|[2-9AJQK])[SHDC] ?){4};", done.stdout)


def test_pick_by_number_or_id() -> None:
    moves = [{"id": "KC"}, {"id": "7Sx2H5C7D"}, {"id": "2H+5C=7"}]
    assert pick("2", moves) == moves[1]
    assert pick("7sx2h5c7d", moves) == moves[1]
    assert pick("2h+5c=7", moves) == moves[2]
    assert pick("0", moves) is None and pick("4", moves) is None and pick("QS", moves) is None


def test_a_new_game_is_sealed_saved_and_resumed(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from cryptography.fernet import Fernet

    # the in-process server of each run must hold the same key to reopen a saved token
    monkeypatch.setenv("CARDGAMES_SEAL_KEYS", Fernet.generate_key().decode())
    monkeypatch.setenv("CARDGAMES_STORE", str(tmp_path / "store"))
    saved = tmp_path / "game.json"
    status, out, err = run(["play", "--seed", "7", "--dealer", "0", "--opponent", "greedy",
                            "--save", str(saved)], "1\n1\nq\n")
    assert status == 0, err
    assert "New game against the greedy: you deal first" in out
    # you deal, so the house (seat 1) leads: its move is told before your first turn
    assert re.search(r"^Solver (?:trailed|captured|built) ", out.split("Your move")[0],
                     flags=re.M)
    data = json.loads(saved.read_text())
    assert set(data) == {"game", "credential"}  # no state: nothing the player may not see
    assert data["credential"].startswith("0.")
    status, out, err = run(["play", "--seat", "1", "--state", str(saved)], "1\nq\n")
    assert status == 0, err
    assert "Resuming the saved sealed game: you play seat 0." in out  # the credential's
    assert re.search(r"^You (?:trailed|captured|built) ", out, flags=re.M)
    # the resumed game moved on: the save from the first run is now stale
    stale = run(["play", "--state", str(saved)], "q\n")
    assert stale[0] == 1 and "use the newest token" in stale[2], stale


def test_an_unknown_opponent_is_named() -> None:
    status, _, err = run(["play", "--opponent", "oracle"], "q\n")
    assert status == 1 and "house[0].bot" in err


# ---- variants ------------------------------------------------------------------------------

def fake_catalog(api: FlaskClient) -> dict[str, Any]:
    """The server's catalog with more playable: a two-seat variant the server does not
    know, a four-seat one the terminal cannot seat, a declared one."""
    real = api.get("/v1/catalog").json
    cassino = real["games"][0]
    extra = [{"name": "zz-test", "description": "The test's own.", "seats": 2,
              "teams": [[0], [1]], "playable": True},
             {"name": "zz-four", "description": "Four seats.", "seats": 4,
              "teams": [[0, 2], [1, 3]], "playable": True},
             {"name": "zz-declared", "description": "Declared.", "seats": 2,
              "teams": [[0], [1]], "playable": False}]
    return {"games": [{**cassino, "variants": [*extra, *cassino["variants"]]}]}


def test_the_variant_menu_follows_the_catalog(api: FlaskClient,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from client.api import Cassino
    from client.games.cassino import batch_of, choose_variant, table_variants

    catalog = fake_catalog(api)
    playable = [v["name"] for v in api.get("/v1/catalog").json["games"][0]["variants"]
                if v["playable"]]
    offered = [v["name"] for v in table_variants(catalog)]
    assert offered[0] == "standard" and sorted(offered) == sorted(
        [*playable, "zz-test", "zz-four"])
    assert choose_variant(catalog, None)["name"] == "standard"
    assert choose_variant(catalog, "zz-test")["name"] == "zz-test"
    for asked, why in [("zz-declared", "cannot be played here yet"),
                       ("nope", "is not a variant")]:
        with pytest.raises(Exception, match=f"--variant {asked} {why}; playable: standard"):
            choose_variant(catalog, asked)
    assert table_variants({"games": []}) == []
    assert batch_of({"players": 2, "hand_size": 4, "table_size": 4}, 40) == (1, 6)
    assert batch_of({"players": 2, "hand_size": 4, "table_size": 4,
                     "draw_after_play": True}, 40) is None

    # the menu is the catalog's: a variant it makes playable is sent as it is
    monkeypatch.setattr(Cassino, "catalog", lambda self: catalog)
    sent: list[dict[str, Any]] = []
    post = Cassino.post
    monkeypatch.setattr(Cassino, "post", lambda self, path, body: (
        sent.append(body), post(self, path, body))[1])
    status, out, err = run(["play", "--variant", "zz-test", "--seed", "7", *FAST], "q\n")
    assert sent[0]["variant"] == "zz-test" and sent[0]["game"] == "cassino"
    assert status == 1 and err.startswith("cassino: variant: "), (out, err)  # the server's
    status, out, err = run(["variants"])
    lines = {line.split()[0]: line.split()[1:3] for line in out.splitlines()[1:]}
    assert lines["zz-test"] == ["2", "yes"] and lines["zz-four"] == ["4", "yes"]
    assert lines["zz-declared"] == ["2", "no"] and lines["standard"] == ["2", "yes"]


def test_variants_lists_the_catalog(api: FlaskClient) -> None:
    status, out, err = run(["variants"])
    assert status == 0, err
    rows = out.splitlines()
    assert rows[0].split() == ["variant", "seats", "playable", "rules"]
    listed = {row.split()[0]: row for row in rows[1:]}
    variants = [v for game in api.get("/v1/catalog").json["games"] for v in game["variants"]]
    assert list(listed) == [v["name"] for v in variants]  # every game's
    assert listed["conquian"].split()[1:3] == ["2", "yes"]  # play --game conquian
    assert listed["standard"].split()[1:4] == ["2", "yes", "/rules/standard"]
    assert listed["partnership"].split()[1:3] == ["4", "yes"]
    assert listed["three-hand"].split()[1:3] == ["3", "yes"]


def test_play_names_the_variant_and_its_rules() -> None:
    status, out, err = run(["play", "--variant", "standard", "--seed", "7", "--dealer", "1",
                            *FAST], "q\n")
    assert status == 0, err
    assert ("New game against the solver: the solver deals first; standard (rules: "
            "/rules/standard), first to 21 wins.") in out
    assert "== Round 1, batch 1 of 6; the solver dealt; stock 40; standard ==" in out
    status, _, err = run(["play", "--variant", "conquian"], "q\n")  # another game's
    assert status == 2 and "--variant conquian cannot be played here yet" in err
    assert "playable: standard" in err and "partnership" in err
    status, _, err = run(["play", "--variant", "three-hand", "--seat", "3"], "q\n")
    assert status == 2 and "--seat 3: three-hand has seats 0 to 2" in err


def test_a_playable_variant_other_than_standard(api: FlaskClient) -> None:
    """Plays whatever is playable besides standard when the test runs (one move)."""
    offered = [v for v in api.get("/v1/catalog").json["games"][0]["variants"]
               if v["playable"] and v["seats"] == 2 and v["name"] != "standard"]
    if not offered:
        pytest.skip("no variant but standard is playable yet")
    name = offered[0]["name"]
    status, out, err = run(["play", "--variant", name, "--seed", "7", "--dealer", "1",
                            *FAST], "1\nq\n")
    assert status == 0, err
    assert f"the solver deals first; {name}" in out and f"; {name} ==" in out
    assert re.search(r"^You (?:trailed|captured|built|\w+) ", out, flags=re.M)


def test_a_variants_own_moves_and_events_are_told_in_the_servers_words() -> None:
    from client.text import Style

    style = Style()
    # a move and an event this client does not know (a future variant's): the server's words
    assert style.move({"type": "knock", "id": "knock", "description": "Knock"}) == "Knock"
    assert style.move({"type": "knock", "id": "knock"}) == "knock"
    assert style.event({"type": "knock", "player": 0, "description": "Player 0 knocks"},
                       None, ("You", "Solver")) == "Player 0 knocks"
    assert style.event({"type": "game_over", "winner": 0, "scores": [21, 3]}, None,
                       ("You", "Solver")) is None


@pytest.mark.parametrize(("variant", "seat", "dealer"), [("three-hand", 1, 0),
                                                          ("partnership", 0, 3)])
def test_play_a_whole_game_of_three_or_four_seats(variant: str, seat: int, dealer: int) -> None:
    """You at one seat, the house (greedy) at every other: the table shows each other
    seat's hand size, captures and sweeps, the sides' scores, and plays to the end."""
    from engine import new_game
    from engine.cards import format_cards
    from engine.cassino import teams

    state = new_game(9, variant, dealer)
    sides = teams(state.rules)
    others = [s for s in range(len(state.hands)) if s != seat]
    status, out, err = run(["play", "--variant", variant, "--seed", "9", "--dealer",
                            str(dealer), "--seat", str(seat), "--opponent", "greedy"],
                           "1\n" * 400 + "q\n")
    assert status == 0, err
    first = out.split("Your moves")[0]
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    hidden = {card[:-1] + symbol[card[-1]] for other in others
              for card in format_cards(state.hands[other])}
    assert not any(card in first.split("Table")[0] or card in first.split("You ")[-1]
                   for card in hidden), "another seat's cards shown"
    assert f"you play seat {seat}, the greedy plays seats " in out
    rows = {line.split()[0] + ("" if line.split()[0] != "Seat" else " " + line.split()[1])
            for line in first.splitlines() if "cards in hand;" in line}
    if variant == "partnership":
        partner = next(s for team in sides if seat in team for s in team if s != seat)
        assert f"your partner is seat {partner}" in out
        assert rows == {"Partner", *(f"Seat {s}" for s in others if s != partner)}
        assert "Scores   your team 0, their team 0" in first
        assert "team 0 points so far" in first
        head = out.split("== Round 1 scored ==\n")[1].splitlines()[0]
        assert head.split() == ["Your", "team", "Their", "team"]
    else:
        assert rows == {f"Seat {s}" for s in others}
        assert ("Scores   you 0, " + ", ".join(f"seat {s} 0" for s in
                                               [(seat + k) % 3 for k in (1, 2)])) in first
        head = out.split("== Round 1 scored ==\n")[1].splitlines()[0]
        assert head.split() == ["You", *(f"Seat {(seat + k) % 3}".split()[i]
                                        for k in (1, 2) for i in (0, 1))]
    assert re.search(r"sweeps \d+", first) and "4 cards in hand" in first
    for other in others:  # every house seat played, in turn
        assert re.search(rf"^(?:Seat {other}|Partner) (?:trailed|captured|built) ", out,
                         flags=re.M)
    assert "Game scores: " in out and "GAME OVER: " in out
    assert out.rstrip().endswith(".") and "Bye." not in out


def test_play_prints_no_server_log_into_the_game() -> None:
    """With no key configured, the in-process service seals with a key of its own and
    says nothing about it: the screen shows the game only (issue 25)."""
    env = {key: value for key, value in os.environ.items()
           if key not in env_names("SEAL_KEYS")}
    done = subprocess.run([sys.executable, "-m", "client", "play", "--seed", "3", *FAST],
                          input="q\n", capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=60, check=False)
    assert "New game against the solver" in done.stdout
    screen = done.stdout + done.stderr
    assert "SEAL_KEYS" not in screen and '"level"' not in screen, screen[-500:]


def test_counts_agree_with_their_nouns() -> None:
    from client.text import choose_prompt, counted

    assert [counted(n, "point") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert choose_prompt(1, "7S") == "type 1 or a move id such as 7S (? for help)"
    assert choose_prompt(3, "7S").startswith("type a number from 1 to 3 or")


def test_help_presents_every_game() -> None:
    status, out, _ = run_help()
    assert status == 0 and "Two-player Cassino" not in out
    assert all(name in out for name in ("Cassino", "Conquian", "Poker Rum", "Double-Pack Rum"))


def run_help() -> tuple[int, str, str]:
    out = io.StringIO()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(sys, "stdout", out)
            status = main(["--help"], stdin=io.StringIO(), stdout=out, stderr=io.StringIO())
    except SystemExit as exc:
        status = int(exc.code or 0)
    return status, out.getvalue(), ""


def test_hint_takes_an_opponent_model(api: FlaskClient, tmp_path: Path) -> None:
    """``--opponent-model 0`` in the last batch: the game's value, said so."""
    from tests.solver.test_game_value import last_batch

    path = tmp_path / "state.json"
    path.write_text(json.dumps(last_batch(6).to_dict()))
    status, raw, err = run(["hint", "--state", str(path), "--opponent-model", "0", "--json"])
    assert status == 0, err
    answer = json.loads(raw)
    assert answer["solver"]["opponent_model"] == 0 and answer["solver"]["exact"] is True
    status, out, _ = run(["hint", "--state", str(path), "--opponent-model", "0"])
    assert status == 0 and "Exact: the game's value" in out
    status, out, _ = run(["hint", "--state", str(path)])
    assert status == 0 and "Exact" not in out
    for bad in ("2", "-0.5", "nan", "half"):
        with pytest.raises(SystemExit):
            run(["hint", "--state", str(path), "--opponent-model", bad])
