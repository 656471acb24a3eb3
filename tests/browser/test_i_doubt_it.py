"""I Doubt It at its web table (api/static/play/game-i-doubt-it.js), in a real Chromium: the
first turns against three counting house seats, each claim made by picking three cards of
the hand, naming a rank and Claim, each doubt or pass by its button; Why? on too few
cards names the rule; a hint on a doubt gives the chance the claim is true.  No answer the
page runs without a script error (the conformance suite checks what its answers hide)."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from cryptography.fernet import Fernet

from tests.browser.test_play import assert_controls_are_labelled, wait_for_phase
from tests.conformance.common import cards_in
from tests.melds_server import Server

KEY = Fernet.generate_key().decode()
CONFIG = {"SEAL_KEYS": KEY, "STORE": tempfile.mkdtemp(prefix="cassino-browser-idoubt-"),
          "RATE_LIMIT": "", "HINT_RATE_LIMIT": "", "SEALED_RATE_LIMIT": "",
          "HOUSE_MOVE_MS": 0}
TURNS = 16
"""The human's moves played (a whole game at the generic clicking is the conformance
suite's, tests/conformance/test_table.py)."""


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


def test_a_whole_game_by_picking_cards(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    answers: list[Any] = []

    pages: list[tuple[Any, Any]] = []  # each legal-moves request and its answer
    claims: list[str] = []  # each claim the page applied

    def answered(response: Any) -> None:
        if urlparse(response.url).path.startswith("/v1/") and response.request.method == "POST":
            with contextlib.suppress(Exception):  # a non-JSON answer names no card
                answers.append(response.json())
                path = urlparse(response.url).path
                if path == "/v1/legal-moves":
                    pages.append((response.request.post_data_json, response.json()))
                elif path == "/v1/apply":
                    move = response.request.post_data_json["move"]
                    if str(move).startswith("claim:"):
                        claims.append(move)

    page.on("response", answered)
    page.goto(f"{server.url}/play?game=i-doubt-it&seed=5&opponent=counting&delay=0")
    wait_for_phase(page, "human")
    assert_controls_are_labelled(page)
    listed = page.locator('[data-testid="all-moves"] li')
    assert listed.count() == 61  # sixty claims as buttons, and how many there are in all
    assert "3,718 claims in all" in (page.text_content('[data-testid="more-moves"]') or "")
    page.click('[data-testid^="hand-card-"] >> nth=0')
    page.click('[data-testid="why-button"]')
    page.wait_for_selector('[data-testid="why-row"]')
    assert "(ID4)" in page.inner_text('[data-testid="why-not"]')  # one card is no claim
    page.click('[data-testid="clear-selection"]')
    hinted = False
    for _ in range(TURNS):
        now = wait_for_phase(page, "human", "game-over")
        if now == "game-over":
            break
        if page.locator('[data-testid="claim-button"]').count():
            cards = page.locator('[data-testid^="hand-card-"]')
            for i in range(min(3, cards.count())):
                cards.nth(i).click()
            page.select_option('[data-testid="rank-select"]', "7")
            page.click('[data-testid="claim-button"]')
        else:
            if not hinted:
                page.click('[data-testid="hint-button"]')
                page.wait_for_selector('[data-testid="hint-row"]')
                assert "% of the time" in page.inner_text('[data-testid="hint-solver"]')
                hinted = True
            page.click('[data-testid="pass-button"]')
    assert wait_for_phase(page, "human", "game-over")
    # no list is fetched whole: a page of the first claims, and the picked cards' thirteen
    # claims (their warnings) found at their place in the engine's list
    assert pages and all("limit" in body for body, _ in pages)
    picked = [(body, answer) for body, answer in pages if body.get("risks")]
    assert picked and claims
    for body, answer in picked:
        sets = {tuple(m["cards"]) for m in answer["moves"]}
        assert len(answer["moves"]) == len(answer["risks"]) == 13 and len(sets) == 1, body
    claimed = {tuple(c.split(":")[1].split(",")) for c in claims}
    assert claimed <= {tuple(m["cards"]) for _, a in picked for m in a["moves"]}
    assert hinted, "no claim to speak on came in the first turns"
    assert "Claims so far" in page.inner_text('[data-testid="your-stats"]')
    assert not errors, errors
    shown = set().union(*(cards_in(a) for a in answers if isinstance(a, dict)))
    assert shown  # its own hand at least
