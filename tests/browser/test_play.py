"""The web table in a real browser: Debian's Chromium driven by Playwright.

A real server (werkzeug, in a thread) serves ``/play/`` and the API; the test plays a
whole round by clicking: for each turn it picks a legal move from the page's own list,
then makes it by clicking the hand card and the table cards (or builds) it uses, and plays
it from the moves that selection offers.  It asks for a hint once, checks the round's
score breakdown, and saves a screenshot (``CARDGAMES_SCREENSHOT_DIR``, by default
``<tmp>/cassino-play/``).

Chromium is never downloaded: the test needs ``/usr/bin/chromium`` (``apt-get install -y
chromium``; ``.ci/run`` installs it) and fails, never skips, without it.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from cryptography.fernet import Fernet

from api import create_app
from engine import State
from tests.live_server import live_server
from workers.settings import setting

SEED, DEALER = 20240611, 1  # the human (seat 0) is the nondealer: they move first
QUERY = f"seed={SEED}&dealer={DEALER}&samples=4&time_ms=100&delay=40"
SCREENSHOTS = Path(setting("SCREENSHOT_DIR", str(Path(tempfile.gettempdir()) / "cassino-play")))
TURN = 15_000  # ms: the longest wait for one turn (the solver answers in ~0.1 s)


KEY = Fernet.generate_key().decode()
"""The server's sealing key: the tests seal games of their own for the page to play."""
STORE = tempfile.mkdtemp(prefix="cassino-browser-store-")
CONFIG = {"SEAL_KEYS": KEY, "STORE": STORE}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server(CONFIG) as url:
        yield url


PUBLIC_CATALOG = frozenset(("/v1/catalog", "/v1/variants"))
"""Answers that describe the games and their rules, never a deal."""


def strings(data: Any) -> set[str]:
    """Every string in a JSON document but the opaque token of a sealed game."""
    if isinstance(data, dict):
        return set().union(*(strings(v) for k, v in data.items() if k != "game"))
    if isinstance(data, list):
        return set().union(*(strings(v) for v in data))
    return {data} if isinstance(data, str) else set()


