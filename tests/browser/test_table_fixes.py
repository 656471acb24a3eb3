"""Web table fixes seen in use (issue 14), each in a real browser: the last table of a
round before its dialog, no stale "You: …" line on the new table, no page scrolling on a
phone, "points so far" without undecided majorities, the round breakdown reopened, and
no keyboard legend on touch screens."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from api import create_app
from engine import State
from tests.browser.test_play import (
    CONFIG,
    SCREENSHOTS,
    choose,
    click_move,
    legal_moves,
    wait_for_phase,
)
from tests.live_server import live_server

SEED, DEALER = 20240611, 1
SLOW = f"seed={SEED}&dealer={DEALER}&samples=4&time_ms=100&delay=300"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server(CONFIG) as url:
        yield url


def round_near_its_end() -> dict[str, Any]:
    """A sealed game of round 1 with three cards left (the house, seat 1, to move): the
    answer of POST /v1/games the page is given.  The house (greedy) takes K♣ with K♠,
    you hold Q♠ alone, and the house's Q♣ ends the round."""
    api = create_app({"RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}).test_client()  # ~100 a second
    state = api.post("/v1/games", json={"seed": 5, "dealer": 1}).json["state"]
    while state["stock"] or sum(len(hand) for hand in state["hands"]) > 3:
        moves = api.post("/v1/legal-moves", json={"state": state}).json["moves"]
        state = api.post("/v1/apply", json={"state": state, "move": moves[0]["id"]}).json["state"]
    sealer = create_app(CONFIG).extensions["cardgames_sealer"]
    game = sealer.start(State.from_dict(state), {1: "greedy"})
    return {"game": sealer.seal(game), "credentials": [game.credential(0), None]}


WATCH = """() => {
  const text = (id) => document.querySelector(`[data-testid="${id}"]`).innerText;
  window.snaps = [];
  new MutationObserver(() => window.snaps.push({
    phase: document.body.dataset.phase, round: text("round-info"), hand: text("hand"),
    lastMove: text("last-move"), dialog: document.getElementById("round-dialog").open,
    backs: document.querySelectorAll('[data-testid="opponent-hand"] .card').length,
    table: [...document.querySelectorAll(
      '[data-testid="loose"] [data-card], [data-testid="builds"] [data-card]')]
      .map((e) => e.dataset.card),
  })).observe(document.body, { attributes: true, attributeFilter: ["data-phase"] });
}"""
"""Records what the page shows at each change of its phase (a snapshot per phase)."""


def cards_on_table(page: Any) -> list[str]:
    return list(page.locator('[data-testid="loose"] [data-card], [data-testid="builds"] '
                             '[data-card]').evaluate_all("els => els.map(e => e.dataset.card)"))


def test_the_last_table_then_the_dialog_then_a_clean_new_table(browser: Any,
                                                               server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sealed = round_near_its_end()
    page.route("**/v1/games", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(sealed)))
    page.goto(f"{server}/play?{SLOW}")
    assert wait_for_phase(page, "human") == "human"
    before = cards_on_table(page)
    page.evaluate(WATCH)
    move = choose(legal_moves(page))
    click_move(page, move)
    dialog = page.locator('[data-testid="round-dialog"]')
    dialog.wait_for(state="visible")
    snaps = page.evaluate("window.snaps")
    phases = [snap["phase"] for snap in snaps]
    assert phases[-2:] == ["last-table", "round-end"], phases
    last, opened = snaps[-2], snaps[-1]
    # the round ends with the house's last card: its table is shown, then the dialog.
    # You trail Q♠, the house takes it with Q♣: the rest, not yet taken, is still there
    assert move["id"] == "QS" and before == ["5D", "7H", "10S"]
    for snap in (last, opened):
        assert snap["round"].startswith("Round 1 ") and snap["hand"] == "No cards in hand"
        assert snap["table"] == before and snap["backs"] == 0
        assert snap["lastMove"] == "Solver captured Q♠ with Q♣."
    assert not last["dialog"] and opened["dialog"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "last-table-round-end.png"))
    breakdown = page.inner_text('[data-testid="round-breakdown"]')

    page.click('[data-testid="continue"]')
    assert wait_for_phase(page, "human") == "human"
    assert page.inner_text('[data-testid="round-info"]').startswith("Round 2 ")
    assert page.locator('[data-testid="hand"] [data-card]').count() == 4
    assert not page.inner_text('[data-testid="last-move"]').startswith("You")

    # the breakdown, reopened from the header and closed again
    button = page.locator('[data-testid="show-round"]')
    assert button.is_visible() and button.inner_text() == "Round 1 breakdown"
    button.click()
    assert dialog.is_visible()
    assert page.inner_text('[data-testid="round-breakdown"]') == breakdown
    assert page.inner_text('[data-testid="continue"]') == "Close"
    page.click('[data-testid="continue"]')
    assert not dialog.is_visible()
    assert wait_for_phase(page, "human") == "human"
    assert page.locator('[data-testid="hand"] [data-card]').count() == 4
    assert errors == []
    page.close()


MAJORITIES = {"cards": 52, "spades": 13}


def decided(score: dict[str, Any], side: int) -> int:
    """Round points of ``side`` less each majority no card left could still change."""
    total = int(score["players"][side]["total"])
    for key, cards in MAJORITIES.items():
        counts = sorted((p[key] for p in score["players"]), reverse=True)
        left = cards - sum(counts)
        if left > 0 and counts[0] <= counts[1] + left:
            total -= score["players"][side]["points"][key]
    return total


def shown_points(page: Any, testid: str) -> int:
    found = re.search(r"(\d+) points this round so far", page.inner_text(
        f'[data-testid="{testid}"]'))
    assert found
    return int(found.group(1))


def test_points_so_far_count_only_decided_majorities(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    scores: list[dict[str, Any]] = []
    page.on("response", lambda r: scores.append(r.json()) if r.url.endswith("/v1/score")
            else None)
    page.goto(f"{server}/play?seed={SEED}&dealer={DEALER}&samples=4&time_ms=100&delay=0")
    differed = 0
    for _turn in range(10):
        assert wait_for_phase(page, "human") == "human"
        score = scores[-1]
        for testid, side in (("your-stats", 0), ("opponent-stats", 1)):
            assert shown_points(page, testid) == decided(score, side)
            differed += decided(score, side) != score["players"][side]["total"]
        click_move(page, choose(legal_moves(page)))
    assert differed  # a majority was led but not decided: it did not count
    # and the page's own arithmetic on positions of the test's own
    out = page.evaluate("""async () => {
        const t = await import("./table.js");
        const side = (cards, spades, pc, ps) => ({cards, spades, aces: 0,
            points: {cards: pc, spades: ps, aces: 0}, total: pc + ps});
        const cats = [{key: "cards", each: false}, {key: "spades", each: false},
                      {key: "aces", each: true}];
        const spadeScheme = [{key: "spades", each: true}];
        return [
          t.decidedPoints({players: [side(20, 5, 3, 1), side(10, 2, 0, 0)]}, cats, 0),
          t.decidedPoints({players: [side(27, 7, 3, 1), side(10, 2, 0, 0)]}, cats, 0),
          t.decidedPoints({players: [side(26, 6, 0, 0), side(26, 7, 0, 1)]}, cats, 1),
          t.decidedPoints({players: [side(20, 5, 0, 5), side(10, 2, 0, 0)]}, spadeScheme, 0),
        ];
    }""")
    assert out == [0, 4, 1, 5]
    page.close()


def test_a_phone_keeps_the_scores_in_view(browser: Any, server: str) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{server}/play?{SLOW}")
    for _turn in range(4):
        assert wait_for_phase(page, "human") == "human"
        click_move(page, choose(legal_moves(page)))  # the click may scroll to the move
        page.evaluate("window.scrollTo(0, 0)")
        assert wait_for_phase(page, "opponent", "human") in ("opponent", "human")
        assert wait_for_phase(page, "human") == "human"  # the house moved and logged it
        assert page.evaluate("window.scrollY") == 0
        box = page.locator('[data-testid="scoreboard"]').bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
        assert page.locator('[data-testid="new-game"]').is_visible()
    assert page.locator('[data-testid="log"] li').count() >= 8
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "phone-scores-in-view.png"))
    context.close()


def test_the_keyboard_legend_is_for_keyboards_only(browser: Any, server: str) -> None:
    touch = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = touch.new_page()
    page.goto(f"{server}/play?{SLOW}")
    assert wait_for_phase(page, "human") == "human"
    assert page.locator('[data-testid="keys"]').is_hidden()
    assert page.locator('[data-testid="hint-button"] kbd').is_hidden()
    assert page.evaluate("document.body.dataset.touch") == "true"
    touch.close()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/play?{SLOW}")
    assert wait_for_phase(page, "human") == "human"
    assert page.locator('[data-testid="keys"]').is_visible()
    assert page.locator('[data-testid="hint-button"] kbd').is_visible()
    page.close()
