"""The web table's points of issue 25, each in Debian's Chromium: readable hints numbered
without gaps, the header's scores the round dialog's (the API's view), Conquian's
face-up card live and its takes listed under "Your move", and the hand on screen on a
390×844 phone at first load."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.test_play import CONFIG, choose, click_move, legal_moves, wait_for_phase
from tests.browser.test_table_fixes import round_near_its_end
from tests.browser.test_why import crafted
from tests.live_server import live_server

PHONE = {"width": 390, "height": 844}
QUICK = "samples=4&time_ms=100&hint_seed=0&delay=0"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server({**CONFIG, "RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}) as url:
        yield url


def sealed(page: Any, answer: dict[str, Any]) -> None:
    """The page's POST /v1/games answered with a sealed game of the test's own."""
    page.route("**/v1/games", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(answer)))


def test_folded_hints_are_numbered_without_gaps(browser: Any, server: str) -> None:
    """3♥ 9♠ 4♥ 4♦ against 3♦ 5♣: the builds of 9 with 4♥ or 4♦ are alike, so are the
    trails of 4♥ and 4♦; each pair is one row, and the rows shown read 1, 2, 3..."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sealed(page, crafted())
    page.goto(f"{server}/play?{QUICK}")
    assert wait_for_phase(page, "human") == "human"
    page.click('[data-testid="hint-button"]')
    page.wait_for_selector('[data-testid="hint-row"]', timeout=15_000)
    rows = page.locator('[data-testid="hint-row"]').evaluate_all(
        """rs => rs.map(r => ({shown: !r.hidden, no: r.querySelector(".rank-no").textContent,
                              rank: Number(r.dataset.rank), of: r.dataset.alternativeOf || null,
                              play: r.querySelector("button").dataset.testid}))""")
    assert len(rows) == 7 and sum(not row["shown"] for row in rows) == 2  # two folded
    shown = [row for row in rows if row["shown"]]
    assert [row["no"] for row in shown] == [f"{n}." for n in range(1, len(shown) + 1)]
    assert [row["rank"] for row in rows] == list(range(1, 8))  # the API's ranks, kept
    assert [row["play"] for row in shown] == [f"hint-play-{n}" for n in range(1, len(shown) + 1)]
    assert all(row["of"] for row in rows if not row["shown"])
    page.close()


def test_the_header_shows_the_scores_of_the_round_dialog(browser: Any, server: str) -> None:
    """The round's last table and its dialog: the header, the stats and the dialog all say
    the game scores of the API's view after the round (docs/api.md "View")."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sealed(page, round_near_its_end())
    applied: list[dict[str, Any]] = []
    page.on("response", lambda r: applied.append(r.json()) if r.url.endswith("/v1/apply")
            else None)
    page.goto(f"{server}/play?{QUICK.replace('delay=0', 'delay=300')}")
    assert wait_for_phase(page, "human") == "human"
    page.evaluate("""() => {
      window.boards = {};
      new MutationObserver(() => { window.boards[document.body.dataset.phase] =
          document.querySelector('[data-testid="scoreboard"]').innerText; })
        .observe(document.body, { attributes: true, attributeFilter: ["data-phase"] });
    }""")
    click_move(page, choose(legal_moves(page)))
    page.locator('[data-testid="round-dialog"]').wait_for(state="visible")
    scores = applied[-1]["view"]["scores"]
    assert sum(scores) > 0  # the round scored points
    house = page.inner_text("#opponent-title")
    board = page.locator('[data-testid="scoreboard"] span').all_inner_texts()
    assert board == [f"You {scores[0]}", f"{house} {scores[1]}"]
    boards = page.evaluate("window.boards")
    assert boards["last-table"].split("\n") == board  # the last table is the scored one's
    assert page.inner_text('[data-testid="round-scores"]') == f"Game scores: {' · '.join(board)}."
    stats = page.inner_text('[data-testid="your-stats"]')
    total = page.inner_text('[data-testid="breakdown-total-you"]')
    assert stats.endswith(f" · {total} points this round so far · game total {scores[0]}")
    page.close()


def up_card(page: Any) -> dict[str, Any]:
    return dict(page.locator('[data-testid="up-card"]').evaluate(
        """e => ({card: e.dataset.card, button: e.tagName === "BUTTON",
                 disabled: e.matches(":disabled"), opacity: getComputedStyle(e).opacity,
                 takeable: e.dataset.takeable || null})"""))


def test_conquian_offers_its_face_up_card_live(browser: Any, server: str) -> None:
    """Seed 1: K♣ is turned up for you, who hold K♥ K♦; seed 2: 4♦, which no meld of
    yours takes.  A card you can take is a live control and its takes are under "Your
    move" beside Pass; one you cannot is shown plainly, not drawn as a disabled button."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/play?game=conquian&seed=1&dealer=1&opponent=random&{QUICK}")
    assert wait_for_phase(page, "human") == "human"
    every = page.locator('[data-testid="all-moves"] button').evaluate_all(
        "bs => bs.map(b => ({id: b.dataset.moveId, cards: b.dataset.cards.split(' ')}))")
    takes = [move["id"] for move in every if "KC" in move["cards"]]
    assert takes == ["take:KC=KHKDKC"]
    primary = page.locator('[data-testid="selection-moves"] button').evaluate_all(
        "bs => bs.map(b => b.dataset.moveId)")
    assert sorted(primary) == sorted([*takes, "pass"])
    page.click('[data-testid="up-card"]')  # picking it keeps its takes, drops Pass
    primary = page.locator('[data-testid="selection-moves"] button').evaluate_all(
        "bs => bs.map(b => b.dataset.moveId)")
    assert primary == takes
    card = up_card(page)
    assert card == {"card": "KC", "button": True, "disabled": False, "opacity": "1",
                    "takeable": "true"}

    page.goto(f"{server}/play?game=conquian&seed=2&dealer=1&opponent=random&{QUICK}")
    assert wait_for_phase(page, "human") == "human"
    assert [m["id"] for m in page.locator('[data-testid="all-moves"] button').evaluate_all(
        "bs => bs.map(b => ({id: b.dataset.moveId}))")] == ["pass"]
    card = up_card(page)
    assert card["card"] == "4D" and card["opacity"] == "1"
    assert not card["button"] and not card["takeable"]
    page.close()


@pytest.mark.parametrize("query", [
    "seed=20240611&dealer=1", "variant=partnership&seed=3&opponent=greedy",
    "game=conquian&seed=1&dealer=1&opponent=random",
    "game=rummy&variant=double-pack-rum&seed=13&dealer=1&opponent=random",
])
def test_a_phone_shows_the_hand_at_first_load(browser: Any, server: str, query: str) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{server}/play?{query}&{QUICK}")
    assert wait_for_phase(page, "human") == "human"
    assert page.evaluate("window.scrollY") == 0
    cards = page.locator('[data-testid="hand"] [data-card]')
    assert cards.count() >= 4
    for box in cards.evaluate_all("cs => cs.map(c => c.getBoundingClientRect().toJSON())"):
        assert box["top"] >= 0 and box["bottom"] <= PHONE["height"], box
        assert box["left"] >= 0 and box["right"] <= PHONE["width"], box
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()
