"""Opening a saved record at the web table (api/static/play/replay.js, "Open a record…"):
the page replays the file the player chose through /v1/records/replay, steps through it,
reviews a seat of it, and tells a bad file in the API's words without breaking the page."""

from __future__ import annotations

import json
from typing import Any

from engine.cassino import Played, new_game, record_of
from tests.browser.test_play import TURN, server, wait_for_phase

__all__ = ["server"]  # the live server fixture, shared with test_play

QUERY = "seed=5&dealer=1&samples=4&time_ms=100&delay=0"
PLIES = 6


def a_record(plies: int = PLIES) -> dict[str, Any]:
    """The record of the first ``plies`` moves of standard (seed 1, seat 1 deals), each
    turn's first legal move: a game in progress, as POST /v1/records exports one."""
    state = new_game(1, "standard", 1)
    moves: list[Played] = []
    for _ in range(plies):
        move = state.legal_moves()[0]
        moves.append(Played(state.to_move, move))
        state = state.apply(move).state
    return record_of(1, "standard", 1, moves).to_dict()


def table(browser: Any, server: str) -> tuple[Any, list[Any]]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    requests: list[Any] = []
    page.on("request", lambda request: requests.append(request))  # noqa: PLW0108
    page.goto(f"{server}/play?{QUERY}")
    assert wait_for_phase(page, "human") == "human"
    return page, requests


def choose_file(page: Any, name: str, content: bytes) -> None:
    page.set_input_files('[data-testid="open-record"]', files=[
        {"name": name, "mimeType": "application/json", "buffer": content}])


def at(page: Any) -> str:
    return str(page.inner_text('[data-testid="replay-at"]'))


def test_a_saved_record_opens_in_the_replay_and_its_review(browser: Any, server: str) -> None:
    page, requests = table(browser, server)
    assert page.locator('[data-testid="open-record-label"]').is_visible()
    record = a_record()
    choose_file(page, "cassino-record.json", json.dumps(record).encode())
    page.wait_for_selector(f'[data-testid="replay-at"]:has-text("Move 0 of {PLIES}")',
                           timeout=TURN)
    sent = [r.post_data_json for r in requests if r.url.endswith("/v1/records/replay")]
    assert sent == [{"record": record}]
    assert page.inner_text("#replay-title") == "Replay of cassino-record.json"
    dealt = new_game(1, "standard", 1)
    for seat in (0, 1):  # every hand, as dealt
        shown = page.locator(f'[data-testid="replay-seat-{seat}"] [data-card]').evaluate_all(
            "els => els.map(e => e.dataset.card)")
        assert len(shown) == dealt.hands[seat].bit_count() == 4
    page.click('[data-testid="replay-next"]')
    assert at(page) == f"Move 1 of {PLIES}"
    first = record["deals"][0]["moves"][0]
    assert page.inner_text('[data-testid="replay-move"]') == (
        f"Seat {first['player']}: {first['move']['description']}")
    page.keyboard.press("End")
    assert at(page) == f"Move {PLIES} of {PLIES}"
    assert page.locator('[data-testid="replay-next"]').is_disabled()
    assert not page.locator('[data-testid="replay-save"]').is_visible()  # it is a file already

    page.select_option('[data-testid="review-seat"]', "1")  # a file's review: a seat chosen
    with page.expect_request(lambda r: r.url.endswith("/v1/reviews")) as review:
        page.click('[data-testid="review-button"]')
    assert review.value.post_data_json == {"record": record, "player": 1, "async": True,
                                           "samples": 4}
    page.wait_for_selector('[data-testid="review-status"]:has-text("Accuracy")', timeout=120_000)
    rows = page.locator('[data-testid="review-row"]')
    assert rows.count() == PLIES // 2  # seat 1's moves
    assert set(rows.evaluate_all("els => els.map(e => e.dataset.verdict)")) <= {
        "best", "good", "inaccuracy", "mistake", "blunder"}
    assert wait_for_phase(page, "human") == "human"  # the table underneath plays on
    page.close()


def test_a_bad_file_is_told_and_the_page_lives_on(browser: Any, server: str) -> None:
    page, _ = table(browser, server)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    error = page.locator('[data-testid="replay-error"]')

    choose_file(page, "notes.json", b"this is not JSON {")
    error.wait_for(state="visible", timeout=TURN)
    assert error.inner_text().startswith("notes.json is not a JSON file")
    assert page.locator('[data-testid="review-button"]').is_disabled()

    record = a_record()
    record["deals"][0]["moves"][2]["move"] = {"type": "trail", "card": "KD", "id": "KD"}
    choose_file(page, "broken.json", json.dumps(record).encode())
    page.wait_for_selector('[data-testid="replay-error"]:has-text("broken.json: ")',
                           timeout=TURN)
    told = error.inner_text()
    # the API's own words: the move's number and place, and the rule
    assert told.startswith("broken.json: move 3 (deals[0].moves[2], player 0 KD)")
    assert told.endswith("(R6)")
    assert not page.locator('[data-testid="replay-at"]').inner_text()

    page.click('[data-testid="replay-close"]')
    choose_file(page, "fine.json", json.dumps({"record": a_record()}).encode())  # an answer
    page.wait_for_selector(f'[data-testid="replay-at"]:has-text("Move 0 of {PLIES}")',
                           timeout=TURN)
    assert not error.is_visible()
    assert errors == [] and page.evaluate("document.body.dataset.phase") == "human"
    page.close()


def test_only_the_last_file_chosen_is_shown(browser: Any, server: str) -> None:
    """A file chosen while the replay of an earlier one is still on its way: the earlier
    answer, arriving last, does not replace the later file's replay under its title."""
    page, _ = table(browser, server)
    held: list[Any] = []

    def hold_the_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/v1/records/replay", hold_the_first)
    choose_file(page, "first.json", json.dumps(a_record(2)).encode())
    while not held:  # the first replay is on its way, held
        page.wait_for_timeout(20)
    page.click('[data-testid="replay-close"]')
    choose_file(page, "second.json", json.dumps(a_record(4)).encode())
    page.wait_for_selector('[data-testid="replay-at"]:has-text("Move 0 of 4")', timeout=TURN)
    with page.expect_response("**/v1/records/replay"):
        held[0].continue_()
    page.evaluate("() => new Promise((done) => setTimeout(done, 200))")  # its answer read
    assert page.inner_text("#replay-title") == "Replay of second.json"
    assert at(page) == "Move 0 of 4"
    page.close()
