"""Replay and review at the web table for the games other than Cassino (replay.js, which
play.js installs for every game whose catalog features list it; each position drawn by the
record's game's module), in Debian's Chromium.

A rummy hand played to its end against the server's house (sealed, through the API) is
given to the page, which ends the hand in its dialog: its *Replay & review* steps through
the record with every hand shown, saves it and rates the human's moves.  *Open a record…*
opens a record of another game than the table's, drawn by that game's module: Conquian's
(the API's record, at two seats and at three), and the generic drawing of a game with no
module (the example game, War, which keeps no records: a replay answer the test makes from
its engine's states and events).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography.fernet import Fernet

from engine.games import engine_of
from tests.api.test_records_rummy import sealed_hand
from tests.browser.test_open_record import a_record, choose_file
from tests.browser.test_play import SCREENSHOTS, TURN, assert_controls_are_labelled, wait_for_phase
from tests.engine.test_records import played_hand
from tests.games.war.engine import ENGINE as WAR
from tests.melds_server import Server

CONFIG = {"SEAL_KEYS": Fernet.generate_key().decode(), "RATE_LIMIT": "", "HINT_RATE_LIMIT": "",
          "STORE": tempfile.mkdtemp(prefix="cassino-browser-replay-")}
QUERY = "samples=4&time_ms=100&delay=0"
VERDICTS = {"best", "good", "inaccuracy", "mistake", "blunder"}


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


def at(page: Any) -> str:
    return str(page.inner_text('[data-testid="replay-at"]'))


def shown_cards(page: Any, selector: str) -> list[str]:
    return list(page.locator(f"{selector} [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"))


def test_a_rummy_hand_is_replayed_and_reviewed_after_it_ends(browser: Any,
                                                             server: Server) -> None:
    client: Any = server.app.test_client()  # its answers' JSON read as Any
    token, credential = sealed_hand(client, "poker-gin")  # seed 8, dealer 1, greedy house
    record = client.post("/v1/records", json={"game": token, "credential": credential}
                         ).json["record"]
    moves = record["deals"][0]["moves"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route("**/v1/games", lambda route: route.fulfill(
        status=200, content_type="application/json",
        body=json.dumps({"game": token, "credentials": [credential, None]})))
    page.goto(f"{server.url}/play?game=rummy&variant=poker-gin&{QUERY}")
    assert wait_for_phase(page, "round-end") == "round-end"  # the hand is over: its dialog
    assert page.locator('[data-testid="replay-button"]').count() == 1
    page.click('[data-testid="dialog-replay"]')  # the dialog's own way to the replay
    page.wait_for_selector('[data-testid="replay-at"]:has-text("Move 0 of")', timeout=TURN)
    assert not page.locator('[data-testid="round-dialog"]').is_visible()
    assert at(page) == f"Move 0 of {len(moves)}"
    assert page.inner_text('[data-testid="replay-move"]') == "Poker Gin dealt by solver."
    dealt = engine_of("rummy").new_game(8, "poker-gin", 1, 2).to_dict()["hands"]
    for seat in (0, 1):  # every hand as dealt, the house's too, by suit
        assert sorted(shown_cards(page, f'[data-testid="replay-seat-{seat}"]')) == \
            sorted(dealt[seat])
    assert "deadwood" in page.inner_text('[data-testid="replay-seat-0"]')
    with page.expect_download() as download:  # the record, as cassino replay reads it
        page.click('[data-testid="replay-save"]')
    assert download.value.suggested_filename == "rummy-record.json"
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved == record
    page.click('[data-testid="replay-next"]')
    assert page.inner_text('[data-testid="replay-move"]') == (
        f"{'You' if moves[0]['player'] == 0 else 'Solver'}: {moves[0]['move']['description']}")
    page.keyboard.press("End")
    assert at(page) == f"Move {len(moves)} of {len(moves)}"
    final = client.post("/v1/records/replay", json={"record": record}).json["positions"][-1]
    assert page.inner_text('[data-testid="replay-result"]').startswith("Hand over: ")
    melds = page.locator('[data-testid="replay-melds"] [data-meld]').evaluate_all(
        "els => els.map(e => [Number(e.dataset.owner), e.dataset.cards])")
    assert melds == [[m["owner"], " ".join(m["cards"])] for m in final["state"]["table"]]
    assert shown_cards(page, '[data-testid="replay-pile"]') == final["state"]["pile"]

    page.click('[data-testid="review-button"]')
    page.wait_for_selector('[data-testid="review-status"]:has-text("Accuracy")',
                           timeout=120_000)
    rows = page.locator('[data-testid="review-row"]')
    mine = [m for m in moves if m["player"] == 0]
    assert rows.count() == len(mine)
    verdicts = rows.evaluate_all("els => els.map(e => e.dataset.verdict)")
    assert set(verdicts) <= VERDICTS
    ply = int(rows.nth(0).get_attribute("data-ply"))
    rows.nth(0).locator("button").click()
    assert at(page) == f"Move {ply} of {len(moves)}"
    assert page.get_attribute('[data-testid="replay-verdict"]', "data-verdict") == verdicts[0]
    assert_controls_are_labelled(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "poker-gin-replay.png"), full_page=True)
    page.click('[data-testid="replay-close"]')
    page.unroute("**/v1/games")
    page.click('[data-testid="new-game"]')  # a new hand hides the replay of the old one
    assert wait_for_phase(page, "human", "round-end") in ("human", "round-end")
    assert not page.locator('[data-testid="replay-button"]').is_visible()
    assert errors == []
    page.close()


def test_a_record_of_another_game_is_drawn_by_its_module(browser: Any,
                                                         server: Server) -> None:
    """At the Cassino table (on a phone), a Double-Pack Rum record drawn by rummy's module
    (its melds, jokers and pile); at a rummy table, a Cassino record drawn by Cassino's."""
    client: Any = server.app.test_client()  # its answers' JSON read as Any
    state = played_hand("double-pack-rum", 3)
    record = client.post("/v1/records", json={"state": state.to_dict()}).json["record"]
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/play?{QUERY}&seed=5&dealer=1")
    assert wait_for_phase(page, "human") == "human"
    choose_file(page, "rummy-record.json", json.dumps(record).encode())
    last = len(record["deals"][0]["moves"])
    page.wait_for_selector(f'[data-testid="replay-at"]:has-text("Move 0 of {last}")',
                           timeout=TURN)
    assert page.inner_text('[data-testid="replay-move"]') == \
        "Double-Pack Rum dealt by seat 0."
    page.keyboard.press("End")
    final = client.post("/v1/records/replay", json={"record": record}).json["positions"][-1]
    melds = page.locator('[data-testid="replay-melds"] [data-meld]').evaluate_all(
        "els => els.map(e => e.dataset.cards)")
    assert melds == [" ".join(m["cards"]) for m in final["state"]["table"]]
    assert page.locator('[data-testid="replay-melds"] .card.joker').count() >= 1
    assert page.locator('[data-testid="replay-melds"] .card.prime').count() >= 1
    for seat, hand in enumerate(final["state"]["hands"]):
        assert sorted(shown_cards(page, f'[data-testid="replay-seat-{seat}"]')) == sorted(hand)
    dialog = page.locator('[data-testid="replay-dialog"]')
    width = dialog.evaluate("d => [d.scrollWidth, d.clientWidth]")
    assert width[0] <= width[1], width  # nothing runs off the side
    assert page.locator('[data-testid="review-button"]').is_enabled()
    page.close()

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/play?game=rummy&variant=poker-rum&seed=4&dealer=1&{QUERY}")
    assert wait_for_phase(page, "human") == "human"
    assert page.locator('[data-testid="open-record-label"]').is_visible()
    choose_file(page, "cassino-record.json", json.dumps(a_record()).encode())
    page.wait_for_selector('[data-testid="replay-at"]:has-text("Move 0 of 6")', timeout=TURN)
    assert page.inner_text('[data-testid="replay-move"]') == "Round 1 dealt by seat 1."
    assert "cards taken" in page.inner_text('[data-testid="replay-seat-0"]')
    assert len(shown_cards(page, '[data-testid="replay-seat-0"]')) == 4
    assert errors == []
    page.close()


