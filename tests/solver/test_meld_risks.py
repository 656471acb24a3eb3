"""The meld games' warnings (solver/risks.py, solver/rummy/risks.py,
solver/conquian/risks.py): exact chances, from the discarding seat's view only."""

from __future__ import annotations

import itertools
import random

from engine.conquian import new_game as conquian_game
from engine.rummy import Played, parse_card
from solver.conquian.risks import discard_risks as conquian_risks
from solver.risks import meld_chance
from solver.rummy.risks import discard_risks as rummy_risks
from tests.engine.rummy.positions import position


def test_the_chance_is_the_count_of_every_hand() -> None:
    rng = random.Random(5)
    for _ in range(200):
        unseen = frozenset(rng.sample(range(30), rng.randint(3, 11)))
        held = frozenset(rng.sample(range(30, 36), rng.randint(0, 2)))
        pool = sorted(unseen | held)
        partners = [frozenset(rng.sample(pool, rng.choice((1, 2))))
                    for _ in range(rng.randint(0, 5))]
        hidden = rng.randint(0, min(4, len(unseen)))
        hands = list(itertools.combinations(sorted(unseen), hidden))
        hits = sum(any(p <= set(h) | held for p in partners) for h in hands)
        assert abs(meld_chance(partners, held, unseen, hidden) - hits / len(hands)) < 1e-12


HANDS = ["2C 3D 4H 6S 8C 10D JH QS KC AD 9S", "5C 5D 5H 7S 7C 7D 9C 9D 9H JC"]


def test_a_discard_the_next_player_is_known_to_meld_with_is_certain() -> None:
    took = (Played(1, "take", parse_card("7H")), Played(1, "discard", parse_card("2S")),
            Played(1, "take", parse_card("7S")), Played(1, "discard", parse_card("3S")))
    hands = ["2C 3D 4H 6S 8C 10D JH QS KC AD 7D", "5C 5D 5H 7S 7H 2H 9C 9D 9H JC"]
    state = position("poker-rum", hands, pile="4C", phase="discard",
                     history=(*took, Played(0, "draw")))
    view = state.view(0)
    risks = {m.id: r for m, r in rummy_risks(view, view.legal_moves()).items()}
    assert risks["7D"]["probability"] == 1.0 and risks["7D"]["player"] == 1
    assert risks["KC"]["probability"] < 1.0


def test_the_answer_reads_the_view_only() -> None:
    rng = random.Random(2)
    state = position("poker-gin", HANDS, pile="4C", phase="discard",
                     history=(Played(0, "draw"),))
    view = state.view(0)
    first = rummy_risks(view, view.legal_moves())
    for _ in range(4):
        other = view.resample(rng).view(0)
        assert rummy_risks(other, other.legal_moves()) == first


def test_a_conquian_discard_that_extends_his_meld_is_certain() -> None:
    rng = random.Random(4)
    seen_extend = False
    for seed in range(40):
        state = conquian_game(seed, "conquian", 0)
        while not state.game_over:
            seat = min(state.acting)
            view = state.view(seat)
            moves = view.legal_moves()
            risks = conquian_risks(view, moves)
            for risk in risks.values():
                assert 0.0 <= risk["probability"] <= 1.0
                if risk["how"] == "extend":
                    seen_extend = True
                    assert risk["probability"] == 1.0
            state, _ = state.apply(rng.choice(moves))
        if seen_extend:
            break
    assert seen_extend
