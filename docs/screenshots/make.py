"""Screenshots of the web table's player features (docs/screenshots/README.md).

    python docs/screenshots/make.py [--out docs/screenshots]

Starts the app on a free local port as the browser tests do (tests/live_server.py, a key
and a store of their own), drives Debian's Chromium (/usr/bin/chromium) through
Playwright, and writes one PNG per feature.  The positions are fixed: the crafted hand of
tests/browser/test_why.py, the finished game of tests/browser/test_replay.py and fixed
seeds, so a new run shows the same cards (the solver's timings in the hint may differ).
Nothing here is a test: no pixel is compared.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's packages

from tests.browser.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.browser.test_open_record import a_record  # noqa: E402
from tests.browser.test_play import CONFIG, wait_for_phase  # noqa: E402
from tests.browser.test_replay import finished_game  # noqa: E402
from tests.browser.test_why import crafted  # noqa: E402
from tests.live_server import live_server  # noqa: E402

WIDE = {"width": 1180, "height": 760}
NARROW = {"width": 1000, "height": 700}  # the helpers' shots: the felt costs bytes
PHONE = {"width": 390, "height": 844}
QUERY = "seed=20240611&dealer=1&samples=4&time_ms=100&delay=0"
REVIEW_WAIT = 300_000  # ms: a whole game's review at 4 samples a move
WAIT = 20_000


def sealed(page: Any, answer: dict[str, Any]) -> None:
    """The page's next POST /v1/games answered with ``answer`` (a sealed game of ours)."""
    page.route("**/v1/games", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(answer)))


def shoot_layout(page: Any, path: Path) -> None:
    """The table and the side panel, without the header (the files stay small)."""
    page.locator("main.layout").screenshot(path=str(path))


def dial(browser: Any, server: str, out: Path) -> None:
    """The Opponent menu with the skill dial, let go at 60: the house plays DialBot(60)."""
    page = browser.new_page(viewport=WIDE)
    page.goto(f"{server}/play?{QUERY}")
    wait_for_phase(page, "human")
    page.locator('[data-testid="dial-input"]').fill("60")
    page.wait_for_function(  # the new game against the dial has started
        "document.querySelector('#opponent-title').textContent === 'Dial 60'")
    wait_for_phase(page, "human")
    page.locator('[data-testid="dial-input"]').focus()
    page.screenshot(path=str(out / "opponent-dial.png"), clip={  # the header and the seats
        "x": 0, "y": 0, "width": WIDE["width"], "height": 360})
    page.close()


def helpers(browser: Any, server: str, out: Path) -> None:
    """The crafted hand (3♥ 9♠ 4♥ 4♦ against 3♦ 5♣): reach, sweep warning, why not, hint."""
    page = browser.new_page(viewport=NARROW)
    sealed(page, crafted())
    page.goto(f"{server}/play?{QUERY}")
    wait_for_phase(page, "human")
    page.click('[data-testid="hand-4H"]')  # 4♥ can build 9 on the 5♣
    shoot_layout(page, out / "reach.png")
    page.keyboard.press("Escape")
    page.click('[data-testid="hand-3H"]')  # 3♥ takes the 3♦, leaving the 5♣ to be swept
    page.click('[data-testid="table-3D"]')
    page.click('[data-testid="all-moves-toggle"]')  # every move, with the sweep it leaves
    page.locator('[data-testid="selection-moves"] .risk').first.wait_for(timeout=WAIT)
    shoot_layout(page, out / "sweep-warning.png")
    page.click('[data-testid="all-moves-toggle"]')
    page.keyboard.press("Escape")
    for testid in ("hand-9S", "table-3D", "table-5C"):  # 9♠ with 3♦ and 5♣: no move
        page.click(f'[data-testid="{testid}"]')
    page.click('[data-testid="why-button"]')
    page.locator('[data-testid="why-text"]').wait_for(timeout=WAIT)
    shoot_layout(page, out / "why-not.png")
    page.keyboard.press("Escape")
    page.click('[data-testid="hint-button"]')
    page.wait_for_selector('[data-testid="hint-row"]', timeout=WAIT)
    shoot_layout(page, out / "hint.png")
    page.close()


def replay(browser: Any, server: str, out: Path) -> None:
    """A finished game's replay with every hand shown, then its review's verdicts."""
    page = browser.new_page(viewport=WIDE)
    sealed(page, finished_game()[0])
    page.goto(f"{server}/play?{QUERY}")
    wait_for_phase(page, "game-over")
    page.click('[data-testid="replay-button"]')
    page.wait_for_selector('[data-testid="replay-at"]:has-text("Move 0 of")', timeout=WAIT)
    for _ in range(5):
        page.click('[data-testid="replay-next"]')
    page.screenshot(path=str(out / "replay.png"))
    page.click('[data-testid="review-button"]')
    page.wait_for_selector('[data-testid="review-status"]:has-text("Accuracy")',
                           timeout=REVIEW_WAIT)
    rows = page.locator('[data-testid="review-row"]')
    worst = rows.evaluate_all("""rs => {
        const order = ["blunder", "mistake", "inaccuracy", "good", "best"];
        let at = 0;
        rs.forEach((r, i) => { if (order.indexOf(r.dataset.verdict)
                                   < order.indexOf(rs[at].dataset.verdict)) at = i; });
        return at; }""")
    rows.nth(worst).locator("button").click()  # the replay at the worst-rated move
    page.locator('[data-testid="review-list"]').scroll_into_view_if_needed()
    page.screenshot(path=str(out / "review.png"))
    page.close()


def opened(browser: Any, server: str, out: Path) -> None:
    """A saved record opened with "Open a record…": its replay, every hand shown."""
    page = browser.new_page(viewport=WIDE)
    page.goto(f"{server}/play?{QUERY}")
    wait_for_phase(page, "human")
    page.set_input_files('[data-testid="open-record"]', files=[{
        "name": "cassino-record.json", "mimeType": "application/json",
        "buffer": json.dumps(a_record(12)).encode()}])
    page.wait_for_selector('[data-testid="replay-at"]:has-text("Move 0 of 12")', timeout=WAIT)
    for _ in range(7):
        page.click('[data-testid="replay-next"]')
    page.screenshot(path=str(out / "open-record.png"))
    page.close()


def phone(browser: Any, server: str, out: Path) -> None:
    """The table on a 390×844 phone, a hand card selected: the whole page, scrolled."""
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto(f"{server}/play?{QUERY}")
    wait_for_phase(page, "human")
    page.locator('[data-testid="hand"] button').first.click()
    page.screenshot(path=str(out / "phone.png"), full_page=True)
    page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args()
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is missing: install Debian's Chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with live_server(CONFIG) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            for shoot in (dial, helpers, replay, opened, phone):
                shoot(browser, server, args.out)
                print(f"{shoot.__name__}: done", flush=True)
        finally:
            browser.close()
    for png in sorted(args.out.glob("*.png")):
        print(f"{png.name}: {png.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
