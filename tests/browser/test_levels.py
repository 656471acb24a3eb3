"""The web table's opponent menu: the skill levels (docs/ladder.md) play the house seats."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from solver.cassino.levels import LEVELS
from tests.browser.test_play import CONFIG, QUERY, choose, click_move, legal_moves, wait_for_phase
from tests.live_server import live_server


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server(CONFIG) as url:
        yield url


def house_bots(page: Any, requests: list[Any]) -> list[str]:
    bodies = [r.post_data_json for r in requests if r.url.endswith("/v1/games")]
    assert bodies
    return [seat["bot"] for seat in bodies[-1]["house"]]


def test_the_menu_names_the_levels_and_starts_a_game_at_the_one_chosen(
        browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    requests: list[Any] = []
    page.on("request", lambda request: requests.append(request))  # noqa: PLW0108
    page.goto(f"{server}/play?{QUERY}")
    assert wait_for_phase(page, "human") == "human"
    menu = page.locator('[data-testid="level-select"]')
    options = menu.locator("option").evaluate_all("os => os.map(o => o.value)")
    assert options == ["solver", *LEVELS]  # the default bot first, then the levels
    assert menu.input_value() == "solver" and house_bots(page, requests) == ["solver"]

    menu.select_option("beginner")  # a new game against the beginner, at once
    assert wait_for_phase(page, "human", "opponent") in ("human", "opponent")
    assert wait_for_phase(page, "human") == "human"
    assert house_bots(page, requests) == ["beginner"]
    assert "opponent=beginner" in page.url
    click_move(page, choose(legal_moves(page)))  # the beginner answers
    assert wait_for_phase(page, "human", "round-end") in ("human", "round-end")
    page.close()


def test_the_url_chooses_the_level(browser: Any, server: str) -> None:
    page = browser.new_page()
    requests: list[Any] = []
    page.on("request", lambda request: requests.append(request))  # noqa: PLW0108
    page.goto(f"{server}/play?{QUERY}&opponent=club")
    assert wait_for_phase(page, "human") == "human"
    menu = page.locator('[data-testid="level-select"]')
    assert menu.input_value() == "club"
    assert menu.locator("option").evaluate_all("os => os.map(o => o.value)") == list(LEVELS)
    assert house_bots(page, requests) == ["club"]
    page.close()
