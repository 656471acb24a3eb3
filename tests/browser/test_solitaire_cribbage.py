"""Solitaire Cribbage at the web table, in a real browser (Debian's Chromium): the solitaire
played to its end by picking two cards and laying them away, a Why? on a pick of one card
naming SC5, a hint with the chance of 91; and a game of two against the house whose every
answer names no card the human may not see (SC24)."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
from cryptography.fernet import Fernet

from tests.browser.test_play import wait_for_phase
from tests.melds_server import Server

CONFIG = {"SEAL_KEYS": Fernet.generate_key().decode(), "RATE_LIMIT": "", "HINT_RATE_LIMIT": "",
          "SEALED_RATE_LIMIT": "", "HOUSE_MOVE_MS": 0,
          "STORE": tempfile.mkdtemp(prefix="cassino-browser-cribbage-")}
CARD = re.compile(r"\b(?:10|[A2-9JQK])[SHDC]\b")


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


def _lay_two(page: Any) -> None:
    cards = page.locator('[data-testid="hand"] button')
    assert cards.count() == 6
    cards.nth(0).click()
    cards.nth(1).click()
    page.click('[data-testid="lay-away"]')


def test_the_solitaire_by_picking_cards(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/play/?game=solitaire-cribbage&seed=5&delay=0")
    wait_for_phase(page, "human")
    assert "points below the best" in (page.locator('[data-testid="all-moves"]').text_content()
                                        or "")  # the legal moves' warnings
    page.locator('[data-testid="hand"] button').nth(0).click()
    page.click('[data-testid="why-button"]')
    page.wait_for_function("document.getElementById('why-not').textContent.includes('SC5')")
    page.click('[data-testid="hint-button"]')
    page.wait_for_selector('[data-testid="hint-row"]')
    assert page.locator('[data-testid="hint-row"]').count() == 15
    assert "%" in page.locator('[data-testid="hint-row"]').first.inner_text()
    page.click('[data-testid="clear-selection"]')
    for deal in range(6):
        wait_for_phase(page, "human", "game-over")
        if page.evaluate("document.body.dataset.phase") == "game-over":
            break
        _lay_two(page)
        page.wait_for_function(f"document.querySelectorAll('[data-testid=count]').length > {deal}")
    wait_for_phase(page, "game-over")
    assert "Game over" in page.locator("#status").inner_text()
    assert page.locator('[data-testid="count"]').count() >= 1
    page.close()
    assert not errors, errors


def test_two_seats_show_no_hidden_card(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    answers: list[Any] = []
    page.on("response", lambda r: answers.append(r.json()) if "/v1/" in r.url
            and "catalog" not in r.url else None)
    page.goto(f"{server.url}/play/?game=solitaire-cribbage&players=2&opponent=greedy&seed=9"
              "&delay=0")
    wait_for_phase(page, "human")
    assert page.locator('[data-testid="counts-1"]').count() == 1
    _lay_two(page)
    page.wait_for_function("document.querySelectorAll('[data-testid=count]').length >= 2")
    wait_for_phase(page, "human")
    for answer in answers:
        assert "state" not in answer and "packs" not in str(answer)
        view = answer.get("view") if isinstance(answer, dict) else None
        if view:  # the other seat's hand is never in it, nor any pack
            assert set(view) >= {"hand", "counts", "waiting"} and "hands" not in view
    page.close()
