"""Patience Poker's solver (docs/solver.md "Patience Poker"): the hint of the last card is
exact, every hint ranks the legal places only and reads the view alone, the bots play
legal places, and the arena's count of tableaus to 500 (PP14)."""

from __future__ import annotations

import random

import pytest

from engine.games import engine_of
from engine.patience_poker import State
from solver.games import solver_of
from solver.patience_poker.arena import play_deal, tableaus_to
from solver.patience_poker.bots import make_bot
from solver.patience_poker.search import DEFAULT, Options, solve
from solver.ranking import rank

ENGINE = engine_of("patience-poker")
SOLVER = solver_of("patience-poker")


def _played(seed: int, variant: str, cards: int) -> State:
    state = ENGINE.new_game(seed, variant)
    rng = random.Random(seed)
    while len(state.called) < cards:
        state = state.apply(rng.choice(state.moves_for(0)))[0]
    return state


@pytest.mark.parametrize("variant", ["patience-poker", "poker-squares",
                                     "patience-poker-english"])
def test_the_last_card_is_placed_where_it_counts_most(variant: str) -> None:
    """With one card left nothing is chance: the hint's best place is the best count."""
    state = _played(3, variant, 25)
    view = state.view(0)
    counts = {m.id: state.apply(m)[0].scores[0] for m in state.moves_for(0)}
    tally = solve(view, DEFAULT, 0)
    best = tally.moves[rank(tally)[0].index]
    assert tally.samples == 1 and counts[best] == max(counts.values())
    answer = SOLVER.finish(view, tally, 0, None, True, DEFAULT)
    assert answer["moves"][0]["equity"] == max(counts.values())


def test_a_hint_reads_the_view_alone() -> None:
    """Two states with the same view (resampled) get the same answer."""
    view = _played(5, "patience-poker", 6).view(0)
    worlds = [view.resample(random.Random(i)) for i in (1, 2)]
    assert worlds[0].stock != worlds[1].stock
    options = Options(samples=3, min_samples=3, nodes=None)
    answers = [SOLVER.finish(w.view(0), solve(w.view(0), options, 9), 9, None, True, options)
               for w in worlds]
    for a in answers:
        a["solver"].pop("elapsed_ms")
    assert answers[0] == answers[1]


def test_the_competition_hint_is_per_seat() -> None:
    state = ENGINE.new_game(4, "patience-poker", players=3)
    state = state.apply(state.moves_for(1)[0])[0]
    assert not SOLVER.moves(state.view(1))  # seat 1 has placed the card (PPD7)
    moves = SOLVER.moves(state.view(2))
    assert moves and all(m.player == 2 for m in moves)


@pytest.mark.parametrize("bot", ["random", "greedy", "solver:2", "club", "dial:80"])
def test_every_bot_plays_a_whole_tableau(bot: str) -> None:
    house = SOLVER.house
    player = house.make(bot, 1)
    state = ENGINE.new_game(2, "poker-squares")
    while not state.game_over:
        view = state.view(0)
        move = player.choose(view)
        assert move in view.legal_moves()
        state = state.apply(move)[0]
    assert len(state.tableaus[0]) == 25


def test_greedy_makes_the_pair() -> None:
    """The greedy rule lays a card of the first card's rank in its row or its column."""
    seed = next(s for s in range(1000) if len({c >> 2 for c in ENGINE.new_game(
        s, "poker-squares").stock[:1] + ENGINE.new_game(s, "poker-squares").called}) == 1)
    state = ENGINE.new_game(seed, "poker-squares")
    state = state.apply(next(m for m in state.moves_for(0) if m.cell == "r2c2"))[0]
    cell = make_bot("greedy", 0).choose(state.view(0)).cell
    assert cell[:2] == "r2" or cell[2:] == "c2"


def test_tableaus_to_500() -> None:
    """PP14: a tableau always worth 100 reaches 500 in five; one worth 0 never does."""
    assert tableaus_to([100], draws=10) == (5.0, 0.0)
    assert tableaus_to([250, 0], draws=4000, seed=3)[0] == pytest.approx(4.0, abs=0.2)
    assert tableaus_to([0])[0] == float("inf")
    score, hands, _ = play_deal(("poker-squares", "greedy", 1))
    assert len(hands) == 10 and score >= 0


def test_the_worth_memo_survives_its_reset() -> None:
    """The memo is emptied when full, and an empty line is still worth nothing."""
    from solver.patience_poker.evaluation import MEMO_LIMIT, Worth

    worth = Worth("patience-poker")
    fresh = Worth("patience-poker").gain([1, 9], [], 5)
    worth.memo.update({-i: 0.0 for i in range(1, MEMO_LIMIT + 2)})
    worth.deltas.update({-i: 0.0 for i in range(1, MEMO_LIMIT + 2)})
    assert worth.gain([1, 9], [], 5) == fresh > 0 and worth.of([]) == 0.0
    assert len(worth.memo) < MEMO_LIMIT and len(worth.deltas) < MEMO_LIMIT
