"""Replay and review at the web table after a game (api/static/play/replay.js), in
Debian's Chromium: a finished sealed game is given to the page, which steps through its
record with every hand shown (buttons and keys) and rates the human's moves."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from api import create_app
from engine.cassino import Played, new_game
from tests.browser.test_play import CONFIG, SCREENSHOTS, TURN, server, wait_for_phase

__all__ = ["server"]  # the live server fixture, shared with test_play

QUERY = "samples=4&time_ms=100&delay=0"


def finished_game() -> tuple[dict[str, Any], list[Played]]:
    """A whole game of standard (seed 1, seat 1 deals first) played with each turn's first
    legal move, sealed once it is over with the house at seat 1: the answer of
    POST /v1/games that the page is given, and the game's moves."""
    state = new_game(1, "standard", 1)
    moves: list[Played] = []
    while state.status == "playing":
        move = state.legal_moves()[0]
        moves.append(Played(state.to_move, move))
        state = state.apply(move).state
    sealer = create_app(CONFIG).extensions["cardgames_sealer"]
    game = sealer.start(state, {1: "solver"})
    game = replace(game, past=tuple(moves[:len(moves) - len(state.history)]))
    return {"game": sealer.seal(game), "credentials": [game.credential(0), None]}, moves


def open_replay(browser: Any, server: str, viewport: dict[str, int]) -> tuple[Any, list[Played]]:
    page = browser.new_page(viewport=viewport)
    sealed, moves = finished_game()
    page.route("**/v1/games", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(sealed)))
    page.goto(f"{server}/play?{QUERY}")
    assert wait_for_phase(page, "game-over") == "game-over"
    button = page.locator('[data-testid="replay-button"]')
    assert button.is_visible()
    button.click()
    page.wait_for_selector('[data-testid="replay-at"]:has-text("Move 0 of")', timeout=TURN)
    return page, moves


def at(page: Any) -> str:
    return str(page.inner_text('[data-testid="replay-at"]'))


def test_replay_steps_through_the_game_with_every_hand_and_reviews_it(
        browser: Any, server: str) -> None:
    page, moves = open_replay(browser, server, {"width": 1280, "height": 900})
    last = len(moves)
    assert at(page) == f"Move 0 of {last}"
    with page.expect_download() as download:  # the record, as cassino replay reads it
        page.click('[data-testid="replay-save"]')
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["format"] == "cassino-record" and len(
        [t for d in saved["deals"] for t in d["moves"]]) == len(moves)
    first = new_game(1, "standard", 1)
    for seat in (0, 1):  # every hand as dealt, the solver's too
        shown = page.locator(f'[data-testid="replay-seat-{seat}"] [data-card]').evaluate_all(
            "els => els.map(e => e.dataset.card)")
        assert len(shown) == first.hands[seat].bit_count() == 4
    assert page.locator('[data-testid="replay-prev"]').is_disabled()
    page.click('[data-testid="replay-next"]')
    assert at(page) == f"Move 1 of {last}"
    assert page.inner_text('[data-testid="replay-move"]').startswith("You: ")
    page.keyboard.press("ArrowRight")
    assert at(page) == f"Move 2 of {last}"
    assert page.inner_text('[data-testid="replay-move"]').startswith("Solver: ")
    page.keyboard.press("End")
    assert at(page) == f"Move {last} of {last}"
    assert page.locator('[data-testid="replay-next"]').is_disabled()
    page.keyboard.press("ArrowLeft")
    assert at(page) == f"Move {last - 1} of {last}"
    page.click('[data-testid="replay-last"]')
    page.keyboard.press("Home")
    assert at(page) == f"Move 0 of {last}"

    page.click('[data-testid="review-button"]')
    page.wait_for_selector('[data-testid="review-status"]:has-text("Accuracy")', timeout=180_000)
    rows = page.locator('[data-testid="review-row"]')
    mine = [p for p in moves if p.player == 0]
    assert rows.count() == len(mine)
    verdicts = rows.evaluate_all("els => els.map(e => e.dataset.verdict)")
    assert set(verdicts) <= {"best", "good", "inaccuracy", "mistake", "blunder"}
    status = page.inner_text('[data-testid="review-status"]')
    assert f"over {len(mine)} moves" in status
    ply = int(rows.nth(3).get_attribute("data-ply"))
    rows.nth(3).locator("button").click()
    assert at(page) == f"Move {ply} of {last}"
    verdict = page.locator('[data-testid="replay-verdict"]')
    assert verdict.is_visible() and verdict.get_attribute("data-verdict") == verdicts[3]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "replay-review.png"), full_page=True)
    page.click('[data-testid="replay-close"]')
    page.unroute("**/v1/games")
    page.click('[data-testid="new-game"]')  # a new game hides the replay of the old one
    assert wait_for_phase(page, "human", "opponent") in ("human", "opponent")
    assert not page.locator('[data-testid="replay-button"]').is_visible()
    page.close()


def test_the_replay_is_readable_on_a_phone(browser: Any, server: str) -> None:
    page, _ = open_replay(browser, server, {"width": 390, "height": 844})
    page.click('[data-testid="replay-next"]')
    dialog = page.locator('[data-testid="replay-dialog"]')
    width = dialog.evaluate("d => [d.scrollWidth, d.clientWidth]")
    assert width[0] <= width[1], width  # nothing runs off the side
    for name in ("replay-first", "replay-prev", "replay-next", "replay-last"):
        box = page.locator(f'[data-testid="{name}"]').bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert box["height"] >= 40  # a finger's target
    seats = page.locator('[data-testid^="replay-seat-"]').evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().left)")
    assert len(set(seats)) == 1  # one column
    page.screenshot(path=str(SCREENSHOTS / "replay-phone.png"))
    page.close()