def phase(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.phase"))


def wait_for_phase(page: Any, *phases: str) -> str:
    selector = ", ".join(f'body[data-phase="{name}"]' for name in phases + ("error",))
    page.wait_for_selector(selector, state="attached", timeout=TURN)
    now = phase(page)
    assert now != "error", page.inner_text('[data-testid="error"]')
    return now


def legal_moves(page: Any) -> list[dict[str, Any]]:
    """The moves in the page's "All legal moves" list, as the page describes them."""
    return page.locator('[data-testid="all-moves"] button').evaluate_all(
        """buttons => buttons.map(b => ({id: b.dataset.moveId, card: b.dataset.card,
             targets: b.dataset.targets ? b.dataset.targets.split(" ") : [],
             text: b.textContent}))""")


def choose(moves: list[dict[str, Any]]) -> dict[str, Any]:
    """A fixed preference that exercises selections: most cards taken, then builds."""
    def key(move: dict[str, Any]) -> tuple[int, int]:
        kind = move["id"]
        order = 0 if "x" in kind else 1 if "=" in kind else 2
        return order, -len(move["targets"])
    return sorted(moves, key=key)[0]


def click_move(page: Any, move: dict[str, Any]) -> None:
    """Make ``move`` by selection: its hand card, then each table card or build it uses."""
    page.click(f'[data-testid="hand-{move["card"]}"]')
    builds = page.locator('[data-testid^="build-"]').evaluate_all(
        "els => els.map(e => ({testid: e.dataset.testid, cards: e.dataset.cards.split(' ')}))")
    remaining = list(move["targets"])
    for build in builds:
        if build["cards"] and all(card in remaining for card in build["cards"]):
            page.click(f'[data-testid="{build["testid"]}"]')
            remaining = [card for card in remaining if card not in build["cards"]]
    for card in remaining:
        page.click(f'[data-testid="table-{card}"]')
    offered = page.locator('[data-testid="selection-moves"] button')
    ids = offered.evaluate_all("bs => bs.map(b => b.dataset.moveId)")
    assert move["id"] in ids, f"the selection for {move['id']} offers {ids}"
    for other in ids:  # everything offered uses exactly this card and these table cards
        assert other.startswith(move["card"]), other
    page.click(f'[data-testid="move-{move["id"]}"]')


def assert_controls_are_labelled(page: Any) -> None:
    """Every control on the page has a stable test id and an accessible name."""
    unnamed = page.locator("button, summary, dialog").evaluate_all(
        """els => els.filter(e => !e.dataset.testid ||
             !(e.getAttribute("aria-label") || e.textContent.trim()
               || e.getAttribute("aria-labelledby"))).map(e => e.outerHTML.slice(0, 80))""")
    assert unnamed == []


def test_a_whole_round_by_clicking(browser: Any, server: str) -> None:
    opponent_hand = set(create_app().test_client().post(
        "/v1/games", json={"seed": SEED, "dealer": DEALER}).json["state"]["hands"][1])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    answers: list[Any] = []
    page.on("response", lambda response: answers.append(response))  # noqa: PLW0108
    page.goto(f"{server}/play?{QUERY}")

    # First turn: only the human's view is on the page, and in what the page was sent.
    assert wait_for_phase(page, "human") == "human"
    shown = set(page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert len(shown) == 8 and not shown & opponent_hand  # 4 in hand, 4 on the table
    # the catalog's answers are the same for every game (they name the cards a scheme
    # counts, J♠ in spade): what the page was sent about this game is everything else
    sent = [answer.json() for answer in answers
            if "/v1/" in answer.url and urlparse(answer.url).path not in PUBLIC_CATALOG]
    assert sent and not strings(sent) & opponent_hand
    assert not any("state" in body or "stock" in body for body in sent)
    assert page.get_attribute('[data-testid="opponent-hand"]', "data-count") == "4"

    assert_controls_are_labelled(page)

    # The keyboard: 1 picks the first hand card, Escape clears.
    page.keyboard.press("1")
    assert page.locator('[data-testid="hand"] [aria-pressed="true"]').count() == 1
    page.keyboard.press("Escape")
    assert page.locator('[data-testid="hand"] [aria-pressed="true"]').count() == 0

    # A hint, once: ranked moves with their equity and standard error.
    page.click('[data-testid="hint-button"]')
    page.wait_for_selector('[data-testid="hint-row"]', timeout=TURN)
    rows = page.locator('[data-testid="hint-row"]')
    legal = {move["id"] for move in legal_moves(page)}
    hinted = rows.evaluate_all("rs => rs.map(r => r.dataset.moveId)")
    assert rows.count() == len(legal) and set(hinted) == legal
    assert "±" in rows.first.inner_text()
    assert_controls_are_labelled(page)
    equities = rows.evaluate_all("rs => rs.map(r => Number(r.dataset.equity))")
    assert equities == sorted(equities, reverse=True)

    # The round: every human move made through the selection.
    played = 0
    while wait_for_phase(page, "human", "round-end", "game-over") == "human":
        move = choose(legal_moves(page))
        click_move(page, move)
        played += 1
        assert played <= 24, "more than 24 moves in one round"
    assert played == 24

    # The round's score breakdown (docs/api.md "Score"): counts and points per category.
    dialog = page.locator('[data-testid="round-dialog"]')
    assert dialog.is_visible()
    breakdown = page.locator('[data-testid="round-breakdown"]')
    text = breakdown.inner_text()
    for label in ("Most cards", "Most spades", "Aces", "Big cassino", "Little cassino",
                  "Sweeps", "Round points"):
        assert label in text
    assert "Big cassino 10♦ (2)" in text and "Aces (1 each)" in text  # GET /v1/variants
    totals = [int(page.inner_text(f'[data-testid="breakdown-total-{who}"]'))
              for who in ("you", "solver")]
    cards = [int(page.locator(f'[data-testid="breakdown-cards-{who}"] .count').inner_text())
             for who in ("you", "solver")]
    assert sum(cards) == 52 and sum(totals) >= 8  # 11, less 3 when the cards tie 26-26
    assert page.inner_text('[data-testid="round-scores"]').startswith("Game scores:")
    log = page.locator('[data-testid="log"] li').all_inner_texts()
    mine = [line for line in log if line.startswith(("You trailed", "You captured", "You built"))]
    theirs = [line for line in log if line.startswith(("Solver trailed", "Solver captured",
                                                       "Solver built"))]
    assert len(mine) == 24 and len(theirs) == 24

    assert_controls_are_labelled(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS / "round-end.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    print(f"\nscreenshot: {shot}")

    # The next round starts where the dialog leaves it.
    page.click('[data-testid="continue"]')
    assert wait_for_phase(page, "human", "opponent") in ("human", "opponent")
    assert not dialog.is_visible()

    assert errors == []
    assert all(url.startswith(server) for url in requests)  # no CDN, nothing outside
    # a hint the server could not finish within its wait is polled at /v1/jobs/<id> (202)
    api_calls = {re.sub(r"^/v1/jobs/.*", "/v1/jobs", url[len(server):].split("?")[0])
                 for url in requests if "/v1/" in url}
    assert api_calls <= {"/v1/games", "/v1/view", "/v1/score", "/v1/legal-moves",
                         "/v1/apply", "/v1/hints", "/v1/jobs", "/v1/variants", "/v1/catalog"}
    page.close()


def near_the_end(scores: list[int]) -> dict[str, Any]:
    """A sealed game whose round has three cards left to play (the solver, a house seat,
    to move, so it answers at once), game totals ``scores``: the answer of POST /v1/games
    that the page is given."""
    api = create_app().test_client()
    state = api.post("/v1/games", json={"seed": 5, "dealer": 1}).json["state"]
    while state["stock"] or sum(len(hand) for hand in state["hands"]) > 3:
        moves = api.post("/v1/legal-moves", json={"state": state}).json["moves"]
        state = api.post("/v1/apply", json={"state": state, "move": moves[0]["id"]}).json["state"]
    # Seat 0 already holds point cards (R26): with 20 it reaches 21 this round, which a
    # total of 2 cannot; the round number makes those totals reachable (D15).
    assert any(card[0] == "A" or card in ("10D", "2S") for card in state["captured"][0])
    state.update(scores=scores, round=3, deal=3)
    sealer = create_app(CONFIG).extensions["cardgames_sealer"]
    game = sealer.start(State.from_dict(state), {1: "solver"})
    return {"game": sealer.seal(game), "credentials": [game.credential(0), None]}


def test_game_over_is_shown_with_the_winner(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sealed = near_the_end([20, 2])  # seat 0, the human, wins when this round is scored
    page.route("**/v1/games", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(sealed)))
    page.goto(f"{server}/play?{QUERY}")
    moves = 0
    while wait_for_phase(page, "human", "round-end", "game-over") == "human":
        click_move(page, choose(legal_moves(page)))
        moves += 1
    assert moves == 1
    over = page.locator('[data-testid="game-over"]')
    assert over.is_visible()
    assert re.fullmatch(r"You win the game, (2\d|3\d) to \d+!", over.inner_text())
    assert page.locator('[data-testid="dialog-new-game"]').is_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "game-over.png"), full_page=True)
    page.click('[data-testid="continue"]')  # "See the table"
    assert wait_for_phase(page, "game-over") == "game-over"
    status = page.inner_text('[data-testid="status"]')
    assert re.match(r"Game over: you win, [23]\d", status), status
    assert page.locator('[data-testid="hint-button"]').is_disabled()
    page.unroute("**/v1/games")
    page.click('[data-testid="new-game"]')  # a fresh game from the real server
    assert wait_for_phase(page, "human", "opponent") in ("human", "opponent")
    assert page.inner_text('[data-testid="score-you"]') == "You 0"
    page.close()
