"""``cassino replay``, ``cassino review`` and the record after ``cassino play`` for the
games other than Cassino (client/records.py, each position drawn by its game's module:
client/melds.py for the meld games, a generic fallback for a game with none), driven in
process against the app with scripted input."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from client import records
from client.api import CardGames, InProcessTransport
from client.games import conquian
from client.text import Style
from engine.games import engine_of
from tests.client.test_records import Terminal, run
from tests.engine.test_records import played_hand


def replayed(client: CardGames, record: dict[str, Any]) -> list[dict[str, Any]]:
    return list(client.post("/v1/records/replay", {"record": record})["positions"])


def test_play_rummy_saves_the_record_and_offers_replay_and_review(tmp_path: Path) -> None:
    saved = tmp_path / "hand.json"
    # the first listed move each turn; the 1s left over are no command at the offer
    script = "1\n" * 200 + "r\nf\nl\nq\nv\n\n"
    status, out, err = run(["play", "--game", "rummy", "--variant", "poker-gin", "--seed", "5",
                            "--dealer", "1", "--opponent", "greedy", "--record", str(saved),
                            "--ascii"], Terminal(script))
    assert status == 0, err
    assert "HAND OVER" in out and f"The game's record is in {saved}" in out
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["format"] == "rummy-record" and record["variant"] == "poker-gin"
    assert record["result"]["over"] is True
    moves = record["deals"][0]["moves"]
    assert "r replay, v review your moves, s FILE save the record" in out
    assert re.search(rf"Replay of a game of poker-gin \(seed 5\): {len(moves)} moves", out)
    dealt = engine_of("rummy").new_game(5, "poker-gin", 1, 2).to_dict()["hands"]
    first = out.index(f"Poker Gin dealt by player 1 (move 0 of {len(moves)})")
    lines = out[first:].splitlines()
    for seat in (0, 1):  # every hand as dealt, the house's too
        line = next(text for text in lines if text.startswith(f"  Player {seat}: "))
        assert sorted(line.split("(")[0].split()[2:]) == sorted(dealt[seat])
    assert f"Move {len(moves)} of {len(moves)}: player {moves[-1]['player']}" in out
    assert "hand over: " in out
    mine = [m for m in moves if m["player"] == 0]
    assert "Review of player 0's moves" in out
    assert re.search(rf"Accuracy \d+(\.\d)?% over {len(mine)} moves", out)


def test_replay_and_review_of_a_rummy_record_file(tmp_path: Path) -> None:
    client = CardGames(InProcessTransport())
    state = played_hand("double-pack-rum", 3)
    record = client.post("/v1/records", {"state": state.to_dict()})["record"]
    path = tmp_path / "rummy-record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    status, out, err = run(["replay", str(path), "--ascii"], io.StringIO("\nl\nq\n"))
    assert status == 0, err
    positions = replayed(client, record)
    last = positions[-1]["state"]
    assert re.findall(r"\[(\d+)/(\d+)\] > ", out) == [
        ("0", str(len(positions) - 1)), ("1", str(len(positions) - 1)),
        (str(len(positions) - 1), str(len(positions) - 1))]
    end = out[out.rindex("Move "):]
    for index, laid in enumerate(last["table"]):  # every meld on the table, its owner's
        assert f"[{index}] player {laid['owner']}: {' '.join(laid['cards'])}" in end
    assert f"Stock: {len(last['stock'])} · discard pile: {len(last['pile'])} cards, " \
           f"top last: {' '.join(last['pile'])}" in end
    assert "hand over: player" in end and f"Scores: player 0 {last['scores'][0]}" in end

    status, out, err = run(["review", str(path), "--player", "1", "--samples", "4"])
    assert status == 0, err
    mine = [m for m in record["deals"][0]["moves"] if m["player"] == 1]
    rated = [line for line in out.splitlines() if re.match(r"\s+\d+\. ", line)]
    assert len(rated) == len(mine)
    assert re.search(rf"Accuracy \d+(\.\d)?% over {len(mine)} moves", out)


def test_a_game_with_no_module_is_replayed_by_the_generic_lines() -> None:
    """The fallback: the move's description, the events' descriptions, each hand and the
    state's other fields."""
    client = CardGames(InProcessTransport())
    state = played_hand("poker-rum", 17)
    record = client.post("/v1/records", {"state": state.to_dict()})["record"]
    position = replayed(client, record)[3]
    lines = records.position_lines(position, 34, Style(True), "a-game-with-no-module")
    assert lines[0] == (f"Move 3 of 34: player {position['player']}: "
                        f"{position['move']['description']}")
    for event in position["events"]:
        assert f"  {event['description']}" in lines
    for seat, hand in enumerate(position["state"]["hands"]):
        assert f"  Player {seat}: {' '.join(hand)}" in lines
    assert f"  pile: {json.dumps(position['state']['pile'])}" in lines  # the other fields
    assert f"  variant: {position['state']['variant']}" in lines
    assert not any(line.startswith("  history: ") for line in lines)


