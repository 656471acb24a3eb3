"""The solver and the bots in twenty-one-claims (docs/rules/twenty-one.md T5-T7, TD9)."""

from __future__ import annotations

from engine.cassino import secured
from solver import claim_is_right, hint, hint_moves
from solver.cassino.arena import _claimer, play_game
from solver.cassino.bots import make_bot
from solver.cassino.core import claim_equity
from tests.engine.test_variant_twenty_one import CLAIMS, staged


def test_bots_claim_exactly_when_right() -> None:
    state = staged("twenty-one-claims", "10D AS AC", "AH AD 2S", scores=(17, 16))
    assert secured(state, 0) == 21 and secured(state, 1) == 19
    for name in ("greedy", "heuristic", "solver", "cheater"):
        bot = make_bot(name)
        assert bot.claims(state.view(0)) and not bot.claims(state.view(1)), name
    assert not make_bot("random").claims(state.view(0))
    bots = (make_bot("greedy"), make_bot("greedy"))
    assert _claimer(state, bots) == 0
    # the same position in twenty-one: nobody may claim
    plain = staged("twenty-one", "10D AS AC", "AH AD 2S", scores=(17, 16))
    assert not claim_is_right(plain.view(0)) and hint_moves(plain.view(1)) == []


def test_the_seat_to_move_is_asked_first() -> None:
    state = staged("twenty-one-claims", "10D AS AC 3H 3C", "AH AD 2S", scores=(17, 18))
    assert secured(state, 0) == 21 and secured(state, 1) == 21 and state.to_move == 0
    assert _claimer(state, (make_bot("greedy"), make_bot("greedy"))) == 0
    assert _claimer(state._replace(to_move=1), (make_bot("greedy"),) * 2) == 1


def test_the_solver_bot_plays_its_right_claim() -> None:
    state = staged("twenty-one-claims", "10D AS AC", "AH AD 2S", scores=(17, 16))
    answer = hint(state.view(0), top=2, samples=4)
    assert answer["moves"][0]["move"]["id"] == "claim0"
    assert answer["moves"][0]["equity"] == claim_equity(CLAIMS)
    assert make_bot("solver").choose(state.view(0)).id == "claim0"


def test_arena_games_end_by_a_claim_or_the_count() -> None:
    for seed in (1, 2, 3):
        record = play_game(seed, (make_bot("greedy", seed), make_bot("heuristic", seed)),
                           variant="twenty-one-claims")
        assert record.winner in (0, 1)
        record = play_game(seed, (make_bot("random", seed), make_bot("random", seed + 1)),
                           variant="twenty-one")
        assert record.winner in (0, 1)
