"""Jass at its web table (api/static/play/game-jass.js), in a real Chromium: a deal against
the house's rule bots in each variant, every card played by a click on the hand, the calls
and melds by their buttons; Why? on a card that may not be played names the rule; a hint
ranks the moves; every legal-moves request asks for the warnings.  No answer the page runs
without a script error (the conformance suite checks what its answers hide)."""

from __future__ import annotations

import contextlib
import json
import tempfile
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from cryptography.fernet import Fernet

from tests.browser.test_open_record import choose_file
from tests.browser.test_play import TURN, assert_controls_are_labelled, wait_for_phase
from tests.browser.test_replay_games import shown_cards
from tests.conformance.common import cards_in
from tests.melds_server import Server

KEY = Fernet.generate_key().decode()
CONFIG = {"SEAL_KEYS": KEY, "STORE": tempfile.mkdtemp(prefix="cassino-browser-jass-"),
          "RATE_LIMIT": "", "HINT_RATE_LIMIT": "", "SEALED_RATE_LIMIT": "",
          "HOUSE_MOVE_MS": 0}
TURNS = 40
"""More of the human's moves than a deal has."""


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


@pytest.mark.parametrize("variant", ["jass", "three-hand-jass", "two-hand-jass"])
def test_a_whole_deal_by_clicking_cards(browser: Any, server: Server, variant: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    answers: list[Any] = []

    def answered(response: Any) -> None:
        if urlparse(response.url).path.startswith("/v1/") and response.request.method == "POST":
            with contextlib.suppress(Exception):  # a non-JSON answer names no card
                answers.append(response.json())

    page.on("response", answered)
    listings: list[Any] = []  # the legal-moves requests: each asks for the warnings
    page.on("request", lambda request: listings.append(request.post_data_json)
            if urlparse(request.url).path == "/v1/legal-moves" else None)
    page.goto(f"{server.url}/play?game=jass&variant={variant}&seed=5&opponent=rule&delay=0")
    wait_for_phase(page, "human")
    assert_controls_are_labelled(page)
    hinted = asked = False
    for _ in range(TURNS):
        if wait_for_phase(page, "human", "game-over") == "game-over":
            break
        buttons = page.locator('[data-testid^="move-"]')
        if buttons.count():
            buttons.nth(0 if hinted else buttons.count() - 1).click()  # stay in, first
            continue
        if not hinted:
            page.click('[data-testid="hint-button"]')
            page.wait_for_selector('[data-testid="hint-row"]')
            hinted = True
        cards = page.locator('[data-testid^="hand-card-"]:not([aria-label$="playable"])')
        if not asked and cards.count():
            cards.nth(0).click()
            page.click('[data-testid="why-button"]')
            page.wait_for_selector('[data-testid="why-row"]')
            assert "(J" in page.inner_text('[data-testid="why-not"]')
            asked = True
        page.locator('[data-testid^="hand-card-"][aria-label$="playable"]').nth(0).click()
    assert wait_for_phase(page, "human", "game-over") == "game-over"
    assert hinted
    assert "Points:" in page.inner_text('[data-testid="scoreboard"]')
    assert not errors, errors
    assert listings and all(body.get("risks") is True for body in listings)
    shown = set().union(*(cards_in(a) for a in answers if isinstance(a, dict)))
    assert shown


def test_a_record_replays_at_the_table(browser: Any, server: Server) -> None:
    """A deal's record opened at the table (Open a record…) is drawn by the module's replay:
    every hand, the tricks and points of each seat, the trick on the table."""
    client: Any = server.app.test_client()
    state = client.post("/v1/games", json={"game": "jass", "seed": 3}).json["state"]
    for _ in range(12):
        move = client.post("/v1/legal-moves", json={"state": state}).json["moves"][-1]
        state = client.post("/v1/apply", json={"state": state, "move": move["id"]}
                            ).json["state"]
    record = client.post("/v1/records", json={"state": state}).json["record"]
    last = len(client.post("/v1/records/replay", json={"record": record}).json["positions"]) - 1
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/play?game=jass&seed=4&opponent=rule&delay=0")
    assert wait_for_phase(page, "human") == "human"
    choose_file(page, "jass-record.json", json.dumps(record).encode())
    page.wait_for_selector(f'[data-testid="replay-at"]:has-text("Move 0 of {last}")',
                           timeout=TURN)
    page.keyboard.press("End")
    for seat, hand in enumerate(state["hands"]):
        assert sorted(shown_cards(page, f'[data-testid="replay-seat-{seat}"]')) == sorted(hand)
        assert f"{state['tricks'][seat]} trick" in page.inner_text(
            f'[data-testid="replay-seat-{seat}"]')
    assert "The trick" in page.inner_text('[data-testid="replay-table"]')
    assert not errors, errors
