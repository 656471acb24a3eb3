"""Game review (solver/cassino/review.py): real verdicts, from the player's view only."""

from __future__ import annotations

import random

import pytest

from engine.cards import parse_card
from engine.cassino import State, new_game, parse_move, record_of
from engine.cassino.state import Played
from solver import Options, hint
from solver.cassino.review import BEST, BLUNDER, VERDICTS, rate, review, summary, verdict
from tests.solver.helpers import states, swap_hidden

QUICK = Options(samples=8, min_samples=4)


def cards(*names: str) -> int:
    return sum(1 << parse_card(name) for name in names)


def big_casino_on_the_table() -> State:
    """The last batch: player 0 holds 10♠ 3♣ and the table is 10♦ alone (big casino); the
    rest of the pack is in the capture piles."""
    hands = (cards("10S", "3C"), cards("10H", "4D"))
    table = cards("10D")
    rest = [c for c in range(52) if not (hands[0] | hands[1] | table) >> c & 1]
    piles = (sum(1 << c for c in rest[::2]), sum(1 << c for c in rest[1::2]))
    state = new_game(1, "standard", 1)._replace(hands=hands, stock=(), loose=table,
                                                captured=piles, last_capturer=1, to_move=0)
    state.validate()
    return state


def test_leaving_big_casino_and_the_sweep_is_a_blunder() -> None:
    view = big_casino_on_the_table().view(0)
    rating = rate(view, parse_move("3C"))
    assert rating.verdict == BLUNDER and rating.lost > VERDICTS[-1][1]
    assert rating.best == parse_move("10Sx10D")
    taken = rate(view, parse_move("10Sx10D"))
    assert taken.verdict == BEST and taken.lost == 0


@pytest.mark.parametrize("state", states(41, 4, last_batch=False))
def test_the_hinted_best_move_is_rated_best(state: State) -> None:
    view = state.view(state.to_move)
    best = parse_move(hint(view, seed=3)["moves"][0]["move"]["id"])
    rating = rate(view, best, seed=3)
    assert rating.verdict == BEST and rating.lost == 0 and rating.best == best


@pytest.mark.parametrize("state", states(42, 3, last_batch=False))
def test_the_same_view_gives_the_same_rating(state: State) -> None:
    player = state.to_move
    other = swap_hidden(state, player, random.Random(5))
    assert other is not None and other.hands != state.hands
    assert other.view(player) == state.view(player)
    for move in state.legal_moves()[:3]:
        assert rate(state.view(player), move, seed=9, options=QUICK) == \
            rate(other.view(player), move, seed=9, options=QUICK)


def test_a_lone_legal_move_is_forced_and_best() -> None:
    state = big_casino_on_the_table()
    state = state.apply(parse_move("10Sx10D")).state.apply(parse_move("10H")).state
    view = state.view(0)
    (only,) = view.legal_moves()
    rating = rate(view, only)
    assert rating.forced and rating.verdict == BEST and rating.samples == 0


def test_verdict_thresholds_are_read_in_order() -> None:
    assert [verdict(x) for x in (0, 0.1, 0.3, 0.9, 1.5, 2.5)] == \
        ["best", "best", "good", "inaccuracy", "mistake", "blunder"]


def test_a_whole_round_is_reviewed_for_one_player() -> None:
    rng = random.Random(2)
    state = new_game(2, "standard", 0)
    played = []
    while state.deal == 1:
        move = rng.choice(state.legal_moves())
        played.append(Played(state.to_move, move))
        state = state.apply(move).state
    record = record_of(2, "standard", 0, played)
    seen: list[tuple[int, int]] = []
    result = review(record, 1, seed=0, options=QUICK,
                    progress=lambda done, total: seen.append((done, total)))
    mine = [p for p in played if p.player == 1]
    assert [m["move"]["id"] for m in result["moves"]] == [p.move.id for p in mine]
    assert seen[-1] == (len(mine), len(mine))
    assert result["summary"] == summary(result["moves"])
    assert result["summary"]["moves"] == len(mine)
    assert all(m["points_lost"] >= 0 for m in result["moves"])
    assert result["summary"]["counts"][BLUNDER] >= 1  # random play blunders


def test_a_wrong_claim_out_of_turn_is_a_blunder() -> None:
    """twenty-one-claims: seat 0 claims before anything is taken (T5, T7): the game is
    given away, and the best was not to claim."""
    state = new_game(4, "twenty-one-claims", 0)  # seat 1 plays first
    record = record_of(4, "twenty-one-claims", 0, [Played(0, parse_move("claim0"))])
    assert record.result is not None and record.result["winner"] == 1
    result = review(record, 0)
    (rated,) = result["moves"]
    assert rated["verdict"] == BLUNDER and rated["best"] is None
    assert rated["move"]["id"] == "claim0" and rated["points_lost"] > VERDICTS[-1][1]
    assert state.to_move == 1
