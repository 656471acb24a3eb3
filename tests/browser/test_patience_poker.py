"""Patience Poker's web table in a real browser (api/static/play/game-patience-poker.js):
the tableau is drawn as its grid, each place the card may go a button in its cell; a
click lays the card there (PP6, PP7); in the competition the house's tableaus are drawn
beside it as the seat may see them (PPD9), and no answer names a card of the stock."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from cryptography.fernet import Fernet

from tests.browser.test_play import wait_for_phase
from tests.melds_server import Server

CONFIG = {"SEAL_KEYS": Fernet.generate_key().decode(), "RATE_LIMIT": "",
          "HINT_RATE_LIMIT": "", "SEALED_RATE_LIMIT": "", "HOUSE_MOVE_MS": 0,
          "STORE": tempfile.mkdtemp(prefix="cassino-browser-pp-")}


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


def test_a_competition_at_the_grid(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    answers: list[str] = []

    def answered(response: Any) -> None:
        if urlparse(response.url).path.startswith("/v1/") and response.ok:
            answers.append(response.text())

    page.on("response", answered)
    page.goto(f"{server.url}/play?game=patience-poker&variant=patience-poker&players=3"
              "&seed=7&opponent=greedy&delay=0")
    assert wait_for_phase(page, "human", "game-over") == "human"
    grid = page.locator('[data-testid="tableau-0"]')
    assert grid.locator("td[data-cell='r4c4']").inner_text().strip()  # PPD2: the first card
    places = grid.locator("button")
    assert places.count() == 8  # the book: eight places about the first card
    assert page.locator('[data-testid="tableau-1"]').is_visible()
    card = page.locator('[data-testid="called-card"]').inner_text().split(": ")[1]
    page.click('[data-testid="place-r3c3"]')
    page.locator('[data-testid="tableau-0"] td[data-cell="r3c3"]', has_text=card).wait_for()
    for _ in range(30):
        if wait_for_phase(page, "human", "game-over") != "human":
            break
        page.locator('[data-testid="tableau-0"] button').first.click()
        page.wait_for_timeout(20)
    assert wait_for_phase(page, "human", "game-over") == "game-over"
    assert page.locator('[data-testid="tableau-0"] td').count() == 25
    assert not errors, errors
    assert answers and not any('"stock"' in text for text in answers)  # PP3
