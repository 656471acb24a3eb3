"""Conquian and the rummy games at the web table, in a real browser (Debian's Chromium).

For each game a whole hand is played against a house seat by clicking: each move is made
by picking the cards it uses (and the meld it goes onto) and then the move the selection
offers.  Every ``/v1`` answer the page receives is checked against the sealed game's real
state: none holds a card of the other hand (but those it is known to hold, taken from the
pile) or of the stock.  The hand ends in its dialog with the settlement.  One hand of
Conquian is played against the solver, with a hint; Double-Pack Rum on a phone's screen.

Double-Pack Rum asks for a greedy house, which the API refuses in that variant: the page
says so and the house plays at random.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from cryptography.fernet import Fernet

import engine.conquian as conquian
import engine.rummy as rummy
from engine.cards import card_name, cards_of
from tests.browser.test_play import SCREENSHOTS, assert_controls_are_labelled, wait_for_phase
from tests.melds_server import Server

KEY = Fernet.generate_key().decode()
CONFIG = {"SEAL_KEYS": KEY, "STORE": tempfile.mkdtemp(prefix="cassino-browser-melds-"),
          "RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}
CARD = re.compile(r"(?:10|[A2-9JQK])[SHDC]'?|JK[12]")
TURNS = 500
"""The most human moves a hand may take (a rummy hand turns its pile once)."""


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server(CONFIG).running() as running:
        yield running


def hidden_cards(state: Any, human: int) -> set[str]:
    """The cards ``human`` may not see in ``state``: the other hand (but for the cards it is
    known to hold, RM27) and the stock; none once the hand is over (hands are shown)."""
    if state.game == "conquian":
        if state.phase == conquian.OVER:
            return set()
        other = [card_name(c) for seat, hand in enumerate(state.hands) if seat != human
                 for c in cards_of(hand)]
        return set(other) | {card_name(c) for c in state.stock}
    if state.game_over:
        return set()
    known = state.view(human).to_dict()["known"]
    out = {card_name_rummy(c) for c in state.stock}
    for seat, hand in enumerate(state.hands):
        if seat != human:
            out |= {card_name_rummy(c) for c in rummy_cards(hand)} - set(known[seat])
    return out


def card_name_rummy(card: int) -> str:
    return rummy.card_name(card)


def rummy_cards(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def cards_in(answer: Any) -> set[str]:
    """Every card named anywhere in a JSON answer (ids such as ``take:KC=KHKDKC`` too),
    the sealed token left out."""
    if isinstance(answer, dict):
        answer = {k: v for k, v in answer.items() if k != "game"}
    return set(CARD.findall(json.dumps(answer)))


def watch(page: Any) -> list[tuple[str, Any, Any]]:
    """Record every /v1 exchange of the page: (path, request body, answer)."""
    seen: list[tuple[str, Any, Any]] = []

    def on(response: Any) -> None:
        path = urlparse(response.url).path
        if not path.startswith("/v1/") or path == "/v1/catalog":
            return
        try:
            body = response.request.post_data_json
            seen.append((path, body, response.json()))
        except Exception:
            return

    page.on("response", on)
    return seen


def check_answers(server: Server, seen: list[tuple[str, Any, Any]], human: int) -> int:
    checked = 0
    for path, body, answer in seen:
        token = (answer or {}).get("game") if path == "/v1/apply" else (body or {}).get("game")
        if not isinstance(token, str) or path == "/v1/games":
            continue
        hidden = hidden_cards(server.state(token), human)
        leaked = cards_in(answer) & hidden
        assert not leaked, f"{path} showed {sorted(leaked)}: {answer}"
        checked += 1
    return checked


def page_moves(page: Any) -> list[dict[str, Any]]:
    return list(page.locator('[data-testid="all-moves"] button').evaluate_all(
        """bs => bs.map(b => ({id: b.dataset.moveId,
             cards: b.dataset.cards ? b.dataset.cards.split(" ") : [],
             meld: b.dataset.meld || null}))"""))


def prefer(move: dict[str, Any]) -> tuple[int, int]:
    """Melds first, then the face-up card's takes, calls, lay-offs; the most cards."""
    ident = move["id"]
    kind = (0 if ident.startswith(("lay", "take:", "force")) or "+" in ident
            else 1 if ident.endswith("!") else 2 if ident == "take" else 3)
    return kind, -len(move["cards"])


