"""``cassino play --game conquian|rummy``: the layout of the draw-and-meld games
(client/melds.py) on the engines' own views, and whole hands played by scripted input
against a house seat over HTTP (``--url``)."""

from __future__ import annotations

import argparse
import io
import json
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engine.conquian as conquian
import engine.rummy as rummy
from client.cli import main
from client.games.rummy import deadwood
from client.melds import MeldGame, hand_melds, move_id, pick, suit_groups
from engine.cards import card_name, cards_of
from tests.melds_server import Server

CONFIG = {"STORE": tempfile.mkdtemp(prefix="cassino-cli-melds-"), "RATE_LIMIT": "",
          "HINT_RATE_LIMIT": ""}
CARD = re.compile(r"(?:10|[A2-9JQK])[SHDC]'?|JK[12]")


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def layout(view: dict[str, Any], game: str, symbols: bool = False) -> list[str]:
    args = argparse.Namespace(game=game, seat=view["player"], opponent="greedy")
    return MeldGame(None, args, symbols, io.StringIO(), io.StringIO(),  # type: ignore[arg-type]
                    0.0).table_lines(view)


# ---- the layout, on the engines' views ------------------------------------------------


def test_a_pile_turned_as_it_lay_and_a_stalled_hand_in_words() -> None:
    """Double-Pack Rum turns the pile without a shuffle (DP11) and ends a stalled hand
    (DP13); the poker games' shuffle (RM25) reads as before."""
    args = argparse.Namespace(game="rummy", seat=0, opponent="greedy")
    game = MeldGame(None, args, False, io.StringIO(), io.StringIO(), 0.0)  # type: ignore[arg-type]
    pile = rummy.parse_cards(["KS", "KH"], field="cards")
    turned = rummy.Event.of("reshuffle", cards=pile, shuffled=False).to_dict(0)
    shuffled = rummy.Event.of("reshuffle", cards=pile).to_dict(0)
    assert game.event_text(turned) == "The pile is turned face down into a new stock, as it lay."
    assert game.event_text(shuffled) == "The pile is turned and shuffled into a new stock."
    stalled = rummy.Event.of("hand_drawn", reason="stalled", scores=(0, 0)).to_dict(0)
    assert game.event_text(stalled) == stalled["description"] and "(DP13)" in stalled[
        "description"]


def test_the_books_conquian_hand_shows_its_melds() -> None:
    # docs/rules/conquian.md: ♡ J 7 6 4, ♠ 5 3 2, ♢ K 7 5 drawing ♡ 5
    hand = ["JH", "7H", "6H", "4H", "5S", "3S", "2S", "KD", "7D", "5D", "5H"]
    groups = suit_groups(hand, "conquian")
    assert groups == [("S", ["2S", "3S", "5S"]), ("H", ["4H", "5H", "6H", "7H", "JH"]),
                      ("D", ["5D", "7D", "KD"])]  # the 7 next below the jack (Q2)
    melds = hand_melds(hand, "conquian")
    assert ["5S", "5D", "5H"] in melds or ["5S", "5H", "5D"] in melds
    assert ["4H", "5H", "6H", "7H", "JH"] in melds
    assert not any("2S" in m for m in melds)  # 2 3 5 of spades: no run


def test_the_american_pack_shows_its_hand_from_the_ace_to_the_ten() -> None:
    # QD1: the American pack's 8, 9, 10 follow the 7; the 10 and the ace are no neighbours
    hand = ["10H", "8H", "9H", "7H", "AH", "2H", "5S", "6S", "4S", "10D"]
    groups = suit_groups(hand, "conquian", "conquian-american")
    assert groups == [("S", ["4S", "5S", "6S"]), ("H", ["AH", "2H", "7H", "8H", "9H", "10H"]),
                      ("D", ["10D"])]
    melds = hand_melds(hand, "conquian", "conquian-american")
    assert ["7H", "8H", "9H", "10H"] in melds and ["4S", "5S", "6S"] in melds
    assert not any("AH" in m for m in melds)  # no run round from the 10 to the ace
    state = conquian.new_game(4, "conquian-american", dealer=0)
    lines = layout(state.view(1).to_dict(), "conquian")
    assert "Conquian (American pack)" in lines[1]
    shown = next(line for line in lines if line.startswith("Your hand:"))
    for card in cards_of(state.hands[1]):
        assert card_name(card) in shown


