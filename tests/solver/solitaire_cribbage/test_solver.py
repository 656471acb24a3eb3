"""Solitaire Cribbage's solver: every discard's points distributed exactly (compared with a
brute-force count over every crib pair and starter), the last deal with the last hand, the
hints from a view alone, the bots and the odds table."""

from __future__ import annotations

import itertools
import random

from engine.games import engine_of
from engine.solitaire_cribbage import SOLITAIRE, State, count, heels
from solver.solitaire_cribbage.bots import GreedyBot, SolverBot, make_bot
from solver.solitaire_cribbage.entry import LADDER, SOLVER
from solver.solitaire_cribbage.hints import ranked, solve, valued
from solver.solitaire_cribbage.odds import monotone, odds
from solver.solitaire_cribbage.scoring import discards, last_deal

ENGINE = engine_of("solitaire-cribbage")


def brute(six: list[int], laid: tuple[int, int], unseen: list[int]) -> dict[int, float]:
    """The deal's points of laying ``laid`` away, every starter and crib pair counted."""
    kept = tuple(c for c in six if c not in laid)
    hist: dict[int, float] = {}
    n = 0
    for s in unseen:
        for x, y in itertools.combinations([c for c in unseen if c != s], 2):
            v = count(kept, s).total + count(tuple(sorted((*laid, x, y))), s, crib=True).total \
                + heels(s)
            hist[v] = hist.get(v, 0) + 1
            n += 1
    return {v: w / n for v, w in hist.items()}


def test_every_discard_is_distributed_exactly() -> None:
    """SC5-SC7, SC13-SC19: the same distribution as counting every case, on random six
    (with a short pack's unseen cards, as late in the pass), and flush-prone hands."""
    rng = random.Random(7)
    for trial in range(2):
        pack = list(range(52))
        rng.shuffle(pack)
        if trial % 2:  # a suited hand: the crib's five-card flush and his nobs matter
            pack.sort(key=lambda c: (c % 4 != 1, rng.random()))
        six, unseen = pack[:6], pack[6:18]
        for d in discards(six, unseen):
            want = brute(six, d.laid, unseen)
            assert set(want) == set(d.histogram), d.laid
            assert all(abs(want[v] - d.histogram[v]) < 1e-9 for v in want)


def test_the_last_deal_with_the_last_hand() -> None:
    """SC9, SC10: the six unseen are the crib's two, the starter and the last hand's
    three others."""
    rng = random.Random(3)
    cards = rng.sample(range(52), 12)
    kept, laid, unseen = tuple(cards[:4]), (cards[4], cards[5]), cards[6:]
    hist: dict[int, float] = {}
    for s in unseen:
        rest = [c for c in unseen if c != s]
        for x, y in itertools.combinations(rest, 2):
            last = tuple([s, *(c for c in rest if c not in (x, y))])
            v = (count(kept, s).total + heels(s) + count(tuple(sorted((*laid, x, y))), s,
                                                         crib=True).total
                 + count(last, None).total)
            hist[v] = hist.get(v, 0) + 1 / 60
    got = last_deal(laid, kept, unseen)
    assert set(got) == set(hist) and all(abs(got[v] - hist[v]) < 1e-9 for v in hist)


def test_a_hint_ranks_every_discard_from_the_view() -> None:
    """SC24: the answer of two states with one view is the same; its equity a chance."""
    state = ENGINE.new_game(4, SOLITAIRE)
    view = state.view(0)
    other = view.resample(random.Random(1))
    answers = []
    for position in (state, other):
        seen = position.view(0)
        tally = SOLVER.solve(seen, SOLVER.default, 0, 0, None, True, None)
        answers.append(SOLVER.finish(seen, tally, 0, None, True, None))
    for answer in answers:
        del answer["solver"]["elapsed_ms"]
    assert answers[0] == answers[1]
    moves = answers[0]["moves"]
    assert len(moves) == 15 and {m["move"]["id"] for m in moves} == {
        m.id for m in view.legal_moves()}
    assert all(0.0 <= m["equity"] <= 1.0 and m["move"]["deal_points"] > 0 for m in moves)
    assert answers[0]["solver"]["exact"] is True


def test_the_bots() -> None:
    """Greedy lays away for the most expected points; the solver for the best chance."""
    state = ENGINE.new_game(9, SOLITAIRE)
    view = state.view(0)
    every = ranked(view)
    greedy = GreedyBot().choose(view)
    assert max(d.expected for d in every) == next(d.expected for d in every
                                                  if d.laid == greedy.cards)
    chosen = SolverBot().choose(view)
    best = max(valued(view, d, "odds") for d in every)
    assert valued(view, next(d for d in every if d.laid == chosen.cards), "odds") == best
    first = [make_bot("random", 5).choose(view) for _ in range(2)]
    assert first[0] == first[1]
    assert set(LADDER.levels) == {"beginner", "casual", "club", "expert", "master"}


def test_a_seat_that_has_laid_away_is_valued() -> None:
    """SC12: waiting for the others, the position's value is its discard's."""
    state = ENGINE.new_game(2, SOLITAIRE, None, 2)
    state = state.apply(state.moves_for(0)[0])[0]
    view = state.view(0)
    tally = solve(view)
    assert tally.moves == ["*"] and 0.0 <= tally.values[0][0] <= 1.0


def test_the_competition_values_holes() -> None:
    """More holes, a better chance of winning (the model of solver/solitaire_cribbage)."""
    state = ENGINE.new_game(3, SOLITAIRE, None, 2)
    view = state.view(0)
    low = max(valued(view, d, "odds") for d in ranked(view))
    assert 0.2 < low < 0.8


def test_the_odds_table() -> None:
    """Never falling with the holes; certain at 91; the last hand's row its chance."""
    table = odds()
    for deal in range(1, 8):
        row = [table.reach(deal, h) for h in range(92)]
        assert row == sorted(row) and row[91] == 1.0
    assert table.reach(8, 90) == 0.0
    assert 0.2 < table.reach(1, 0) < 0.4
    assert monotone([0.1, 0.3, 0.2, 0.5]) == [0.1, 0.25, 0.25, 0.5]


def test_a_whole_solitaire_by_the_solver() -> None:
    """Every discard it makes is legal, to the end of the pass."""
    state: State = ENGINE.new_game(12, SOLITAIRE)
    bot = make_bot("solver", 1)
    while not state.game_over:
        state = state.apply(bot.choose(state.view(0)))[0]
    assert state.table.holes[0] > 0


def test_the_arena_reports_each_bot() -> None:
    """Each bot's chance of 91 and holes with standard errors, paired with the first."""
    from solver.solitaire_cribbage.arena import match, solitaire
    out = solitaire(["greedy", "random"], 2, quiet=True)
    assert set(out["bots"]) == {"greedy", "random"}
    assert "paired_se" in out["bots"]["random"] and out["bots"]["random"]["reach_91"] == 0.0
    head = match("greedy", "random", 1, quiet=True)
    assert 0.0 <= head["a_won"] <= 1.0
