"""Refusals (engine/conquian/referee.py): every move the engine does not list is refused
with an IllegalMoveError naming a rule of the page, and no listed move is refused."""

from __future__ import annotations

import random
import re
from pathlib import Path

from engine.cards import card_name, cards_of
from engine.conquian import CONQUIAN, MOVE_TYPES, Move
from engine.errors import IllegalMoveError
from tests.engine.conquian.helpers import positions

PAGE = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "conquian.md").read_text(
    encoding="utf-8")
ANCHORS = set(re.findall(r"\{#(Q\w+)\}", PAGE))
PACK = list(cards_of(CONQUIAN.pack))


def random_move(rng: random.Random) -> Move:
    kind = rng.choice(MOVE_TYPES)
    if kind == "pass":
        return Move(kind)
    card = rng.choice(PACK)
    if kind == "discard":
        return Move(kind, card)
    pool = [c for c in PACK if c != card and (c >> 2 == card >> 2 or c & 3 == card & 3)]
    meld = 1 << card
    for extra in rng.sample(pool, rng.randint(1, 4)):
        meld |= 1 << extra
    if kind == "lay":
        return Move(kind, -1, meld)
    return Move(kind, card, meld)


def test_unlisted_moves_are_refused_naming_a_rule_of_the_page() -> None:
    rng = random.Random(3)
    refused = 0
    for state in positions(range(25)):
        legal = set(state.legal_moves())
        tries = [random_move(rng) for _ in range(15)]
        if state.up >= 0:  # moves about the right card, more often near-legal
            tries += [Move("take", state.up, m.meld | 1 << rng.choice(PACK))
                      for m in legal if m.type == "take"]
            tries += [Move("force", state.up, (1 << state.up) | 1 << rng.choice(PACK)
                           | 1 << rng.choice(PACK))]
        for move in tries:
            if move in legal:
                state.apply(move)
                continue
            try:
                state.apply(move)
            except IllegalMoveError as error:
                numbers = set(re.findall(r"Q\w+", error.rule or ""))
                assert numbers and numbers <= ANCHORS, (move.id, error)
                assert error.field is not None
                refused += 1
            else:
                raise AssertionError(f"{move.id} was accepted in {state.to_dict()}")
        for move in legal:
            state.apply(move)
    assert refused > 500


def test_a_refusal_names_the_cards() -> None:
    from tests.engine.conquian.helpers import position
    state = position([["5H", "5D", "KC", "QC", "JC"], None],
                     [[["3S", "4S", "5S", "6S", "7S"]], []], up="5C")
    try:
        state.apply("take:5C=5S5H5D5C")
    except IllegalMoveError as error:
        assert "5S" in error.message and error.rule == "Q14"
        assert card_name(state.up) == "5C"
    else:
        raise AssertionError("borrowing the middle of a run was accepted")
