"""The web table's variant menu in a real browser (Debian's Chromium, Playwright).

The menu lists the playable variants of ``GET /v1/catalog`` (any seat count: the house
plays every seat but the human's): a variant made
playable on the server appears by itself.  One test plays the first playable variant
other than standard, whatever is playable when it runs (it skips only when standard is
the only one); the others check the menu against a catalog of the test's own.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

from api import create_app
from tests.browser.test_play import QUERY, choose, click_move, legal_moves, wait_for_phase
from tests.live_server import live_server

CONFIG = {"STORE": tempfile.mkdtemp(prefix="cassino-browser-variants-")}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server(CONFIG) as url:
        yield url


def catalog() -> dict[str, Any]:
    return dict(create_app().test_client().get("/v1/catalog").json)


def fake_catalog() -> dict[str, Any]:
    """A catalog where more is playable than on the server: a two-seat variant the server
    does not know, a four-seat one, and a declared one."""
    real = catalog()
    cassino = real["games"][0]
    standard = next(v for v in cassino["variants"] if v["name"] == "standard")
    extra = [
        {"name": "zz-test", "description": "A variant of the test's own.", "seats": 2,
         "teams": [[0], [1]], "playable": True, "rules_url": "/rules/zz-test"},
        {"name": "zz-four", "description": "Four seats.", "seats": 4,
         "teams": [[0, 2], [1, 3]], "playable": True},
        {"name": "zz-declared", "description": "Not playable.", "seats": 2,
         "teams": [[0], [1]], "playable": False},
    ]
    return {"games": [{**cassino, "variants": [*extra, standard]}]}


def menu(page: Any) -> list[str]:
    return list(page.locator('[data-testid="variant-select"] option').evaluate_all(
        "os => os.map(o => o.value)"))


def test_the_menu_logic(browser: Any, server: str) -> None:
    """variants.js, called in the page with catalogs of the test's own."""
    page = browser.new_page()
    page.goto(f"{server}/play/?{QUERY}")
    out = page.evaluate("""async (fake) => {
        const v = await import("./variants.js");
        const offered = v.tableVariants(fake);
        return {
          offered: offered.map((x) => x.name),
          none: v.tableVariants({games: []}).length,
          other: v.tableVariants(fake, "no-such-game").length,
          asked: v.pickVariant(offered, "zz-test"),
          four: v.pickVariant(offered, "zz-four"),
          unknown: v.pickVariant(offered, "zz-declared"),
          sides: v.sidesOf([[0, 2], [1, 3]], 4),
          alone: v.sidesOf(undefined, 3),
          empty: v.pickVariant([], "zz-test"),
          standard: v.batchOf({players: 2, hand_size: 4, table_size: 4}, 40),
          last: v.batchOf({players: 2, hand_size: 4, table_size: 4}, 0),
          draw: v.batchOf({players: 2, hand_size: 4, table_size: 4, draw_after_play: true}, 40),
          three: v.batchOf({players: 3, hand_size: 4, table_size: 4}, 24),
        };
    }""", fake_catalog())
    assert out["offered"] == ["standard", "zz-test", "zz-four"]  # the default first
    assert out["none"] == 0 and out["other"] == 0
    assert out["asked"] == "zz-test" and out["unknown"] == "standard"
    assert out["four"] == "zz-four"
    assert out["sides"] == [0, 1, 0, 1] and out["alone"] == [0, 1, 2]
    assert out["empty"] == "standard"
    assert out["standard"] == {"batch": 1, "total": 6}
    assert out["last"] == {"batch": 6, "total": 6}
    assert out["draw"] is None
    assert out["three"] == {"batch": 2, "total": 4}
    page.close()


def test_the_menu_offers_what_the_catalog_makes_playable(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.route("**/v1/catalog", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(fake_catalog())))
    bodies: list[Any] = []
    page.on("request", lambda request: bodies.append(request.post_data_json)
            if request.url.endswith("/v1/games") else None)
    page.goto(f"{server}/play?{QUERY}")
    assert wait_for_phase(page, "human", "opponent") in ("human", "opponent")
    assert menu(page) == ["standard", "zz-test", "zz-four"]
    assert page.input_value('[data-testid="variant-select"]') == "standard"
    assert page.inner_text('[data-testid="variant-name"]').lower() == "standard"
    link = page.get_attribute('[data-testid="rules-link"]', "href")
    assert link == f"{server}/rules/standard"
    assert bodies[-1]["variant"] == "standard" and bodies[-1]["game"] == "cassino"

    # choosing a variant starts a game of it: this one the server refuses, and says why
    page.select_option('[data-testid="variant-select"]', "zz-test")
    assert page.wait_for_selector('body[data-phase="error"]', state="attached")
    assert bodies[-1]["variant"] == "zz-test"
    assert "variant" in page.inner_text('[data-testid="error"]')
    assert "variant=zz-test" in page.url
    assert page.get_attribute('[data-testid="rules-link"]', "href") == (
        f"{server}/rules/zz-test")
    page.close()


def test_a_variant_the_table_cannot_play_falls_back_to_the_default(browser: Any,
                                                                   server: str) -> None:
    page = browser.new_page()
    page.goto(f"{server}/play?{QUERY}&variant=zz-nope")
    assert wait_for_phase(page, "human", "opponent") in ("human", "opponent")
    assert page.input_value('[data-testid="variant-select"]') == "standard"
    log = page.inner_text('[data-testid="log"]')
    assert "zz-nope cannot be played at this table: playing standard" in log
    assert "New game of standard" in log and "First to 21 wins" in log
    assert "batch 1 of 6" in page.inner_text('[data-testid="round-info"]')
    page.close()


def test_a_playable_variant_other_than_standard(browser: Any, server: str) -> None:
    """Plays whatever is playable besides standard when the test runs (one move)."""
    offered = [v for v in catalog()["games"][0]["variants"]
               if v["playable"] and v["seats"] == 2 and v["name"] != "standard"]
    if not offered:
        pytest.skip("no variant but standard is playable yet")
    variant = offered[0]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server}/play?{QUERY}")
    assert wait_for_phase(page, "human", "opponent") in ("human", "opponent")
    assert variant["name"] in menu(page)
    page.select_option('[data-testid="variant-select"]', variant["name"])
    page.wait_for_function(
        "name => document.querySelector('[data-testid=variant-name]').textContent === name"
        " && document.body.dataset.phase !== 'busy'", arg=variant["name"])
    while wait_for_phase(page, "human", "round-end", "game-over") != "human":
        page.click('[data-testid="continue"]')
    assert page.input_value('[data-testid="variant-select"]') == variant["name"]
    assert f"New game of {variant['name']}" in page.inner_text('[data-testid="log"]')
    link = page.locator('[data-testid="rules-link"]')
    if "rules_url" in variant:
        assert link.get_attribute("href") == server + variant["rules_url"]
        assert page.request.get(server + variant["rules_url"]).status == 200
    else:
        assert link.is_hidden()
    before = page.inner_text('[data-testid="log"]')
    click_move(page, choose([m for m in legal_moves(page) if m["card"]]))  # a card played
    wait_for_phase(page, "human", "round-end", "game-over")
    assert page.inner_text('[data-testid="log"]') != before
    assert errors == []
    page.close()