def conquian_record(client: Any, plies: int, players: int) -> dict[str, Any]:
    """The API's record (``POST /v1/records``) of a Conquian hand after ``plies`` moves,
    each turn's first legal move, from an open game."""
    state = client.post("/v1/games", json={"game": "conquian", "seed": 3, "dealer": 0,
                                           "players": players}).json["state"]
    for _ in range(plies):
        move = client.post("/v1/legal-moves", json={"state": state}).json["moves"][0]
        state = client.post("/v1/apply", json={"state": state, "move": move["id"]}
                            ).json["state"]
    return dict(client.post("/v1/records", json={"state": state}).json["record"])


def war_positions(plies: int) -> list[dict[str, Any]]:
    """The example game's positions, likewise, from its engine (it keeps no records, and
    has no module of its own at the web table)."""
    state = WAR.new_game(2, "war")
    out: list[dict[str, Any]] = [{"ply": 0, "player": None, "move": None,
                                  "state": state.to_dict(), "events": []}]
    for ply in range(1, plies + 1):
        seat = min(state.acting)
        move = state.moves_for(seat)[0]
        after, events = state.apply(move)
        out.append({"ply": ply, "player": seat, "move": WAR.move_json(state, move),
                    "state": after.to_dict(), "events": [WAR.event_json(e, None) for e in events]})
        state = after
    return out


