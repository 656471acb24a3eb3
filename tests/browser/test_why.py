"""Why not, sweep warnings and readable hints at the web table (api/static/play/why.js,
docs/play.md), in Debian's Chromium driven by Playwright.

The page plays a sealed game of a crafted position (its ``POST /v1/games`` answered by the
test): the human (seat 0) holds 3♥ 9♠ 4♥ 4♦ against a loose 3♦ and 5♣.
"""

from __future__ import annotations

import json
import re
from typing import Any

from api import create_app
from engine import State
from tests.browser.test_play import CONFIG, QUERY, SCREENSHOTS, server, wait_for_phase  # noqa: F401
from tests.engine.test_rules import position_dict


def crafted() -> dict[str, Any]:
    state = position_dict((["3H", "9S", "4H", "4D"], ["AH", "KD", "QC", "JD"]), ["3D", "5C"],
                          dealer=1, stock=40)
    sealer = create_app(CONFIG).extensions["cardgames_sealer"]
    game = sealer.start(State.from_dict(state), {1: "solver"})
    return {"game": sealer.seal(game), "credentials": [game.credential(0), None]}


def test_why_not_sweep_warnings_and_readable_hints(browser: Any, server: str) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    calls: list[str] = []
    page.on("request", lambda request: calls.append(request.url))
    sealed = crafted()
    page.route("**/v1/games", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(sealed)))
    page.goto(f"{server}/play?{QUERY}")
    assert wait_for_phase(page, "human") == "human"

    # Sweep warning: taking the 3♦ leaves the 5♣ alone; the solver sweeps it with any 5
    page.click('[data-testid="all-moves-toggle"]')
    risk = page.locator('[data-testid="any-move-3Hx3D-risk"]')
    assert re.fullmatch(r"⚠ sweep for solver: \d\d% \(a 5\)", risk.inner_text())
    assert page.locator('[data-testid="any-move-4H-risk"]').count() == 0

    # The selected card lights up what it can take or build with
    page.click('[data-testid="hand-3H"]')
    assert page.get_attribute('[data-testid="table-3D"]', "data-reach") == "capture"
    assert page.get_attribute('[data-testid="table-5C"]', "data-reach") is None
    page.click('[data-testid="hand-4H"]')
    assert page.get_attribute('[data-testid="table-5C"]', "data-reach") == "build"
    assert page.get_attribute('[data-testid="table-3D"]', "data-reach") is None
    assert not any("/v1/why" in url for url in calls)  # asked only when the player asks

    # A pick that makes no move: "Why not?" names the rule
    page.click('[data-testid="hand-9S"]')
    page.click('[data-testid="table-3D"]')
    page.click('[data-testid="table-5C"]')
    assert page.locator('[data-testid="selection-moves"] button').count() == 0
    page.click('[data-testid="why-button"]')
    text = page.locator('[data-testid="why-text"]')
    text.wait_for(timeout=15_000)
    assert text.get_attribute("data-rule") == "R11"
    assert "total 8" in text.inner_text() and "(R11)" in text.inner_text()
    rules = page.locator('[data-testid="why-reason"]').evaluate_all(
        "els => els.map(e => e.dataset.rule)")
    assert rules[0] == "R11" and len(rules) == 2
    link = page.locator('[data-testid="why-reason"] a').first
    assert link.get_attribute("href") == "../rules/standard#R11"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "why-not.png"), full_page=True)
    page.click('[data-testid="table-5C"]')  # the selection changes: the answer goes
    assert page.locator('[data-testid="why-text"]').count() == 0
    page.keyboard.press("Escape")
    assert page.locator('[data-testid="why-not"]').is_hidden()

    # Readable hints: 4♥ and 4♦ alike, listed once; the best move's cards light up
    page.click('[data-testid="hint-button"]')
    page.wait_for_selector('[data-testid="hint-row"]', timeout=15_000)
    rows = page.locator('[data-testid="hint-row"]').evaluate_all(
        """rs => rs.map(r => ({id: r.dataset.moveId, of: r.dataset.alternativeOf || null,
                              hidden: r.hidden, text: r.textContent}))""")
    assert len(rows) == 7  # every legal move still ranked
    trails = {row["id"]: row for row in rows if row["id"] in ("4H", "4D")}
    hidden = [row for row in trails.values() if row["hidden"]]
    shown = [row for row in trails.values() if not row["hidden"]]
    assert len(hidden) == 1 and len(shown) == 1 and hidden[0]["of"] == shown[0]["id"]
    assert "(or: Trail " in shown[0]["text"]
    assert not page.locator(f'[data-testid="hint-row"][data-move-id="{hidden[0]["id"]}"]'
                            ).is_visible()
    assert page.locator(f'[data-testid="hint-row"][data-move-id="{shown[0]["id"]}"]'
                        ).is_visible()
    best = rows[0]["id"]
    card = re.match(r"(10|[2-9AJQK])[SHDC]", best).group(0)
    assert page.get_attribute(f'[data-testid="hand-{card}"]', "data-hinted") == "true"
    lit = page.locator('[data-hinted="true"]').count()
    assert lit >= 1
    page.screenshot(path=str(SCREENSHOTS / "readable-hint.png"), full_page=True)
    assert errors == []
    page.close()