def test_rummy_deadwood_and_the_ace_high_or_low() -> None:
    # a Poker Rum show-down with nine points of deadwood (RM14): three melds and a 9
    hand = ["7S", "8S", "9S", "2H", "2D", "2C", "QC", "KC", "AC", "9H"]
    assert deadwood(hand) == 9
    assert ["QC", "KC", "AC"] in hand_melds(hand, "rummy")  # the ace high (RM11)
    assert not any(m == ["KC", "AC", "2C"] for m in hand_melds(["KC", "AC", "2C"], "rummy"))
    assert deadwood(["AH", "2H", "3H"]) == 0
    assert deadwood(["KC", "AC", "2C"]) == 10 + 11 + 2  # never round the corner


def test_rummy_move_ids_from_their_json_forms() -> None:
    state = rummy.new_game(1, "double-pack-rum")
    for move in state.legal_moves():
        assert move_id(move.to_dict()) == move.id
    for move in (rummy.parse_move(text) for text in
                 ("7H!", "6C+7C+JK1@6", "3:8C+JK2@8", "JK1~=8C+4C", "JK2~+4C", "7H'")):
        assert move_id(move.to_dict()) == move.id
    moves = [{"id": "take:KC=KHKDKC", "type": "take"}, {"id": "pass", "type": "pass"}]
    assert pick("2", moves) == moves[1] and pick("TAKE:kc=khkdkc", moves) == moves[0]
    assert pick("3", moves) is None


def test_the_layout_never_shows_the_other_hand() -> None:
    for game, state in (("conquian", conquian.new_game(4)),
                        ("rummy", rummy.new_game(4, "poker-gin")),
                        ("rummy", rummy.new_game(4, "double-pack-rum"))):
        view = state.view(0).to_dict()
        text = "\n".join(layout(view, game))
        other = set(state.view(1).to_dict()["hand"])
        assert not set(CARD.findall(text)) & other, text
        assert "10 cards in hand" in text
        assert f"Stock: {view['stock_size']}" in text
        assert "Your hand:" in text
    lines = layout(conquian.new_game(4).view(0).to_dict(), "conquian", symbols=True)
    assert any("♥" in line or "♠" in line for line in lines)


def test_the_layout_of_melds_on_the_table() -> None:
    state = conquian.new_game(3)
    while not state.melds[0] and not state.melds[1] and state.phase != conquian.OVER:
        moves = state.legal_moves()
        state = state.apply(next((m for m in moves if m.type in ("take", "lay")),
                                 moves[-1])).state
    view = state.view(0).to_dict()
    text = "\n".join(layout(view, "conquian"))
    for owner, melds in enumerate(view["melds"]):
        for i, cards in enumerate(melds):
            assert f"[{owner}:{i}] {' '.join(cards)}" in text


# ---- whole hands over HTTP ------------------------------------------------------------


@pytest.mark.parametrize(("game", "variant", "seed"), [
    ("conquian", "conquian", 21), ("rummy", "poker-rum", 22), ("rummy", "poker-gin", 23),
    ("rummy", "double-pack-rum", 24),
])
def test_a_whole_hand_against_the_house(server: Server, game: str, variant: str,
                                        seed: int) -> None:
    save = Path(tempfile.mkdtemp(prefix="cassino-cli-melds-")) / "hand.json"
    script = "?\nnonsense\nt\n" + "1\n" * 400
    status, out, err = run(["play", "--url", server.url, "--ascii", "--game", game,
                            "--variant", variant, "--seed", str(seed), "--dealer", "1",
                            "--opponent", "greedy", "--save", str(save)], script)
    assert status == 0, err
    assert "HAND OVER" in out, out[-2000:]
    assert "Commands:" in out and "'nonsense' is not one of your moves" in out
    assert "Your hand:" in out and "Your moves:" in out
    assert "the greedy" in out.lower() or "the house plays random moves" in out
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert set(saved) == {"game", "credential"}  # never a state
    if game == "rummy":
        assert re.search(r"Scores: you -?\d+, the (greedy|random) -?\d+\.", out)
    assert server.state(saved["game"]).game_over  # the saved token is the hand's end


