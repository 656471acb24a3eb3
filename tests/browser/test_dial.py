"""The web table's skill dial (levels.js): the house seats play DialBot at its value."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.test_play import CONFIG, QUERY, choose, click_move, legal_moves, wait_for_phase
from tests.live_server import live_server


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server(CONFIG) as url:
        yield url


def house(requests: list[Any]) -> list[dict[str, Any]]:
    """The house seats of the page's last POST /v1/games."""
    bodies = [r.post_data_json for r in requests if r.url.endswith("/v1/games")]
    assert bodies
    return bodies[-1]["house"]  # type: ignore[no-any-return]


def open_table(browser: Any, server: str, query: str = "") -> tuple[Any, list[Any]]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    requests: list[Any] = []
    page.on("request", lambda request: requests.append(request))  # noqa: PLW0108
    page.goto(f"{server}/play?{QUERY}{query}")
    assert wait_for_phase(page, "human") == "human"
    return page, requests


def test_the_dial_starts_a_game_against_its_value_and_the_house_plays(
        browser: Any, server: str) -> None:
    page, requests = open_table(browser, server)
    dial = page.locator('[data-testid="dial-input"]')
    assert dial.is_visible() and dial.input_value() == "100"  # the solver's anchor
    assert page.inner_text('[data-testid="dial-value"]') == "100 · master"
    marks = page.locator("#dial-marks option").evaluate_all(
        "os => os.map(o => [Number(o.value), o.label])")
    assert marks == [[10, "beginner"], [25, "casual"], [50, "club"], [75, "expert"],
                     [100, "master"]]

    with page.expect_request(lambda r: r.url.endswith("/v1/games")):
        dial.fill("60")  # let go at 60: a new game against the dial
    assert wait_for_phase(page, "human") == "human"
    assert house(requests) == [{"player": 1, "dial": 60}]
    assert "dial=60" in page.url and "opponent=" not in page.url
    assert page.inner_text('[data-testid="dial-value"]') == "60"
    menu = page.locator('[data-testid="level-select"]')
    assert menu.input_value() == "dial"
    assert menu.locator("option:checked").inner_text() == "Dial 60"
    assert page.inner_text('[data-testid="score-solver"]') == "Dial 60 0"  # the house's name
    assert page.inner_text("#opponent-title") == "Dial 60"

    applied = 0
    for _ in range(2):  # two moves; the dial's house answers each from its own view
        click_move(page, choose(legal_moves(page)))
        applied += 1
        if wait_for_phase(page, "human", "round-end") != "human":
            break
    sent = [r for r in requests if r.url.endswith("/v1/apply")]
    assert len(sent) == applied
    assert "dial" not in sent[-1].post_data_json  # the dial lives in the sealed game only
    page.close()


def test_a_named_level_moves_the_dial_to_its_value(browser: Any, server: str) -> None:
    page, requests = open_table(browser, server, "&dial=60")
    assert house(requests) == [{"player": 1, "dial": 60}]
    with page.expect_request(lambda r: r.url.endswith("/v1/games")):
        page.select_option('[data-testid="level-select"]', "expert")
    assert wait_for_phase(page, "human") == "human"
    assert house(requests) == [{"player": 1, "bot": "expert"}]
    assert page.locator('[data-testid="dial-input"]').input_value() == "75"
    assert page.inner_text('[data-testid="dial-value"]') == "75 · expert"
    assert "opponent=expert" in page.url and "dial=" not in page.url
    assert page.inner_text("#opponent-title") == "Expert"
    options = page.locator('[data-testid="level-select"] option').evaluate_all(
        "os => os.map(o => o.value)")
    assert "dial" not in options  # "Dial 60" left the menu with the dial
    page.close()


def test_the_url_dial_on_a_named_level_selects_it(browser: Any, server: str) -> None:
    page, requests = open_table(browser, server, "&dial=50")
    assert house(requests) == [{"player": 1, "dial": 50}]
    assert page.locator('[data-testid="level-select"]').input_value() == "club"
    assert page.inner_text('[data-testid="dial-value"]') == "50 · club"
    page.close()