def click_move(page: Any, move: dict[str, Any]) -> None:
    """Make ``move`` by selection: each card it uses, the meld it goes onto, then the move
    among those the selection offers."""
    for card in move["cards"]:
        page.click(f'[data-card="{card}"][aria-pressed]')
    if move["meld"]:
        page.click(f'[data-meld="{move["meld"]}"]')
    offered = page.locator('[data-testid="selection-moves"] button').evaluate_all(
        "bs => bs.map(b => b.dataset.moveId)")
    assert move["id"] in offered, f"the selection for {move['id']} offers {offered}"
    page.locator('[data-testid="selection-moves"] button'
                 f'[data-move-id="{move["id"]}"]').click()


def play_hand(page: Any, pick: Callable[[list[dict[str, Any]]], dict[str, Any]]) -> int:
    played = 0
    while wait_for_phase(page, "human", "round-end") == "human":
        click_move(page, pick(page_moves(page)))
        played += 1
        assert played <= TURNS
    return played


@pytest.mark.parametrize(("game", "variant", "seed", "bot", "viewport"), [
    ("rummy", "poker-rum", 11, "greedy", {"width": 1280, "height": 900}),
    ("rummy", "poker-gin", 12, "random", {"width": 1280, "height": 900}),
    ("rummy", "double-pack-rum", 13, "greedy", {"width": 390, "height": 844}),
    ("conquian", "conquian", 14, "random", {"width": 1280, "height": 900}),
    ("conquian", "conquian-american", 15, "greedy", {"width": 1280, "height": 900}),
])
def test_a_whole_hand_by_clicking(browser: Any, server: Server, game: str, variant: str,
                                  seed: int, bot: str, viewport: dict[str, int]) -> None:
    page = browser.new_page(viewport=viewport)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seen = watch(page)
    page.goto(f"{server.url}/play?game={game}&variant={variant}&seed={seed}&dealer=1"
              f"&opponent={bot}&delay=5")
    assert wait_for_phase(page, "human", "round-end") == "human"
    assert page.input_value('[data-testid="game-select"]') == f"{game}/{variant}"
    assert page.locator(".board").count() == 0  # Cassino's board is taken away
    board = page.locator('[data-testid="melds-board"]')
    assert board.is_visible()
    count = int(page.get_attribute('[data-testid="opponent-hand"]', "data-count"))
    assert count == 10 and page.locator('[data-testid="opponent-hand"] .card').count() == 10
    assert int(page.get_attribute('[data-testid="stock"]', "data-count")) > 0
    suits = page.locator('[data-testid="hand"] .suit-group').evaluate_all(
        "gs => gs.map(g => g.dataset.suit)")
    assert suits == sorted(suits, key="SHDCJK".index)  # by suit, in order
    if variant == "conquian-american":  # each suit from the ace to the ten (QD1)
        shown = page.locator('[data-testid="hand"] .suit-group').evaluate_all(
            "gs => gs.map(g => [...g.querySelectorAll('[data-card]')].map(c => c.dataset.card))")
        order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
        for group in shown:
            assert [order.index(c[:-1]) for c in group] == sorted(
                order.index(c[:-1]) for c in group), group
        assert any(c[:-1] in ("8", "9", "10") for g in shown for c in g)
        assert page.text_content('[data-testid="variant-name"]') == "Conquian (American pack)"

    played = play_hand(page, lambda moves: sorted(moves, key=prefer)[0])
    assert played >= 1
    dialog = page.locator('[data-testid="round-dialog"]')
    assert dialog.is_visible()
    text = page.inner_text('[data-testid="round-breakdown"]')
    assert "This hand: you" in text or "tableau" in page.inner_text("#round-dialog-title") \
        or "drawn" in page.inner_text("#round-dialog-title").lower()
    if game == "rummy":
        assert "Scores: you" in text
    assert_controls_are_labelled(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert check_answers(server, seen, 0) >= played
    log = page.locator('[data-testid="log"] li').all_inner_texts()
    assert any(line.startswith("You ") for line in log)
    assert any(line.startswith("House") for line in log)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{variant}-hand-end.png"), full_page=True)
    assert errors == []
    page.close()


def test_conquian_against_the_solver_with_a_hint(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seen = watch(page)
    page.goto(f"{server.url}/play?game=conquian&seed=5&dealer=1&samples=4&time_ms=100"
              "&delay=0")
    assert wait_for_phase(page, "human", "round-end") == "human"
    page.click('[data-testid="hint-button"]')
    rows = page.locator('[data-testid="hint-row"]')
    rows.first.wait_for(timeout=15_000)
    legal = {move["id"] for move in page_moves(page)}
    assert set(rows.evaluate_all("rs => rs.map(r => r.dataset.moveId)")) == legal
    equities = rows.evaluate_all("rs => rs.map(r => Number(r.dataset.equity))")
    assert equities == sorted(equities, reverse=True)
    assert "±" in rows.first.inner_text()
    page.click('[data-testid="hint-play-1"]')  # the best move, from the hint
    played = 1 + play_hand(page, lambda moves: sorted(moves, key=prefer)[0])
    assert page.locator('[data-testid="round-dialog"]').is_visible()
    assert check_answers(server, seen, 0) >= played
    log = page.locator('[data-testid="log"] li').all_inner_texts()
    assert any(line.startswith("Solver") for line in log)
    assert errors == []
    page.close()


@pytest.mark.parametrize(("dealer", "variant"), [(2, "conquian"), (0, "conquian-american")])
def test_conquian_three_at_the_table(browser: Any, server: Server, dealer: int,
                                     variant: str) -> None:
    """Three at the table (QD12): the house at seats 1 and 2, each with its own hand and
    melds on the page; the dealer sits out. Seated (dealer 2), you play a whole hand by
    clicking; as the dealer (0) you watch the house play it. No answer shows a hand of
    another seat or the stock."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seen = watch(page)
    page.goto(f"{server.url}/play?game=conquian&variant={variant}&players=3&seed=6"
              f"&dealer={dealer}&opponent=greedy&delay=5")
    phase = wait_for_phase(page, "human", "round-end")
    assert page.input_value('[data-testid="players-select"]') == "3"
    assert page.locator('[data-testid="players-select"] option').count() == 2  # 2 or 3
    for seat in (1, 2):
        section = page.locator(f'[data-testid="melds-opponent-{seat}"]')
        assert section.is_visible() and f"(seat {seat})" in section.inner_text()
    out = page.locator(f'[data-testid="melds-opponent-{dealer}"] [data-testid="sits-out"]'
                       if dealer else '[data-testid="you"] [data-testid="sits-out"]')
    assert out.count() == 1
    if dealer:
        assert phase == "human"
        assert page.get_attribute(f'[data-testid="opponent-hand-{dealer}"]', "data-count") == "0"
        played = play_hand(page, lambda moves: sorted(moves, key=prefer)[0])
        assert played >= 1 and check_answers(server, seen, 0) >= played
    else:
        assert phase == "round-end"  # the house played the whole hand
        assert "sit this hand out" in page.inner_text('[data-testid="your-stats"]')
        assert check_answers(server, seen, 0) >= 1
    assert page.locator('[data-testid="round-dialog"]').is_visible()
    text = page.inner_text('[data-testid="round-breakdown"]')
    if "tableau" not in page.inner_text("#round-dialog-title"):
        assert re.search(r"This hand: you [+-]?\d+, house \(greedy\) \(seat 1\) [+-]?\d+, "
                         r"house \(greedy\) \(seat 2\) [+-]?\d+\.", text), text
    log = page.locator('[data-testid="log"] li').all_inner_texts()
    assert any("(seat 1)" in line for line in log) and any("(seat 2)" in line for line in log)
    assert_controls_are_labelled(page)
    assert errors == []
    page.close()


def test_the_game_menu_offers_every_playable_game(browser: Any, server: Server) -> None:
    page = browser.new_page()
    page.goto(f"{server.url}/play?seed=3&opponent=greedy&delay=0")
    assert wait_for_phase(page, "human", "round-end") == "human"  # Cassino, as before
    values = page.locator('[data-testid="game-select"] option').evaluate_all(
        "os => os.map(o => o.value)")
    assert values[0] == "cassino"
    assert {"conquian/conquian", "rummy/poker-rum", "rummy/poker-gin",
            "rummy/double-pack-rum"} <= set(values)
    page.select_option('[data-testid="game-select"]', "rummy/poker-gin")
    page.wait_for_url(re.compile(r"game=rummy&variant=poker-gin"))
    assert wait_for_phase(page, "human", "round-end") in ("human", "round-end")
    assert page.inner_text('[data-testid="variant-name"]') == "Poker Gin"
    page.close()


def test_meldcards_js_reads_the_engines_wire_forms(browser: Any, server: Server) -> None:
    """The pure functions of the meld games' modules (game-conquian.js, game-rummy.js, on
    meldcards.js), called in the page, on the engines' own JSON."""
    page = browser.new_page()
    page.goto(f"{server.url}/play/index.html?game=none")
    state = rummy.new_game(9, "double-pack-rum")
    while not state.table and not state.game_over:  # until a meld is on the table
        moves = state.legal_moves()
        state = state.apply(next((m for m in moves if m.type == "meld"), moves[-1]))[0]
    mover = state.view(state.to_move)
    moves = [m.to_dict() for m in mover.legal_moves()]
    ids = [m.id for m in mover.legal_moves()]
    offer = conquian.new_game(14)
    answer = page.evaluate("""async ([moves, view, cview, cmoves]) => {
        const c = await import("./game-conquian.js");
        const r = await import("./game-rummy.js");
        const book = ["JH", "7H", "6H", "4H", "5S", "3S", "2S", "KD", "7D", "5D", "5H"];
        const american = { variant: "conquian-american" };
        return {
          ids: moves.map(r.idFromFields),
          groups: c.suitGroups(book).map((g) => g.cards),
          runs: c.handMelds(book).map((x) => x.join(" ")),
          american: c.suitGroups(["10H", "8H", "9H", "AH", "7S"], american).map((g) => g.cards),
          americanRuns: c.handMelds(["10H", "8H", "9H", "AH", "2H"], american)
            .map((x) => x.join(" ")),
          nine: r.deadwood(["7S", "8S", "9S", "2H", "2D", "2C", "QC", "KC", "AC", "9H"]).points,
          corner: r.deadwood(["KC", "AC", "2C"]).points,
          uses: moves.map((x) => r.moveUses(x, view)),
          melds: r.tableMelds(view).map((x) => x.key),
          takes: cmoves.map((x) => c.moveUses(x, cview).cards),
          up: c.faceUp(cview),
        };
    }""", [moves, mover.to_dict(), offer.view(offer.to_move).to_dict(),
           [m.to_dict() for m in offer.legal_moves()]])
    assert answer["ids"] == ids
    assert answer["groups"] == [["2S", "3S", "5S"], ["4H", "5H", "6H", "7H", "JH"],
                                ["5D", "7D", "KD"]]
    assert "4H 5H 6H 7H JH" in answer["runs"] and "5S 5D 5H" in answer["runs"]
    assert answer["american"] == [["7S"], ["AH", "8H", "9H", "10H"]]  # ace to ten (QD1)
    assert answer["americanRuns"] == ["8H 9H 10H"]  # never round from the 10 to the ace
    assert answer["nine"] == 9 and answer["corner"] == 23
    assert answer["melds"] == [str(i) for i in range(len(state.table))]
    hand = set(mover.to_dict()["hand"])
    for move, uses in zip(moves, answer["uses"], strict=True):
        assert set(uses["cards"]) <= hand | set(mover.to_dict()["pile"][-1:]), (move, uses)
        if move["type"] == "add":
            assert uses["meld"] == str(move["meld"])
    up = answer["up"]
    assert up == offer.view(offer.to_move).to_dict()["up"]
    for move, cards in zip(offer.legal_moves(), answer["takes"], strict=True):
        assert (up in cards) == (move.type == "take")
    page.close()


def house_steps(state: Any, steps: int) -> list[tuple[Any, Any, Any]]:
    """(seat 0's view, the events it is told, its view after) for each of seat 1's moves in
    ``steps`` moves of a hand, each seat playing its most laying move."""
    out = []
    for _ in range(steps):
        if state.game_over:
            break
        moves = state.legal_moves()
        move = next((m for m in moves if m.type in ("take", "lay", "meld", "add", "shift")),
                    moves[-1])
        before = state.view(0).to_dict()
        if state.game == "conquian":
            step = state.apply(move)
            after, events = step.state, [e.to_dict() for e in step.events]
        else:
            after, raw = state.apply(move)
            events = [e.to_dict(0) for e in raw]
        if state.to_move == 1 and not after.game_over:
            out.append((before, events, after.view(0).to_dict()))
        state = after
    return out


def test_the_house_moves_replayed_on_the_table(browser: Any, server: Server) -> None:
    """``afterEvent`` of each meld game's module (found by the view's game, as the page
    finds it), folded over a house move's events, gives the table, stock, pile and hand
    sizes of the server's next view."""
    page = browser.new_page()
    page.goto(f"{server.url}/play/index.html?game=none")
    steps = (house_steps(conquian.new_game(3), 60) + house_steps(rummy.new_game(3), 60)
             + house_steps(rummy.new_game(5, "double-pack-rum"), 120))
    results = page.evaluate("""async (steps) => {
        const sorted = (melds) => melds.map((x) => [...x].sort().join(" ")).sort();
        const modules = {};
        for (const [before] of steps) {
          modules[before.game] ??= await import(`./game-${before.game}.js`);
        }
        return steps.map(([before, events, after]) => {
          const m = modules[before.game];
          const v = events.reduce((view, e) => m.afterEvent(view, e), before);
          const pick = (x) => x.game === "conquian"
            ? [x.up, x.stock_size, x.hand_sizes, x.dead, x.melds.map(sorted)]
            : [x.pile, x.stock_size, x.hand_sizes, x.table.map((t) => t.cards)];
          return [JSON.stringify(pick(v)), JSON.stringify(pick(after))];
        });
    }""", [list(s) for s in steps])
    assert len(results) > 30
    for got, want in results:
        assert got == want
    page.close()


def test_the_opponent_menu_offers_the_variants_house(browser: Any, server: Server) -> None:
    page = browser.new_page()
    page.goto(f"{server.url}/play?game=conquian&seed=4&dealer=0&opponent=club&delay=0")
    assert wait_for_phase(page, "human", "round-end") in ("human", "round-end")
    options = page.locator('[data-testid="level-select"] option').evaluate_all(
        "os => os.map(o => o.value)")
    # the catalog's house of the variant: its levels, then its other bots (no heuristic)
    assert options == ["beginner", "casual", "club", "expert", "master", "solver", "greedy",
                       "random"]
    assert page.input_value('[data-testid="level-select"]') == "club"
    assert "House (club)" in page.inner_text('[data-testid="melds-opponent"]')
    page.select_option('[data-testid="level-select"]', "greedy")
    page.wait_for_url(re.compile(r"opponent=greedy"))
    assert wait_for_phase(page, "human", "round-end") in ("human", "round-end")
    assert "House (greedy)" in page.inner_text('[data-testid="melds-opponent"]')
    page.close()