def conquian_record(client: CardGames, plies: int, players: int = 2) -> dict[str, Any]:
    """The API's record of a Conquian hand (``POST /v1/records``) after ``plies`` moves,
    each turn's first legal move, from an open game."""
    state = client.post("/v1/games", {"game": "conquian", "seed": 3, "dealer": 0,
                                      "players": players})["state"]
    for _ in range(plies):
        move = client.legal_moves({"state": state})[0]
        state = client.apply({"state": state}, move["id"])["state"]
    return dict(client.post("/v1/records", {"state": state})["record"])


def test_conquian_positions_are_drawn_by_its_module() -> None:
    """Conquian's records replayed by the API (``POST /v1/records/replay``), each position
    drawn by its module's hooks."""
    client = CardGames(InProcessTransport())
    record = conquian_record(client, 6)
    assert record["format"] == "conquian-record"
    positions = replayed(client, record)
    assert len(positions) == 7
    lines = records.position_lines(positions[6], 6, Style(False))  # by the state's game
    assert lines == conquian.replay_lines(positions[6], 6, False)
    state = positions[6]["state"]
    assert lines[0] == f"Move 6 of 6: player 0: {positions[6]['move']['description']}"
    assert any("turns up" in line for line in lines)  # the event the move led to
    for seat, hand in enumerate(state["hands"]):
        line = next(text for text in lines if text.startswith(f"  Player {seat}: "))
        assert sorted(line.split("(")[0].split()[2:]) == sorted(hand)
        down = sum(len(m) for m in state["melds"][seat])
        assert line.endswith(f"{down} down of 11)")
    melds = [f"[{owner}:{i}] player {owner}: {' '.join(cards)}"
             for owner, laid in enumerate(state["melds"]) for i, cards in enumerate(laid)]
    assert melds and all(meld in lines[-4] for meld in melds)
    assert f"Stock: {len(state['stock'])} · face-up {state['up']}" in lines[-3]
    assert lines[-2] == f"  Dead: {' '.join(state['dead'])}"
    assert lines[-1] == f"  Pool: {state['pool']} each"
    assert records.position_lines(positions[0], 6, Style(False))[0] == \
        "Conquian dealt by player 0 (move 0 of 6)"


def test_a_conquian_record_at_three_replayed_and_reviewed(tmp_path: Path) -> None:
    """Conquian at three (QD12): the dealer's seat sits out, the pool counts tableaux
    (QD16); ``cassino replay`` and ``cassino review`` read the record file."""
    client = CardGames(InProcessTransport())
    record = conquian_record(client, 8, players=3)
    path = tmp_path / "conquian-record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    status, out, err = run(["replay", str(path), "--ascii"], io.StringIO("l\nq\n"))
    assert status == 0, err
    last = replayed(client, record)[-1]["state"]
    end = out[out.rindex("Move "):]
    assert "  Player 0: -   (0 cards; sits this hand out (QD12))" in end
    for seat in (1, 2):
        assert f"  Player {seat}: " in end and f"{len(last['hands'][seat])} cards; " in end
    tableaux = "tableau" if last["pool"] == 1 else "tableaux"
    assert f"\n  Pool: {last['pool']} {tableaux}\n" in end
    status, out, err = run(["review", str(path), "--player", "1", "--samples", "2"])
    assert status == 0, err
    mine = [m for m in record["deals"][0]["moves"] if m["player"] == 1]
    assert re.search(rf"Accuracy \d+(\.\d)?% over {len(mine)} moves", out)


def test_play_conquian_saves_the_record_and_replays_it(tmp_path: Path) -> None:
    saved = tmp_path / "hand.json"
    script = "1\n" * 120 + "r\nl\nq\n\n"
    status, out, err = run(["play", "--game", "conquian", "--seed", "3", "--dealer", "1",
                            "--opponent", "greedy", "--record", str(saved), "--ascii"],
                           Terminal(script))
    assert status == 0, err
    assert "HAND OVER" in out and f"The game's record is in {saved}" in out
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["format"] == "conquian-record" and record["result"]["over"] is True
    moves = record["deals"][0]["moves"]
    assert "r replay, v review your moves, s FILE save the record" in out
    assert f"Conquian dealt by player 1 (move 0 of {len(moves)})" in out
    assert f"Move {len(moves)} of {len(moves)}: player {moves[-1]['player']}" in out


def test_the_offer_follows_the_games_features(tmp_path: Path) -> None:
    client = CardGames(InProcessTransport())
    position = {"state": played_hand("poker-rum", 17).to_dict()}
    out = io.StringIO()
    saved = tmp_path / "none.json"
    records.offer(client, position, 0, Style(False), Terminal("r\n\n"), out, saved,
                  frozenset({"hints"}))
    assert "the server keeps no records of it" in out.getvalue() and not saved.exists()
    out = io.StringIO()
    records.offer(client, position, 0, Style(False), Terminal("r\nv\n\n"), out, saved,
                  frozenset({"records"}))
    assert json.loads(saved.read_text(encoding="utf-8"))["format"] == "rummy-record"
    assert "s FILE save the record, Enter to leave: " in out.getvalue()
    assert "replay" not in out.getvalue().replace("cassino replay", "")
    assert "Review" not in out.getvalue()