@pytest.mark.parametrize("game, players", [("conquian", 2), ("conquian", 3), ("war", 2)])
def test_a_games_own_drawing_or_the_generic_one(browser: Any, server: Server,
                                                game: str, players: int) -> None:
    client: Any = server.app.test_client()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    if game == "conquian":  # its records served: the page asks the API's replay
        record = conquian_record(client, 6, players)
        positions = client.post("/v1/records/replay", json={"record": record}
                                ).json["positions"]
    else:
        positions = war_positions(4)
        record = {"format": f"{game}-record", "version": 1, "game": game, "variant": game,
                  "seed": 3, "dealer": 0, "deals": []}
        page.route("**/v1/records/replay", lambda route: route.fulfill(
            status=200, content_type="application/json",
            body=json.dumps({"record": record, "positions": positions})))
    page.goto(f"{server.url}/play?game=rummy&seed=4&dealer=1&{QUERY}")
    assert wait_for_phase(page, "human") == "human"
    choose_file(page, f"{game}-record.json", json.dumps(record).encode())
    last = len(positions) - 1
    page.wait_for_selector(f'[data-testid="replay-at"]:has-text("Move 0 of {last}")',
                           timeout=TURN)
    page.keyboard.press("End")
    final = positions[-1]
    state = final["state"]
    assert page.inner_text('[data-testid="replay-move"]') == (
        f"Seat {final['player']}: {final['move']['description']}")
    events = page.locator('[data-testid="replay-events"] li').all_inner_texts()
    if game == "conquian":
        for seat, hand in enumerate(state["hands"]):  # every hand
            assert sorted(shown_cards(page, f'[data-testid="replay-seat-{seat}"]')) == \
                sorted(hand)
        melds = page.locator('[data-testid="replay-melds"] [data-meld]').evaluate_all(
            "els => els.map(e => [e.dataset.meld, e.dataset.cards])")
        laid = [[f"{owner}:{i}", " ".join(cards)] for owner, seats in enumerate(state["melds"])
                for i, cards in enumerate(seats)]
        assert laid and melds == laid
        assert shown_cards(page, '[data-testid="replay-dead"]') == state["dead"]
        assert shown_cards(page, '[data-testid="replay-pile"]') == [state["up"]]
        assert page.inner_text('[data-testid="replay-seat-1"]').endswith("down of 11")
        assert any("turns up" in text for text in events)
        heading = page.inner_text('[data-testid="replay-table"] h3')
        if players == 3:  # the dealer sits out (QD12); the pool holds tableaux (QD16)
            assert page.inner_text('[data-testid="replay-seat-0"]').endswith(
                "sits this hand out (QD12)")
            assert heading.endswith(f"pool of {state['pool']} tableaux")
        else:
            assert heading.endswith(f"pool {state['pool']} each")
    else:  # the generic drawing: the events, and the state's fields as they are
        assert events == [e["description"] for e in final["events"]]
        fields = page.locator('[data-testid="replay-state"] dd').evaluate_all(
            "els => Object.fromEntries(els.map(e => [e.dataset.field, e.textContent]))")
        assert json.loads(fields["piles"]) == state["piles"]  # every card of every pile
        assert json.loads(fields["won"]) == state["won"]
    assert errors == []
    page.close()
