"""One point scheme (engine.cassino.scoring) for the engine, the solver, the bots and the clients.

A scheme with other point values must move every reader with it: nothing else writes a
point value.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from client.text import Style, breakdown_lines
from engine.cards import ACE_MASK, BIG_CASSINO, FULL_DECK, LITTLE_CASSINO, SPADE_MASK
from engine.cassino.rules import STANDARD, VARIANTS, Rules
from engine.cassino.scoring import SCHEMES, Category, Scheme, card_points, scheme, score
from solver.cassino.bots import MAJORITY_SHARE, SPADE_SHARE, card_worth
from solver.cassino.evaluation import final_diff, majority_odds, round_total, weights

CUSTOM = Scheme("custom", (
    Category("cards", "Most cards", 5, "most", FULL_DECK),
    Category("spades", "Most spades", 2, "most", SPADE_MASK),
    Category("aces", "Aces", 3, "each", ACE_MASK),
    Category("big_cassino", "Big cassino", 4, "each", 1 << BIG_CASSINO, "10D"),
    Category("little_cassino", "Little cassino", 7, "each", 1 << LITTLE_CASSINO, "2S"),
    Category("sweeps", "Sweeps", 1, "each", None),
))


@pytest.fixture
def custom(monkeypatch: pytest.MonkeyPatch) -> Rules:
    monkeypatch.setitem(SCHEMES, "custom", CUSTOM)
    return Rules(name="custom-test", scoring="custom", sweep_points=2)  # type: ignore[arg-type]


def splits(n: int, seed: int = 0) -> list[tuple[int, int, int, int]]:
    """Complete rounds: the pack split between two piles, and the sweeps of each."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        a = rng.getrandbits(52) & FULL_DECK
        out.append((a, FULL_DECK & ~a, rng.randrange(4), rng.randrange(4)))
    return out


@pytest.mark.parametrize("rules_name", ["standard", "custom"])
def test_the_search_scores_a_round_as_the_engine_does(rules_name: str, custom: Rules) -> None:
    rules = STANDARD if rules_name == "standard" else custom
    w = weights(rules)
    for a, b, sa, sb in splits(300):
        totals = score((a, b), (sa, sb), rules).totals
        assert final_diff(a, b, (sa - sb) * rules.sweep_points, w) == totals[0] - totals[1]
        # a round's points in all: the natural cards, the majorities won, the sweeps
        odds = [majority_odds((a & m).bit_count(), (b & m).bit_count(), n) for m, n, _ in w.most]
        if all(o[0] + o[1] == 1 for o in odds):  # no tie: every majority scores
            assert round_total((a, b), (sa + sb) * rules.sweep_points, w) == sum(totals)


def test_a_custom_scheme_moves_the_engine_the_solver_and_the_bots(custom: Rules) -> None:
    assert [c.points for c in scheme(custom).categories] == [5, 2, 3, 4, 7, 2]  # sweeps: R13
    assert card_points(custom)[BIG_CASSINO] == 4 and card_points(custom)[LITTLE_CASSINO] == 7
    points = score((1 << BIG_CASSINO | 1 << LITTLE_CASSINO, 0), (1, 0), custom).players[0].points
    assert (points.big_cassino, points.little_cassino, points.sweeps) == (4, 7, 2)
    assert weights(custom).natural == 4 * 3 + 4 + 7
    # 2♠ alone against nothing: most cards, most spades and the little cassino
    assert final_diff(1 << LITTLE_CASSINO, 0, 0, weights(custom)) == 5 + 2 + 7
    assert final_diff(1 << LITTLE_CASSINO, 0, 0) == 3 + 1 + 1  # the standard scheme
    assert card_worth(1 << BIG_CASSINO, custom) == pytest.approx(MAJORITY_SHARE + 4)
    assert card_worth(1 << LITTLE_CASSINO, custom) == pytest.approx(
        MAJORITY_SHARE + SPADE_SHARE + 7)
    assert card_worth(1 << LITTLE_CASSINO) == pytest.approx(MAJORITY_SHARE + SPADE_SHARE + 1)


def test_the_standard_scheme_is_r26() -> None:
    assert {c.key: c.points for c in scheme(STANDARD).categories} == {
        "cards": 3, "spades": 1, "aces": 1, "big_cassino": 2, "little_cassino": 1, "sweeps": 1}
    assert sum(score((FULL_DECK, 0), (0, 0), STANDARD).totals) == 11


def labels(categories: list[dict[str, Any]], style: Style) -> list[str]:
    breakdown = score((FULL_DECK, 0), (1, 0), STANDARD).to_dict()
    lines = breakdown_lines(breakdown, ("You", "Solver"), style, (0, 1), categories)
    return [line[:24].strip() for line in lines[2:2 + len(categories)]]


def test_the_cli_labels_follow_the_scheme(custom: Rules) -> None:
    style = Style()
    assert labels(scheme(STANDARD).to_dicts(), style) == [
        "Most cards (3)", "Most spades (1)", "Aces (1 each)", "Big cassino 10♦ (2)",
        "Little cassino 2♠ (1)", "Sweeps (1 each)"]
    assert labels(scheme(custom).to_dicts(), Style(symbols=False)) == [
        "Most cards (5)", "Most spades (2)", "Aces (3 each)", "Big cassino 10D (4)",
        "Little cassino 2S (7)", "Sweeps (2 each)"]


def test_the_variants_answer_carries_the_scheme() -> None:
    from api import create_app

    answer = create_app({"ACCESS_LOG_JSON": False}).test_client().get("/v1/variants").json
    found = {v["name"]: v for v in answer["variants"]}
    assert found["standard"]["categories"] == scheme(STANDARD).to_dicts()
    spade = found["spade"]["categories"]  # V4.1: its own scheme, per-card spades and J♠
    assert spade == scheme(VARIANTS["spade"]).to_dicts()
    assert [c["key"] for c in spade if c["each"] or c.get("card")] == [
        "spades", "aces", "big_cassino", "little_cassino", "jack_of_spades", "sweeps"]
