"""Canfield at the web table, in a real browser (Debian's Chromium): a whole game played
by clicking the cards on the table (a card, then its foundation or a column; or the move
of a card that has one place to go, at once) and the turn; every ``/v1`` answer the page
receives is checked against the sealed game's real state: none names a card the player has
not seen (CF15, CFD11), and the game ends with the settlement."""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
from cryptography.fernet import Fernet

from engine.games import engine_of
from tests.browser.conftest import browser  # noqa: F401 - the fixture
from tests.browser.test_play import wait_for_phase
from tests.melds_server import Server

KEY = Fernet.generate_key().decode()
CONFIG = {"SEAL_KEYS": KEY, "STORE": tempfile.mkdtemp(prefix="cassino-browser-canfield-"),
          "RATE_LIMIT": "", "HINT_RATE_LIMIT": "", "SEALED_RATE_LIMIT": ""}
CARD = re.compile(r"(?:10|[A2-9JQK])[SHDC]")


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


def test_a_whole_game_by_clicking_the_table(server: Server, browser: Any) -> None:  # noqa: F811
    engine = engine_of("canfield")
    seen: list[Any] = []
    page = browser.new_page(viewport={"width": 1280, "height": 900})

    def keep(response: Any) -> None:
        if "/v1/" in response.url and response.request.method == "POST":
            body = response.json()
            if isinstance(body, dict) and isinstance(body.get("game"), str):
                seen.append(body)

    page.on("response", keep)
    page.goto(f"{server.url}/play?game=canfield&seed=3&delay=0")
    clicked_cards = 0
    for _ in range(400):
        if wait_for_phase(page, "human", "game-over") == "game-over":
            break
        free = page.locator('#loose [data-card].free')
        moves = page.locator('[data-testid="all-moves"] button')
        before = page.locator('[data-testid="log-entry"]').count()
        if free.count() and clicked_cards < 40:
            free.first.click()
            clicked_cards += 1
            if page.locator('[data-testid="picked"]').count():
                # a card with several places: click the first column it may go to
                card = free.first.get_attribute("data-card")
                targets = page.locator('[data-testid="all-moves"] button').evaluate_all(
                    "(bs, c) => bs.map(b => b.dataset.moveId).filter(i => i.startsWith(c + '>'))",
                    card)
                target = targets[0].split(">")[1]
                where = ('[data-testid="foundations"]' if target == "f"
                         else f'[data-testid="column-{target[1]}"] em')
                page.click(where)
        else:
            turn = page.locator('[data-testid="all-moves"] button[data-move-id="turn"]')
            (turn if turn.count() else moves.first).click()
        page.wait_for_function(
            f"document.querySelectorAll('[data-testid=\"log-entry\"]').length > {before}"
            " || document.body.dataset.phase === 'game-over'", timeout=15_000)
    assert wait_for_phase(page, "game-over") == "game-over"
    assert clicked_cards > 0
    assert "the bet is" in page.inner_text("#status")
    page.close()
    leaks: set[str] = set()
    for body in seen:  # each answer against the real state of the token it carries
        hidden = engine.hidden(server.state(body["game"]), 0)
        named = set(CARD.findall(json.dumps({k: v for k, v in body.items()
                                             if k not in ("game", "credentials")})))
        leaks |= named & hidden
    assert seen and not leaks, sorted(leaks)
