"""Every feature of the catalog at the meld games' web table (melds.js), in Debian's
Chromium: one test per game (Conquian, Poker Gin, Double-Pack Rum).

Each checks what the page sends and shows against the API's own answers: the Opponent
menu of the variant's catalog house (its levels and bots) and the Dial (the house seats of
``POST /v1/games``), the Why? of the picked cards (``POST /v1/why``: the reasons with
their rule links, the warnings, Poker Gin's meld verdict, Double-Pack Rum's meld number),
the warning beside each discard (legal-moves' ``risks``), and the hints with the moves
alike but for a pack's copy grouped (Double-Pack Rum).
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from cryptography.fernet import Fernet

from tests.browser.test_play import TURN, wait_for_phase
from tests.melds_server import Server

CONFIG = {"SEAL_KEYS": Fernet.generate_key().decode(), "RATE_LIMIT": "", "HINT_RATE_LIMIT": "",
          "STORE": tempfile.mkdtemp(prefix="cassino-browser-meld-features-")}
QUERY = "samples=4&time_ms=100&delay=0"


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


WHY_POLLS = 100
"""Polls, 50 ms apart, for a why answer the page drew to reach the recorder."""


class Wire:
    """The JSON bodies the page sends and receives, by path (``/v1/games``...)."""

    def __init__(self, page: Any) -> None:
        self.sent: list[tuple[str, Any]] = []
        self.answers: list[tuple[str, Any, Any]] = []
        page.on("request", self.request)
        page.on("response", self.response)

    @staticmethod
    def path(url: str) -> str:
        return urlparse(url).path

    def request(self, request: Any) -> None:
        if request.method == "POST" and "/v1/" in request.url:
            self.sent.append((self.path(request.url), json.loads(request.post_data or "{}")))

    def response(self, response: Any) -> None:
        request = response.request
        if request.method == "POST" and "/v1/" in response.url and response.ok:
            self.answers.append((self.path(response.url), json.loads(request.post_data or "{}"),
                                 response.json()))

    def last(self, path: str) -> tuple[Any, Any]:
        """The last request to ``path`` and its answer."""
        found = [(body, answer) for p, body, answer in self.answers if p == path]
        assert found, f"no answer of {path}"
        return found[-1]

    def house(self) -> Any:
        return [body for p, body in self.sent if p == "/v1/games"][-1]["house"]


def variant_of(server: Server, game: str, variant: str) -> dict[str, Any]:
    catalog = server.app.test_client().get("/v1/catalog").json
    entry = next(g for g in catalog["games"] if g["name"] == game)
    return dict(next(v for v in entry["variants"] if v["name"] == variant))


def menu(page: Any) -> list[str]:
    return list(page.locator('[data-testid="level-select"] option').evaluate_all(
        "os => os.map(o => o.value)"))


def hand(page: Any) -> list[str]:
    return list(page.locator('[data-testid="hand"] [data-card]').evaluate_all(
        "els => els.map(e => e.dataset.card)"))


def play(page: Any, move_id: str) -> None:
    page.locator('[data-testid="all-moves-details"]').evaluate("d => { d.open = true; }")
    page.locator(f'[data-testid="all-moves"] button[data-move-id="{move_id}"]').click()
    assert wait_for_phase(page, "human") == "human"


def ask_why(page: Any, wire: Wire, label: str) -> tuple[Any, Any]:
    """Click the Why? button (its label checked) and wait for the answer drawn."""
    button = page.locator('[data-testid="why-button"]')
    assert button.inner_text() == label
    count = len(wire.answers)
    button.click()
    page.wait_for_selector('[data-testid="why-text"]', timeout=TURN)
    # the page may draw the answer before the recorder's handler (still reading the
    # response's body) has noted it: wait for the note
    for _ in range(WHY_POLLS):
        if any(p == "/v1/why" for p, _, _ in wire.answers[count:]):
            break
        page.wait_for_timeout(50)
    assert any(p == "/v1/why" for p, _, _ in wire.answers[count:])
    return wire.last("/v1/why")


def assert_reasons_drawn(page: Any, answer: Any, rules: str) -> None:
    """Every reason of the answer a line with its rule linked, every warning likewise."""
    rows = page.locator('[data-testid="why-reason"]').evaluate_all(
        "els => els.map(e => [e.dataset.type, e.dataset.rule, e.textContent,"
        " e.querySelector('a').getAttribute('href')])")
    assert rows == [[r["type"], r["rule"],
                     f"not {'an' if r['type'][0] in 'aeiou' else 'a'} {r['type']}: "
                     f"{r['message']} {r['rule']}",
                     f"{rules}{r['rule_url']}"] for r in answer["reasons"]]
    warnings = page.locator('[data-testid="why-warning"]').evaluate_all(
        "els => els.map(e => [e.dataset.rule, e.querySelector('a').getAttribute('href')])")
    assert warnings == [[w["rule"], f"{rules}{w['rule_url']}"] for w in answer["warnings"]]


def risk_words(risk: Any) -> str | None:
    """The warning the page should show for a legal-moves risk (the next seat is 1)."""
    if not risk["probability"] or risk["player"] is None:
        return None
    pct = risk["probability"] * 100
    odds = "certain" if risk["probability"] >= 1 else f"{round(pct)}%" if pct >= 1 else "under 1%"
    what = {"add": "adds it to a meld", "extend": "extends a meld with it"}.get(
        risk["how"], "melds with it")
    return f"⚠ the next player {what}: {odds}"


def assert_risks_drawn(page: Any, wire: Wire) -> int:
    """Each move's warning beside it, as legal-moves' risks give it; how many are shown."""
    body, answer = wire.last("/v1/legal-moves")
    assert body["risks"] is True
    by_move = {risk["move"]: risk_words(risk) for risk in answer["risks"]}
    shown = page.locator('[data-testid="all-moves"] li').evaluate_all(
        "lis => lis.map(li => [li.querySelector('button').dataset.moveId,"
        " (li.querySelector('.risk') || {}).textContent || null])")
    assert shown and all(by_move[move] == text for move, text in shown)
    return sum(1 for _, text in shown if text)


def test_conquian_levels_why_and_warnings(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    wire = Wire(page)
    page.goto(f"{server.url}/play?game=conquian&seed=1&dealer=1&opponent=club&{QUERY}")
    assert wait_for_phase(page, "human") == "human"
    house = variant_of(server, "conquian", "conquian")["house"]
    levels = house["levels"]
    assert menu(page) == levels + [b for b in house["bots"] if b not in levels]
    assert page.input_value('[data-testid="level-select"]') == "club"
    assert wire.house() == [{"player": 1, "bot": "club"}]
    assert "House (club)" in page.inner_text('[data-testid="melds-opponent"]')
    assert page.locator("#dial-pick").is_visible()

    # KC is offered: a card of the hand no move uses is asked about
    used = " ".join(page.locator('[data-testid="all-moves"] button').evaluate_all(
        "bs => bs.map(b => b.dataset.cards)")).split()
    card = next(c for c in hand(page) if c not in used)
    page.locator(f'[data-testid="hand-{card}"]').click()
    body, answer = ask_why(page, wire, "Why not?")
    assert body["cards"] == [card] and "table" not in body and "meld" not in body
    assert answer["legal"] is False
    assert page.inner_text('[data-testid="why-text"]').endswith(f": {answer['message']}")
    assert answer["reasons"][0]["type"] == "take"  # two cards are no meld (Q11, Q12)
    assert answer["reasons"][0]["rule"] == "Q11, Q12"
    assert_reasons_drawn(page, answer, server.url)
    page.keyboard.press("Escape")
    assert page.locator('[data-testid="why-not"]').is_hidden()

    play(page, "take:KC=KHKDKC")  # then a discard: each with its warning
    assert assert_risks_drawn(page, wire) > 0
    assert errors == []
    page.close()


def test_poker_gin_dial_why_and_the_meld_verdict(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    wire = Wire(page)
    page.goto(f"{server.url}/play?game=rummy&variant=poker-gin&seed=5&dealer=1&dial=60&{QUERY}")
    assert wait_for_phase(page, "human") == "human"
    assert wire.house() == [{"player": 1, "dial": 60}]
    assert page.input_value('[data-testid="level-select"]') == "dial"
    assert page.input_value('[data-testid="dial-input"]') == "60"
    assert "House (dial 60)" in page.inner_text('[data-testid="melds-opponent"]')
    page.select_option('[data-testid="level-select"]', "expert")
    page.wait_for_url(re.compile(r"opponent=expert"))
    assert "dial=" not in page.url
    assert wait_for_phase(page, "human") == "human"
    assert wire.house() == [{"player": 1, "bot": "expert"}]

    play(page, "draw")
    assert assert_risks_drawn(page, wire) > 0
    cards = hand(page)
    page.locator(f'[data-testid="hand-{cards[0]}"]').click()
    body, answer = ask_why(page, wire, "Why?")  # a discard is legal
    assert body["cards"] == [cards[0]] and answer["legal"] is True
    assert page.inner_text('[data-testid="why-text"]').startswith(
        f"{cards[0][:-1]}{'♠♥♦♣'['SHDC'.index(cards[0][-1])]}: {len(answer['moves'])} legal moves")
    assert_reasons_drawn(page, answer, server.url)
    assert [w["rule"] for w in answer["warnings"]] == ["RM24"]  # a call over the limit costs
    assert page.get_attribute('[data-testid="why-meld"]', "data-meld") == "false"

    for card in cards[1:3]:  # three cards of no meld: the verdict names its rule
        page.locator(f'[data-testid="hand-{card}"]').click()
    body, answer = ask_why(page, wire, "Why not?")
    assert body["cards"] == sorted(cards[:3]) and answer["meld"] is False
    verdict = page.locator('[data-testid="why-meld"]')
    assert verdict.inner_text() == f"Not a meld: {answer['meld_message']} {answer['meld_rule']}"
    assert verdict.locator("a").get_attribute("href") == \
        f"{server.url}/rules/poker-gin#{answer['meld_rule']}"
    assert_reasons_drawn(page, answer, server.url)
    assert errors == []
    page.close()


def test_double_pack_rum_why_of_a_meld_number_and_grouped_hints(browser: Any,
                                                                 server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    wire = Wire(page)
    page.goto(f"{server.url}/play?game=rummy&variant=double-pack-rum&seed=5&dealer=1"
              f"&opponent=greedy&{QUERY}")
    assert wait_for_phase(page, "human") == "human"
    play(page, "draw")
    play(page, "QS+QD+QC'")  # a meld of the table, number 0
    page.locator('[data-testid="hand-7S"]').click()
    page.locator('[data-testid="meld-0"]').click()
    body, answer = ask_why(page, wire, "Why not?")
    assert body["cards"] == ["7S"] and body["meld"] == 0 and "table" not in body
    assert "add" in [r["type"] for r in answer["reasons"]]
    assert_reasons_drawn(page, answer, server.url)
    assert "meld" not in answer  # melds are laid out in Double-Pack Rum: no verdict
    assert page.locator('[data-testid="why-meld"]').count() == 0
    assert assert_risks_drawn(page, wire) > 0

    page.keyboard.press("Escape")
    page.click('[data-testid="hint-button"]')
    page.wait_for_selector('[data-testid="hint-row"]', timeout=TURN)
    for _ in range(WHY_POLLS):  # the rows may be drawn before the recorder notes the answer
        if any(p == "/v1/hints" for p, _, _ in wire.answers):
            break
        page.wait_for_timeout(50)
    _, hints = wire.last("/v1/hints")
    rows = page.locator('[data-testid="hint-row"]').evaluate_all(
        "els => els.map(e => [e.dataset.moveId, e.hidden, e.querySelector('.what').textContent])")
    alike = {h["move"]["id"]: h for h in hints["moves"]}
    grouped = [h for h in hints["moves"] if h.get("alternatives")]
    assert grouped, "a pack's two copies of a card in hand"
    for move, hidden, text in rows:
        assert hidden == bool(alike[move].get("alternative_of"))
        if alike[move].get("alternatives"):
            assert re.search(r" \(or: Discard .+\)$", text)
    shown = [move for move, hidden, _ in rows if not hidden]
    numbers = page.locator('[data-testid="hint-row"]:not([hidden]) .rank-no').all_inner_texts()
    assert numbers == [f"{i}." for i in range(1, len(shown) + 1)]
    assert errors == []
    page.close()
