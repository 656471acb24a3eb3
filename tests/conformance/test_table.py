"""The web table, for every game (its first variant): a whole hand played in a real
Chromium (Debian's, tests/browser/conftest.py) against the house, by clicking moves from
the page's own list of legal moves, which every table shows (``all-moves``, each button
with its move's id).  The table is the game's module (game-<name>.js) or, for a game with
none such as the example game, the generic table (generic.js).  Where the game offers
hints, the first turn's hint ranks listed moves only.  The page holds a sealed game only:
no answer it receives holds a whole state, and no script of it fails."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from cryptography.fernet import Fernet

from api.served import served
from tests.browser.conftest import browser  # noqa: F401 - the fixture
from tests.conformance.common import GAMES, Case, house_bot
from tests.melds_server import Server

CONFIG = {"SEAL_KEYS": Fernet.generate_key().decode(), "RATE_LIMIT": "",
          "HINT_RATE_LIMIT": "", "SEALED_RATE_LIMIT": "", "HOUSE_MOVE_MS": 0,
          "STORE": tempfile.mkdtemp(prefix="cassino-conformance-")}
TURNS = 300
"""More of the human's moves than a hand of any game takes."""
WAIT = 15_000
"""ms: the longest wait for one turn."""
ENDS = ("round-end", "game-over")
"""The phases of a hand that is over, at every table."""


PLAY = """async ([seed, turns, wait]) => {
  // A seeded choice among the listed moves (a linear congruential generator)
  let x = seed;
  const choose = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const phase = () => document.body.dataset.phase;
  const until = (test) => new Promise((resolve, reject) => {
    const began = performance.now();
    const tick = () => {
      if (test()) resolve();
      else if (performance.now() - began > wait) reject(new Error(`waited in ${phase()}`));
      else setTimeout(tick, 5);
    };
    tick();
  });
  for (let played = 0; played < turns; played += 1) {
    await until(() => ["human", "round-end", "game-over", "error"].includes(phase()));
    if (phase() !== "human") return { phase: phase(), played,
                                      error: document.getElementById("error").textContent };
    document.querySelector('[data-testid="all-moves-details"]').open = true;
    const buttons = [...document.querySelectorAll('[data-testid="all-moves"] button')];
    const button = buttons[choose(buttons.length)];
    button.click();
    await until(() => !button.isConnected);  // played: the list is made again
  }
  return { phase: phase(), played: turns };
}"""
"""Seat 0's moves, each a click on one of the page's listed moves, until the hand ends."""


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


@pytest.mark.parametrize("case", GAMES, ids=str)
def test_the_web_table_plays_a_whole_hand(browser: Any, server: Server,  # noqa: F811
                                          case: Case) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    answers: list[tuple[str, int, Any]] = []

    def answered(response: Any) -> None:
        if urlparse(response.url).path.startswith("/v1/"):
            answers.append((response.url, response.status, response.json()))

    page.on("response", answered)
    page.goto(f"{server.url}/play/?game={case.game}&variant={case.variant}&seed=21"
              f"&opponent={house_bot(case)}&delay=0&samples=2&time_ms=100")
    try:
        if served(case.game).offers("hints"):  # a hint on the first turn: legal moves only
            page.wait_for_selector('body[data-phase="human"]', state="attached", timeout=WAIT)
            page.click('[data-testid="hint-button"]')
            page.wait_for_selector('[data-testid="hint-row"]', timeout=WAIT)
            hinted = page.locator('[data-testid="hint-row"]').evaluate_all(
                "rows => rows.map(r => r.dataset.moveId)")
            listed = page.locator('[data-testid="all-moves"] button').evaluate_all(
                "buttons => buttons.map(b => b.dataset.moveId)")
            assert hinted and set(hinted) <= set(listed), (hinted, listed)
        ended = page.evaluate(PLAY, [random.Random(str(case)).randrange(1 << 30), TURNS, WAIT])
        assert ended["phase"] in ENDS, f"{case}: {ended}"
        assert ended["played"], "the hand ended before the human's first move"
        assert page.evaluate("document.body.dataset.game") == case.game
    finally:
        page.close()
    assert not errors, errors
    assert answers
    for url, status, body in answers:
        assert status == 200, (url, status, body)
        assert not (isinstance(body, dict) and "state" in body), url
