"""Three-hand and partnership at the web table, in a real browser (Debian's Chromium).

The human plays one seat by clicking, the house (a greedy bot: the N-seat solver is on its
way) every other seat.  A whole round is played to its dialog; every ``/v1`` answer the
page receives is checked against the sealed game's real state: none holds a card of
another seat's hand (the partner's included) or of the stock.  The partnership round is
played on a phone's screen (390x844), which must not scroll sideways; both rounds leave a
screenshot in ``CARDGAMES_SCREENSHOT_DIR`` (``<tmp>/cassino-play/``).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from cryptography.fernet import Fernet

from api import create_app
from api.sealed import Sealer
from engine.cassino import VARIANTS, teams
from tests.api.test_nseat import cards_in, hidden_from, since_deal
from tests.browser.test_play import (
    PUBLIC_CATALOG,
    SCREENSHOTS,
    choose,
    click_move,
    legal_moves,
    wait_for_phase,
)
from tests.live_server import live_server

KEY = Fernet.generate_key().decode()
CONFIG = {"SEAL_KEYS": KEY, "STORE": tempfile.mkdtemp(prefix="cassino-browser-nseat-")}
HOUSE = "greedy"
"""The house's bot in these tests (the solver's N-seat search lands later)."""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server(CONFIG) as url:
        yield url


@pytest.fixture(scope="module")
def sealer() -> Sealer:
    return create_app(CONFIG).extensions["cardgames_sealer"]  # type: ignore[no-any-return]


def check_answers(sealer: Sealer, exchanges: list[tuple[Any, Any]], human: int) -> int:
    """Every /v1 answer about the game holds none of the cards hidden from ``human`` at
    that moment (the state its token holds).  How many answers were checked."""
    checked = 0
    for body, answer in exchanges:
        token = answer.get("game") or (body or {}).get("game")
        if not token:
            continue
        state = sealer.open(token).state
        assert not cards_in(since_deal(answer)) & hidden_from(state, human), answer
        checked += 1
    return checked


@pytest.mark.parametrize(("variant", "seat", "dealer", "viewport"), [
    ("three-hand", 1, 0, {"width": 1280, "height": 900}),
    ("partnership", 0, 0, {"width": 390, "height": 844}),
])
def test_a_whole_round_of_three_or_four_seats(browser: Any, server: str, sealer: Sealer,
                                              variant: str, seat: int, dealer: int,
                                              viewport: dict[str, int]) -> None:
    rules = VARIANTS[variant]
    seats, sides = rules.players, teams(rules)
    page = browser.new_page(viewport=viewport)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    answers: list[Any] = []
    page.on("response", lambda response: answers.append(response))  # noqa: PLW0108
    page.goto(f"{server}/play?seed=31&dealer={dealer}&seat={seat}&variant={variant}"
              f"&opponent={HOUSE}&delay=0")
    assert wait_for_phase(page, "human") == "human"
    assert page.input_value('[data-testid="variant-select"]') == variant

    # the other seats, in turn order from the human's, each with its hand size
    others = [(seat + k) % seats for k in range(1, seats)]
    shown = page.locator('[data-testid="others"] section').evaluate_all(
        "els => els.map(e => Number(e.dataset.seat))")
    assert shown == others
    assert page.locator('[data-testid="opponent"]').is_hidden()
    for other in others:
        size = int(page.get_attribute(f'[data-testid="seat-{other}-hand"]', "data-count"))
        assert 0 <= size <= rules.hand_size
        stats = page.inner_text(f'[data-testid="seat-{other}-stats"]')
        assert f"{size} in hand" in stats and "sweeps" in stats and "captured" in stats
    partners = [other for other in others if any(seat in t and other in t for t in sides)]
    for other in others:
        badges = page.inner_text(f'[data-testid="seat-{other}-badges"]')
        assert ("partner" in badges) == (other in partners)
    board = page.locator('[data-testid="scoreboard"] span').all_inner_texts()
    assert len(board) == len(sides)
    assert board[0] == ("Your team: 0" if partners else "You: 0")
    if not partners:
        assert board[1:] == [f"Seat {other}: 0" for other in others]

    # the round: every human move made through the selection; the house's between
    played = 0
    per_round = (52 - rules.table_size) // seats
    while wait_for_phase(page, "human", "round-end", "game-over") == "human":
        assert page.locator('[data-testid="your-badges"]').inner_text().count("to move") == 1
        click_move(page, choose(legal_moves(page)))
        played += 1
        assert played <= per_round
    assert played == per_round

    # the round's breakdown: one column per side, the human's first
    breakdown = page.locator('[data-testid="round-breakdown"] table')
    heads = breakdown.locator("thead th").all_inner_texts()[1:]
    assert len(heads) == len(sides)
    assert heads[0] == ("Your team" if partners else "You")
    cards = [int(page.locator(f'[data-testid="breakdown-cards-side{side}"] .count').inner_text())
             for side in range(len(sides))]
    assert sum(cards) == 52
    assert page.inner_text('[data-testid="round-scores"]').startswith("Game scores: ")
    log = page.locator('[data-testid="log"] li').all_inner_texts()
    names = {other: "Partner" if other in partners else f"Seat {other}" for other in others}
    for other in others:  # each house seat's moves told one by one
        moves = [line for line in log if line.startswith(
            tuple(f"{names[other]} {verb}" for verb in ("trailed", "captured", "built")))]
        assert len(moves) == per_round

    # on a phone: no sideways scroll
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS / f"{variant}-round-end.png"
    page.screenshot(path=str(shot), full_page=True)
    print(f"\nscreenshot: {shot}")

    # nothing the page was sent shows another seat's cards
    exchanges = [(answer.request.post_data_json, answer.json()) for answer in answers
                 if "/v1/" in answer.url and urlparse(answer.url).path not in PUBLIC_CATALOG
                 and answer.request.method == "POST"]
    assert check_answers(sealer, exchanges, seat) >= 3 * played
    assert errors == []
    page.close()