@pytest.mark.parametrize(("variant", "dealer"), [("conquian", 2), ("conquian-american", 0)])
def test_a_whole_hand_at_three_against_two_house_seats(server: Server, variant: str,
                                                       dealer: int) -> None:
    """Three at the table (QD12): the house at seats 1 and 2; with dealer 0 you sit the
    hand out and watch the house play it."""
    save = Path(tempfile.mkdtemp(prefix="cassino-cli-melds-")) / "hand.json"
    status, out, err = run(["play", "--url", server.url, "--ascii", "--game", "conquian",
                            "--variant", variant, "--players", "3", "--seed", "6",
                            "--dealer", str(dealer), "--opponent", "greedy", "--save",
                            str(save)], "t\n" + "1\n" * 400)
    assert status == 0, err
    assert "HAND OVER" in out and "Settled: you " in out, out[-2000:]
    assert "the greedy at seat 1" in out and "the greedy at seat 2" in out
    state = server.state(json.loads(save.read_text(encoding="utf-8"))["game"])
    assert state.game_over and state.seats == 3 and state.dealer == dealer
    shown = set(CARD.findall(out))  # the house's hands never shown, but for cards laid
    laid = {card_name(c) for seat in state.melds for m in seat for c in cards_of(m)}
    assert not shown & ({card_name(c) for s in (1, 2) for c in cards_of(state.hands[s])}
                        - laid)
    if dealer == 0:
        assert "You sat this hand out (QD12)" in out and "Your moves:" not in out
    else:
        assert "Your moves:" in out and "The greedy at seat 2: 0 cards in hand" in out
    status, _, err = run(["play", "--url", server.url, "--game", "conquian", "--players", "4"])
    assert status == 2 and "--players 4" in err


def test_a_hint_and_a_move_by_id(server: Server) -> None:
    status, out, err = run(["play", "--url", server.url, "--ascii", "--game", "conquian",
                            "--seed", "5", "--dealer", "1", "--opponent", "greedy",
                            "--samples", "4", "--time-ms", "100", "--top", "2"],
                           "h\npass\nq\n")
    assert status == 0, err
    assert "Hint: your moves ranked by the solver" in out
    assert re.search(r"^\s+1\.\s+[+-]\d+\.\d\d ± \d+\.\d\d  \S", out, re.M), out
    assert not re.search(r"^\s+3\.\s+[+-]", out, re.M)  # --top 2
    assert "You pass" in out and out.rstrip().endswith("Bye.")


def test_an_unknown_variant_is_refused(server: Server) -> None:
    status, _, err = run(["play", "--url", server.url, "--game", "rummy", "--variant",
                          "gin-rummy"])
    assert status == 2 and "playable: " in err and "poker-rum" in err


def test_variants_says_play_plays_these_games() -> None:
    status, out, err = run(["variants"])
    assert status == 0, err
    listed = {row.split()[0]: row.split() for row in out.splitlines()[1:]}
    for name in ("conquian", "poker-rum", "poker-gin", "double-pack-rum"):
        assert listed[name][2] == "yes", listed[name]


def test_a_saved_hand_is_resumed(server: Server) -> None:
    save = Path(tempfile.mkdtemp(prefix="cassino-cli-melds-")) / "hand.json"
    base = ["play", "--url", server.url, "--ascii", "--game", "rummy", "--opponent", "greedy"]
    status, out, err = run([*base, "--seed", "31", "--dealer", "1", "--save", str(save)],
                           "draw\n1\nq\n")
    assert status == 0, err
    assert "You draw" in out and "You discard" in out
    saved = json.loads(save.read_text(encoding="utf-8"))
    status, out, err = run([*base, "--state", str(save)], "t\nq\n")
    assert status == 0, err
    assert "Resuming the saved hand of Poker Rum: you play seat 0." in out
    printed = next(line for line in out.splitlines() if line.startswith("Your hand:"))
    hand = server.state(saved["game"]).view(0).to_dict()["hand"]
    assert sorted(card.rstrip("*") for card in printed.split(":", 1)[1].split()) == sorted(hand)
    status, _, err = run([*base, "--state", str(save.with_name("missing.json"))])
    assert status == 2 and "cannot read" in err
